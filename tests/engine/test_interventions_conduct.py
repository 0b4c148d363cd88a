"""The Ermahnung and the Sanktion in the pure engine (`WarnPlayer`, `SanctionPlayer`), by the
Düsterliga's "Verbotenes Verhalten" – each test named after the clause it proves:

- ermahnung: "Bevor die Spielleitung eine Sanktion ausspricht, ist der entsprechende Spieler
  zu ermahnen und auf die ihm drohende Sanktion hinzuweisen …"
- schwerste: "Die schwerste Sanktion … ist der Ausschluss aus der Runde nach den Regelungen
  über inaktive Dorfbewohner" ("Der Dorfbewohner verstirbt am darauffolgenden Morgen. Seine
  Rolle wird nicht offenbart.")
- ermessen: any other sanction is the Spielleitung's to carry out: the game does not change.
"""

from __future__ import annotations

import dataclasses

import pytest
from test_interventions import ROSTER, day_one, of, until

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import (
    InterventionError,
    ReplacePlayer,
    SanctionPlayer,
    WarnPlayer,
    about_a_player,
    names_exclusion,
    same_sanction,
)
from wolfbot.engine.interventions.rules import announced_sanction
from wolfbot.forum import software
from wolfbot.intake.process import process_post
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import death_phrase, worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
EXCLUSION = "Ausschluss aus der Runde"
VOTE = "keine Stimme in der nächsten Dämmerung"


@pytest.mark.parametrize(
    "sanction,exclusion",
    [
        ("Ausschluss", True),
        ("ausschluss aus der runde", True),
        ("Ausschluß aus der Runde.", True),
        ("Ausschluss aus der Runde nach den Regelungen über inaktive Dorfbewohner", True),
        ("  Rundenausschluss ", True),
        ("Ausschluss von der nächsten Abstimmung", False),
        ("kein Ausschluss", False),
        (VOTE, False),
    ],
    ids=[
        "schwerste: Ausschluss",
        "schwerste: any case",
        "schwerste: ß and a full stop",
        "schwerste: as the clause says it",
        "schwerste: Rundenausschluss",
        "ermessen: excluded from a vote is a lesser sanction",
        "ermessen: no exclusion",
        "ermessen: no vote",
    ],
)
def test_the_exclusion_is_recognised_by_the_ruleset_s_spellings(sanction, exclusion) -> None:
    assert names_exclusion(RULES, sanction) is exclusion


def test_ermahnung_the_same_sanction_in_another_spelling() -> None:
    assert same_sanction(RULES, "Ausschluss", "Ausschluss aus der Runde")
    assert same_sanction(RULES, VOTE, "Keine Stimme in der nächsten  Dämmerung.")
    assert not same_sanction(RULES, VOTE, "Ausschluss")


def test_ermahnung_a_warning_changes_nothing_but_the_log() -> None:
    game = day_one()
    before = dataclasses.replace(game.state, log=[])
    events = game.intervene(WarnPlayer("Emil", EXCLUSION, "zitiert"))
    assert events == [ev.Intervened("warn", "Emil", EXCLUSION, "zitiert")]
    assert dataclasses.replace(game.state, log=[]) == before
    assert announced_sanction(game, "Emil") == EXCLUSION
    assert announced_sanction(game, "Anna") is None


def test_ermahnung_the_warning_is_worded_in_the_player_s_conversation() -> None:
    game = day_one()
    events = game.intervene(WarnPlayer("Emil", VOTE, "hat aus der Wolfshöhle zitiert"))
    (message,) = Publisher().feed(game, events)
    assert message.channel == "private" and message.recipients == ("Emil",)
    assert message.title == "Ermahnung"
    assert "hat aus der Wolfshöhle zitiert" in message.html
    assert f"<strong>{VOTE}</strong>" in message.html
    assert RULES.conduct.clauses["ermahnung"] in message.html  # quoted
    assert "Ausschluss" not in message.html  # no exclusion threatened


def test_ermessen_a_lesser_sanction_is_told_and_changes_nothing() -> None:
    game = day_one()
    game.intervene(WarnPlayer("Emil", VOTE, "zitiert"))
    before = dataclasses.replace(game.state, log=[])
    events = game.intervene(SanctionPlayer("Emil", VOTE, "erneut zitiert"))
    assert events == [ev.Intervened("sanction", "Emil", VOTE, "erneut zitiert")]
    assert dataclasses.replace(game.state, log=[]) == before
    (message,) = Publisher().feed(game, events)
    assert message.recipients == ("Emil",) and message.title == "Sanktion"
    assert f"<strong>{VOTE}</strong>" in message.html and "erneut zitiert" in message.html


def test_schwerste_the_excluded_player_dies_the_next_morning_without_his_role() -> None:
    game = day_one()
    game.intervene(WarnPlayer("Emil", EXCLUSION, "zitiert"))
    events = game.intervene(SanctionPlayer("Emil", "Ausschluss", "erneut zitiert"))
    assert of(events, ev.PlayerExcluded) == [ev.PlayerExcluded("Emil", "Sanktion")]
    assert game.player("Emil").alive and not game.player("Emil").active
    until(game, "day 2")
    (death,) = [d for d in of(game.state.log, ev.PlayerDied) if d.player == "Emil"]
    # "Seine Rolle wird nicht offenbart" – and the posts say why he is gone: not for
    # inactivity, but as the Spielleitung's sanction
    assert (death.role, death.cause, death.time) == (None, "Sanktion", "day 2")
    assert "als Sanktion" in death_phrase(game.rules, death.cause)


def test_schwerste_the_excluded_player_is_told_why_his_commands_no_longer_count() -> None:
    game = day_one()
    game.intervene(WarnPlayer("Emil", EXCLUSION, "zitiert"))
    game.intervene(SanctionPlayer("Emil", "Ausschluss", "erneut zitiert"))
    body = software.named("woltlab").dialect.read("<p><strong>!Lynch Anna</strong></p>")
    events = process_post(game, "Emil", "thread", body)
    (refusal,) = [e.reason for e in events if isinstance(e, ev.CommandRejected)]
    assert worded(game.rules, refusal) == (
        "Die Spielleitung hat dich als Sanktion aus der Runde ausgeschlossen."
    )


def test_schwerste_a_reserve_takes_the_place_of_the_excluded_player() -> None:
    game = day_one()
    game.intervene(WarnPlayer("Emil", EXCLUSION, "zitiert"))
    game.intervene(SanctionPlayer("Emil", EXCLUSION, "erneut zitiert"))
    game.intervene(ReplacePlayer("Emil", "Zoë", "erneut zitiert"))
    assert game.player("Zoë").active
    until(game, "day 2")
    assert game.player("Zoë").alive


def _no_clause() -> tuple[Game, WarnPlayer]:
    rules = loader.load("weerwolven")
    roster = [(name, "Burger") for name, _ in ROSTER[:6]] + [("Gerd", "Weerwolf")]
    game = Game.new(rules, roster, seed=1)
    return game, WarnPlayer("Anna", VOTE, "x")


REFUSED = {
    "ermahnung: no sanction without a warning": (
        lambda: (day_one(), SanctionPlayer("Emil", VOTE, "x")),
        "Emil wurde nicht ermahnt: „Bevor die Spielleitung eine Sanktion ausspricht",
    ),
    "ermahnung: a warning names the sanction": (
        lambda: (day_one(), WarnPlayer("Emil", " ", "x")),
        "Die Sanktion fehlt",
    ),
    "ermahnung: only a player of the round": (
        lambda: (day_one(), WarnPlayer("Zoë", VOTE, "x")),
        "Zoë",
    ),
    "schwerste: not of the dead": (
        lambda: (_warned("Gerd"), SanctionPlayer("Gerd", EXCLUSION, "x")),
        "Gerd ist bereits verstorben.",
    ),
    "schwerste: not twice": (
        lambda: (_sanctioned("Emil"), SanctionPlayer("Emil", EXCLUSION, "x")),
        "Emil ist bereits aus der Runde ausgeschlossen.",
    ),
}


def _warned(name: str) -> Game:
    game = day_one()
    game.intervene(WarnPlayer(name, EXCLUSION, "zitiert"))
    return game


def _sanctioned(name: str) -> Game:
    game = _warned(name)
    game.intervene(SanctionPlayer(name, EXCLUSION, "zitiert"))
    return game


@pytest.mark.parametrize("setup,reason", list(REFUSED.values()), ids=list(REFUSED))
def test_refused(setup, reason: str) -> None:
    game, intervention = setup()
    before = dataclasses.asdict(game.state)
    with pytest.raises(InterventionError) as refused:
        game.intervene(intervention)
    assert reason in worded(game.rules, refused.value.reason)
    assert dataclasses.asdict(game.state) == before


def test_rules_without_the_clause_have_no_warning() -> None:
    game, warning = _no_clause()
    with pytest.raises(InterventionError) as refused:
        game.intervene(warning)
    assert "geen waarschuwing" in worded(game.rules, refused.value.reason)


def test_the_cli_s_kinds_are_the_engine_s_values() -> None:
    assert about_a_player("warn", "Emil", VOTE, "x") == WarnPlayer("Emil", VOTE, "x")
    assert about_a_player("sanction", "Emil", VOTE, "x") == SanctionPlayer("Emil", VOTE, "x")


def test_the_same_warnings_and_sanctions_give_the_same_events() -> None:
    def play() -> list[ev.Event]:
        game = day_one()
        game.intervene(WarnPlayer("Emil", VOTE, "zitiert"))
        game.intervene(SanctionPlayer("Emil", VOTE, "erneut"))
        game.intervene(WarnPlayer("Holle", EXCLUSION, "zitiert"))
        game.intervene(SanctionPlayer("Holle", EXCLUSION, "erneut"))
        until(game, "day 2")
        return game.state.log

    assert play() == play()
