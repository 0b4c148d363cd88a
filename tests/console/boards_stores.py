"""Demo rounds' stores for the console's boards (`conftest.py` plays each once per worker;
the tests that use one carry its `xdist_group`, `boards_group`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from wolfbot.demo.round import Demo
from wolfbot.engine.game import Game
from wolfbot.spielleitung import store_file
from wolfbot.spielleitung.explain.stored import rebuild
from wolfbot.spielleitung.labels import GameInfo
from wolfbot.store.db import engine_for, session_factory

START = datetime(2026, 10, 20, 18, 0, tzinfo=UTC)
RULESETS = ("duesterliga", "wolfvillage", "klassisch", "weerwolven")
PLAYERS = 10
SEED = 3


def boards_group(ruleset: str) -> pytest.MarkDecorator:
    """The worker group of the tests that read `ruleset`'s store: it is played once."""
    return pytest.mark.xdist_group(f"boards-{ruleset}")


@dataclass
class Round:
    """A store, its round and the game rebuilt from it, as the console has them."""

    db: Path
    connection: sqlite3.Connection
    info: GameInfo
    game: Game


def play(directory: Path, ruleset: str, *, stop_in: str | None = None) -> Path:
    """A demo round into `directory`: to its end, or stopped once `stop_in` ("night 2")
    began and the first wave of its posts is in (the night's first commands)."""
    demo = Demo(PLAYERS, SEED, directory, start=START, out=lambda *_: None, ruleset=ruleset)
    try:
        if stop_in is None:
            demo.run()
            return demo.bot_db
        demo.begin()
        while str(demo.game.state.phase) != stop_in:
            assert demo.game.state.phase.kind != "over", f"the round ended before {stop_in}"
            demo.stretch()
        now = demo.clock()
        posts = demo.sim.phase_posts(demo.game, 0)
        demo._post(posts[: len(posts) // 2], now, now + timedelta(hours=1))
        demo.settle()
        return demo.bot_db
    finally:
        demo.close()


def opened(db: Path) -> Iterator[Round]:
    connection = store_file.connect(db)
    engine = engine_for(db)
    try:
        info = store_file.pick_game(connection, None, db)
        game = rebuild(session_factory(engine), info.id, None)
        yield Round(db, connection, info, game)
    finally:
        connection.close()
        engine.dispose()
