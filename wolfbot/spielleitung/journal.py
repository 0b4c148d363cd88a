"""What the Spielleitung reads of the bot's log: `wolfbot run` shows the bot's own lines
(`wolfbot.bot.journal.JOURNAL`, German) – warnings always, every pass with `-v` – and nothing of
the other modules (their English lines and tracebacks are the developers': `wolfbot --debug
run` shows them); Alembic's lines never. The other commands show no log lines at all
(`quiet`): what they have to say, they print. And the one sentence for a login the forum
refused (`login_refused`).

    show_journal(verbose=True, debug=False)   # before `Live(config)`
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING

from wolfbot.bot.journal import JOURNAL

if TYPE_CHECKING:
    from wolfbot.setup.config import Config

LEVEL_WORDS = {"WARNING": "Warnung: ", "ERROR": "Fehler: ", "CRITICAL": "Fehler: "}


class JournalFormatter(logging.Formatter):
    """ "05.12.2026 13:14:33 Warnung: Das Forum … ist nicht erreichbar …" – a developer's
    line (with `--debug`) keeps its logger's name."""

    def __init__(self) -> None:
        super().__init__(datefmt="%d.%m.%Y %H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        level = LEVEL_WORDS.get(record.levelname, "")
        who = "" if record.name == JOURNAL else f"[{record.name}] "
        text = f"{self.formatTime(record, self.datefmt)} {level}{who}{record.getMessage()}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


class _OnlyTheJournal(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return record.name == JOURNAL


def _reset(logger: logging.Logger) -> None:
    for handler in list(logger.handlers):
        if getattr(handler, "_wolfbot", False):
            logger.removeHandler(handler)


def show_journal(*, verbose: bool, debug: bool) -> None:
    """The log of `wolfbot run` on stderr (see the module docstring)."""
    logging.getLogger("alembic").setLevel(logging.WARNING)
    wolfbot, journal = logging.getLogger("wolfbot"), logging.getLogger(JOURNAL)
    _reset(wolfbot)
    handler = logging.StreamHandler(sys.stderr)
    handler._wolfbot = True  # type: ignore[attr-defined]
    handler.setFormatter(JournalFormatter())
    if not debug:
        handler.addFilter(_OnlyTheJournal())
    wolfbot.addHandler(handler)
    wolfbot.propagate = False
    wolfbot.setLevel(logging.INFO if (verbose or debug) else logging.WARNING)
    journal.setLevel(logging.DEBUG if debug else logging.NOTSET)


def quiet() -> None:
    """No log line of wolfbot's modules on the terminal (Python would print its warnings
    in English): the command prints what the Spielleitung needs to know."""
    wolfbot = logging.getLogger("wolfbot")
    _reset(wolfbot)
    handler = logging.NullHandler()
    handler._wolfbot = True  # type: ignore[attr-defined]
    wolfbot.addHandler(handler)
    wolfbot.propagate = False


def login_refused(config: Config, error: BaseException) -> str:
    """The one sentence for a login the forum refused: what it said, what to check, and
    why wolfbot does not try again by itself."""
    forum = config.forum
    source = (
        f"Umgebungsvariable {forum.password_env}"
        if forum.password_env
        else f"Datei {forum.password_file}"
    )
    text = str(error)
    said = (text.partition("failed: ")[2] or text).split("; ")[-1].strip()
    if "multi-factor" in said:
        said = "das Konto verlangt eine Anmeldung mit zweitem Faktor"
    return (
        f"Das Forum hat die Anmeldung als „{forum.username}“ abgelehnt ({said}); bitte "
        f"forum.username und das Passwort ({source}) prüfen – von selbst versucht wolfbot es "
        "nie noch einmal, weil WoltLab die Anmeldung von dieser Adresse nach zehn "
        "Fehlversuchen sperrt."
    )
