"""The lobby's rating ("Deine eigene Zusammenstellung") and the recommended number of
Werwölfe ("Wie viele Werwölfe?"), with the weights of `rules/wolfvillage/setups.yaml`."""

from __future__ import annotations

import itertools

import pytest

from wolfbot.rulesets.loader import RULES_DIR
from wolfbot.setup.lobby import Verdict, rate, recommendation, signed, wolf_check
from wolfbot.setup.setups import RatingSpec, Setup, load_setups

SETUPS = load_setups("wolfvillage")
WEIGHTS = SETUPS.rating.weights


def setup(name: str) -> Setup:
    found = SETUPS.setup(name)
    assert found is not None, name
    return found


def test_the_three_weights_the_text_gives() -> None:
    """ "Ein Dorfbewohner zählt 1, ein Werwolf −6 und die Seherin +7.\""""
    given = {role: WEIGHTS[role] for role in ("Dorfbewohner", "Werwolf", "Seherin")}
    assert given == {"Dorfbewohner": 1, "Werwolf": -6, "Seherin": 7}


@pytest.mark.parametrize("players", range(4, 21), ids=lambda n: f"einsteiger-{n}")
def test_einsteiger_is_rated_ausgeglichen_at_every_count(players: int) -> None:
    """ "Das Spiel bewertet sie bei jeder Spielerzahl von 4 bis 20 als Ausgeglichen.\""""
    einsteiger = setup("Einsteiger")
    rating = rate(SETUPS.cards(einsteiger, players), einsteiger.options, SETUPS.rating)
    assert rating.verdict is Verdict.BALANCED


# one point up and one down a card, the band from −5 to +5
BAND = RatingSpec.model_validate(
    {"weights": {"up": 1, "down": -1}, "balanced": {"min": -5, "max": 5}}
)


@pytest.mark.parametrize(
    ("cards", "verdict", "said"),
    [
        ({"up": 5}, Verdict.BALANCED, "Ausgeglichen (+5)"),
        ({"up": 6}, Verdict.VILLAGE, "Vorteil fürs Dorf (+6)"),
        ({"up": 2, "down": 2}, Verdict.BALANCED, "Ausgeglichen (0)"),
        ({"down": 5}, Verdict.BALANCED, "Ausgeglichen (\u22125)"),
        ({"down": 6}, Verdict.WOLVES, "Vorteil für die Wölfe (\u22126)"),
    ],
    ids=["top-of-band", "above", "even", "bottom-of-band", "below"],
)
def test_the_band_of_ausgeglichen_includes_its_ends(
    cards: dict[str, int], verdict: Verdict, said: str
) -> None:
    rating = rate(cards, {}, BAND)
    assert (rating.verdict, str(rating)) == (verdict, said)


@pytest.mark.parametrize(
    ("cards", "options", "said"),
    [
        ({"Werwolf": 2, "Seherin": 1, "Hexe": 1, "Dorfbewohner": 4}, {}, "Ausgeglichen (+3)"),
        ({"Werwolf": 2, "Seherin": 1, "Hexe": 1, "Dorfbewohner": 4}, {"hauptmann": True},
         "Ausgeglichen (+5)"),
        ({"Werwolf": 2, "Seherin": 1, "Hexe": 1, "Dorfbewohner": 4}, {"hauptmann": False},
         "Ausgeglichen (+3)"),
        ({"Werwolf": 4, "Dorfbewohner": 6}, {}, "Vorteil für die Wölfe (\u221218)"),
        ({"Werwolf": 1, "Seherin": 1, "Hexe": 1, "Jäger": 1, "Dorfbewohner": 6}, {},
         "Vorteil fürs Dorf (+14)"),
        ({"Werwolf": 1, "Günstling": 1, "Fuchs": 1, "Narr": 1, "Dorfbewohner": 4}, {},
         "Vorteil für die Wölfe (\u221211)"),
    ],
    ids=["eight", "eight-hauptmann", "hauptmann-off", "wolves-heavy", "village-heavy", "loners"],
)  # fmt: skip
def test_a_list_scores_its_cards_and_the_hauptmann(
    cards: dict[str, int], options: dict[str, bool], said: str
) -> None:
    assert str(rate(cards, options, SETUPS.rating)) == said


def _readme_ratings() -> dict[tuple[str, int], str]:
    """The table of ratings in rules/wolfvillage/README.md: (setup, players) → points."""
    text = (RULES_DIR / "wolfvillage" / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    first = lines.index(next(line for line in lines if line.startswith("| Zusammenstellung |")))
    table = list(itertools.takewhile(lambda line: line.startswith("|"), lines[first:]))
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table]
    header, body = rows[0], rows[2:]
    counts = [int(cell) for cell in header[1:]]
    return {
        (row[0], players): cell
        for row in body
        for players, cell in zip(counts, row[1:], strict=True)
        if cell
    }


def test_the_readme_shows_the_rating_of_every_setup_at_every_count() -> None:
    computed = {
        (one.name, players): signed(
            rate(SETUPS.cards(one, players), one.options, SETUPS.rating).points
        )
        for one in SETUPS.setups
        for players in one.players.values
    }
    assert _readme_ratings() == computed


# -- the recommended number of Werwölfe ------------------------------------------------------
# "1 Werwolf bei 4 bis 6 Spielern, 2 bei 7 bis 10, 3 bei 11 bis 16 und 4 bei 17 bis 20"
RECOMMENDED = {4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 2, 10: 2, 11: 3, 12: 3, 13: 3, 14: 3, 15: 3,
               16: 3, 17: 4, 18: 4, 19: 4, 20: 4, 3: None, 21: None}  # fmt: skip


@pytest.mark.parametrize(("players", "wolves"), RECOMMENDED.items(), ids=lambda v: str(v))
def test_the_recommended_number_of_werwoelfe(players: int, wolves: int | None) -> None:
    """ "Wie viele Werwölfe bei 10 Spielern? Zwei." – "bei 8 Spielern? Zwei." – none outside
    "Wolf Village nimmt 4 bis 20 Spieler"."""
    assert SETUPS.recommended_wolves(players) == wolves


@pytest.mark.parametrize(
    ("cards", "have", "wanted", "said"),
    [
        ({"Werwolf": 2, "Seherin": 1, "Dorfbewohner": 7}, 2, 2,
         "Werwölfe: 2 bei 10 Spielern, wie empfohlen (es zählen Werwolf und Günstling)."),
        ({"Werwolf": 1, "Günstling": 1, "Seherin": 1, "Dorfbewohner": 7}, 2, 2,
         "Werwölfe: 2 bei 10 Spielern, wie empfohlen (es zählen Werwolf und Günstling)."),
        ({"Werwolf": 4, "Seherin": 1, "Dorfbewohner": 7}, 4, 3,
         "Warnung: mehr Werwölfe als empfohlen – 4 statt 3 bei 12 Spielern (es zählen Werwolf "
         "und Günstling)."),
        ({"Werwolf": 1, "Seherin": 1, "Dorfbewohner": 8}, 1, 2,
         "Warnung: weniger Werwölfe als empfohlen – 1 statt 2 bei 10 Spielern (es zählen "
         "Werwolf und Günstling)."),
        ({"Werwolf": 2, "Günstling": 1, "Dorfbewohner": 7}, 3, 2,
         "Warnung: mehr Werwölfe als empfohlen – 3 statt 2 bei 10 Spielern (es zählen Werwolf "
         "und Günstling)."),
        ({"Werwolf": 5, "Dorfbewohner": 19}, 5, None,
         "Für 24 Spieler gibt es keine empfohlene Zahl von Werwölfen."),
    ],
    ids=["as-recommended", "guenstling-counts", "more", "fewer", "guenstling-too-many",
         "no-recommendation"],
)  # fmt: skip
def test_a_list_is_compared_with_the_recommended_number(
    cards: dict[str, int], have: int, wanted: int | None, said: str
) -> None:
    """ "Ein Günstling nimmt in der empfohlenen Zahl den Platz eines Werwolfs ein.\""""
    check = wolf_check(cards, SETUPS)
    assert (check.have, check.wanted, str(check)) == (have, wanted, said)
    assert check.fits is (have == wanted)


@pytest.mark.parametrize(
    ("name", "warned"),
    [("Einsteiger", []), ("Klassisch", []), ("Standard 12", [12]), ("Fuchs", []), ("Chaos", [])],
    ids=["einsteiger", "klassisch", "standard12", "fuchs", "chaos"],
)
def test_only_standard_12_deals_other_than_recommended(name: str, warned: list[int]) -> None:
    """Fuchs and Chaos deal one Werwolf fewer and a Günstling; Standard 12 four Werwölfe."""
    one = setup(name)
    off = [n for n in one.players.values if not wolf_check(SETUPS.cards(one, n), SETUPS).fits]
    assert off == warned


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (None, "Empfohlen: 1 Werwolf bei 4 bis 6 Spielern, 2 bei 7 bis 10, 3 bei 11 bis 16, "
               "4 bei 17 bis 20 (es zählen Werwolf und Günstling)."),
        (10, "Empfohlen bei 10 Spielern: 2 Werwölfe (es zählen Werwolf und Günstling)."),
        (3, "Für 3 Spieler gibt es keine Empfehlung (4 bis 20)."),
    ],
    ids=["all", "ten", "too-few"],
)  # fmt: skip
def test_the_recommendation_is_said_as_the_text_says_it(players: int | None, said: str) -> None:
    assert recommendation(SETUPS, players) == said
