"""Wolf Village's text against its ruleset and scenarios: every "Knifflige Fall" of seed 004
is quoted by a scenario of `tests/scenarios/wolfvillage/` (the text's ruling is a test), and
every role of the text's table is a role of the ruleset. The parts of the text are an
excerpt beside this test (`data/wolfvillage_auszug.txt`), checked against the seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from wolfbot.rulesets import loader

EXCERPT = Path(__file__).parent / "data" / "wolfvillage_auszug.txt"
SEED = Path(__file__).parents[3] / "shared" / "seeds" / "004_2e53de09c153e178.txt"
SCENARIOS = Path(__file__).parents[1] / "scenarios" / "wolfvillage"
TEXT = EXCERPT.read_text(encoding="utf-8")
CASES = [
    line[2:] for line in TEXT.split("Knifflige Fälle\n")[1].splitlines() if line.startswith("- ")
]


def test_the_excerpt_is_the_rule_texts() -> None:
    if not SEED.is_file():
        pytest.skip("../shared is not beside this clone")
    seed = SEED.read_text(encoding="utf-8")
    table, cases = TEXT.split("Knifflige Fälle\n")
    assert table.strip() in seed and cases.strip() in seed


def _quoted() -> str:
    """Every scenario's text, comments included, with its line breaks and # undone."""
    texts = (p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.yaml")))
    return " ".join(" ".join(t.replace("#", " ").split()) for t in texts)


def test_the_text_has_its_seventeen_knifflige_faelle() -> None:
    assert len(CASES) == 17


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.split(". ")[0][:40])
def test_every_knifflige_fall_is_a_scenario(case: str) -> None:
    """The case's first sentence ("Der Dorfdepp ist der Hauptmann") stands in a scenario."""
    assert case.split(". ")[0] in _quoted()


def test_every_role_of_the_texts_table_is_a_role_of_the_ruleset() -> None:
    table = TEXT.split("Knifflige Fälle\n")[0]
    named = [row.split("|")[1].strip() for row in table.splitlines()[2:] if row.startswith("|")]
    rules = loader.load("wolfvillage")
    assert [n for n in named if n != "Hauptmann"] == list(rules.role_headings)
    assert not rules.missing_roles()
