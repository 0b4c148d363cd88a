"""The shipped example configuration is valid TOML and names an existing ruleset and options."""

from __future__ import annotations

import tomllib
from pathlib import Path

from wolfbot.rulesets import loader


def test_config_example_names_a_ruleset_and_its_options() -> None:
    config = tomllib.loads((Path(__file__).parents[2] / "config.example.toml").read_text())
    rules = loader.load(config["game"]["ruleset"])
    assert set(config["game"]["options"]) <= set(rules.options)
