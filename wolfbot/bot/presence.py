"""Whether a bot runs the round of a store file: `wolfbot run` (and the demo) hold an
exclusive lock on `<store>.bot` while they run; the console asks for it and, when nobody
holds it, shows the round read-only – an action would only wait for a bot that is not
there. The operating system releases the lock with the process (also after kill -9), so a
crashed bot never leaves a round marked as running."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType


def mark_path(store: Path) -> Path:
    return store.with_name(store.name + ".bot")


class BotPresence:
    """Held while the bot runs the round of `store` (a context manager)."""

    def __init__(self, store: Path) -> None:
        self.path = mark_path(store)
        self._fd: int | None = None

    def __enter__(self) -> BotPresence:
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._fd)
            self._fd = None
            raise AlreadyRunning(self.path) from None
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


class AlreadyRunning(RuntimeError):
    def __init__(self, path: Path) -> None:
        super().__init__(f"Ein Bot läuft bereits mit dieser Datenbank ({path}).")
        self.path = path


def bot_running(store: Path) -> bool:
    """Whether a bot holds the round of `store` now."""
    path = mark_path(store)
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)
