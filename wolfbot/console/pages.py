"""What each page of the console shows, loaded from the round's store: one function per
page, `(source, settings, query) → template context`. They read as the CLI reads (the
status loader, the audit view, the drafts, the conduct flags) – the console has no second
way of reading a round."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from wolfbot.bot.channels import Keys
from wolfbot.console.actions import OVERRIDES
from wolfbot.console.boards.common import current_number
from wolfbot.console.boards.day import load_day
from wolfbot.console.boards.night import load_night
from wolfbot.console.boards.overview import load_overview
from wolfbot.outbox import drafts as outbox_drafts
from wolfbot.spielleitung.labels import parse_utc
from wolfbot.spielleitung.status.loading import Status, load_status
from wolfbot.spielleitung.status.rendering import reason as waiting_reason
from wolfbot.store import conduct as conduct_store

if TYPE_CHECKING:
    from wolfbot.console.app import ConsoleSettings
    from wolfbot.console.source import RoundSource

Query = dict[str, str]
Loader = Callable[["RoundSource", "ConsoleSettings", Query], dict[str, Any]]


def local_time(value: object, zone: ZoneInfo) -> str:
    moment = value if isinstance(value, datetime) else parse_utc(value)
    if moment is None:
        return ""
    return moment.astimezone(zone).strftime("%d.%m. %H:%M")


@dataclass(frozen=True, slots=True)
class Deadline:
    name: str
    at: datetime
    seconds: int  # from now on the round's clock (negative: overdue)
    waiting: str | None


def _status(source: RoundSource) -> Status:
    with source.read() as connection:
        return load_status(connection, source.info())


def _deadlines(source: RoundSource, status: Status) -> list[Deadline]:
    now = source.clock()
    return [
        Deadline(
            d.name,
            d.at,
            int((d.at - now).total_seconds()),
            status.waiting[d.name][0] if d.name in status.waiting else None,
        )
        for d in status.deadlines
    ]


def _head(source: RoundSource) -> dict[str, Any]:
    """What every page shows at its top: the round, its phase, the next deadline."""
    status = _status(source)
    deadlines = _deadlines(source, status)
    info = status.game
    return {
        "info": info,
        "status": status,
        "deadlines": deadlines,
        "next_deadline": deadlines[0] if deadlines else None,
        "conduct_open": status.conduct_open,
    }


def overview(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    """Übersicht: every player with his true and told role, faction, life or death, offices,
    bonds and what the last night did to him; the deadlines and open questions."""
    context = _head(source)
    game = source.game()
    board = None
    if game is not None:
        with source.read() as connection:
            board = load_overview(connection, context["info"], game, source.clock())
    context.update(board=board)
    return context


def _number(query: Query) -> int | None:
    """The night or day asked for (`?nr=2`); None: the current or the last one."""
    value = query.get("nr", "")
    return int(value) if value.isdigit() else None


def _neighbours(number: int | None, last: int | None) -> dict[str, int | None]:
    """The numbers the page links to before and after `number` (1 … `last`)."""
    if number is None or last is None:
        return {"earlier": None, "later": None}
    return {
        "earlier": number - 1 if number > 1 else None,
        "later": number + 1 if number < last else None,
    }


def night(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    """Nacht: the night order as a checklist – who acts where, whose command came, what
    became of it – and once resolved the bot's explanation stage by stage."""
    context = _head(source)
    game = source.game()
    board = None
    last = current_number(game, "night") if game is not None else None
    if game is not None:
        number = _number(query)
        earlier = number is not None and last is not None and number < last
        after = source.game_after_night(number) if earlier else None
        with source.read() as connection:
            board = load_night(connection, context["info"], game, number, after)
    context.update(
        board=board,
        asked=query.get("nr", ""),
        **_neighbours(board.number if board else None, last),
    )
    return context


def day(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    """Tag: the count, every vote over time, the Dämmerung's cut, the election, who has not
    voted and who is near the exclusion for inactivity."""
    context = _head(source)
    game = source.game()
    board = None
    if game is not None:
        with source.read() as connection:
            board = load_day(connection, context["info"], game, _number(query))
    last = current_number(game, "day") if game is not None else None
    context.update(
        board=board,
        asked=query.get("nr", ""),
        **_neighbours(board.number if board else None, last),
    )
    return context


def queue(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    context = _head(source)
    status: Status = context["status"]
    now = source.clock()
    waiting = [(m, waiting_reason(m, now)) for m in status.outbox if m.state != "draft"]
    drafts = outbox_drafts.drafts(source.sessions, Keys(source.game_id).prefix)
    # the stored HTML as the bot sends it; `console.css` shows WoltLab's own elements
    # (`woltlab-spoiler`, `woltlab-metacode`) as the forum does
    with source.read() as connection:
        row = connection.execute("SELECT draft FROM games WHERE id = ?", (source.game_id,))
        draft_mode = bool(row.fetchone()[0])
    context.update(
        waiting=waiting,
        drafts=[(m, m.html) for m in drafts],
        sent=status.sent,
        draft_mode=draft_mode,
    )
    return context


VERDICTS = ("accepted", "rejected", "pending")


def _period(phase: str) -> tuple[int, str] | None:
    """A day with its Dämmerung and Stichwahl is one voting period; a night is its own."""
    kind, _, number = phase.partition(" ")
    if not number.isdigit():
        return None
    return int(number), "night" if kind == "night" else "day"


def decidable(command_phase: str, now: str) -> bool:
    """Whether a command of `command_phase` may still be accepted or rejected in phase `now`:
    in its own period, or – sent by day for the coming night – in that night (the engine
    refuses the others: `intervention.other_phase`)."""
    given, current = _period(command_phase), _period(now)
    if given is None or current is None:
        return False
    return given == current or (given[1] == "day" and current == (given[0] + 1, "night"))


def _column(connection: sqlite3.Connection, sql: str, game_id: int) -> list[Any]:
    """The first column of the rows `sql` finds for the round `game_id`."""
    return [row[0] for row in connection.execute(sql, (game_id,))]


def commands(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    context = _head(source)
    filters = {
        "player": query.get("spieler", ""),
        "phase": query.get("phase", ""),
        "verdict": query.get("urteil", ""),
    }
    where, params = ["game_id = :g"], {"g": source.game_id}
    if filters["player"]:
        where.append("actor = :player")
        params["player"] = filters["player"]
    if filters["phase"]:
        where.append("phase = :phase")
        params["phase"] = filters["phase"]
    if filters["verdict"] in VERDICTS:
        where.append("verdict = :verdict")
        params["verdict"] = filters["verdict"]
    with source.read() as connection:
        rows = [
            dict(r)
            for r in connection.execute(
                "SELECT command_id, at, phase, actor, channel, text, verdict, reason,"
                " overturned, decided_by, link FROM v_audit WHERE "
                + " AND ".join(where)
                + " ORDER BY command_id DESC LIMIT 500",
                params,
            )
        ]
        actors = _column(
            connection,
            "SELECT DISTINCT actor FROM v_audit WHERE game_id = ? ORDER BY actor",
            source.game_id,
        )
        phases = _column(
            connection,
            "SELECT phase FROM v_audit WHERE game_id = ? GROUP BY phase ORDER BY min(command_id)",
            source.game_id,
        )
    with source.read() as connection:
        interventions = [
            dict(r)
            for r in connection.execute(
                "SELECT id, kind, player, argument, command_text, reason, requested_by,"
                " requested_at, state, refusal FROM interventions WHERE game_id = ?"
                " ORDER BY id DESC",
                (source.game_id,),
            )
        ]
        players = _column(
            connection,
            "SELECT name FROM players WHERE game_id = ? AND kind = 'player'"
            " AND withdrawn_at IS NULL ORDER BY position",
            source.game_id,
        )
    context.update(
        rows=rows,
        players=players,
        overrides=OVERRIDES,
        decidable=decidable,
        filters=filters,
        actors=actors,
        phases=phases,
        interventions=interventions,
    )
    return context


def conduct(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    context = _head(source)
    every = query.get("alle") == "1"
    with source.sessions() as session:
        flags = conduct_store.load(session, source.game_id, state=None if every else "open")
    context.update(flags=flags, every=every)
    return context


def round_page(source: RoundSource, settings: ConsoleSettings, query: Query) -> dict[str, Any]:
    context = _head(source)
    with source.read() as connection:
        row = connection.execute(
            "SELECT options, context FROM games WHERE id = ?", (source.game_id,)
        ).fetchone()
    options = json.loads(row["options"] or "{}") if row else {}
    stored_context = json.loads(row["context"] or "{}") if row and row["context"] else {}
    replayed = None
    if context["info"].status != "signup":
        replayed = source.replayed(again=query.get("nachrechnen") == "1")
    context.update(options=options, stored_context=stored_context, replayed=replayed)
    return context


PAGES: tuple[tuple[str, str, Loader, str], ...] = (
    ("/", "overview.j2", overview, "overview"),
    ("/nacht", "night.j2", night, "night"),
    ("/tag", "day.j2", day, "day"),
    ("/warteschlange", "queue.j2", queue, "queue"),
    ("/befehle", "commands.j2", commands, "commands"),
    ("/verhalten", "conduct.j2", conduct, "conduct"),
    ("/runde", "round.j2", round_page, "round"),
)
