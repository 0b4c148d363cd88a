"""What `wolfbot status` shows of a round, read from the store with `sqlite3` alone."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from wolfbot.outbox.keys import game_prefix, superseded
from wolfbot.schedule.names import DAY_KINDS
from wolfbot.spielleitung.labels import (
    GameInfo,
    parse_utc,
)
from wolfbot.store.intervention_values import LinkedCommand, StoredIntervention


@dataclass(frozen=True, slots=True)
class Vote:
    target: str
    votes: int
    voters: str


@dataclass(frozen=True, slots=True)
class Due:
    """A deadline of the schedule not done yet: its name ("day 2") and when (UTC)."""

    name: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Queued:
    """A message of the write queue, as far as `status` shows it."""

    key: str
    kind: str
    title: str | None
    state: str
    attempts: int
    not_before: datetime | None
    last_error: str | None
    # the title of the conversation it goes into, while that is not open yet
    waits_for: str | None = None

    @property
    def superseded(self) -> bool:
        return superseded(self.kind, self.last_error)


@dataclass
class Status:
    """Everything `wolfbot status` shows of one round."""

    game: GameInfo
    players: int = 0
    alive: int = 0
    deadlines: list[Due] = field(default_factory=list)
    # due deadlines the bot could not carry out yet: name → (why, since when)
    waiting: dict[str, tuple[str, object]] = field(default_factory=dict)
    tally: list[Vote] | None = None  # None: not a day (no tally to show)
    non_voters: list[str] = field(default_factory=list)
    questions: list[dict[str, Any]] = field(default_factory=list)
    undecided: list[dict[str, Any]] = field(default_factory=list)
    # the commands of this day or night that did not count, no `wolfbot accept` asked for yet
    rejected: list[dict[str, Any]] = field(default_factory=list)
    night_actions: list[dict[str, Any]] | None = None  # None: not a night
    outbox: list[Queued] = field(default_factory=list)  # not sent yet, or given up
    # the Spielleitung's interventions still waiting for the bot, or refused by the rules
    interventions: list[StoredIntervention] = field(default_factory=list)
    sent: int = 0
    superseded: int = 0  # edits a newer edit of the same post replaced (never sent)
    # posts deleted after the bot read them that the Spielleitung has not restored yet
    deleted: int = 0
    # conduct flags the Spielleitung has not decided on yet (`wolfbot conduct`)
    conduct_open: int = 0
    # "Wenn möglich ersetzt die Spielleitung inaktive Dorfbewohner durch Reservespieler":
    # (excluded or withdrawn player, why, the next Reservespieler) for each who still lives
    replacements: list[tuple[str, str, str]] = field(default_factory=list)
    # the drawn roles' estimate at the start (`bot.live`: "summary", "meaning", "roles")
    estimate: dict[str, Any] | None = None


def load_status(connection: sqlite3.Connection, game: GameInfo) -> Status:
    """What `render_status` shows of `game`, read on `connection` (`store_file`)."""
    status = Status(game)
    gid = {"g": game.id}
    roster = _rows(
        connection,
        "SELECT name, alive, excluded FROM v_players WHERE game_id = :g AND kind = 'player'"
        " AND withdrawn_at IS NULL",  # a player a Reservespieler replaced is withdrawn
        gid,
    )
    status.players = len(roster)
    status.alive = sum(1 for p in roster if p["alive"])
    day = game.status == "running" and game.phase.split(" ")[0] in DAY_KINDS
    if day:
        votes = _rows(
            connection,
            "SELECT target, votes, voters FROM v_current_tally WHERE game_id = :g",
            gid,
        )
        status.tally = [Vote(v["target"], v["votes"], v["voters"] or "") for v in votes]
        voted = {name.strip() for v in votes for name in (v["voters"] or "").split(",")}
        status.non_voters = [
            p["name"] for p in roster if p["alive"] and not p["excluded"] and p["name"] not in voted
        ]
    status.questions = _rows(
        connection,
        "SELECT question_id, player, kind, prompt, options, deadline "
        "FROM v_open_questions WHERE game_id = :g ORDER BY question_id",
        gid,
    )
    status.undecided = _rows(
        connection,
        "SELECT command_id, at, phase, actor, channel, text, reason, link "
        "FROM v_audit WHERE game_id = :g AND verdict = 'pending' ORDER BY command_id",
        gid,
    )
    if game.status == "running":
        status.rejected = _rows(
            connection,
            "SELECT command_id, at, actor, channel, text, reason, link FROM v_audit a"
            " WHERE game_id = :g AND verdict = 'rejected' AND decided_by = 'engine'"
            " AND phase IN (:p1, :p2) AND NOT EXISTS (SELECT 1 FROM interventions i"
            " WHERE i.command_id = a.command_id AND i.kind = 'accept'"
            " AND i.state <> 'refused') ORDER BY command_id",
            {**gid, **_phases_now(game.phase)},
        )
    if game.status == "running":
        status.replacements = _replacements(connection, game.id)
    if game.status == "running" and game.phase.startswith("night "):
        status.night_actions = _rows(
            connection,
            "SELECT actor, word, text, channel, at, link FROM v_night_actions"
            " WHERE game_id = :g AND night = :night",
            {**gid, "night": game.phase},
        )
    waiting = _rows(
        connection,
        "SELECT name, waiting, waiting_since FROM schedule WHERE game_id = :g"
        " AND done_at IS NULL AND waiting IS NOT NULL",
        gid,
    )
    status.waiting = {w["name"]: (w["waiting"], w["waiting_since"]) for w in waiting}
    status.deadlines = [
        Due(d["name"], parse_utc(d["due_at"]) or datetime.min)
        for d in _rows(
            connection,
            "SELECT name, due_at FROM schedule WHERE game_id = :g AND done_at IS NULL"
            " ORDER BY due_at, id",  # every deadline not done, past or future, oldest first
            gid,
        )
    ]
    status.deleted = connection.execute(
        "SELECT count(DISTINCT forum_channel || '/' || post_id) FROM v_deleted d"
        " WHERE game_id = :g AND NOT EXISTS (SELECT 1 FROM v_deleted r"
        " WHERE r.game_id = d.game_id AND r.forum_channel = d.forum_channel"
        " AND r.post_id = d.post_id AND r.restored_at IS NOT NULL)",
        gid,
    ).fetchone()[0]
    status.conduct_open = connection.execute(
        "SELECT count(*) FROM v_conduct WHERE game_id = :g AND state = 'open'", gid
    ).fetchone()[0]
    messages = _queued(connection, game_prefix(game.id))
    status.sent = sum(1 for m in messages if m.state == "sent")
    status.outbox = [m for m in messages if m.state != "sent" and not m.superseded]
    status.superseded = sum(1 for m in messages if m.superseded)
    status.interventions = _interventions(connection, game.id, ("pending", "refused"))
    status.estimate = _estimate(connection, game.id)
    return status


def _estimate(connection: sqlite3.Connection, game_id: int) -> dict[str, Any] | None:
    """The estimate `wolfbot run` stored with the round's context when it drew the roles."""
    row = connection.execute(
        "SELECT json_extract(context, '$.estimate') FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None or not row[0]:
        return None
    found = json.loads(row[0])
    return found if isinstance(found, dict) else None


def _phases_now(phase: str) -> dict[str, str]:
    """The phases of the game time now: a day with its Dämmerung (or Stichwahl), or a night."""
    kind, _, number = phase.partition(" ")
    if kind in DAY_KINDS:
        return {"p1": f"day {number}", "p2": f"{'runoff' if kind == 'runoff' else 'dusk'} {number}"}
    return {"p1": phase, "p2": phase}


def _replacements(connection: sqlite3.Connection, game_id: int) -> list[tuple[str, str, str]]:
    """Each living player who is excluded or withdrew, paired in Spielerliste order with the
    Reservespieler waiting in the order they signed up."""
    gone = _rows(
        connection,
        "SELECT p.name, (SELECT json_extract(e.payload, '$.by') FROM events e"
        " WHERE e.game_id = p.game_id AND e.type = 'PlayerExcluded'"
        " AND json_extract(e.payload, '$.player') = p.name ORDER BY e.seq DESC LIMIT 1) AS by"
        " FROM v_players p WHERE p.game_id = :g AND p.kind = 'player' AND p.alive = 1"
        " AND p.excluded = 1 AND p.withdrawn_at IS NULL ORDER BY p.position",
        {"g": game_id},
    )
    reserves = _rows(
        connection,
        "SELECT name FROM players WHERE game_id = :g AND kind = 'reserve'"
        " AND withdrawn_at IS NULL ORDER BY position, id",
        {"g": game_id},
    )
    why = {"Rücktritt": "zurückgetreten"}
    return [
        (g["name"], why.get(g["by"] or "", "wegen Inaktivität ausgeschlossen"), r["name"])
        for g, r in zip(gone, reserves, strict=False)
    ]


def _rows(connection: sqlite3.Connection, sql: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    return [dict(row) for row in connection.execute(sql, params)]


def _queued(connection: sqlite3.Connection, prefix: str) -> list[Queued]:
    """The messages whose keys start with `prefix`, in the order they would be sent: lowest
    priority number first, then the oldest (as `outbox.rows.listed`)."""
    rows = _rows(
        connection,
        "SELECT m.key, m.kind, m.title, m.state, m.attempts, m.not_before, m.last_error,"
        " CASE WHEN p.state <> 'sent' THEN coalesce(p.title, p.key) END AS waits_for"
        " FROM outgoing_messages m LEFT JOIN outgoing_messages p ON p.id = m.parent_id"
        " WHERE substr(m.key, 1, :n) = :prefix"
        " ORDER BY m.priority, m.created_at, m.id",
        {"n": len(prefix), "prefix": prefix},
    )
    return [
        Queued(
            r["key"],
            r["kind"],
            r["title"],
            r["state"],
            r["attempts"],
            parse_utc(r["not_before"]),
            r["last_error"],
            r["waits_for"],
        )
        for r in rows
    ]


def _interventions(
    connection: sqlite3.Connection, game_id: int, states: tuple[str, ...]
) -> list[StoredIntervention]:
    """The game's interventions in these states, in id order, each with its command (as
    `store.interventions.load`)."""
    marks = ", ".join("?" for _ in states)
    rows = connection.execute(
        "SELECT i.id, i.game_id, i.kind, i.player, i.argument, i.command_text, i.command_id,"
        " i.reason, i.requested_by, i.requested_at, i.state, i.applied_at, i.refusal,"
        " i.log_position, c.id AS c_id, c.actor, c.channel, c.phase, c.word, c.targets,"
        " c.text, c.verdict, c.decided_by"
        " FROM interventions i LEFT JOIN commands c ON c.id = i.command_id"
        f" WHERE i.game_id = ? AND i.state IN ({marks}) ORDER BY i.id",
        (game_id, *states),
    ).fetchall()
    found = []
    for r in rows:
        command = None
        if r["c_id"] is not None:
            command = LinkedCommand(
                r["c_id"],
                r["actor"],
                r["channel"],
                r["phase"],
                r["word"],
                tuple(json.loads(r["targets"] or "[]")),
                r["text"],
                r["verdict"],
                r["decided_by"],
            )
        found.append(
            StoredIntervention(
                id=r["id"],
                game_id=r["game_id"],
                kind=r["kind"],
                player=r["player"],
                argument=r["argument"],
                command_text=r["command_text"],
                command_id=r["command_id"],
                reason=r["reason"],
                requested_by=r["requested_by"],
                requested_at=parse_utc(r["requested_at"]) or datetime.min,
                state=r["state"],
                applied_at=parse_utc(r["applied_at"]),
                refusal=r["refusal"],
                log_position=r["log_position"],
                command=command,
            )
        )
    return found


# -- output ------------------------------------------------------------------------------------
