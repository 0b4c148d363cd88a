"""Wolf Village's ready-made setups as data (`rules/wolfvillage/setups.yaml`): every row of
the text's tables, every sentence of the other setups, the house rules they set; the checks
on load."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wolfbot.rulesets.loader import RULES_DIR, RulesetError
from wolfbot.setup.setups import Setup, load_setups

SETUPS = load_setups("wolfvillage")


def setup(name: str) -> Setup:
    found = SETUPS.setup(name)
    assert found is not None, name
    return found


def rows(table: str) -> list[list[str]]:
    """The cells of a table as the text writes it ("| 4 | 1 | 1 | – | 2 |")."""
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in table.strip().splitlines()
    ]


def number(cell: str) -> int:
    return 0 if cell == "–" else int(cell)


# "| Spieler | Werwölfe | Seherin | Heiler | Dorfbewohner |" – the text's table, verbatim
EINSTEIGER = """
| 4 | 1 | 1 | – | 2 |
| 5 | 1 | 1 | – | 3 |
| 6 | 1 | 1 | – | 4 |
| 7 | 2 | 1 | 1 | 3 |
| 8 | 2 | 1 | 1 | 4 |
| 9 | 2 | 1 | 1 | 5 |
| 10 | 2 | 1 | 1 | 6 |
| 11 | 3 | 1 | 1 | 6 |
| 12 | 3 | 1 | 1 | 7 |
| 13 | 3 | 1 | 1 | 8 |
| 14 | 3 | 1 | 1 | 9 |
| 15 | 3 | 1 | 1 | 10 |
| 16 | 3 | 1 | 1 | 11 |
| 17 | 4 | 1 | 1 | 11 |
| 18 | 4 | 1 | 1 | 12 |
| 19 | 4 | 1 | 1 | 13 |
| 20 | 4 | 1 | 1 | 14 |
"""
# "| Spieler | Werwölfe | Sonderrollen | Dorfbewohner |" – the text's table, verbatim
KLASSISCH = """
| 8 | 2 | Seherin, Hexe, Jäger, Amor | 2 |
| 9 | 2 | Seherin, Hexe, Jäger, Amor | 3 |
| 10 | 2 | Seherin, Hexe, Jäger, Amor | 4 |
| 11 | 3 | Seherin, Hexe, Jäger, Amor, Dorfdepp | 3 |
| 12 | 3 | Seherin, Hexe, Jäger, Amor, Dorfdepp | 4 |
| 13 | 3 | Seherin, Hexe, Jäger, Amor, Dorfdepp | 5 |
| 14 | 3 | Seherin, Hexe, Jäger, Amor, Dorfdepp | 6 |
| 15 | 3 | Seherin, Hexe, Jäger, Amor, Dorfdepp | 7 |
| 16 | 3 | Seherin, Hexe, Jäger, Amor, Dorfdepp | 8 |
| 17 | 4 | Seherin, Heiler, Hexe, Jäger, Amor, Dorfdepp | 7 |
| 18 | 4 | Seherin, Heiler, Hexe, Jäger, Amor, Dorfdepp | 8 |
| 19 | 4 | Seherin, Heiler, Hexe, Jäger, Amor, Dorfdepp | 9 |
| 20 | 4 | Seherin, Heiler, Hexe, Jäger, Amor, Dorfdepp | 10 |
"""
# The other three have sentences, not tables; the same rows, read from them:
# "Standard 12 | genau 12 | 4 Werwölfe, 4 Dorfbewohner, Seherin, Hexe, Jäger, Dorfdepp"
STANDARD_12 = """
| 12 | 4 | Seherin, Hexe, Jäger, Dorfdepp | 4 |
"""
# "Seherin, Heiler (…), ein Günstling (…) und der Fuchs. Ab 11 Spielern kommen zwei
# Freimaurer dazu. Werwölfe: 1 bis 10 Spieler, 2 bis 16, 3 ab 17" – the places left:
# Dorfbewohner
FUCHS = """
| 9 | 1 | Seherin, Heiler, Günstling, Fuchs | 4 |
| 10 | 1 | Seherin, Heiler, Günstling, Fuchs | 5 |
| 11 | 2 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 3 |
| 12 | 2 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 4 |
| 13 | 2 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 5 |
| 14 | 2 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 6 |
| 15 | 2 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 7 |
| 16 | 2 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 8 |
| 17 | 3 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 8 |
| 18 | 3 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 9 |
| 19 | 3 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 10 |
| 20 | 3 | Seherin, Heiler, Günstling, Fuchs, Freimaurer, Freimaurer | 11 |
"""
# "Seherin, Heiler, Jäger, Amor, Günstling, Narr und der Hauptmann. Die Hexe kommt ab 11
# Spielern dazu, der Dorfdepp und der Verfluchte ab 12, die Freimaurer ab 17. Werwölfe:
# 1 bis 10 Spieler, 2 bis 16, 3 ab 17"
CHAOS_9 = "Seherin, Heiler, Jäger, Amor, Günstling, Narr"
CHAOS_12 = f"{CHAOS_9}, Hexe, Dorfdepp, Verfluchter"
CHAOS = f"""
| 9 | 1 | {CHAOS_9} | 2 |
| 10 | 1 | {CHAOS_9} | 3 |
| 11 | 2 | {CHAOS_9}, Hexe | 2 |
| 12 | 2 | {CHAOS_12} | 1 |
| 13 | 2 | {CHAOS_12} | 2 |
| 14 | 2 | {CHAOS_12} | 3 |
| 15 | 2 | {CHAOS_12} | 4 |
| 16 | 2 | {CHAOS_12} | 5 |
| 17 | 3 | {CHAOS_12}, Freimaurer, Freimaurer | 3 |
| 18 | 3 | {CHAOS_12}, Freimaurer, Freimaurer | 4 |
| 19 | 3 | {CHAOS_12}, Freimaurer, Freimaurer | 5 |
| 20 | 3 | {CHAOS_12}, Freimaurer, Freimaurer | 6 |
"""


def _einsteiger_cases() -> list:
    cases = []
    for players, wolves, seherin, heiler, dorfbewohner in rows(EINSTEIGER):
        cards = {
            "Werwolf": number(wolves),
            "Seherin": number(seherin),
            "Heiler": number(heiler),
            "Dorfbewohner": number(dorfbewohner),
        }
        expected = {role: count for role, count in cards.items() if count}
        cases.append(pytest.param("Einsteiger", int(players), expected, id=f"einsteiger-{players}"))
    return cases


def _special_cases(name: str, table: str) -> list:
    cases = []
    for players, wolves, specials, dorfbewohner in rows(table):
        cards = {"Werwolf": int(wolves)}
        for role in specials.split(", "):
            cards[role] = cards.get(role, 0) + 1
        cards["Dorfbewohner"] = int(dorfbewohner)
        case_id = f"{name.casefold().replace(' ', '')}-{players}"
        cases.append(pytest.param(name, int(players), cards, id=case_id))
    return cases


CASES = [
    *_einsteiger_cases(),
    *_special_cases("Klassisch", KLASSISCH),
    *_special_cases("Standard 12", STANDARD_12),
    *_special_cases("Fuchs", FUCHS),
    *_special_cases("Chaos", CHAOS),
]


@pytest.mark.parametrize(("name", "players", "cards"), CASES)
def test_a_setup_deals_what_the_text_says(name: str, players: int, cards: dict[str, int]) -> None:
    assert SETUPS.cards(setup(name), players) == cards


def test_every_row_of_the_text_is_a_case() -> None:
    """17 Einsteiger rows, 13 Klassisch rows, and every count of the other three."""
    expected = {"Einsteiger": 17, "Klassisch": 13, "Standard 12": 1, "Fuchs": 12, "Chaos": 12}
    counted = {name: sum(1 for c in CASES if c.values[0] == name) for name in expected}
    assert counted == expected
    for one in SETUPS.setups:
        assert counted[one.name] == len(one.players.values)


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("Einsteiger", (4, 20), {}),
        ("Klassisch", (8, 20), {"hauptmann": True}),
        ("Standard 12", (12, 12), {"hauptmann": True}),
        ("Fuchs", (9, 20), {"heiler_selbst": False, "guenstling_kennt_woelfe": False}),
        ("Chaos", (9, 20), {"hauptmann": True}),
    ],
    ids=["einsteiger", "klassisch", "standard12", "fuchs", "chaos"],
)
def test_the_player_counts_and_house_rules_of_each_setup(
    name: str, players: tuple[int, int], options: dict[str, bool]
) -> None:
    """ "Klassisch beginnt bei 8 Spielern, Fuchs und Chaos bei 9, und Standard 12 braucht
    genau 12." – "Heiler (der sich nicht selbst schützen darf), ein Günstling, der die
    Werwölfe nicht kennt"; the Hauptmann of Klassisch, Standard 12 and Chaos."""
    found = setup(name)
    assert (found.players.min, found.players.max) == players
    assert found.options == options


@pytest.mark.parametrize(
    ("name", "players", "fits"),
    [("Standard 12", 12, True), ("Standard 12", 11, False), ("Standard 12", 13, False),
     ("Klassisch", 7, False), ("Klassisch", 8, True), ("Fuchs", 8, False), ("Chaos", 20, True),
     ("Einsteiger", 4, True), ("Einsteiger", 21, False)],
    ids=["s12-12", "s12-11", "s12-13", "klassisch-7", "klassisch-8", "fuchs-8", "chaos-20",
         "einsteiger-4", "einsteiger-21"],
)  # fmt: skip
def test_a_setup_fits_only_its_player_counts(name: str, players: int, fits: bool) -> None:
    assert setup(name).fits(players) is fits
    if not fits:
        with pytest.raises(ValueError, match="fits"):
            SETUPS.cards(setup(name), players)


@pytest.mark.parametrize(
    "spelling", ["Standard 12", "standard 12", "STANDARD  12"], ids=["exact", "lower", "upper"]
)
def test_setup_names_are_found_in_any_case(spelling: str) -> None:
    assert setup(spelling).name == "Standard 12"
    assert SETUPS.setup("Standard 13") is None


# -- the checks on load ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{role: Freimaurer, count: 2, from: 11}", "{role: Freimaurer, from: 11}",
         "2 players hold Freimaurer, not 1"),
        ("{role: Narr}", "{role: Zahnfee}", "not a role of wolfvillage"),
        ("    Fuchs: -3\n", "", "no weight for Fuchs"),
        ("options: {hauptmann: true}", "options: {hauptmann: true, zahnfee: true}",
         "zahnfee: not a house rule"),
        ("wolves: {12: 4}", "wolves: {12: 9}", "more cards than 12 players"),
        ("wolves: {9: 1, 11: 2, 17: 3}", "wolves: {10: 1, 11: 2, 17: 3}",
         "wolves start after 9 players"),
        ("{role: Hexe, from: 11}", "{role: Dorfbewohner, from: 11}",
         "Dorfbewohner among its roles"),
        ("- name: Chaos", "- name: fuchs", "two setups of that name"),
        ("players: {min: 12, max: 12}", "players: {min: 12, max: 24}", "players beyond 4–20"),
    ],
    ids=["freimaurer-alone", "unknown-role", "no-weight", "unknown-option", "too-many-cards",
         "no-wolves-at-first", "filler-listed", "same-name", "beyond-the-ruleset"],
)  # fmt: skip
def test_a_wrong_setups_file_is_refused_naming_the_problem(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    for name in ("wolfvillage", "duesterliga"):  # its catalog builds on the Düsterliga's
        shutil.copytree(RULES_DIR / name, tmp_path / name)
    path = tmp_path / "wolfvillage" / "setups.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError, match="setups.yaml") as refused:
        load_setups("wolfvillage", tmp_path)
    assert message in str(refused.value)


def test_a_ruleset_without_setups_says_so() -> None:
    with pytest.raises(RulesetError, match="has no ready-made setups"):
        load_setups("duesterliga")
