"""A role list as the Spielleitung types it (`wolfbot setup … --roles`): names in every
spelling the ruleset accepts, counts before or after the name, German errors."""

from __future__ import annotations

import pytest

from wolfbot.rulesets import loader
from wolfbot.setup.role_list import RoleListError, group_warnings, parse_roles

RULES = loader.load("wolfvillage")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Werwolf, Werwolf, Seherin, Hexe", {"Werwolf": 2, "Seherin": 1, "Hexe": 1}),
        ("3x Dorfbewohner", {"Dorfbewohner": 3}),
        ("3 x Dorfbewohner", {"Dorfbewohner": 3}),
        ("3× Dorfbewohner", {"Dorfbewohner": 3}),
        ("3*Dorfbewohner", {"Dorfbewohner": 3}),
        ("3 Dorfbewohner", {"Dorfbewohner": 3}),
        ("Dorfbewohner*3", {"Dorfbewohner": 3}),
        ("Dorfbewohner x3", {"Dorfbewohner": 3}),
        ("Dorfbewohner × 3", {"Dorfbewohner": 3}),
        ("wolf, WERWOLF, seher, Bürger", {"Werwolf": 2, "Seherin": 1, "Dorfbewohner": 1}),
        ("Ja\u0308ger; 2x Freimaurer\nHexe", {"Jäger": 1, "Freimaurer": 2, "Hexe": 1}),
        ("Seherin, , 2x Werwolf,", {"Seherin": 1, "Werwolf": 2}),
    ],
    ids=["spelt-out", "count-x", "count-space-x", "count-times", "count-star", "count-space",
         "star-count", "x-count", "times-count", "aliases-and-case", "nfd-and-separators",
         "empty-entries"],
)  # fmt: skip
def test_a_typed_list_becomes_cards(text: str, cards: dict[str, int]) -> None:
    assert parse_roles(text, RULES) == cards


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Werwolf, Sehrin", "Keine Rolle heißt „Sehrin“. Meintest du „Seherin“?"),
        ("Werwolf, Zahnfee", "Keine Rolle heißt „Zahnfee“."),
        ("0x Hexe", "„0x Hexe“: wenigstens eine Karte."),
        (" , ", "Die Rollenliste nennt keine Rolle."),
        ("Hauptmann", "Keine Rolle heißt „Hauptmann“."),
    ],
    ids=["typo", "unknown", "none-of-a-role", "empty", "a-title-is-no-card"],
)
def test_a_wrong_list_is_a_german_error(text: str, message: str) -> None:
    with pytest.raises(RoleListError) as wrong:
        parse_roles(text, RULES)
    assert message in str(wrong.value)


def test_every_problem_of_a_list_is_said_at_once() -> None:
    with pytest.raises(RoleListError) as wrong:
        parse_roles("Sehrin, Werwolf, Hexee", RULES)
    assert str(wrong.value).splitlines() == [
        "Keine Rolle heißt „Sehrin“. Meintest du „Seherin“?",
        "Keine Rolle heißt „Hexee“. Meintest du „Hexe“?",
    ]


PAIR = "Warnung: Freimaurer kommen zu 2 ins Spiel; die Liste hat"


@pytest.mark.parametrize(
    ("cards", "warnings"),
    [
        ({"Freimaurer": 2, "Werwolf": 1}, []),
        ({"Freimaurer": 1, "Werwolf": 1}, [f"{PAIR} 1."]),
        ({"Freimaurer": 3}, [f"{PAIR} 3."]),
        ({"Seherin": 2}, []),
    ],
    ids=["pair", "alone", "three", "not-a-group"],
)  # fmt: skip
def test_the_freimaurer_come_as_a_pair(cards: dict[str, int], warnings: list[str]) -> None:
    """ "Die Freimaurer kommen als Paar.\""""
    assert group_warnings(cards, RULES) == warnings
