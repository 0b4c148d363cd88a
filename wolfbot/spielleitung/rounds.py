"""What the Spielleitung's controls (`wolfbot audit`, `replay`, the interventions, the
drafts) share: opening the store file with SQLAlchemy and choosing the round; the German
labels and local times for output are `labels`' (re-exported here). `wolfbot status` reads
the store with `store_file` alone.

Nothing here writes to the store: the controls may run while the bot runs (WAL journal)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.spielleitung import store_file
from wolfbot.spielleitung.errors import ControlError
from wolfbot.spielleitung.labels import (
    CHANNEL_WORDS,
    ENGINE_WORDS,
    PHASE_WORDS,
    STATUS_WORDS,
    VERDICT_WORDS,
    GameInfo,
    channel_label,
    engine_phase,
    local,
    parse_utc,
    phase_label,
    plain,
    zone_of,
)
from wolfbot.store.db import engine_for, session_factory

__all__ = [
    "CHANNEL_WORDS",
    "ENGINE_WORDS",
    "PHASE_WORDS",
    "STATUS_WORDS",
    "VERDICT_WORDS",
    "ControlError",
    "GameInfo",
    "channel_label",
    "engine_phase",
    "list_games",
    "local",
    "open_store",
    "parse_utc",
    "phase_label",
    "pick_game",
    "plain",
    "zone_of",
]


@contextmanager
def open_store(db: Path) -> Iterator[sessionmaker[Session]]:
    """Sessions on an existing wolfbot store file at this wolfbot's schema revision;
    ControlError if there is none (`store_file.check_file`)."""
    store_file.check_file(db)
    engine = engine_for(db)
    try:
        yield session_factory(engine)
    finally:
        engine.dispose()


def list_games(sessions: sessionmaker[Session]) -> list[GameInfo]:
    with sessions() as session:
        rows = session.execute(
            text(
                "SELECT id, title, ruleset, seed, phase, status, created_at, thread_id "
                "FROM games ORDER BY id"
            )
        ).all()
    return [
        GameInfo(r[0], r[1], r[2], r[3], r[4], r[5], parse_utc(r[6]) or datetime.min, r[7])
        for r in rows
    ]


def pick_game(sessions: sessionmaker[Session], game_id: int | None, db: Path) -> GameInfo:
    """The round `game_id`, or the only round of the file (ControlError otherwise)."""
    return store_file.choose(list_games(sessions), game_id, db)
