"""The day is one mechanism driven by the ruleset's `day:` section: a procedure decides
whom a day lynches, tie rules break its ties in order, modifiers change its count. These
tests add a procedure, a tie rule and a modifier the Düsterliga does not have (another
league's Hauptmann whose vote counts twice, "bei Gleichstand wird niemand gelyncht", a day
without a lynch) through the tables and the ruleset's data alone, without touching
`wolfbot/engine/day.py`, and check the Düsterliga's own rules with the same tables."""

from __future__ import annotations

from collections import Counter

import pytest

from wolfbot.engine import day
from wolfbot.engine.commands import Command
from wolfbot.engine.day import procedures, ties, votes
from wolfbot.engine.errors import SetupError
from wolfbot.engine.events import LynchDecided, MayorElected, PhaseBegan, QuestionAsked
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader

BASE = loader.load("duesterliga")
NAMES = ("Anna", "Bernd", "Clara", "Dora", "Emil")
PLAYERS = [("Wolf", "Werwolf")] + [(n, "Bürger") for n in NAMES]  # the Wolf eats Emil


def rules_with(**day) -> Ruleset:
    data = BASE.model_dump(by_alias=True)
    data["day"] = {**data["day"], **day}
    return Ruleset.model_validate(data)


def first_day(rules: Ruleset, votes: dict[str, str], mayor: str = "Anna") -> Game:
    """In night 1 the Wolf eats Emil; on day 1 everyone elects `mayor`, then `votes` are
    cast; the day and its Dämmerung pass."""
    game = Game.new(rules, PLAYERS, seed=3)
    game.submit(Command(word="Fressen", actor="Wolf", channel="wolves", targets=("Emil",)))
    game.advance()
    for voter, _ in PLAYERS[:-1]:
        game.submit(Command(word="Bürgermeister", actor=voter, channel="thread", targets=(mayor,)))
    for voter, target in votes.items():
        events = game.submit(
            Command(word="Lynch", actor=voter, channel="thread", targets=(target,))
        )
        assert "CommandRejected" not in {type(e).__name__ for e in events}, events
    game.advance()  # the Dämmerung
    game.advance()  # the end of the day
    return game


def lynches(game: Game) -> list[tuple[str, int, str]]:
    decided = [e for e in game.state.log if isinstance(e, LynchDecided)]
    return [(e.player, e.votes, e.decided_by) for e in decided]


TIED = {"Anna": "Bernd", "Bernd": "Clara", "Clara": "Bernd", "Dora": "Clara"}  # 2 : 2


@pytest.mark.parametrize(
    ("votes", "mayor", "lynched"),
    [
        ({"Anna": "Bernd", "Bernd": "Bernd", "Clara": "Dora"}, "Anna", ("Bernd", 2, "majority")),
        (TIED, "Anna", ("Bernd", 2, "Bürgermeister")),  # his vote decides the tie
        ({**TIED, "Anna": "Dora", "Wolf": "Bernd"}, "Anna", None),  # he voted neither: asked
    ],
    ids=["majority", "tie-mayors-vote", "tie-mayor-asked"],
)
def test_the_ordinary_day_is_the_majority_with_the_mayors_tie_break(votes, mayor, lynched) -> None:
    """ "Am Tag bestimmen die Dorfbewohner öffentlich durch einfache Mehrheitsentscheidung
    einen Dorfbewohner, den sie lynchen" – "Wenn es zu einem Gleichstand kommt, so entscheidet
    die Stimme des Bürgermeisters. Hat der Bürgermeister für keinen der Dorfbewohner
    gestimmt, zwischen denen es einen Gleichstand gibt, so bestimmt er, welcher dieser
    Dorfbewohner gelyncht wird.\""""
    game = first_day(BASE, votes, mayor)
    elected = [e.player for e in game.state.log if isinstance(e, MayorElected)]
    assert elected == [mayor] == [game.state.mayor]  # elected before the lynch
    assert game.state.day.procedure == "majority"
    if lynched is None:
        asked = [e for e in game.state.log if isinstance(e, QuestionAsked)]
        assert [(q.player, q.kind) for q in asked] == [("Anna", "lynch_tie")]
        assert lynches(game) == []
    else:
        assert lynches(game) == [lynched]


def test_a_modifier_from_the_table_changes_the_count(extend_table) -> None:
    """Another league's Hauptmann: his vote counts twice (a modifier, data plus a function)."""

    def office_counts_twice(game: Game, counts: Counter[str]) -> None:
        target = game.state.day.lynch_votes.get(game.state.mayor or "")
        if target is not None and game.player(target).alive:
            counts[target] += 1

    extend_table(votes, "MODIFIERS", test_double_vote=office_counts_twice)
    rules = rules_with(modifiers=["mob", "test_double_vote"])
    game = first_day(rules, TIED)
    assert lynches(game) == [("Bernd", 3, "majority")]  # 2 + 1: no tie any more


def test_a_tie_rule_from_the_table_decides_the_tie(extend_table) -> None:
    """ "Bei Gleichstand wird niemand gelyncht" (a tie rule): nobody dies, the night comes."""

    def nobody(game: Game, tie) -> bool:
        day.finish(game)  # the places stay empty
        return True

    extend_table(ties, "TIE_RULES", test_nobody=nobody)
    majority = {**BASE.day.procedures["majority"].model_dump(), "tie": ["test_nobody", "lot"]}
    game = first_day(rules_with(procedures={"majority": majority}), TIED)
    assert lynches(game) == []
    assert [p.name for p in game.living()] == ["Wolf", *NAMES[:-1]]
    assert str(game.state.phase) == "night 2"


def test_a_procedure_from_the_table_decides_the_day(extend_table) -> None:
    """A day without a lynch (a procedure of its own): the votes are cast and count for
    nothing."""
    extend_table(procedures, "PROCEDURES", test_none=lambda game, spec: day.finish(game))
    rules = rules_with(ordinary="none", procedures={"none": {"kind": "test_none", "vote": "Lynch"}})
    game = first_day(rules, {"Anna": "Bernd", "Clara": "Bernd"})
    assert game.state.day.procedure == "none"
    assert lynches(game) == [] and [p.name for p in game.living()] == ["Wolf", *NAMES[:-1]]
    assert [e.phase for e in game.state.log if isinstance(e, PhaseBegan)][-1] == "night 2"


@pytest.mark.parametrize(
    ("day_section", "unknown"),
    [
        ({"procedures": {"majority": {"kind": "stichwahl", "vote": "Lynch"}}}, ["stichwahl"]),
        ({"procedures": {"majority": {"kind": "count", "tie": ["hauptmann"]}}}, ["hauptmann"]),
        ({"modifiers": ["mob", "doppelt"]}, ["doppelt"]),
    ],
    ids=["procedure", "tie-rule", "modifier"],
)
def test_a_ruleset_naming_what_the_tables_lack_is_refused_at_the_start(day_section, unknown):
    with pytest.raises(SetupError) as refused:
        Game.new(rules_with(**day_section), PLAYERS)
    assert refused.value.reason.value("names") == tuple(unknown)


def test_the_duesterliga_names_only_what_the_tables_know() -> None:
    assert day.unknown_names(BASE.day) == []


@pytest.mark.parametrize(
    ("cause", "lovers", "plays_for"),
    [
        ("Werwolf", False, "Dorf"),
        ("Lynch", False, "Rudel"),
        ("Werwolf", True, "Zweideutige"),
        ("Lynch", True, "Zweideutige"),
    ],
    ids=["eaten-plays-for-the-dorf", "lynched-for-the-rudel", "in-love-eaten", "in-love-lynched"],
)
def test_the_aussaetzige_plays_for_the_side_her_death_gives_her(cause, lovers, plays_for) -> None:
    """Die Aussätzige: "… spielt für das Dorf, wenn sie von den Werwölfen gefressen wird. Dies
    gilt nicht, wenn die Aussätzige verliebt ist. Die Aussätzige spielt für das Rudel, wenn sie
    gelyncht wird. Dies gilt nicht, wenn die Aussätzige verliebt ist." """
    from wolfbot.engine import victory

    game = Game.new(BASE, [("Wolf", "Werwolf"), ("Ava", "Aussätzige"), *PLAYERS[2:]])
    if lovers:
        game.state.lovers = ("Ava", "Bernd")
    game.kill([("Ava", cause)])
    assert victory.faction(game, game.player("Ava")) == plays_for
