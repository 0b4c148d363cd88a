"""`wolfbot rules show RULESET --role NAME` says where a role lives (issue 35): its file, its
behaviour's class and module, the parameters it takes and gives, its commands and stage,
its message keys, the posts that word its events, and its scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfbot.cli import app
from wolfbot.rulesets import loader
from wolfbot.rulesets import role_place as role_place_module
from wolfbot.rulesets.role_place import role_place

# the source tree's scenarios (the compiled engine's test runs these tests against a copy of
# the package that has none beside it)
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

PLACES = [
    pytest.param(
        "duesterliga",
        "seherin",
        {
            "file": "rules/duesterliga/roles/seherin.yaml",
            "class": "SeeRole in wolfbot/engine/roles/see_role.py",
            "given": {"word": "Sehen"},
            "commands": ("!Sehen",),
            "event": ("RoleSeen", "wolfbot/posts/private.py"),
            "first_scenario": "seherin",
        },
        id="Seherin",
    ),
    pytest.param(
        "duesterliga",
        "Weißer Wolf",
        {
            "file": "rules/duesterliga/roles/weisser_wolf.yaml",
            "class": "OwnAttack in wolfbot/engine/roles/own_attacks.py",
            "given": {"word": "Fressen", "werwolves_only": True},
            "commands": ("!Fressen",),
            "key": "own_attack.rests",
            "first_scenario": "weisser_wolf",
        },
        id="Weisser-Wolf",
    ),
    pytest.param(
        "duesterliga",
        "Gaukler",
        {
            "file": "rules/duesterliga/roles/gaukler.yaml",
            "class": "Gaukler in wolfbot/engine/roles/gaukler.py",
            "given": {},
            "key": "gaukler.plays",
            "first_scenario": "gaukler",
        },
        id="Gaukler",
    ),
    pytest.param(
        "weerwolven",
        "heks",
        {
            "file": "rules/weerwolven/roles/heks.yaml",
            "class": "Heks in wolfbot/engine/roles/hexe.py",
            "given": {"heals": "pack_victim", "every_night": True},
            "commands": ("!Elixer", "!Vergif"),  # the ruleset's own words
            "key": "hexe.question",
            "first_scenario": "heks",
        },
        id="Heks",
    ),
]


@pytest.mark.parametrize(("ruleset", "name", "expected"), PLACES)
def test_where_a_role_lives(ruleset: str, name: str, expected: dict) -> None:
    place = role_place(loader.load(ruleset), name, scenarios=SCENARIOS)
    assert place.file is not None and place.file.as_posix().endswith(expected["file"])
    assert place.behaviour_class == expected["class"]
    given = {p.name: p.value for p in place.parameters if p.value is not None}
    assert expected["given"].items() <= given.items()
    if "commands" in expected:
        assert place.commands == expected["commands"]
    if "key" in expected:
        assert expected["key"] in place.message_keys
    if "event" in expected:
        event, where = expected["event"]
        sites = dict(place.events)[event]
        assert any(site.startswith(where + ":") for site in sites)
    assert place.scenarios and expected["first_scenario"] in place.scenarios[0].stem


def test_a_role_without_behaviour_is_said_so() -> None:
    place = role_place(loader.load("duesterliga"), "Bürger")
    assert place.behaviour is None and place.commands == () and place.stage is None
    assert [p.name for p in place.parameters] == ["prepare_rank", "bitten", "wolf_spirits_stay"]


def test_the_command_prints_the_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(role_place_module, "SCENARIOS", SCENARIOS)
    result = CliRunner().invoke(
        app, ["rules", "show", "duesterliga", "--role", "Seherin"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    for part in (
        "Seherin (Düsterliga)",
        "rules/duesterliga/roles/seherin.yaml",
        "see_role – SeeRole in wolfbot/engine/roles/see_role.py",
        "word = 'Sehen'",
        "bitten (dict[str, str], darf fehlen)",  # not swallowed as markup
        "19. Seherin",
        "RoleSeen: wolfbot/posts/private.py:",
        "tests/scenarios/core/33_seherin_sieht_rolle.yaml",
    ):
        assert part in result.output, part


def test_an_unknown_role_is_one_sentence_with_the_nearest_name() -> None:
    result = CliRunner().invoke(
        app, ["rules", "show", "duesterliga", "--role", "Sehrin"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 2
    assert "Fehler: Düsterliga hat keine Rolle „Sehrin“. Meintest du „Seherin“?" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("ruleset", "name", "expected"),
    [
        ("duesterliga", "Gaukler", ("gaukler_roles", 3, True, True)),
        ("klassisch", "Dieb", ("dieb_roles", 2, False, False)),
        ("duesterliga", "Seherin", None),
    ],
    ids=["gaukler-chosen-and-announced", "dieb-left-over", "seherin-nothing"],
)
def test_what_the_deal_sets_aside_for_a_role_is_shown(
    ruleset: str, name: str, expected: tuple | None
) -> None:
    """The hook setup, the Eröffnungsbeitrag and the live bot read instead of the role's name."""
    aside = role_place(loader.load(ruleset), name).set_aside
    found = None if aside is None else (aside.option, aside.count, aside.chosen, aside.announced)
    assert found == expected
