"""Role distribution: the "Rollenverteilung" advice, the "sollten nicht zusammen gespielt
werden" warnings, counts, and the seeded draw with Dieb and Gaukler."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.rulesets.loader import RULES_DIR, RulesetError
from wolfbot.setup.distribution import (
    assign_roles,
    check_roles,
    choose_roles_aside,
    resolve_role,
    suggest_roles,
)

RULES = loader.load("duesterliga")


def ruleset(*, no_special_wolves: bool = False, drop: tuple[str, ...] = ()) -> Ruleset:
    """The Düsterliga ruleset with its special wolves removed, or the roles `drop` not
    implemented (as before every role of the text was)."""
    data = RULES.model_dump(by_alias=True)
    roles = {name: role for name, role in data["roles"].items() if name not in drop}
    if no_special_wolves:
        roles = {
            name: role
            for name, role in roles.items()
            if not (role["faction"] == "Rudel" and RULES.roles[name].is_werwolf)
            or name == "Werwolf"
        }
    data["roles"] = roles
    return Ruleset.model_validate(data)


WITH_WOLVES = RULES
NO_WOLVES = ruleset(no_special_wolves=True)
WITH_DIEB = RULES  # the Dieb and the Gaukler, whose behaviours set roles aside
WITHOUT_SEKTE = ruleset(drop=("Sektenführer",))  # a heading of the text not implemented


# -- the advice ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "wolves", "village", "special_wolves", "buerger"),
    [(8, 2, 2, 0, 4), (12, 3, 3, 1, 6), (13, 3, 3, 1, 7), (16, 4, 4, 1, 8), (24, 6, 6, 2, 12)],
    ids=["8", "12", "13", "16", "24"],
)
def test_suggestion_follows_the_rollenverteilung(
    n: int, wolves: int, village: int, special_wolves: int, buerger: int
) -> None:
    suggestion = suggest_roles(n, WITH_WOLVES, rng_seed=7)
    counts = Counter(suggestion.roles)
    assert len(suggestion.roles) == n
    assert (suggestion.wolves, suggestion.village_specials) == (wolves, village)
    assert suggestion.special_wolves == special_wolves
    assert suggestion.buerger == counts["Bürger"] == buerger
    assert counts["Werwolf"] == suggestion.ordinary_wolves == wolves - special_wolves
    specs = [WITH_WOLVES.role(name) for name in suggestion.roles]
    assert sum(s.faction == "Rudel" and s.is_werwolf for s in specs) == wolves
    assert sum(s.faction == "Dorf" and s.name != "Bürger" for s in specs) == village
    assert check_roles(suggestion.roles, WITH_WOLVES, n_players=n) == []
    assert not any(note.startswith(("Fehler", "Warnung")) for note in suggestion.notes)
    assert suggestion.notes[0].startswith(f"{n} Spieler: jeder vierte Spieler ist ein Werwolf")
    assert any(f"{buerger} gewöhnliche Bürger" in note for note in suggestion.notes)


@pytest.mark.parametrize(("n", "wolves"), [(8, 2), (12, 3), (13, 3), (16, 4), (24, 6)])
def test_without_special_wolves_the_notes_say_so(n: int, wolves: int) -> None:
    suggestion = suggest_roles(n, NO_WOLVES, rng_seed=1)
    assert Counter(suggestion.roles)["Werwolf"] == wolves
    assert suggestion.special_wolves == 0
    if wolves >= 3:
        assert any("setzt noch keinen Werwolf mit Sonderrolle um" in n for n in suggestion.notes)


@pytest.mark.parametrize(("n", "wolves"), [(1, 1), (3, 1), (4, 1), (7, 1)])
def test_small_rounds_have_at_least_one_wolf(n: int, wolves: int) -> None:
    suggestion = suggest_roles(n, RULES, rng_seed=0)
    assert len(suggestion.roles) == n and suggestion.wolves == wolves


def test_suggestion_is_reproducible_and_seeds_vary() -> None:
    first = suggest_roles(16, RULES, rng_seed=42)
    assert suggest_roles(16, RULES, rng_seed=42) == first
    assert len({suggest_roles(16, RULES, rng_seed=s).roles for s in range(10)}) > 1


@pytest.mark.parametrize(
    ("prefer", "expected", "note"),
    [
        (["Seherin", "Hexe"], {"Seherin": 1, "Hexe": 1, "Werwolf": 3, "Bürger": 6}, None),
        (["Drei Brüder"], {"Bruder": 3, "Werwolf": 3, "Bürger": 6}, None),
        (["Narr"], {"Narr": 1, "Werwolf": 2, "Bürger": 6}, None),
        (["Seherin", "Aura"], {"Seherin": 1, "Aura": 1}, "Seherin und Aura sollten nicht"),
        (["Seherin", "Hexe", "Jäger", "Amor"], {"Amor": 0}, "Amor: kein Platz mehr"),
        (["Werwolf"], {"Werwolf": 3}, "ist keine Sonderrolle"),
    ],
    ids=["two-village", "group-role", "einzelgaenger-replaces-wolf", "clash", "no-room", "plain"],
)
def test_preferred_roles_come_first(
    prefer: list[str], expected: dict[str, int], note: str | None
) -> None:
    suggestion = suggest_roles(12, NO_WOLVES, rng_seed=3, prefer=prefer)
    counts = Counter(suggestion.roles)
    assert len(suggestion.roles) == 12
    assert {role: counts[role] for role in expected} == expected
    if note:
        assert any(note in n for n in suggestion.notes), suggestion.notes


def test_preferred_dieb_adds_two_roles() -> None:
    suggestion = suggest_roles(12, WITH_DIEB, rng_seed=3, prefer=["Dieb"])
    assert len(suggestion.roles) == 14 and "Dieb" in suggestion.roles
    assert check_roles(suggestion.roles, WITH_DIEB, n_players=12) == []


@pytest.mark.parametrize("prefer", ["Zahnfee", "Sektenführer"], ids=["unknown", "not-implemented"])
def test_preferred_role_must_exist(prefer: str) -> None:
    with pytest.raises(ValueError, match=prefer):
        suggest_roles(12, WITHOUT_SEKTE, rng_seed=1, prefer=[prefer])


# -- not together ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("roles", "warnings"),
    [
        (["Seherin", "Aura"], ["Seherin und Aura sollten nicht zusammen gespielt werden."]),
        (["Seher", "aura"], ["Seherin und Aura sollten nicht zusammen gespielt werden."]),
        (["Hexe", "Heiler"], ["Hexe und Heiler sollten nicht zusammen gespielt werden."]),
        (["Hexe", "Alchemist"], ["Hexe und Alchemist sollten nicht zusammen gespielt werden."]),
        (["Jäger", "Scharfschütze"], ["Jäger und Scharfschütze sollten nicht"]),
        (["Koch", "Zauberer"], ["Koch und Zauberer sollten nicht"]),
        (["Koch", "Zauberer", "Trunkenbold"], ["Koch, Zauberer und Trunkenbold sollten nicht"]),
        (["Beschützer", "Leibwächter"], ["Beschützer und Leibwächter sollten nicht"]),
        (["Dorfnutte", "Dorfschönheit"], ["Dorfnutte und Dorfschönheit sollten nicht"]),
        (
            ["Seherin", "Dorfnutte", "Dorfschönheit"],
            ["Seherin und Dorfnutte sollten nicht", "Dorfnutte und Dorfschönheit sollten nicht"],
        ),
        (
            ["Bruder", "Bruder", "Bruder", "Schwester", "Schwester"],
            ["Bruder und Schwester sollten nicht"],
        ),
        (["Medium", "Zigeunerin", "Totenbeschwörer"], ["Medium, Zigeunerin und Totenbeschwörer"]),
        (["Seherin", "Hexe"], []),
        (["Seherin", "Hexe", "Jäger", "Amor", "Bürger"], []),
    ],
    ids=[
        "seherin-aura",
        "aliases",
        "hexe-heiler",
        "hexe-alchemist-once",
        "jaeger-scharfschuetze",
        "koch-zauberer",
        "three-of-a-list",
        "beschuetzer-leibwaechter",
        "dorfnutte-dorfschoenheit",
        "two-lists",
        "brueder-schwestern",
        "medium-zigeunerin",
        "seherin-hexe-fine",
        "classic-fine",
    ],
)
def test_not_together(roles: list[str], warnings: list[str]) -> None:
    found = check_roles([*roles, "Werwolf"], RULES)
    assert len(found) == len(warnings), found
    for line, expected in zip(found, warnings, strict=True):
        assert line.startswith("Warnung: ") and expected in line


def test_not_together_names_roles_not_implemented_yet() -> None:
    found = check_roles(["Dieb", "Einsiedler", "Werwolf"], RULES)
    assert "Warnung: Dieb und Einsiedler sollten nicht zusammen gespielt werden." in found


def test_not_together_data_is_the_rule_texts_list() -> None:
    groups = RULES.not_together
    assert len(groups) == 18
    assert groups[5] == ("Der Koch", "Der Zauberer", "Der Trunkenbold")
    assert groups[-1][-1] == "Der Große Böse Wolf"
    assert {h for g in groups for h in g} <= set(RULES.role_headings)
    assert RULES.role_groups == {"Die Drei Brüder": 3, "Die Zwei Schwestern": 2}


def test_an_unknown_heading_in_not_together_is_rejected(tmp_path: Path) -> None:
    shutil.copytree(RULES_DIR / "duesterliga", tmp_path / "broken")
    path = tmp_path / "broken" / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[Der Dieb, Der Einsiedler]", "[Der Dieb, Die Zahnfee]"))
    with pytest.raises(RulesetError, match="Die Zahnfee"):
        loader.load("broken", tmp_path)


# -- errors: names and counts --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("roles", "n_players", "rules", "expected"),
    [
        (["Sehrin", "Werwolf"], None, RULES, "Fehler: Keine Rolle heißt „Sehrin“. Meintest du"),
        (["Zahnfee", "Werwolf"], None, RULES, "Fehler: Keine Rolle heißt „Zahnfee“."),
        (["Sektenführer", "Werwolf"], None, WITHOUT_SEKTE, "noch nicht umgesetzt"),
        (["Werwolf"] + ["Bürger"] * 10, 12, RULES, "11 Rollen für 12 Spieler"),
        (["Werwolf"] + ["Bürger"] * 12, 12, RULES, "13 Rollen für 12 Spieler"),
        (["Dieb", "Werwolf"] + ["Bürger"] * 10, 12, WITH_DIEB, "12 Spieler + 2 übrige Rollen"),
        (["Dieb", "Dieb", "Werwolf", "Bürger"], None, WITH_DIEB, "höchstens einmal"),
        (["Bruder", "Bruder", "Werwolf"], None, RULES, "Die Drei Brüder sind 3 Spieler"),
        (["Seherin", "Bürger"], None, RULES, "Warnung: Kein Werwolf"),
    ],
    ids=[
        "typo",
        "unknown",
        "not-implemented",
        "too-few",
        "too-many",
        "dieb-needs-two-more",
        "two-diebe",
        "group-incomplete",
        "no-wolf",
    ],
)
def test_check_roles_errors(
    roles: list[str], n_players: int | None, rules: Ruleset, expected: str
) -> None:
    found = check_roles(roles, rules, n_players=n_players)
    assert any(expected in line for line in found), found


@pytest.mark.parametrize(
    ("roles", "n_players", "rules"),
    [
        (["Werwolf"] + ["Bürger"] * 11, 12, RULES),
        (["Dieb", "Werwolf"] + ["Bürger"] * 12, 12, WITH_DIEB),
        (["Der Dieb", "Die Seherin", "Werwolf"] + ["Bürger"] * 11, 12, WITH_DIEB),
    ],
    ids=["plain", "dieb-plus-two", "with-articles"],
)
def test_check_roles_counts_fine(roles: list[str], n_players: int, rules: Ruleset) -> None:
    assert check_roles(roles, rules, n_players=n_players) == []


@pytest.mark.parametrize(
    ("gaukler_roles", "expected"),
    [
        (["Seherin", "Hexe", "Jäger"], []),
        (["Seherin", "Hexe"], ["Fehler: Der Gaukler braucht genau drei"]),
        (["Seherin", "Hexe", "Narr"], ["Fehler: Gaukler: Narr spielt nicht für das Dorf."]),
        (["Seherin", "Hexe", "Amor"], ["Warnung: Gaukler: Amor wird außerdem verlost."]),
    ],
    ids=["fine", "two", "not-dorf", "also-drawn"],
)
def test_gaukler_roles_checked(gaukler_roles: list[str], expected: list[str]) -> None:
    roles = ["Gaukler", "Amor", "Werwolf", "Bürger"]
    found = check_roles(roles, WITH_DIEB, house_rules={"gaukler_roles": gaukler_roles})
    assert [line[: len(e)] for line, e in zip(found, expected, strict=False)] == expected
    assert len(found) == len(expected)


def test_role_names_resolve_with_or_without_article() -> None:
    assert resolve_role("Die Seherin", RULES).name == "Seherin"
    assert resolve_role("Das Kleine Mädchen", RULES).name == "Kleines Mädchen"
    dieb = resolve_role("der dieb", RULES)
    assert (dieb.name, dieb.heading, dieb.implemented) == ("Dieb", "Der Dieb", True)
    sekte = resolve_role("der sektenführer", WITHOUT_SEKTE)
    assert (sekte.heading, sekte.implemented) == ("Der Sektenführer", False)
    assert resolve_role("Großer Böser Wolf", RULES).heading == "Der Große Böse Wolf"
    assert resolve_role("Zahnfee", RULES) is None


# -- the draw ------------------------------------------------------------------------------------
PLAYERS = [f"Spieler {i}" for i in range(1, 13)]
ROLES12 = ["Seherin", "Hexe", "Jäger", "Amor", "Werwolf", "Werwolf", "Werwolf"] + ["Bürger"] * 5


def test_assignment_is_reproducible_and_seeds_differ() -> None:
    first = assign_roles(PLAYERS, ROLES12, seed=1, ruleset=RULES)
    assert assign_roles(PLAYERS, ROLES12, seed=1, ruleset=RULES) == first
    assert assign_roles(PLAYERS, ROLES12, seed=2, ruleset=RULES).players != first.players
    assert [name for name, _ in first.as_players()] == PLAYERS
    assert first.spare_roles == () and first.set_aside == {}


def test_assignment_starts_a_game() -> None:
    suggestion = suggest_roles(12, RULES, rng_seed=5)
    assignment = assign_roles(PLAYERS, suggestion.roles, seed=5, ruleset=RULES)
    game = Game.new(RULES, assignment.as_players(), seed=5)
    assert [p.name for p in game.state.players] == PLAYERS
    assert assignment.role_of("spieler 3") == game.player("Spieler 3").role


def test_dieb_leaves_two_roles_over() -> None:
    roles = [*ROLES12[:-1], "Dieb", "Bürger", "Werwolf"]
    assignment = assign_roles(PLAYERS, roles, seed=9, ruleset=RULES)
    assert len(assignment.players) == 12 and len(assignment.spare_roles) == 2
    assert assignment.set_aside == {"dieb_roles": assignment.spare_roles}
    dealt = [role for _, role in assignment.players]
    assert Counter(dealt) + Counter(assignment.spare_roles) == Counter(roles)
    assert any("Übrig für den Dieb" in note for note in assignment.notes)


def test_dieb_among_the_spare_roles_is_noted() -> None:
    roles = [*ROLES12[:-1], "Dieb", "Bürger", "Werwolf"]
    seed = next(
        s
        for s in range(200)
        if "Dieb" in assign_roles(PLAYERS, roles, seed=s, ruleset=RULES).spare_roles
    )
    assignment = assign_roles(PLAYERS, roles, seed=seed, ruleset=RULES)
    assert any("kein Spieler ist der Dieb" in note for note in assignment.notes)


def test_gaukler_roles_from_the_config() -> None:
    roles = [*ROLES12[:-1], "Gaukler"]
    aside = ("Heiler", "Fuchs", "Priester")
    assignment = assign_roles(
        PLAYERS, roles, seed=4, ruleset=WITH_DIEB, house_rules={"gaukler_roles": list(aside)}
    )
    assert assignment.set_aside == {"gaukler_roles": aside}
    assert Counter(role for _, role in assignment.players) == Counter(roles)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 99])
def test_gaukler_roles_chosen_by_seed(seed: int) -> None:
    roles = [*ROLES12[:-1], "Gaukler"]
    assignment = assign_roles(PLAYERS, roles, seed=seed, ruleset=WITH_DIEB)
    aside = assignment.set_aside["gaukler_roles"]
    assert len(aside) == len(set(aside)) == 3
    for name in aside:
        spec = WITH_DIEB.role(name)
        assert spec.faction == "Dorf" and name not in roles and name not in ("Bürger", "Gaukler")
    house_rules = {"gaukler_roles": list(aside)}
    assert check_roles(roles, WITH_DIEB, n_players=12, house_rules=house_rules) == []
    assert assign_roles(PLAYERS, roles, seed=seed, ruleset=WITH_DIEB) == assignment
    assert Counter(role for _, role in assignment.players) == Counter(roles)


def test_gaukler_choice_avoids_clashes() -> None:
    import random

    for seed in range(20):
        in_play = ["Seherin", "Hexe", "Jäger"]
        aside = choose_roles_aside("Gaukler", in_play, RULES, random.Random(seed), 3)
        assert check_roles(["Seherin", "Hexe", "Jäger", *aside, "Werwolf"], RULES) == []


@pytest.mark.parametrize(
    ("players", "roles", "house_rules", "message"),
    [
        (PLAYERS, ROLES12[:-1], {}, "11 Rollen für 12 Spieler"),
        (PLAYERS, [*ROLES12, "Dieb"], {}, r"\+2 für den Dieb"),
        (["Anna", "anna"], ["Werwolf", "Bürger"], {}, "nur einmal"),
        ([], [], {}, "Keine Spieler"),
        (PLAYERS, ROLES12, {"gaukler_roles": ["Hexe"]}, "kein Gaukler"),
        (PLAYERS, [*ROLES12[:-1], "Gaukler"], {"gaukler_roles": ["Hexe"]}, "genau drei"),
        (PLAYERS, [*ROLES12[:-1], "Gaukler"], {"gaukler_roles": ["Hexe", "Narr", "Fuchs"]}, "Narr"),
        (PLAYERS, [*ROLES12[:-2], "Dieb", "Dieb", "Bürger", "Bürger"], {}, "höchstens einmal"),
    ],
    ids=[
        "count",
        "dieb-count",
        "duplicate-player",
        "nobody",
        "gaukler-roles-without-gaukler",
        "gaukler-three",
        "gaukler-dorf",
        "two-diebe",
    ],
)
def test_assignment_errors(
    players: list[str], roles: list[str], house_rules: dict, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        assign_roles(players, roles, seed=1, ruleset=RULES, house_rules=house_rules)


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(min_value=4, max_value=24),
    seed=st.integers(min_value=-(2**63), max_value=2**63),
    dieb=st.booleans(),
    gaukler=st.booleans(),
)
def test_every_player_gets_exactly_one_role_of_the_list(
    n: int, seed: int, dieb: bool, gaukler: bool
) -> None:
    roles = list(suggest_roles(n, RULES, rng_seed=seed).roles)
    assert roles.count("Bürger") >= 2  # 4 players: 1 Werwolf, 1 special role, 2 Bürger
    if gaukler and "Gaukler" not in roles:  # the suggestion may have dealt one already
        roles[roles.index("Bürger")] = "Gaukler"
    if dieb:  # a Bürger becomes the Dieb, and two roles more than players are drawn
        roles[roles.index("Bürger")] = "Dieb"
        roles += ["Bürger", "Werwolf"]
    players = [f"Spieler {i}" for i in range(n)]
    assignment = assign_roles(players, roles, seed=seed, ruleset=WITH_DIEB)
    assert [name for name, _ in assignment.players] == players
    dealt = [role for _, role in assignment.players]
    assert len(dealt) == n
    assert Counter(dealt) + Counter(assignment.spare_roles) == Counter(roles)
    assert len(assignment.spare_roles) == (2 if dieb else 0)
    aside = assignment.set_aside.get("gaukler_roles", ())
    assert len(aside) == (3 if "Gaukler" in roles else 0)
    assert not set(aside) & set(roles)
    assert assign_roles(players, roles, seed=seed, ruleset=WITH_DIEB) == assignment


# -- the Spielvarianten ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variants", "present", "absent"),
    [
        (["vampirismus"], {"Vampir": 1, "Vampirjäger": 1}, ("Werwolf", "Ghul")),
        (["schwarze_pest"], {}, ("Werwolf",)),
        (["sekte"], {"Sektenführer": 1, "Werwolf": 3}, ()),
        (["ketzer"], {"Ketzer": 1, "Werwolf": 2}, ()),
        (["totenreich", "dorffest"], {"Werwolf": 3}, ()),
    ],
    ids=["vampirismus", "schwarze-pest", "sekte", "ketzer", "without-roles"],
)
def test_the_advice_follows_the_variants(
    variants: list[str], present: dict[str, int], absent: tuple[str, ...]
) -> None:
    """Vampirismus: "Alle Werwölfe, Einzelgänger und Zweideutige werden durch den Vampir
    ersetzt. Ein (gewöhnlicher) Bürger sollte durch den Vampirjäger ersetzt werden."; Die
    Schwarze Pest: "Es gibt keine Werwölfe"; the Sekte's Sektenführer and the Ketzer (an
    Einzelgänger, for a Werwolf) join the list. 12 players, 3 Werwölfe without variants."""
    roles = NO_WOLVES
    suggestion = suggest_roles(12, roles, rng_seed=4, prefer=(), variants=variants)
    counts = Counter(suggestion.roles)
    assert len(suggestion.roles) == 12
    assert {role: counts[role] for role in present} == present
    assert not [r for r in absent if counts[r]]
    assert [n for n in suggestion.notes if n.startswith("Fehler")] == []
    players = [(f"P{i}", role) for i, role in enumerate(suggestion.roles)]
    Game.new(roles, players, seed=1, options={"variants": variants})  # dealt as advised


@pytest.mark.parametrize(
    ("roles", "variants", "expected"),
    [
        (["Sektenführer", "Werwolf"], [], "nur in der Spielvariante „Die Sekte“"),
        (["Ghul", "Vampir"], ["vampirismus"], "Ghul wird nicht verteilt"),
        (["Werwolf", "Seherin"], ["vampirismus"], "Werwolf wird in dieser Spielvariante nicht"),
        (["Seherin", "Bürger"], ["vampirismus"], "Warnung: Die Spielvariante „Vampirismus“ ohne"),
        (["Seherin", "Werwolf"], ["zombies"], "Keine Spielvariante heißt „zombies“"),
    ],
    ids=["variant-off", "not-dealt", "struck", "vampir-missing", "unknown"],
)
def test_check_roles_knows_the_variants(roles: list[str], variants: list[str], expected: str):
    found = check_roles(roles, RULES, variants=variants)
    assert any(expected in line for line in found), found


def test_a_schwarze_pest_round_has_no_werwolf_warning() -> None:
    assert check_roles(["Seherin", "Bürger", "Bürger"], RULES, variants=["schwarze_pest"]) == []


@pytest.mark.parametrize("ruleset", ["weerwolven", "wolfvillage"])
def test_the_advice_refuses_a_ruleset_it_does_not_speak_of(ruleset) -> None:
    """ "Die Rollenverteilung" speaks of the Düsterliga's Dorf and Rudel: for another
    ruleset it names no roles (they would be the Düsterliga's), it says what to do."""
    with pytest.raises(ValueError, match="die Rollen der Runde selbst angeben"):
        suggest_roles(12, loader.load(ruleset), rng_seed=1)
