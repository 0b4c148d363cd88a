"""Every scenario under tests/scenarios/ (and the shared examples, when present) passes."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from wolfbot.scenario.model import load
from wolfbot.scenario.runner import run_scenario, scenario_files

TESTS = Path(__file__).parents[1]
OWN = TESTS / "scenarios"
SHARED = TESTS.parent.parent / "shared" / "scenarios" / "examples"
FILES = scenario_files([OWN]) + (scenario_files([SHARED]) if SHARED.is_dir() else [])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_scenario_passes(path: Path) -> None:
    result = run_scenario(load(path))
    assert result.passed, str(result.failure or result.error)


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside this clone")
def test_vendored_examples_are_the_shared_ones_unchanged() -> None:
    for shared in SHARED.glob("*.yaml"):
        assert filecmp.cmp(shared, OWN / "examples" / shared.name, shallow=False), shared.name


def test_enough_scenarios_of_our_own() -> None:
    own = [p for p in scenario_files([OWN]) if "examples" not in p.parts]
    assert len(own) >= 30


DL = "duesterliga"
SETUP = """\
title: a round that cannot start
ruleset: duesterliga
{options}players:
  - {{name: Anna, role: Werwolf}}
  - {{name: {second}, role: Seherin}}
script:
  - advance: {{}}
"""


@pytest.mark.parametrize(
    ("options", "second", "error"),
    [
        ("options: {zaubertrank: true}\n", "Bo", f"Unbekannte Hausregeln für {DL}: zaubertrank."),
        ("", "anna", "Jeder Spielername darf nur einmal vorkommen: Anna, anna."),
    ],
    ids=["unknown house rule", "a name twice"],
)
def test_a_scenario_that_cannot_start_says_why_in_words(
    tmp_path: Path, options: str, second: str, error: str
) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text(SETUP.format(options=options, second=second), encoding="utf-8")
    result = run_scenario(load(path))
    assert result.error == f"setup: {error}"
