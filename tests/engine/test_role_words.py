"""One convention for a role's command words (issue 35): a behaviour names no command word
itself – it takes each from its role's file (`params.word`, `params.<x>_word`; the loader maps
a ruleset's own words, "Elixer", to the engine's) and a group its word from the ruleset's
commands (`handler_word`). So a role of another ruleset or language uses a behaviour with
its own words, and the role's file says which word does what."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

from wolfbot.rulesets import loader

ROOT = Path(__file__).resolve().parents[2]
ROLES = sorted((ROOT / "wolfbot" / "engine" / "roles").glob("*.py"))
# names that are also command words but name something else
NOT_COMMANDS = {"schwarze_pest.py": {"Schwarze Pest"}}  # the night-order entry of that name


def command_words() -> set[str]:
    """Every word any shipped ruleset declares, and the words it means."""
    words: set[str] = set()
    for path in (ROOT / "rules").glob("*/commands.yaml"):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8"))["commands"]:
            words |= {entry["word"], entry.get("means") or entry["word"]}
    return words


def named_words(source: str, words: set[str]) -> list[str]:
    """The string constants of `source` outside docstrings that are command words."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        f"line {node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in words
        and id(node) not in docstrings
    ]


@pytest.mark.parametrize("path", ROLES, ids=[p.name for p in ROLES])
def test_no_behaviour_names_a_command_word(path: Path) -> None:
    words = command_words() - NOT_COMMANDS.get(path.name, set())
    assert named_words(path.read_text(encoding="utf-8"), words) == []


@pytest.mark.parametrize(
    "source",
    ['x = action(game, player, "Sehen")', 'if word != "Riechen":\n    pass'],
    ids=["call", "comparison"],
)
def test_the_check_sees_a_named_word(source: str) -> None:
    assert named_words(source, {"Sehen", "Riechen"})


def test_a_dutch_role_gives_its_own_words_and_the_engine_reads_the_canonical_ones() -> None:
    heks = loader.load("weerwolven").roles["Heks"]
    assert (heks.params["heal_word"], heks.params["poison_word"]) == ("Heiltrank", "Gifttrank")
    assert "heal_word: Elixer" in (loader.RULES_DIR / "weerwolven/roles/heks.yaml").read_text()
