"""What the boards share: rows read with `sqlite3`, which night's or day's record the game
holds, and the parts of the log a phase spans (the pages word the game's times:
`terms.phase_in`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.spielleitung.labels import parse_utc

__all__ = [
    "current_number",
    "parse_utc",
    "rows",
    "spans",
]


def rows(
    connection: sqlite3.Connection, sql: str, params: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The query's rows as dicts, whatever the connection's `row_factory`."""
    cursor = connection.execute(sql, dict(params))
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def current_number(game: Game, kind: str) -> int | None:
    """The number of the night (`kind` "night") or day ("day") the game is in or had last:
    in day 2 the current day is 2 and the last night 2; in night 3 the last day is 2. None
    when there was none yet (no day before the first one)."""
    numbers = [
        int(e.phase.partition(" ")[2])
        for e in game.state.log
        if isinstance(e, ev.PhaseBegan) and e.phase.startswith(f"{kind} ")
    ]
    return max(numbers) if numbers else None


def spans(game: Game, phases: tuple[str, ...]) -> list[ev.Event]:
    """The events of the log recorded while one of `phases` ran ("day 2", "dusk 2"), in
    order."""
    found: list[ev.Event] = []
    inside = False
    for event in game.state.log:
        if isinstance(event, ev.PhaseBegan):
            inside = event.phase in phases
        elif isinstance(event, ev.GameOver):
            inside = False
        if inside:
            found.append(event)
    return found


def utc(value: object) -> datetime | None:
    """A time of the store (naive UTC text) as an aware UTC datetime."""
    return parse_utc(value)
