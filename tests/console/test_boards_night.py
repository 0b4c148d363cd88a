"""The Nacht board (`wolfbot.console.boards.night`): the night order as a checklist – who
acts in each stage, his commands and what became of them – and `explain_night` by stage."""

from __future__ import annotations

import re

import pytest
from boards_stores import RULESETS, Round, boards_group

from wolfbot.console.boards import night
from wolfbot.console.words import WORDS
from wolfbot.engine.game import Game
from wolfbot.rulesets import loader
from wolfbot.spielleitung.explain.night import explain_night, explain_night_parts
from wolfbot.spielleitung.explain.stored import rebuild_after_night
from wolfbot.store.db import engine_for, session_factory


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=boards_group(r)) for r in RULESETS], ids=list(RULESETS)
)
def test_the_last_night_of_a_finished_round_is_resolved_and_explained(finished, ruleset) -> None:
    played = finished(ruleset)
    board = night.load_night(played.connection, played.info, played.game)
    assert board is not None and board.resolved and not board.current
    assert [s.number for s in board.stages] == sorted(s.number for s in board.stages)
    for stage in board.stages:
        for entry in stage.entries:
            for actor in entry.actors:
                assert actor.state != "pending"  # resolved: came, or none came
                assert all(f"night_{actor.state}" in WORDS[lang] for lang in WORDS)
    if board.explanation_missing is None:  # the round may end by day, after its last night
        lines = explain_night(played.game, board.number)
        stages = [line for s in board.explanation for line in (s.heading, *s.lines)]
        assert [line.strip() for line in lines] == [
            line.strip() for line in (*board.explanation_head, *stages, *board.explanation_outcome)
        ]


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=boards_group(r)) for r in RULESETS], ids=list(RULESETS)
)
def test_an_earlier_night_shows_its_commands_but_no_longer_its_explanation(
    finished, ruleset
) -> None:
    played = finished(ruleset)
    board = night.load_night(played.connection, played.info, played.game, 1)
    last = night.load_night(played.connection, played.info, played.game)
    assert board is not None and last is not None and board.number == 1 and board.resolved
    if last.number > 1:  # the game keeps the record of its last night only
        assert board.explanation == () and board.explanation_missing
    actors = [a for s in board.stages for e in s.entries for a in e.actors]
    commands = played.connection.execute(
        "SELECT count(*) FROM v_night_actions WHERE game_id = ? AND night = 'night 1'",
        (played.info.id,),
    ).fetchone()[0]
    shown = [c for a in (*actors, *board.others) for c in a.commands if c.verdict == "accepted"]
    assert len(shown) == commands
    assert night.load_night(played.connection, played.info, played.game, 99) is None


@boards_group("duesterliga")
def test_the_current_night_shows_who_is_still_to_act(mid_night) -> None:
    board = night.load_night(mid_night.connection, mid_night.info, mid_night.game)
    assert board is not None and board.number == 2 and board.current and not board.resolved
    assert board.explanation_missing == "Nacht 2 ist noch nicht aufgelöst."
    actors = [a for s in board.stages for e in s.entries for a in e.actors]
    states = {a.state for a in actors}
    assert "pending" in states and ({"done", "rejected"} & states)
    pack = [e for s in board.stages for e in s.entries if e.group]
    assert pack and all(
        mid_night.game.role_facts(mid_night.game.player(a.name)).pack for a in pack[0].actors
    )
    for actor in actors:
        assert mid_night.game.player(actor.name).alive
        if actor.state == "done":
            (command, *_) = [c for c in actor.commands if c.verdict == "accepted"]
            assert command.text.startswith("!") and command.at is not None and command.link
            assert command.outcome is None  # not resolved yet


def _first_night_rebuilt(played: Round) -> tuple[night.NightBoard | None, Game]:
    """Night 1's board of a finished round, explained from the round rebuilt to its end."""
    engine = engine_for(played.db)
    try:
        after = rebuild_after_night(session_factory(engine), played.info.id, 1)
    finally:
        engine.dispose()
    return night.load_night(played.connection, played.info, played.game, 1, after), after


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=boards_group(r)) for r in RULESETS], ids=list(RULESETS)
)
def test_an_earlier_night_is_explained_from_the_round_rebuilt_to_its_end(finished, ruleset) -> None:
    played = finished(ruleset)
    board, after = _first_night_rebuilt(played)
    assert board is not None and board.explanation_missing is None
    assert board.explanation_outcome and board.explanation_head
    assert [line for part in board.explanation for line in part.lines] == [
        line for part in explain_night_parts(after, 1).stages for line in part.lines
    ]


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=boards_group(r)) for r in RULESETS], ids=list(RULESETS)
)
def test_every_command_of_a_night_stands_at_its_roles_stage(finished, ruleset) -> None:
    """The Nachtreihenfolge as the checklist: whoever's role has a stage is listed there,
    in every night – also one who died or was excluded since."""
    played = finished(ruleset)
    staged = {role for plan in played.game.tables.stage_plan for e in plan for role in e.roles}
    last = night.load_night(played.connection, played.info, played.game)
    assert last is not None
    for number in range(1, last.number + 1):
        board = night.load_night(played.connection, played.info, played.game, number)
        assert board is not None
        for actor in board.others:
            assert actor.role not in staged, (number, actor.name, actor.role)


@boards_group("duesterliga")
def test_who_has_no_night_ability_of_his_own_is_not_awaited(mid_night) -> None:
    """The Bürger, and Amor after the first night ("In der Nacht vor der Bürgermeisterwahl
    bestimmt Amor … zwei Dorfbewohner"): the !Rücktritt every player may send at night does
    not make him one who acts in the night order."""
    board = night.load_night(mid_night.connection, mid_night.info, mid_night.game)
    assert board is not None
    listed = {e.name for s in board.stages for e in s.entries}
    first_night_only = {
        p.role
        for p in mid_night.game.state.players
        if p.alive
        and all(
            u.nights == "first" or "night" not in u.phase or u.word == "Rücktritt"
            for u in mid_night.game.command_facts(p)
        )
    }
    assert "Bürger" in first_night_only
    assert not listed & first_night_only


@pytest.mark.parametrize(
    ("row", "blocked_by", "label"),
    [
        (
            {"outcome": "blocked", "detail": "x", "target": "A"},
            "Konrad (Koch)",
            "blockiert (von Konrad (Koch))",
        ),
        ({"outcome": "blocked", "detail": "x", "target": "A"}, None, "blockiert"),
        (
            {"outcome": "refused", "detail": "niemand angegriffen", "target": "A"},
            None,
            "nicht ausgeführt: niemand angegriffen",
        ),
        ({"outcome": "seen", "detail": "Werwolf", "target": "A"}, None, "gesehen: Werwolf"),
        (
            {"outcome": "protected", "detail": "Werwolf", "target": "A"},
            None,
            "hat A vor einem Angriff geschützt (Werwolf)",
        ),
        (
            {"outcome": "died", "detail": "Hexe", "target": "A"},
            None,
            "A ist in dieser Nacht gestorben (Hexe)",
        ),
        (
            {"outcome": "healed", "detail": "Werwolf", "target": "A"},
            None,
            "A geheilt (Angriff: Werwolf)",
        ),
        (
            {"outcome": "survived", "detail": "immune", "target": "A"},
            None,
            "A hat einen Angriff überlebt (immun gegen diesen Angriff)",
        ),
        (
            {"outcome": "survived", "detail": "protected, healed", "target": "A"},
            None,
            "A hat einen Angriff überlebt (geschützt, geheilt)",
        ),
        (
            {"outcome": "survived", "detail": "neu_im_regelwerk", "target": "A"},
            None,
            "A hat einen Angriff überlebt (abgewehrt)",
        ),
        ({"outcome": None, "detail": None, "target": "A"}, None, None),
    ],
    ids=[
        "blocked-by",
        "blocked",
        "refused",
        "seen",
        "protected",
        "died",
        "healed",
        "survived",
        "survived-twice",
        "survived-unknown-way",
        "none",
    ],
)
def test_outcomes_are_worded(row, blocked_by, label) -> None:
    assert night._outcome_label(row, blocked_by) == label


@pytest.mark.parametrize(
    ("row", "label"),
    [
        ({"outcome": "seen", "detail": "Weerwolf", "target": "A"}, "gezien: Weerwolf"),
        (
            {"outcome": "survived", "detail": "protected", "target": "A"},
            "A heeft een aanval overleefd (beschermd)",
        ),
        ({"outcome": "blocked", "detail": "x", "target": "A"}, "geblokkeerd"),
        (
            {"outcome": "died", "detail": "Werwolf", "target": "A"},
            "A is deze nacht gestorven (Weerwolf)",
        ),
    ],
    ids=["seen", "survived", "blocked", "died-of-the-pack-by-its-dutch-name"],
)
def test_outcomes_of_a_dutch_round_are_worded_in_dutch(row, label) -> None:
    named = loader.load("weerwolven").named
    assert night._outcome_label(row, None, "nl", named) == label


def test_every_outcome_is_worded_in_every_language() -> None:
    assert night.OUTCOME_WORDS["nl"].keys() == night.OUTCOME_WORDS["de"].keys()
    assert night.FAILED_WORDS["nl"].keys() == night.FAILED_WORDS["de"].keys()


def _explain_words(ruleset: str) -> set[str]:
    """The words of a ruleset's `explain.*` wordings, their quoted parts included."""
    text = " ".join(v for k, v in loader.load(ruleset).messages.items() if k.startswith("explain."))
    return {w.casefold() for w in re.findall(r"[^\W\d_]{3,}", text)}


@boards_group("weerwolven")
def test_a_dutch_round_s_night_is_explained_in_dutch(finished) -> None:
    """Not one word of the German explanation in a Weerwolven round's (issue 37: "German,
    and Dutch for a Dutch round"): the night's explanation comes from the round's catalog."""
    played = finished("weerwolven")
    board, after = _first_night_rebuilt(played)
    assert board is not None and board.explanation_missing is None
    assert board.explanation_head[0] == "Nacht 1 – afgehandeld in de nachtvolgorde"
    lines = [
        *board.explanation_head,
        *(line for s in board.explanation for line in (s.heading, *s.lines)),
        *board.explanation_outcome,
    ]
    german = _explain_words("duesterliga") - _explain_words("weerwolven")
    said = {w.casefold() for line in lines for w in re.findall(r"[^\W\d_]{3,}", line)}
    assert not said & german, lines
    assert all(s.heading.startswith(f"Stap {s.number} – ") for s in board.explanation)
    assert "Uitkomst:" in board.explanation_outcome
