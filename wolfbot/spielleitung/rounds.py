"""What the Spielleitung's read-only controls (`wolfbot status`, `audit`, `replay`) share:
opening the store file, choosing the round, and German labels and local times for output.

Nothing here writes to the store: the controls may run while the bot runs (WAL journal)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rich.text import Text
from sqlalchemy import inspect, text
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.spielleitung.errors import ControlError
from wolfbot.store.db import engine_for, session_factory

__all__ = ["ControlError", "GameInfo", "open_store", "pick_game"]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One round as `games` holds it."""

    id: int
    title: str
    ruleset: str
    seed: int
    phase: str
    status: str
    created_at: datetime
    thread_id: int | None


@contextmanager
def open_store(db: Path) -> Iterator[sessionmaker[Session]]:
    """Sessions on an existing wolfbot store file; ControlError if there is none."""
    if not db.exists():
        raise ControlError(f"Datei nicht gefunden: {db}")
    if not db.is_file():
        raise ControlError(f"Keine Datei: {db}")
    engine = engine_for(db)
    try:
        try:
            tables = set(inspect(engine).get_table_names())
        except (DatabaseError, sqlite3.DatabaseError) as error:
            raise ControlError(f"{db} ist keine SQLite-Datenbank ({error})") from None
        if not {"games", "commands", "events", "outgoing_messages"} <= tables:
            raise ControlError(
                f"{db} ist keine wolfbot-Datenbank (Tabellen fehlen; `alembic upgrade head`?)"
            )
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
    games = list_games(sessions)
    if game_id is not None:
        for game in games:
            if game.id == game_id:
                return game
        known = ", ".join(str(g.id) for g in games) or "keine"
        raise ControlError(f"Keine Runde {game_id} in {db} (vorhanden: {known})", games)
    if not games:
        raise ControlError(f"{db} enthält noch keine Runde")
    if len(games) > 1:
        raise ControlError(f"{db} enthält {len(games)} Runden; wähle eine mit --game:", games)
    return games[0]


# -- output --------------------------------------------------------------------------------------
PHASE_WORDS = {"night": "Nacht", "day": "Tag", "dusk": "Dämmerung"}
ENGINE_WORDS = {
    "nacht": "night",
    "night": "night",
    "tag": "day",
    "day": "day",
    "dämmerung": "dusk",
    "daemmerung": "dusk",
    "dusk": "dusk",
}
STATUS_WORDS = {
    "signup": "Anmeldung",
    "running": "läuft",
    "finished": "beendet",
    "cancelled": "abgebrochen",
}
CHANNEL_WORDS = {
    "thread": "Spielthread",
    "private": "Rollenmitteilung",
    "wolves": "Wolfshöhle",
    "lovers": "Bettgeflüster",
    "dead": "Totenreich",
    "enchanted": "Verzauberte",
    "crypt": "Die Gruft",
    "spirits": "Totenreich der Ruhelosen Geister",
}
VERDICT_WORDS = {"accepted": "angenommen", "rejected": "abgelehnt", "pending": "offen"}


def phase_label(phase: str | None) -> str:
    """ "day 2" → "Tag 2", "over" → "vorbei", "signup" → "Anmeldung"."""
    if not phase:
        return ""
    if phase == "over":
        return "vorbei"
    if phase == "signup":
        return "Anmeldung"
    kind, _, number = phase.partition(" ")
    word = PHASE_WORDS.get(kind)
    return f"{word} {number}" if word else phase


def engine_phase(value: str) -> str:
    """The engine's phase from "day 2", "Tag 2", "Nacht 1", "Dämmerung 3" (ValueError else)."""
    words = value.strip().casefold().split()
    if len(words) == 2 and words[0] in ENGINE_WORDS and words[1].isdigit() and int(words[1]) > 0:
        return f"{ENGINE_WORDS[words[0]]} {int(words[1])}"
    if words in (["over"], ["vorbei"]):
        return "over"
    raise ValueError(f'keine Phase: {value!r} (z. B. "day 2", "Tag 2", "Nacht 1")')


def channel_label(channel: str | None) -> str:
    if not channel:
        return ""
    return CHANNEL_WORDS.get(channel, channel)


def zone_of(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ControlError(f"Unbekannte Zeitzone: {name!r}") from None


def parse_utc(value: object) -> datetime | None:
    """A time as the store holds it (naive UTC text or datetime) → aware UTC."""
    if value is None or value == "":
        return None
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def local(value: object, zone: ZoneInfo) -> str:
    """ "24.10.2026 09:00:05 CEST" in the forum's time zone; "" for no time."""
    moment = parse_utc(value)
    if moment is None:
        return ""
    return moment.astimezone(zone).strftime("%d.%m.%Y %H:%M:%S %Z")


def plain(value: object) -> Text:
    """A table cell shown as it is (no rich markup: players write brackets too)."""
    return Text("" if value is None else str(value))
