"""Issue 38, item 2: the reference lists the player model is calibrated against – what the
seeds say of them – and how the agreement is measured."""

from __future__ import annotations

from collections import Counter

import pytest

from wolfbot.balance.calibration import (
    Rated,
    Reference,
    agreement,
    spearman,
)
from wolfbot.balance.rating import Rating, SideRate
from wolfbot.spielleitung.reference_lists import references

REFERENCES = references()


def family(name: str) -> list[Reference]:
    return [r for r in REFERENCES if r.family == name]


def test_einsteiger_is_balanced_at_every_count_from_4_to_20() -> None:
    """ "Das Spiel bewertet sie bei jeder Spielerzahl von 4 bis 20 als Ausgeglichen.\""""
    einsteiger = family("Einsteiger")
    assert [r.players for r in einsteiger] == list(range(4, 21))
    assert all(r.expects is None and r.own for r in einsteiger)
    assert Counter(einsteiger[-1].roles) == {"Werwolf": 4, "Seherin": 1, "Heiler": 1,
                                             "Dorfbewohner": 14}  # fmt: skip


@pytest.mark.parametrize(
    ("players", "expects"),
    [(12, "wolves"), (12, "village")],
    ids=["a Werwolf more", "a Werwolf fewer"],
)
def test_a_werwolf_more_or_fewer_leaves_the_band_of_the_lobby(players: int, expects: str) -> None:
    """ "Ein Dorfbewohner zählt 1, ein Werwolf −6": a Werwolf for a Dorfbewohner is −7."""
    wolves = 4 if expects == "wolves" else 2
    adjusted = [r for r in family("Angepasst") if r.players == players]
    found = [r for r in adjusted if r.roles.count("Werwolf") == wolves]
    assert len(found) == 1 and found[0].expects == expects and found[0].own


def test_the_league_lists_are_its_suggestions_from_8_to_24() -> None:
    league = family("Düsterliga")
    assert [r.players for r in league] == list(range(8, 25))
    assert all(r.expects is None and r.lobby is None for r in league)


def test_the_lobby_rated_setups_are_measured_not_searched_for() -> None:
    others = [r for r in REFERENCES if r.family in ("Klassisch", "Standard 12", "Fuchs", "Chaos")]
    assert others and not any(r.own for r in others)


@pytest.mark.parametrize(
    ("xs", "ys", "rho"),
    [
        ([1, 2, 3, 4], [10, 20, 30, 40], 1.0),
        ([1, 2, 3, 4], [4, 3, 2, 1], -1.0),
        ([1, 1, 2, 3], [1, 2, 3, 4], 0.9487),
        ([1, 1, 1], [1, 2, 3], 0.0),
    ],
    ids=["same order", "reversed", "tied ranks", "no spread"],
)
def test_spearman(xs: list[float], ys: list[float], rho: float) -> None:
    assert spearman(xs, ys) == pytest.approx(rho, abs=1e-4)


def _rated(ref: Reference, village: int) -> Rated:
    sides = (SideRate("Dorf", village, 100), SideRate("Rudel", 100 - village, 100))
    return Rated(ref, Rating(ref.players, 100, sides, 4.0, 0, 1))


def test_the_agreement_counts_distance_direction_and_rank() -> None:
    einsteiger = family("Einsteiger")[:2]
    more, fewer = (r for r in family("Angepasst") if r.players == 12)
    rated = [_rated(einsteiger[0], 60), _rated(einsteiger[1], 30), _rated(more, 70),
             _rated(fewer, 80)]  # fmt: skip
    agreed = agreement(rated)
    assert agreed.seed_mean == pytest.approx(0.15)
    assert agreed.own_max == pytest.approx(0.2)
    assert (agreed.wrong_direction, agreed.directed) == (1, 2)  # a Werwolf more, Dorf ahead
    assert agreed.agreeing == 2  # Einsteiger at 60 % (within 15 points) and a Werwolf fewer
    assert agreed.loss == pytest.approx((0.01 + 0.04 + 0.04 + 0) / 4 - 0.05 * agreed.spearman)
