"""The Nachtreihenfolge in rules/duesterliga/ is the rule text's, and the implemented roles sit
where the text puts them, with the text's "(Einmalig)" and "(Nacht vor der
Bürgermeisterwahl)" as limits of their commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.rulesets import loader
from wolfbot.spelling import name_key

RULES = loader.load("duesterliga")
EXCERPT = Path(__file__).parent / "data" / "nachtreihenfolge.txt"
SEED = Path(__file__).parents[3] / "shared" / "seeds" / "000_93c7a24ff8e18ffa.txt"
ARTICLE = re.compile(r"^(Der|Die|Das)\s+")
NOTE = re.compile(r"\s*\(([^)]*)\)\s*$")


def text_stages() -> list[list[tuple[str, str]]]:
    """The bullets of the text: each a list of (role name without article, note)."""
    stages = []
    for line in EXCERPT.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line.startswith("•"):
            continue
        entries = []
        for part in line.lstrip("• ").split(";"):
            part = part.strip()
            note = NOTE.search(part)
            name = ARTICLE.sub("", NOTE.sub("", part)).strip()
            entries.append((name, note.group(1) if note else ""))
        stages.append(entries)
    return stages


def test_the_excerpt_is_the_rule_texts() -> None:
    if not SEED.is_file():
        pytest.skip("../shared is not beside this clone")
    assert EXCERPT.read_text(encoding="utf-8").strip() in SEED.read_text(encoding="utf-8")


def _of_variants() -> set[str]:
    """Entries the variants add (the text's Nachtreihenfolge does not place them)."""
    roles = {r.stage for r in RULES.roles.values() if r.variant is not None and r.stage}
    return set(RULES.variant_entries) | roles


def test_the_ruleset_night_order_is_the_rule_texts() -> None:
    expected = [[name for name, _ in stage] for stage in text_stages()]
    added = _of_variants()
    assert [[e for e in stage if e not in added] for stage in RULES.night_order] == expected


def test_each_variant_entry_sits_beside_what_it_does() -> None:
    """Reading 69: the Dorffest with the Trunkenbold, the Ghule and the Schwarze Pest with
    the Werwölfe, the Vampir with the Urwolf, the Ruhelosen Geister with the Schwarze Rabe,
    the Sektenführer with the Flötenspieler."""
    beside = {
        "Dorffest": "Trunkenbold",
        "Ghule": "Werwölfe",
        "Schwarze Pest": "Werwölfe",
        "Vampir": "Urwolf",
        "Ruhelose Geister": "Schwarze Rabe",
        "Sektenführer": "Flötenspieler",
    }
    assert set(beside) == _of_variants()
    for entry, neighbour in beside.items():
        assert RULES.stage_of(entry) == RULES.stage_of(neighbour), entry


@pytest.mark.parametrize(
    ("name", "note"),
    [entry for stage in text_stages() for entry in stage if entry[0] in RULES.roles_by_stage],
)
def test_an_implemented_role_follows_its_night_order_note(name: str, note: str) -> None:
    for role_name in RULES.roles_by_stage[name]:
        role = RULES.roles[role_name]
        if "Einmalig" in note:
            assert any(use.uses == 1 for use in role.commands), f"{role_name} is einmalig"
        if "Nacht vor der B" in note:
            assert role.commands and all(u.nights == "first" for u in role.commands)


def test_every_implemented_role_with_night_commands_has_its_stage() -> None:
    """Except a role whose commands take effect when accepted and that the Nachtreihenfolge
    does not name (the Verbitterte Greis's !Auslöschen)."""
    staged = {name_key(name) for stage in text_stages() for name, _ in stage}
    for role in RULES.roles.values():
        if behaviour_of(role).acts_at_once and role.stage is None:
            assert name_key(role.name) not in staged and name_key(role.heading) not in staged
            continue
        if any("night" in use.phase for use in role.commands):
            assert role.stage is not None, f"{role.name} acts at night but has no stage"
            placed = role.stage in ("Werwölfe", *_of_variants())  # a group's, a variant's
            assert name_key(role.stage) in staged or placed
