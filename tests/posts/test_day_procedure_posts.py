"""The Zwischenstand and the Dämmerung of a day that is not an ordinary count show that
day's own state: the Bürgschaft so far (Der Bürge: "Beginnend mit diesem Dorfbewohner, bürgt
nun jeder Dorfbewohner für einen anderen Dorfbewohner …"), the Großes Misstrauen (Der Fremde:
"Stattdessen bestimmt jeder Dorfbewohner gegenüber der Spielleitung zwei andere
Dorfbewohner zu seinen Freunden") – never "Es wurde keine Stimme abgegeben"."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from wolfbot.engine.game import Game
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.posts.publisher import Publisher
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")


def _text(html: str) -> str:
    return " ".join(BeautifulSoup(html, "html.parser").get_text(" ").split())


def _day_after_the_death_of(role: str, first_step: tuple[str, str] | None) -> Game:
    players = [("Anna", "Werwolf"), ("Bert", role)] + [
        (name, "Bürger") for name in ("Clara", "Dora", "Emil", "Frieda")
    ]
    game = Game.new(RULES, players, seed=3)

    def post(by: str, channel: str, command: str) -> None:
        process_post(game, by, channel, WOLTLAB.read(f"<p><strong>{command}</strong></p>"))

    post("Anna", "wolves", "!Fressen Bert")
    game.advance()
    if first_step:  # the Bürge's question at the end of the night
        post("Bert", "private", f"!Bürgen {first_step[0]}")
        post(first_step[0], "thread", f"!Bürgen {first_step[1]}")
    assert str(game.state.phase) == "day 1"
    return game


@pytest.mark.parametrize(
    ("role", "steps", "shown", "not_shown"),
    [
        pytest.param(
            "Bürge",
            ("Clara", "Dora"),
            [
                "Stand der Bürgschaft",
                "Bert hat für Clara gebürgt.",
                "Clara hat für Dora gebürgt.",
                "An der Reihe ist @Dora (!Bürgen [Spielername]). "
                "Noch ohne Bürgen: Anna, Emil, Frieda.",
            ],
            ["Stand der Abstimmung", "Noch keine Stimme abgegeben"],
            id="buergschaft-chain-so-far",
        ),
        pytest.param(
            "Fremder",
            None,
            ["Heute herrscht das Große Misstrauen", "Noch keine Freunde bestimmt: @Anna"],
            ["Stand der Abstimmung", "Noch keine Stimme abgegeben"],
            id="misstrauen-friends-private",
        ),
    ],
)
def test_the_zwischenstand_shows_the_days_procedure(role, steps, shown, not_shown) -> None:
    game = _day_after_the_death_of(role, steps)
    body = _text(Publisher().zwischenstand(game).text)
    for text in shown:
        assert text in body
    for text in not_shown:
        assert text not in body


def test_the_daemmerung_of_a_misstrauen_day_says_friends_may_only_be_changed() -> None:
    game = _day_after_the_death_of("Fremder", None)
    process_post(
        game, "Clara", "private", WOLTLAB.read("<p><strong>!Freund Dora Emil</strong></p>")
    )
    publisher = Publisher()
    messages = publisher.feed(game, game.advance())
    dusk = next(m for m in messages if m.title.startswith("Dämmerung"))
    body = _text(dusk.text)
    assert "Heute herrscht das Große Misstrauen" in body
    assert "Ab jetzt dürfen Freunde nicht mehr erstmals bestimmt" in body
    assert "Noch keine Freunde bestimmt und deshalb morgen mit einer Gegenstimme" in body
    assert "Stand der Abstimmung" not in body
