"""Issue 38, item 3: where the model and the league's experience disagree, the estimate says
so in the words a Spielleitung reads, with the interval and the model's measured error on
such lists – not a bare "Rudel 77 %". And what the rule of thumb says of a list: the
Düsterliga's "Rollenverteilung" (followed, or departed from), Wolf Village's lobby."""

from __future__ import annotations

import re

import pytest

from wolfbot.balance.advice import MEASURED_ERROR
from wolfbot.balance.rating import Rating, SideRate
from wolfbot.rulesets import loader
from wolfbot.setup.list_advice import ListAdvice, advice_on
from wolfbot.setup.role_advice import departures, suggest_roles
from wolfbot.setup.setups import load_setups

DUESTERLIGA = loader.load("duesterliga")
WOLFVILLAGE = loader.load("wolfvillage")
FOLLOWS = ListAdvice(
    "league", True, None, "Die Liste folgt der Rollenverteilung der Liga, die sie als …"
)
DEPARTS = ListAdvice("league", False, None, "Die Liste weicht von der Rollenverteilung ab.")
LOBBY_EVEN = ListAdvice("lobby", True, None, "Die Lobby … bewertet … „Ausgeglichen“.")
LOBBY_WOLVES = ListAdvice("lobby", True, "wolves", "Die Lobby … „Vorteil für die Wölfe“.")


def rating(village: int, others: str = "Rudel", games: int = 200) -> Rating:
    sides = sorted(
        [SideRate("Dorf", village, games), SideRate(others, games - village, games)],
        key=lambda s: -s.wins,
    )
    return Rating(12, games, tuple(sides), 5.0, 0, 1)


def caution(source: str) -> str:
    return f"im Mittel um {MEASURED_ERROR[source]} Punkte daneben"  # type: ignore[index]


@pytest.mark.parametrize(
    ("estimate", "advice", "said", "unsaid"),
    [
        (
            rating(46),
            FOLLOWS,
            [
                "Das Modell sieht das Rudel deutlich vorn (Rudel 77,0 %, 70,7–82,3 %).",
                "folgt der Rollenverteilung der Liga",
                caution("league"),
                "lies die Zahl als Vergleich zwischen Listen, nicht als Vorhersage",
            ],
            ["stimmt", "Bei einfachen"],
        ),
        (
            rating(104),
            FOLLOWS,
            [
                "Das Modell sieht die Liste ungefähr ausgeglichen (Dorf 52,0 %, 45,1–58,8 %).",
                "Darin stimmt das Modell mit ihr überein.",
            ],
            ["daneben"],
        ),
        (
            rating(60),
            DEPARTS,
            [
                "Das Modell sieht das Rudel deutlich vorn (Rudel 70,0 %",
                "weicht von der Rollenverteilung ab",
                "nicht verglichen worden",
            ],
            ["daneben", "stimmt"],
        ),
        (
            rating(70, "Werwölfe"),
            LOBBY_EVEN,
            ["Das Modell sieht die Werwölfe deutlich vorn (Werwölfe 65,0 %", caution("lobby")],
            ["stimmt"],
        ),
        (
            rating(124, "Werwölfe"),
            LOBBY_EVEN,
            ["Das Modell sieht das Dorf etwas vorn (Dorf 62,0 %", caution("lobby")],
            ["stimmt"],
        ),
        (
            rating(60, "Werwölfe"),
            LOBBY_WOLVES,
            ["die Werwölfe deutlich vorn", "Darin stimmt das Modell mit ihr überein."],
            ["daneben"],
        ),
        (
            rating(140, "Rudel"),
            None,
            [
                "gewinnt die Seite Dorf etwa 7 von 10 Spielen (70,0 %, 63,3–75,9 %)",
                "Mit Listen dieses Regelwerks ist das Modell nicht verglichen worden",
            ],
            ["daneben", "stimmt"],
        ),
    ],
    ids=[
        "league list, model leans: it says so, with the error",
        "league list, model even: they agree",
        "far from the advice: not compared",
        "lobby balanced, model leans to the wolves",
        "lobby balanced, model leans a little to the village",
        "lobby for the wolves, model agrees",
        "a ruleset without a rating of its lists",
    ],
)
def test_the_estimate_says_where_model_and_experience_disagree(
    estimate: Rating, advice: ListAdvice | None, said: list[str], unsaid: list[str]
) -> None:
    text = estimate.meaning(advice)
    assert text.startswith("Das heißt: ")
    for words in said:
        assert words in text, text
    for words in unsaid:
        assert words not in text, text
    # German only: none of the code's words, nor the Weerwolven's Dutch
    assert not re.search(r"\b(village|wolves|league|lobby|None|Dorp|Weerwolf)\b", text), text


def _einsteiger(players: int, more_wolves: int = 0) -> tuple[list[str], dict]:
    setups = load_setups("wolfvillage")
    setup = setups.setup("Einsteiger")
    assert setup is not None
    cards = setups.cards(setup, players)
    cards["Werwolf"] += more_wolves
    cards["Dorfbewohner"] -= more_wolves
    return [r for r, n in cards.items() for _ in range(n)], dict(setup.options)


@pytest.mark.parametrize(
    ("rules", "roles", "follows", "favours", "words"),
    [
        (DUESTERLIGA, list(suggest_roles(12, DUESTERLIGA, rng_seed=1).roles), True, None,
         "folgt der Rollenverteilung der Liga"),
        (DUESTERLIGA, ["Werwolf"] * 4 + ["Seherin", "Bürger", "Bürger", "Bürger"], False, None,
         "weicht von der Rollenverteilung der Liga ab. Abweichend: Werwölfe: 4 statt 2 bei 8 "
         "Spielern; Sonderrollen des Dorfes: 1 statt 2 bei 8 Spielern."),
        (WOLFVILLAGE, _einsteiger(12)[0], True, None, "„Ausgeglichen“ (−1)"),
        (WOLFVILLAGE, _einsteiger(12, +1)[0], True, "wolves", "„Vorteil für die Wölfe“ (−8)"),
        (WOLFVILLAGE, _einsteiger(12, -1)[0], True, "village", "„Vorteil fürs Dorf“ (+6)"),
    ],
    ids=["league suggestion", "four wolves of eight", "Einsteiger", "a wolf more", "a wolf fewer"],
)  # fmt: skip
def test_the_rule_of_thumb_on_a_list(
    rules, roles: list[str], follows: bool, favours: str | None, words: str
) -> None:
    advice = advice_on(rules, roles, {})
    assert advice is not None
    assert (advice.follows, advice.favours) == (follows, favours)
    assert words in advice.said


def test_a_ruleset_without_a_rule_of_thumb_has_no_advice() -> None:
    assert advice_on(loader.load("klassisch"), ["Werwolf", "Seherin", "Bürger"], {}) is None


@pytest.mark.parametrize(
    ("roles", "departs"),
    [
        (list(suggest_roles(16, DUESTERLIGA, rng_seed=3).roles), []),
        (["Werwolf"] * 4 + ["Seherin", "Bürger", "Bürger", "Bürger"],
         ["Werwölfe: 4 statt 2 bei 8 Spielern",
          "Sonderrollen des Dorfes: 1 statt 2 bei 8 Spielern"]),
        (["Werwolf", "Werwolf", "Seherin", "Hexe"] + ["Bürger"] * 4, []),
        (["Werwolf"] * 3 + ["Seherin", "Hexe", "Jäger"] + ["Bürger"] * 6,
         ["Werwölfe mit Sonderrolle: 0 statt 1 bei 12 Spielern"]),
    ],
    ids=["a suggestion", "jeder vierte Spieler", "a Dorf role per Werwolf", "every third special"],
)  # fmt: skip
def test_departures_from_the_rollenverteilung(roles: list[str], departs: list[str]) -> None:
    assert departures(roles, DUESTERLIGA) == departs
