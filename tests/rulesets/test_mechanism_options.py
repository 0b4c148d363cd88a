"""The house rules the engine reads are declared by every ruleset that needs them
(`wolfbot.rulesets.mechanism_options`): the loader names a missing one at once instead of a
`KeyError` in the middle of a game, and the table misses no option the engine reads."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from wolfbot.engine.roles import registry
from wolfbot.rulesets import loader
from wolfbot.rulesets.mechanism_options import MECHANISM_OPTIONS

ENGINE = Path(__file__).resolve().parents[2] / "wolfbot" / "engine"


def options_read_by_the_engine() -> dict[str, set[str]]:
    """Every literal name in `….option("name")` / `….option(options, "name")` of the engine
    → the modules that read it."""
    found: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        module = ".".join(path.relative_to(ENGINE.parents[1]).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "option"
            ):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, set()).add(module)
    return found


def test_every_option_the_engine_reads_is_in_the_table_or_its_behaviour_s() -> None:
    """A shared mechanism's house rule is in the table; one only a behaviour reads is in its
    `house_rules`, and only its module reads it."""
    read = options_read_by_the_engine()
    assert {"blocks_whole_night", "split_night", "mob_votes"} <= set(read)  # the scan finds them
    shared = {option.name for option in MECHANISM_OPTIONS}
    declared_in: dict[str, set[str]] = {}
    for behaviour in registry.BEHAVIOURS.values():
        for name in behaviour.house_rules:
            declared_in.setdefault(name, set()).add(type(behaviour).__module__)
    for name, modules in read.items():
        assert name in shared or modules <= declared_in.get(name, set()), (name, modules)
    assert shared <= set(read)  # no stale entry
    assert declared_in == {"priester_questions": {"wolfbot.engine.roles.priester"}}


def without_option(tmp_path: Path, ruleset: str, option: str) -> Path:
    """A copy of the shipped rules with `option` taken out of `ruleset`'s options."""
    shutil.copytree(loader.RULES_DIR, tmp_path / "rules")
    path = tmp_path / "rules" / ruleset / "ruleset.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"  {option}:\n")
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("    "))
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    return tmp_path / "rules"


@pytest.mark.parametrize(
    ("ruleset", "option", "read_by"),
    [
        ("klassisch", "blocks_whole_night", "the night's resolution"),
        ("weerwolven", "split_night", "a role asked at night"),
        ("duesterliga", "mob_votes", "the Dämmerung's tally"),
        ("duesterliga", "priester_questions", "Priester in wolfbot/engine/roles/priester.py"),
    ],
    ids=["every-ruleset", "every-ruleset-dutch", "with-a-daemmerung", "with-the-priester"],
)
def test_a_ruleset_without_an_option_the_engine_reads_does_not_load(
    tmp_path: Path, ruleset: str, option: str, read_by: str
) -> None:
    rules_dir = without_option(tmp_path, ruleset, option)
    with pytest.raises(loader.RulesetError, match=rf"'{option}' \(read by {read_by}"):
        loader.load.__wrapped__(ruleset, rules_dir)


def test_an_option_of_a_phase_or_role_the_ruleset_lacks_is_not_needed() -> None:
    klassisch = loader.load("klassisch")  # no Dämmerung, no Priester
    assert "mob_votes" not in klassisch.options
    assert "priester_questions" not in klassisch.options
