"""The Spielvarianten as house rules (`variants`): who may be dealt, what the
Eröffnungsbeitrag tells and hides, the accusation's reason as the player writes it, and the
conversations' use."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from wolfbot.engine import events as ev
from wolfbot.engine.errors import SetupError
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import ChooseVictim, InterventionError, KillPlayer
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.commands import parse_command
from wolfbot.intake.process import process_post
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
VILLAGE = [("Clara", "Seherin"), ("Dora", "Hexe"), ("Emil", "Bürger"), ("Frieda", "Bürger")]


@pytest.mark.parametrize(
    ("players", "variants", "message"),
    [
        ([("Xena", "Sektenführer"), *VILLAGE], [], "nur in der Spielvariante „Die Sekte“"),
        ([("Vlad", "Vampir"), ("Gustav", "Ghul"), *VILLAGE], ["vampirismus"], "nicht verteilt"),
        ([("Anna", "Werwolf"), *VILLAGE], ["schwarze_pest"], "Die Schwarze Pest"),
        ([("Wolf", "Einsamer Wolf"), *VILLAGE], ["schwarze_pest"], "Einsamer Wolf"),
        ([("Mia", "Mörder"), ("Vlad", "Vampir"), *VILLAGE], ["vampirismus"], "Vampirismus"),
        ([("Anna", "Werwolf"), *VILLAGE], ["zombies"], "Unbekannte Spielvarianten: zombies"),
    ],
    ids=[
        "sekte-off",
        "ghul-not-dealt",
        "pest-no-wolves",
        "pest-no-lone-wolf",
        "vampir-no-lone",
        "unknown",
    ],
)
def test_a_round_deals_only_what_its_variants_allow(players, variants, message) -> None:
    with pytest.raises(SetupError) as raised:
        Game.new(RULES, players, seed=1, options={"variants": variants})
    assert message in worded(RULES, raised.value.reason)


def _opening(players, variants) -> BeautifulSoup:
    game = Game.new(RULES, players, seed=1, options={"variants": variants})
    return BeautifulSoup(Publisher().opening(game).html, "html.parser")


def test_the_schwarze_pest_is_not_announced() -> None:
    """ "Es gibt keine Werwölfe, aber dies gibt die Spielleitung nicht bekannt." – the
    Eröffnungsbeitrag reads as a round with Werwölfe: their role, the Rudel, their place in
    the Nachtreihenfolge, and no counts."""
    page = _opening(VILLAGE, ["schwarze_pest"])
    text = page.get_text(" ")
    # only the Spielanleitung's own "Es gibt keine Schwarze Pest!", as in every round
    assert text.count("Schwarze Pest") == 1 and "Es gibt keine Schwarze Pest" in text
    assert "Spielvarianten" not in text
    assert "Die (gewöhnlichen) Werwölfe" in text and "Das Rudel gewinnt" in text
    assert any(li.get_text() == "Die Werwölfe" for li in page.find_all("li"))
    assert "(gewöhnliche) Bürger und" not in text  # no "davon 4 … Bürger und 0 … Werwölfe"


def test_an_announced_variant_is_in_the_opening_with_its_text_and_night_entry() -> None:
    page = _opening([("Anna", "Werwolf"), *VILLAGE], ["totenreich"])
    text = page.get_text(" ")
    assert "Spielvarianten" in text and "Das Totenreich" in text
    assert "Die ersten fünf toten Spieler" in text
    assert any(li.get_text() == "Ruhelose Geister" for li in page.find_all("li"))
    assert "variants" not in text and "totenreich," not in text  # not among the Hausregeln


def test_the_dieb_s_spare_roles_are_no_announced_house_rule() -> None:
    game = Game.new(
        RULES,
        [("Dieter", "Dieb"), ("Anna", "Werwolf"), *VILLAGE],
        seed=1,
        options={"dieb_roles": ["Urwolf", "Amor"]},
    )
    text = BeautifulSoup(Publisher().opening(game).html, "html.parser").get_text(" ")
    assert "Urwolf" not in text and "Amor" not in text  # the two left over stay secret


@pytest.mark.parametrize(
    ("line", "target", "note"),
    [
        ("!Anklagen Anna lügt", "Anna", "lügt"),
        ("!Anklagen Anna: war zu still", "Anna", "war zu still"),
        ("!Anklagen Frau Holle – hat gelogen, sagt sie", "Frau Holle", "hat gelogen, sagt sie"),
    ],
    ids=["plain", "colon", "two-word-name"],
)
def test_the_accusation_s_reason_is_the_rest_of_the_line(line, target, note) -> None:
    game = Game.new(
        RULES,
        [("Anna", "Werwolf"), ("Frau Holle", "Bürger"), ("Gerd", "Bürger"), *VILLAGE],
        seed=1,
        options={"variants": ["totenreich"]},
    )
    game.intervene(KillPlayer("Gerd", "Test"))
    command = parse_command(line, "Gerd", "spirits", game)
    assert (command.targets, command.note) == ((target,), note)
    assert command.text() == f"!Anklagen {target} {note}"


def test_the_schwarze_pest_s_victim_is_chosen_at_night_only_in_its_variant() -> None:
    game = Game.new(RULES, [("Anna", "Werwolf"), *VILLAGE], seed=1)
    with pytest.raises(InterventionError, match="no_victim_to_choose"):
        game.intervene(ChooseVictim("Emil", "Test"))
    pest = Game.new(RULES, VILLAGE, seed=1, options={"variants": ["schwarze_pest"]})
    pest.intervene(ChooseVictim("Emil", "Test"))
    pest.advance()
    with pytest.raises(InterventionError, match="victim_at_night"):
        pest.intervene(ChooseVictim("Frieda", "Test"))


@pytest.mark.parametrize(
    ("channel", "phase_steps", "told"),
    [("wolves", 1, True), ("wolves", 0, False), ("dead", 1, False), ("lovers", 1, False)],
    ids=["wolfshoehle-by-day", "wolfshoehle-at-night", "totenreich", "bettgefluester"],
)
def test_a_conversation_used_when_it_may_not_be_is_told(channel, phase_steps, told) -> None:
    """ "Die Werwölfe dürfen diese Konversation nur in der Nacht nutzen"; the Totenreich and
    the Bettgeflüster have no such limit."""
    game = Game.new(RULES, [("Anna", "Werwolf"), ("Bernd", "Werwolf"), *VILLAGE], seed=1)
    for _ in range(phase_steps):
        game.advance()
    mark = len(game.state.log)
    process_post(game, "Anna", channel, WOLTLAB.read("<p>Guten Morgen!</p>"))
    infos = [e for e in game.state.log[mark:] if isinstance(e, ev.PrivateInfo)]
    assert bool(infos) == told
