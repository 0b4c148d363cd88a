"""docs/adding-a-ruleset.md stays true (issue 35): its blocks, written into a fresh `rules/`
beside a copy of the Düsterliga (whose catalog the new ruleset inherits), give a ruleset that
loads, shows its roles and plays its scenario to the Dorf's victory; each mistake the guide
says the loader names is named, with the file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from wolfbot.rulesets import loader
from wolfbot.rulesets.table import markdown
from wolfbot.scenario.model import load as load_scenario
from wolfbot.scenario.runner import run_scenario

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-ruleset.md"
BLOCK = re.compile(r"^```yaml new (\S+)\n(.*?)^```", re.M | re.S)


def load(rules_dir: Path):
    return loader.load.__wrapped__("dorfabend", rules_dir)


@pytest.fixture
def guide_applied(tmp_path: Path) -> Path:
    """The guide's files in `tmp_path` (rules/ with the Düsterliga, tests/scenarios/)."""
    shutil.copytree(loader.RULES_DIR / "duesterliga", tmp_path / "rules" / "duesterliga")
    for name, text in BLOCK.findall(GUIDE.read_text(encoding="utf-8")):
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return tmp_path


def test_the_guide_writes_a_whole_ruleset(guide_applied: Path) -> None:
    written = sorted(str(p.relative_to(guide_applied)) for p in guide_applied.rglob("*.yaml"))
    dorfabend = [name for name in written if "dorfabend" in name]
    assert dorfabend == [
        "rules/dorfabend/commands.yaml",
        "rules/dorfabend/roles/buerger.yaml",
        "rules/dorfabend/roles/seherin.yaml",
        "rules/dorfabend/roles/werwolf.yaml",
        "rules/dorfabend/ruleset.yaml",
        "tests/scenarios/dorfabend/seherin_findet_den_werwolf.yaml",
    ]


def test_the_guide_s_ruleset_loads_and_shows_its_roles(guide_applied: Path) -> None:
    rules = load(guide_applied / "rules")
    assert sorted(rules.roles) == ["Bürger", "Seherin", "Werwolf"]
    assert rules.missing_roles() == []
    table = markdown(rules)
    assert "| Seherin |" in table and "!Sehen" in table


def test_the_guide_s_scenario_plays_a_whole_round(guide_applied: Path) -> None:
    (path,) = (guide_applied / "tests" / "scenarios" / "dorfabend").glob("*.yaml")
    result = run_scenario(load_scenario(path), guide_applied / "rules")
    assert result.passed, result.failure or result.error


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("file", "old", "new", "named"),
    [
        (
            "ruleset.yaml",
            "  split_night:\n",
            "  split_nights:\n",
            r"ruleset.yaml: options: the engine reads .*'split_night' \(read by a role asked",
        ),
        (
            "roles/seherin.yaml",
            "params: {word: Sehen}",
            "params: {wrod: Sehen}",
            r"seherin.yaml:6: params: 'wrod' is no parameter of behaviour 'see_role'.*'word'",
        ),
        (
            "roles/seherin.yaml",
            "commands:\n  - {word: Sehen,",
            "commands:\n  - {word: Schauen,",
            r"(?s)ruleset.yaml.*role=Seherin, word=Schauen",
        ),
        ("roles/seherin.yaml", "stage: Seherin", "stage: Seherinn", r"Seherinn"),
        ("roles/buerger.yaml", "faction: Dorf", "faction: Dörfler", r"Dörfler"),
    ],
    ids=["missing-house-rule", "misspelt-parameter", "undeclared-word", "stage", "faction"],
)
def test_the_mistakes_the_guide_names_stop_the_load(
    guide_applied: Path, file: str, old: str, new: str, named: str
) -> None:
    _edit(guide_applied / "rules" / "dorfabend" / file, old, new)
    with pytest.raises(loader.RulesetError, match=named):
        load(guide_applied / "rules")
