"""`RoundSource`: the one round the console shows, read from its store file as the CLI
reads it – the bot may run beside it (WAL journal), in this process or another.

Pages are cheap because of two named things with one owner each:
- `revision()` – SQLite's `PRAGMA data_version` on one long-lived read-only connection,
  which changes whenever any other connection (the bot, the CLI, the console's own
  actions) commits. The pages poll it to know when to refresh.
- the rebuilt `Game` (`RoundSource.game()`): the engine's state replayed from the store,
  kept for the revision it was built at (about 30 ms to rebuild a 24-player round); and
  the game rebuilt to the end of an earlier night, the one last asked for
  (`game_after_night`: the game keeps the record of its last night only).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot.presence import bot_running
from wolfbot.engine.game import Game
from wolfbot.spielleitung import store_file
from wolfbot.spielleitung.explain.stored import rebuild, rebuild_after_night
from wolfbot.spielleitung.labels import GameInfo
from wolfbot.spielleitung.replay import ReplayReport, replay_round
from wolfbot.store.db import engine_for, session_factory

Clock = Callable[[], datetime]


def wall_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class RebuiltGame:
    """The engine's state of the round as the store held it at `revision`."""

    revision: int
    game: Game


@dataclass(frozen=True, slots=True)
class RebuiltAfterNight:
    """The round rebuilt up to the end of night `night`, as the store held it at `revision`:
    the game that still holds that night's record (the page Nacht explains it)."""

    revision: int
    night: int
    game: Game


@dataclass(frozen=True, slots=True)
class ReplayedAt:
    """`wolfbot replay`'s report on the round as the store held it at `revision`."""

    revision: int
    report: ReplayReport


class NoRoundYet(LookupError):
    """The store holds no round yet: `wolfbot run` is still in the sign-up."""


class RoundSource:
    """The round `game_id` of the store `db` (None: its only round); `clock` is the round's
    time – the wall clock, or the demo's compressed one."""

    def __init__(self, db: Path, game_id: int | None = None, clock: Clock = wall_clock) -> None:
        self.db = db
        self.clock = clock
        self._wanted = game_id
        self._game_id: int | None = None
        store_file.check_file(db)
        # asked from the server's worker threads, one at a time (`_lock`)
        self._watch = sqlite3.connect(
            f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=5, check_same_thread=False
        )
        self._lock = threading.Lock()
        self._engine = engine_for(db)
        self.sessions: sessionmaker[Session] = session_factory(self._engine)
        self._rebuilt: RebuiltGame | None = None
        self._after_night: RebuiltAfterNight | None = None
        self._replayed: ReplayedAt | None = None

    @property
    def game_id(self) -> int:
        """The round shown; NoRoundYet while the store holds none (the sign-up runs)."""
        if self._game_id is None:
            with self.read() as connection:
                games = store_file.list_games(connection)
            if not games and self._wanted is None:
                raise NoRoundYet(self.db)
            self._game_id = store_file.choose(games, self._wanted, self.db).id
        return self._game_id

    def revision(self) -> int:
        with self._lock:
            return int(self._watch.execute("PRAGMA data_version").fetchone()[0])

    def info(self) -> GameInfo:
        with self.read() as connection:
            return store_file.pick_game(connection, self.game_id, self.db)

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A read-only `sqlite3` connection of its own (the status loaders take one)."""
        connection = store_file.connect(self.db)
        try:
            yield connection
        finally:
            connection.close()

    def game(self) -> Game | None:
        """The round's engine state now (None before the round began)."""
        revision = self.revision()
        cached = self._rebuilt
        if cached is not None and cached.revision == revision:
            return cached.game
        if self.info().status == "signup":
            return None
        built = RebuiltGame(revision, rebuild(self.sessions, self.game_id, None))
        self._rebuilt = built
        return built.game

    def game_after_night(self, number: int) -> Game:
        """The round rebuilt up to the end of night `number` (kept for the last night asked
        while the store does not change)."""
        revision = self.revision()
        kept = self._after_night
        if kept is not None and kept.revision == revision and kept.night == number:
            return kept.game
        built = RebuiltAfterNight(
            revision, number, rebuild_after_night(self.sessions, self.game_id, number)
        )
        self._after_night = built
        return built.game

    def replayed(self, again: bool) -> ReplayReport | None:
        """The replay's verdict on the round now: made anew when `again` (about half a second
        for a 24-player round), else the last one while the store has not changed since."""
        revision = self.revision()
        if again:
            self._replayed = ReplayedAt(revision, replay_round(self.sessions, self.game_id))
        kept = self._replayed
        return kept.report if kept is not None and kept.revision == revision else None

    def bot_running(self) -> bool:
        return bot_running(self.db)

    def close(self) -> None:
        self._watch.close()
        self._engine.dispose()
