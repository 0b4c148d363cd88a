"""Rulesets are data, validated on load with errors that name the file and the problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wolfbot.engine.spec import UnknownRole
from wolfbot.rulesets import loader
from wolfbot.rulesets.loader import RULES_DIR, RulesetError

RULES = loader.load("duesterliga")


@pytest.mark.parametrize(
    ("spelling", "role"),
    [
        ("Seherin", "Seherin"),
        ("seher", "Seherin"),
        ("SEHERIN", "Seherin"),
        ("Werwolf", "Werwolf"),
        ("Wolf", "Werwolf"),
        ("Bürger", "Bürger"),
        ("Jäger", "Jäger"),
        ("jäger", "Jäger"),
        ("Ja\u0308ger", "Jäger"),
        ("Amor", "Amor"),
    ],
)
def test_role_names_resolve_with_andere_namen_and_any_case(spelling: str, role: str) -> None:
    assert RULES.role(spelling).name == role


def test_unknown_role_is_a_clear_error() -> None:
    with pytest.raises(UnknownRole) as unknown:
        RULES.role("Zahnfee")
    assert (unknown.value.name, unknown.value.ruleset) == ("Zahnfee", "duesterliga")


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Grauer Wolf", {"Graue Wolf"}),
        ("Kleines Mädchen", {"Kleine Mädchen"}),
        ("Große Böse Wolf", {"Großer Böser Wolf"}),
    ],
)
def test_adjectives_match_in_either_form(name: str, forms: set[str]) -> None:
    from wolfbot.engine.spec import adjective_forms

    assert forms <= adjective_forms(name)


def test_night_order_is_the_rule_texts_and_roles_sit_at_their_stage() -> None:
    order = RULES.night_order
    assert order[0] == ("Dieb",) and order[-1] == ("Bäcker",)
    assert RULES.stage_of("Amor") < RULES.stage_of("Seherin") < RULES.stage_of("Werwölfe")
    assert RULES.stage_of("Werwölfe") < RULES.stage_of("Hexe")
    assert len(order) == 35


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(RULES_DIR / "duesterliga", target / "broken")
    return target


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("roles/seherin.yaml", "faction: Dorf", "faction: Dorff", "unknown_faction.*Dorff"),
        ("roles/seherin.yaml", "word: Sehen", "word: Gucken", "unknown_command.*Gucken"),
        ("roles/seherin.yaml", "stage: Seherin", "stage: Nirgends", "unknown_stage.*Nirgends"),
        ("roles/seherin.yaml", "args: [player]", "args: [planet]", "unknown_argument_kind.*planet"),
        ("roles/hexe.yaml", "name: Hexe", "name: Seherin", "defined twice"),
        ("roles/hexe.yaml", "faction: Dorf", "faction: [unclosed", "hexe.yaml"),
        (
            "ruleset.yaml",
            "  inactivity_dusks:\n    default: 2",
            "  inactivity_dusks:\n    doc: x",
            "default",
        ),
    ],
    ids=["faction", "command", "stage", "argument-kind", "duplicate", "yaml-syntax", "option"],
)
def test_invalid_ruleset_is_rejected_naming_file_and_problem(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    rules_dir = _copy(tmp_path)
    path = rules_dir / "broken" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError, match=message):
        loader.load("broken", rules_dir)


def test_unknown_ruleset_lists_the_available_ones() -> None:
    with pytest.raises(RulesetError, match="„nirgendwo“ – nimm eines von duesterliga"):
        loader.load("nirgendwo")


@pytest.mark.parametrize("name", [n for n in loader.available() if loader.load(n).messages_from])
def test_a_catalog_built_on_another_words_only_keys_the_other_has(name: str) -> None:
    """`messages_from`: a ruleset's own wording replaces the base's – a key the base lacks
    would be a misspelling nobody says (the base catalog is checked against the code) – but
    for the wordings of its own factions (`win_condition_of.Werwölfe`)."""
    ruleset = loader.load(name)
    base: set[str] = set()
    for other in ruleset.messages_from:
        base |= set(loader.load(other).messages)
    own = set(loader._messages(RULES_DIR / name / "messages"))
    new = {key for key in own - base if key.rsplit(".", 1)[-1] not in ruleset.factions}
    assert not new, sorted(new)


def test_a_catalog_built_on_another_takes_its_own_wording_first() -> None:
    wolfvillage = loader.load("wolfvillage")
    assert wolfvillage.messages["tie.nobody"].startswith("Das Dorf konnte sich nicht einigen.")
    assert RULES.messages["tie.nobody"] != wolfvillage.messages["tie.nobody"]
    key = "refused.no_such_command"
    assert wolfvillage.messages[key] == RULES.messages[key]


def test_an_unknown_base_catalog_is_a_clear_error(tmp_path: Path) -> None:
    shutil.copytree(RULES_DIR / "wolfvillage", tmp_path / "copy")
    ruleset = tmp_path / "copy" / "ruleset.yaml"
    ruleset.write_text(
        ruleset.read_text(encoding="utf-8").replace("[duesterliga]", "[nirgendwo]"),
        encoding="utf-8",
    )
    with pytest.raises(RulesetError, match="messages_from: unknown ruleset 'nirgendwo'"):
        loader.load("copy", tmp_path)
