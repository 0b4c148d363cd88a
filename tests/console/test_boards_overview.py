"""The Übersicht board (`wolfbot.console.boards.overview`) on demo rounds' stores: every
player in Spielerliste order with what the engine holds of him, worded for the
Spielleitung; the round's phase, deadlines and questions."""

from __future__ import annotations

import string
from datetime import UTC, datetime

import pytest
from boards_stores import RULESETS, boards_group

from wolfbot.console.boards import overview, statuses
from wolfbot.engine.state import Attack, DayEffect, Disguise, Kill, Modifier
from wolfbot.posts.wording import death_phrase

NOW = datetime(2026, 10, 20, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=boards_group(r)) for r in RULESETS], ids=list(RULESETS)
)
def test_every_player_of_a_finished_round_in_list_order_with_his_death(finished, ruleset) -> None:
    played = finished(ruleset)
    board = overview.load_overview(played.connection, played.info, played.game, NOW)
    assert board.phase == "over" and board.winners
    names = [p.name for p in board.players if p.kind == "player"]
    assert names == [p.name for p in played.game.state.players]
    assert [p.position for p in board.players] == sorted(p.position for p in board.players)
    assert board.alive == sum(p.alive for p in board.players)
    rules = played.game.rules
    for row in board.players:
        player = played.game.player(row.name)
        assert row.role == player.role and row.in_game
        assert row.faction  # "Das Dorf", "Het dorp", …
        assert row.alive == player.alive
        if row.alive:
            assert row.death is None
            continue
        assert row.death is not None
        assert row.death.cause == player.death_cause
        assert row.death.said == death_phrase(rules, row.death.cause)
        assert row.death.when.split()[0] in ("night", "day"), row.death.when
    assert board.deadlines == () and board.next_deadline is None and board.questions == ()


@boards_group("duesterliga")
def test_the_middle_of_a_night(mid_night) -> None:
    board = overview.load_overview(mid_night.connection, mid_night.info, mid_night.game, NOW)
    assert board.phase == "night 2" and board.night == 2
    assert board.deadlines and all(d.at.tzinfo is UTC for d in board.deadlines)
    assert board.next_deadline is board.deadlines[0]  # all still to come at NOW
    assert any(d.label == "Tag 2 beginnt" for d in board.deadlines)
    offices = {office for p in board.players for office in p.offices}
    assert offices <= {"Bürgermeister", "Alpha"} and "Alpha" in offices


# -- the statuses, on the engine's state -----------------------------------------------------------
@boards_group("duesterliga")
@pytest.mark.parametrize(
    ("change", "status"),
    [
        (lambda g, a, b: g.state.night.blocked.add(a), "Nacht {n}: blockiert"),
        (
            lambda g, a, b: g.state.night.modifiers.append(Modifier("protection", b, a)),
            "Nacht {n}: geschützt (von {b}, {rb})",
        ),
        (
            lambda g, a, b: g.state.night.attacks.append(Attack(a, "Werwolf", 3, (b,))),
            "Nacht {n}: angegriffen (Werwolf): trifft",
        ),
        (
            lambda g, a, b: g.state.night.attacks.append(
                Attack(a, "Werwolf", 3, (b,), status="healed")
            ),
            "Nacht {n}: angegriffen (Werwolf): geheilt",
        ),
        (
            lambda g, a, b: g.state.night.kills.append(Kill(a, "Hexe", 5, (b,))),
            "Nacht {n}: getötet (Hexe, {b})",
        ),
        (lambda g, a, b: g.state.powerless.append(a), "hat seine Fähigkeiten verloren"),
        (
            lambda g, a, b: g.state.conversations.setdefault("enchanted", []).append(a),
            "verzaubert",
        ),
        (
            lambda g, a, b: g.state.disguises.append(Disguise(a, "Bürger", ("Seherin",))),
            "erscheint Seherin als Bürger",
        ),
        (
            lambda g, a, b: g.state.next_day.append(DayEffect("jail", b, a)),
            "am nächsten Tag eingesperrt ({b})",
        ),
        (lambda g, a, b: g.state.evening_deaths.append((a, "Lynch")), "stirbt am Abend"),
    ],
    ids=[
        "blocked",
        "protected",
        "attacked",
        "healed",
        "killed",
        "powerless",
        "enchanted",
        "disguised",
        "jailed",
        "evening",
    ],
)
def test_what_the_engine_holds_of_a_player_is_worded(mid_night, change, status) -> None:
    game = mid_night.game
    a, b = [p for p in game.state.players if p.alive][:2]
    saved = (
        set(game.state.night.blocked),
        list(game.state.night.modifiers),
        list(game.state.night.attacks),
        list(game.state.night.kills),
        list(game.state.powerless),
        {k: list(v) for k, v in game.state.conversations.items()},
        list(game.state.disguises),
        list(game.state.next_day),
        list(game.state.evening_deaths),
    )
    try:
        change(game, a.name, b.name)
        board = overview.load_overview(mid_night.connection, mid_night.info, game, NOW)
    finally:
        state, night = game.state, game.state.night
        night.blocked, night.modifiers, night.attacks, night.kills = (set(saved[0]), *saved[1:4])
        state.powerless, state.conversations, state.disguises = saved[4], saved[5], saved[6]
        state.next_day, state.evening_deaths = saved[7], saved[8]
    (row,) = [p for p in board.players if p.name == a.name]
    expected = status.format(n=2, b=b.name, rb=b.role)
    assert any(s.startswith(expected) for s in row.statuses), row.statuses


@boards_group("duesterliga")
def test_lovers_and_whom_a_player_follows_are_bonds(mid_night) -> None:
    game = mid_night.game
    a, b, c = [p for p in game.state.players if p.alive][:3]
    lovers = game.state.lovers
    game.state.lovers = (a.name, b.name)
    c.memory["master"] = a.name
    try:
        board = overview.load_overview(mid_night.connection, mid_night.info, game, NOW)
    finally:
        game.state.lovers = lovers
        del c.memory["master"]
    rows = {p.name: p for p in board.players}
    assert rows[a.name].bonds[0].startswith(f"verliebt in {b.name}")
    assert f"Vorbild/Meister von {c.name} ({c.role})" in rows[a.name].bonds
    assert rows[c.name].bonds == (f"folgt {a.name} (Vorbild/Meister)",)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(statuses.WORDS["de"]), ids=sorted(statuses.WORDS["de"]))
def test_every_status_is_said_in_dutch_with_the_same_values(key) -> None:
    """ "German, and Dutch for a Dutch round": each status has its Dutch words, with the same
    names and roles in it."""
    assert _fields(statuses.WORDS["nl"][key]) == _fields(statuses.WORDS["de"][key])
    assert statuses.WORDS["nl"][key] != statuses.WORDS["de"][key] or key == "night"


@boards_group("weerwolven")
def test_a_dutch_rounds_statuses_are_dutch(finished) -> None:
    played = finished("weerwolven")
    game = played.game
    a, b = game.state.players[:2]  # the round is over: the living and the dead alike
    saved = (list(game.state.powerless), list(game.state.next_day))
    try:
        game.state.powerless.append(a.name)
        game.state.next_day.append(DayEffect("jail", b.name, a.name))
        board = overview.load_overview(played.connection, played.info, game, NOW)
    finally:
        game.state.powerless, game.state.next_day = saved
    (row,) = [p for p in board.players if p.name == a.name]
    said = " | ".join(row.statuses)
    assert "is zijn vaardigheden kwijt" in said, said
    assert f"de volgende dag opgesloten ({b.name})" in said, said
    for german in ("Fähigkeiten", "eingesperrt", "nächsten Tag"):
        assert german not in said, said
