"""Übersicht: every player of a round in the Spielerliste's order (the Reservespieler after),
with his true and his told role, faction, life or death, exclusion, office, bonds and what
the current or last night did to him, who replaced whom – and the round's phase, deadlines
and open questions.

    board = load_overview(connection, info, game, now)

The engine's state (`game`, rebuilt by the console) says what is true now; the store adds
what the engine does not keep: links, times, the Spielleitung's reasons, the players who
left the round (a replaced player is no longer in the engine's list)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from wolfbot.console.boards import statuses as statuses_of
from wolfbot.console.boards.common import (
    current_number,
    rows,
    utc,
)
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.names import INAKTIVITAET, RUECKTRITT, SANKTION
from wolfbot.engine.state import PlayerState
from wolfbot.posts.language import faction_heading
from wolfbot.posts.opening import told_role
from wolfbot.posts.wording import death_phrase
from wolfbot.spielleitung.labels import GameInfo, deadline_label
from wolfbot.spielleitung.status.rendering import QUESTION_WORDS

__all__ = [
    "Death",
    "Deadline",
    "OpenQuestion",
    "Overview",
    "PlayerRow",
    "Replacement",
    "RoleChange",
    "load_overview",
]

EXCLUDED_WORDS = {
    "": "wegen Inaktivität ausgeschlossen",
    INAKTIVITAET: "wegen Inaktivität ausgeschlossen",
    "Spielleitung": "von der Spielleitung ausgeschlossen",
    RUECKTRITT: "zurückgetreten",
    SANKTION: "von der Spielleitung als Sanktion ausgeschlossen",
}


@dataclass(frozen=True, slots=True)
class RoleChange:
    """He plays another role from then on."""

    from_role: str
    to_role: str
    when: str  # the game's time: "night 2", "day 3" ("" if unknown; the page words it)
    at: datetime | None  # UTC
    why: str  # the Spielleitung's reason, or "nach den Regeln (Treue Magd)"
    by_spielleitung: bool  # `wolfbot override role`


@dataclass(frozen=True, slots=True)
class Death:
    cause: str  # as v_deaths has it: "Werwolf", "Lynch", "Hexe", "Inaktivität"
    said: str  # the ruleset's words: "wurde von den Werwölfen gefressen"
    when: str  # "night 2", "day 3" (a death in the Dämmerung counts as its day)
    revealed_as: str | None  # the role announced (None: not revealed)
    at: datetime | None  # when the bot recorded it (UTC)
    link: str | None  # the post that caused it


@dataclass(frozen=True, slots=True)
class Replacement:
    """ "Wenn möglich ersetzt die Spielleitung inaktive Dorfbewohner durch Reservespieler."""

    replaced: str  # the player who left
    by: str  # the Reservespieler who took his place
    when: str  # "day 2"
    at: datetime | None  # UTC
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerRow:
    position: int
    name: str
    kind: str  # "player" or "reserve"
    in_game: bool  # plays now (False: a Reservespieler waiting, a player replaced)
    role: str | None  # the true role now (None: a Reservespieler who never played)
    starting_role: str | None  # the role dealt, if it differs from `role`
    role_changes: tuple[RoleChange, ...]
    told_role: str | None  # the role his Rollenmitteilung named, if not his own
    faction: str  # "Das Dorf", "Das Rudel" ("" for who does not play)
    faction_changed: bool  # plays for another faction than his role's (Wiedergänger, Sekte)
    alive: bool
    death: Death | None
    excluded: str | None  # "wegen Inaktivität ausgeschlossen", "zurückgetreten", …
    offices: tuple[str, ...]  # "Bürgermeister", "Alpha"
    bonds: tuple[str, ...]  # "verliebt in Bernd", "folgt Anna (Vorbild/Meister)", …
    statuses: tuple[str, ...]  # "Nacht 2: blockiert", "verzaubert", …
    replaced_by: Replacement | None  # he left the round, this Reservespieler took his place
    replaces: Replacement | None  # he took this player's place


@dataclass(frozen=True, slots=True)
class Deadline:
    name: str  # the schedule's: "dusk 2"
    label: str  # "Dämmerung 2 beginnt"
    at: datetime  # UTC (the page counts down to it)
    waiting: str | None  # due, but the bot waits (why)


@dataclass(frozen=True, slots=True)
class OpenQuestion:
    id: int
    player: str
    kind: str  # shot, successor_mayor, …
    kind_label: str  # "Schuss (Jäger)"
    prompt: str
    options: tuple[str, ...]
    asked_at: datetime | None
    deadline: datetime | None  # UTC; None: none set


@dataclass(frozen=True, slots=True)
class Overview:
    game_id: int
    title: str
    ruleset: str
    status: str  # games.status: signup, running, finished, cancelled
    phase: str  # the engine's: "day 2"
    night: int | None  # the night the statuses are of (the current or the last)
    players: tuple[PlayerRow, ...]
    alive: int
    deadlines: tuple[Deadline, ...]  # not done yet, the earliest first (overdue ones too)
    next_deadline: Deadline | None  # the first one still to come after `now`
    questions: tuple[OpenQuestion, ...]
    replacements: tuple[Replacement, ...]
    winners: tuple[str, ...]  # the winning sides once the round is over


def load_overview(
    connection: sqlite3.Connection, info: GameInfo, game: Game, now: datetime
) -> Overview:
    """The Übersicht of round `info` as `game` (rebuilt from the store) stands at `now`."""
    g = {"g": info.id}
    stored = rows(
        connection,
        "SELECT id, position, name, kind, role, withdrawn_at FROM players"
        " WHERE game_id = :g AND kind IN ('player', 'reserve')"
        " ORDER BY kind <> 'player', position, withdrawn_at IS NULL, id",
        g,
    )
    changes = _role_changes(connection, info.id)
    deaths = _deaths(connection, info.id, game)
    replacements = _replacements(connection, info.id)
    night = current_number(game, "night")
    excluded_by = {e.player: e.by for e in game.state.log if isinstance(e, ev.PlayerExcluded)}
    board_rows = []
    for row in stored:
        player = game.find_player(row["name"])
        in_game = player is not None and row["kind"] == "player" and not row["withdrawn_at"]
        replaced_by = next((r for r in replacements if r.replaced == row["name"]), None)
        replaces = next((r for r in replacements if r.by == row["name"]), None)
        if player is None or not in_game:
            board_rows.append(_outside(row, changes, deaths, replaced_by, replaces))
            continue
        board_rows.append(
            PlayerRow(
                position=row["position"],
                name=player.name,
                kind=row["kind"],
                in_game=True,
                role=player.role,
                starting_role=player.original_role if player.original_role != player.role else None,
                role_changes=changes.get(player.name, ()),
                told_role=_told(game, player),
                faction=faction_heading(game.rules, game.faction(player)),
                faction_changed=bool(player.faction)
                and player.faction != game.role_facts(player).faction,
                alive=player.alive,
                death=deaths.get(player.name) if not player.alive else None,
                excluded=_excluded(player, excluded_by),
                offices=statuses_of.offices(game, player),
                bonds=statuses_of.bonds(game, player),
                statuses=statuses_of.statuses(game, player, night),
                replaced_by=replaced_by,
                replaces=replaces,
            )
        )
    deadlines = _deadlines(connection, info.id)
    return Overview(
        game_id=info.id,
        title=info.title,
        ruleset=info.ruleset,
        status=info.status,
        phase=str(game.state.phase),
        night=night,
        players=tuple(board_rows),
        alive=sum(1 for p in game.state.players if p.alive),
        deadlines=deadlines,
        next_deadline=next((d for d in deadlines if d.at > now), None),
        questions=_questions(connection, g),
        replacements=tuple(replacements),
        winners=tuple(game.state.winners),
    )


# -- from the store ------------------------------------------------------------------------------
def _role_changes(
    connection: sqlite3.Connection, game_id: int
) -> dict[str, tuple[RoleChange, ...]]:
    found: dict[str, list[RoleChange]] = {}
    for r in rows(
        connection,
        "SELECT p.name, rc.from_role, rc.to_role, rc.reason, rc.at, rc.event_id, e.phase,"
        " (SELECT i.reason FROM interventions i WHERE i.game_id = p.game_id"
        "  AND i.kind = 'role' AND i.player = p.name AND i.argument = rc.to_role"
        "  AND i.state = 'applied' ORDER BY i.id DESC LIMIT 1) AS intervention"
        " FROM role_changes rc JOIN players p ON p.id = rc.player_id"
        " LEFT JOIN events e ON e.id = rc.event_id"
        " WHERE p.game_id = :g ORDER BY rc.id",
        {"g": game_id},
    ):
        by_spielleitung = r["event_id"] is None or r["reason"] is not None
        why = r["reason"] or r["intervention"]
        if not why:
            why = (
                "von der Spielleitung" if by_spielleitung else f"nach den Regeln ({r['from_role']})"
            )
        found.setdefault(r["name"], []).append(
            RoleChange(
                from_role=r["from_role"],
                to_role=r["to_role"],
                when=_day_of(r["phase"]) or "",
                at=utc(r["at"]),
                why=why,
                by_spielleitung=by_spielleitung,
            )
        )
    return {name: tuple(changes) for name, changes in found.items()}


def _day_of(phase: str | None) -> str | None:
    """A phase as the game's time: a Dämmerung or Stichwahl counts as its day."""
    if phase and phase.split(" ")[0] in ("dusk", "runoff"):
        return f"day {phase.partition(' ')[2]}"
    return phase


def _deaths(connection: sqlite3.Connection, game_id: int, game: Game) -> dict[str, Death]:
    """Each player's last death (a revived player may have died before)."""
    found = {}
    for r in rows(
        connection,
        "SELECT player, role, cause, time, at, link FROM v_deaths WHERE game_id = :g ORDER BY seq",
        {"g": game_id},
    ):
        found[r["player"]] = Death(
            cause=r["cause"],
            said=death_phrase(game.rules, r["cause"]),
            when=r["time"] or "",
            revealed_as=r["role"],
            at=utc(r["at"]),
            link=r["link"],
        )
    return found


def _replacements(connection: sqlite3.Connection, game_id: int) -> list[Replacement]:
    return [
        Replacement(
            replaced=r["player"],
            by=r["argument"],
            when=_day_of(r["phase"]) or "",
            at=utc(r["applied_at"]),
            reason=r["reason"] or "",
        )
        for r in rows(
            connection,
            "SELECT i.player, i.argument, i.reason, i.applied_at,"
            " (SELECT e.phase FROM events e WHERE e.game_id = i.game_id"
            "  AND e.seq >= i.log_position ORDER BY e.seq LIMIT 1) AS phase"
            " FROM interventions i WHERE i.game_id = :g AND i.kind = 'replace'"
            " AND i.state = 'applied' ORDER BY i.id",
            {"g": game_id},
        )
    ]


def _deadlines(connection: sqlite3.Connection, game_id: int) -> tuple[Deadline, ...]:
    found = []
    for r in rows(
        connection,
        "SELECT name, due_at, waiting FROM schedule WHERE game_id = :g AND done_at IS NULL"
        " ORDER BY due_at, id",
        {"g": game_id},
    ):
        at = utc(r["due_at"])
        if at is not None:
            found.append(Deadline(r["name"], deadline_label(r["name"]), at, r["waiting"]))
    return tuple(found)


def _questions(connection: sqlite3.Connection, g: dict[str, int]) -> tuple[OpenQuestion, ...]:
    return tuple(
        OpenQuestion(
            id=r["question_id"],
            player=r["player"],
            kind=r["kind"],
            kind_label=QUESTION_WORDS.get(r["kind"], r["kind"]),
            prompt=r["prompt"] or "",
            options=tuple(json.loads(r["options"] or "[]")),
            asked_at=utc(r["asked_at"]),
            deadline=utc(r["deadline"]),
        )
        for r in rows(
            connection,
            "SELECT question_id, player, kind, prompt, options, asked_at, deadline"
            " FROM v_open_questions WHERE game_id = :g ORDER BY question_id",
            g,
        )
    )


def _outside(
    row: dict,
    changes: dict[str, tuple[RoleChange, ...]],
    deaths: dict[str, Death],
    replaced_by: Replacement | None,
    replaces: Replacement | None,
) -> PlayerRow:
    """A Reservespieler waiting, or a player who left the round (replaced): the store's."""
    left = row["kind"] == "player"
    return PlayerRow(
        position=row["position"],
        name=row["name"],
        kind=row["kind"],
        in_game=False,
        role=row["role"] if left else None,
        starting_role=None,
        role_changes=changes.get(row["name"], ()),
        told_role=None,
        faction="",
        faction_changed=False,
        alive=left and row["name"] not in deaths,
        death=deaths.get(row["name"]),
        excluded="ersetzt" if replaced_by else ("ausgeschieden" if left else None),
        offices=(),
        bonds=(),
        statuses=(),
        replaced_by=replaced_by,
        replaces=replaces,
    )


# -- from the engine -----------------------------------------------------------------------------
def _told(game: Game, player: PlayerState) -> str | None:
    told = told_role(game, player)
    return told if told != player.role else None


def _excluded(player: PlayerState, excluded_by: dict[str, str]) -> str | None:
    if not player.excluded:
        return None
    by = excluded_by.get(player.name, player.excluded_for)
    return EXCLUDED_WORDS.get(by, f"ausgeschlossen ({by})")
