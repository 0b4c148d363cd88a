"""docs/adding-a-role.md stays true (issue 35): every block of it applied to a copy of
Klassisch – new files written, additions merged, the new behaviour registered – gives a
ruleset that loads, a `rules show --role` that finds both roles, and scenarios that pass."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path
from types import MappingProxyType

import pytest
import yaml

from wolfbot.engine.roles import registry
from wolfbot.rulesets import loader
from wolfbot.rulesets.role_place import role_place
from wolfbot.scenario.model import load as load_scenario
from wolfbot.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-role.md"
BLOCK = re.compile(r"^```(yaml|python) (new|add) (\S+)\n(.*?)^```", re.M | re.S)


def blocks() -> list[tuple[str, str, str, str]]:
    return BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def merged(into, added):
    """`added`'s mappings into `into`'s, its lists' items at the end of `into`'s."""
    if isinstance(into, dict) and isinstance(added, dict):
        return {**into, **{k: merged(into[k], v) if k in into else v for k, v in added.items()}}
    if isinstance(into, list) and isinstance(added, list):
        return [*into, *added]
    return added


@pytest.fixture
def guide_applied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The guide's blocks applied to a copy of Klassisch in `tmp_path`; the folder."""
    for name in ("klassisch", "duesterliga"):  # Klassisch's catalog builds on the Düsterliga's
        shutil.copytree(loader.RULES_DIR / name, tmp_path / "rules" / name)
    for language, kind, name, text in blocks():
        target = tmp_path / name
        if language == "yaml" and name.startswith("rules/"):
            if kind == "new":
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            else:
                data = merged(
                    yaml.safe_load(target.read_text(encoding="utf-8")), yaml.safe_load(text)
                )
                target.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        elif language == "yaml":  # a scenario
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        elif kind == "new":  # the behaviour's module, imported as the guide names it
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            module_name = name.removesuffix(".py").replace("/", ".")
            spec = importlib.util.spec_from_file_location(module_name, target)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            monkeypatch.setitem(sys.modules, module_name, module)
            spec.loader.exec_module(module)
        else:  # the registry's line: "name": module.Class(),
            found = re.fullmatch(r'\s*"(\w+)": (\w+)\.(\w+)\(\),\s*', text)
            assert found, text
            key, module_name, class_name = found.groups()
            module = sys.modules[f"wolfbot.engine.roles.{module_name}"]
            table = MappingProxyType({**registry.BEHAVIOURS, key: getattr(module, class_name)()})
            monkeypatch.setattr(registry, "BEHAVIOURS", table)
    return tmp_path


def test_the_guide_has_the_blocks_it_promises() -> None:
    found = [(kind, name) for _, kind, name, _ in blocks()]
    assert ("new", "rules/klassisch/roles/wahrsagerin.yaml") in found
    assert ("new", "wolfbot/engine/roles/gloeckner.py") in found
    assert ("add", "wolfbot/engine/roles/registry.py") in found
    assert sum(name.startswith("tests/scenarios/") for _, name in found) == 2


def test_the_guide_s_roles_load_and_show_where_they_live(guide_applied: Path) -> None:
    rules = loader.load.__wrapped__("klassisch", guide_applied / "rules")
    seer = role_place(rules, "Wahrsagerin", guide_applied / "rules", guide_applied / "tests")
    assert seer.behaviour_class == "SeeRole in wolfbot/engine/roles/see_role.py"
    assert seer.commands == ("!Wahrsagen",) and seer.stage.endswith("Wahrsagerin")
    bell = role_place(rules, "Glöckner", guide_applied / "rules")
    assert bell.behaviour_class == "Gloeckner in wolfbot/engine/roles/gloeckner.py"
    assert [(p.name, p.value) for p in bell.parameters][0] == ("word", "Läuten")
    assert {"gloeckner.attacked", "gloeckner.quiet"} <= set(rules.messages)
    assert "Wahrsagerin" not in rules.missing_roles()


def test_the_guide_s_scenarios_pass(guide_applied: Path) -> None:
    scenarios = sorted((guide_applied / "tests" / "scenarios").rglob("*.yaml"))
    assert len(scenarios) == 2
    for path in scenarios:
        result = run_scenario(load_scenario(path), guide_applied / "rules")
        assert result.passed, f"{path.name}: {result.failure or result.error}"


def test_a_misspelt_parameter_in_the_guide_s_role_is_caught(guide_applied: Path) -> None:
    path = guide_applied / "rules" / "klassisch" / "roles" / "gloeckner.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("params: {word:", "params: {wort:"),
        encoding="utf-8",
    )
    with pytest.raises(loader.RulesetError, match=r"gloeckner.yaml:6: params: 'wort' is no"):
        loader.load.__wrapped__("klassisch", guide_applied / "rules")
