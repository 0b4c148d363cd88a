"""A role file's `params:` are what its behaviour declares (`Behaviour.parameters`, issue 35):
a misspelt key, a value of the wrong type or a missing one stops the ruleset from loading
with the file, the line and what would be right – never silently ignored."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from wolfbot.engine.port import ANY_ROLE_PARAMETERS, Behaviour
from wolfbot.engine.roles.registry import BEHAVIOURS
from wolfbot.rulesets import loader
from wolfbot.rulesets.parameters import declared, model_of, where


def ruleset_copy(tmp_path: Path, role_file: str, old: str, new: str) -> Path:
    """A copy of the Düsterliga whose `role_file` has `old` replaced by `new`."""
    rules = tmp_path / "rules"
    shutil.copytree(loader.RULES_DIR / "duesterliga", rules / "duesterliga")
    path = rules / "duesterliga" / "roles" / role_file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return rules


BROKEN = [
    pytest.param(
        "seherin.yaml",
        "params: {word: Sehen}",
        "params: {wrod: Sehen}",
        [
            "seherin.yaml:12: params: 'wrod' is no parameter of behaviour 'see_role'",
            "SeeRole in wolfbot/engine/roles/see_role.py",
            "did you mean 'word'?",
            "It takes: word (str), prepare_rank (int, may be left out)",
        ],
        id="a-misspelt-key",
    ),
    pytest.param(
        "brandstifter.yaml",
        "houses: 5",
        "houses: fünf",
        ["brandstifter.yaml:27: params.houses: ", "valid integer, not 'fünf' (houses: int)"],
        id="a-value-of-the-wrong-type",
    ),
    pytest.param(
        "verfluchter_dorfbewohner.yaml",
        "  turns_into: Werwolf\n",
        "",
        [
            "verfluchter_dorfbewohner.yaml:5: params: behaviour 'cursed'",
            "needs 'turns_into' (str)",
        ],
        id="a-missing-key",
    ),
    pytest.param(
        "buerger.yaml",
        "faction: Dorf",
        "faction: Dorf\nparams: {word: Sehen}",
        ["params: 'word' is no parameter of a role without behaviour"],
        id="a-key-for-a-role-without-behaviour",
    ),
]


@pytest.mark.parametrize(("role_file", "old", "new", "said"), BROKEN)
def test_a_wrong_parameter_stops_the_load_naming_file_and_line(
    tmp_path: Path, role_file: str, old: str, new: str, said: list[str]
) -> None:
    rules = ruleset_copy(tmp_path, role_file, old, new)
    with pytest.raises(loader.RulesetError) as raised:
        loader.load.__wrapped__("duesterliga", rules)
    message = str(raised.value)
    assert message.startswith(str(rules / "duesterliga" / "roles" / role_file))
    for part in said:
        assert part in message, message


def test_any_role_may_carry_the_parameters_the_shared_mechanisms_read(tmp_path: Path) -> None:
    rules = ruleset_copy(
        tmp_path,
        "buerger.yaml",
        "faction: Dorf",
        "faction: Dorf\nparams:\n"
        "  prepare_rank: 1\n  wolf_spirits_stay: true\n  bitten: {Vampir: x}",
    )
    assert loader.load.__wrapped__("duesterliga", rules).roles["Bürger"].params["prepare_rank"] == 1


def test_every_parameter_the_engine_reads_is_one_a_role_may_give() -> None:
    """A key read in the engine (`params["x"]`, `params.get("x")`) that no behaviour
    declares could never be given: the load would refuse it."""
    engine = Path(loader.__file__).resolve().parents[1] / "engine"
    read = {
        key
        for path in engine.rglob("*.py")
        for key in re.findall(r'params(?:\.get\(|\[)"(\w+)"', path.read_text(encoding="utf-8"))
    }
    givable = set(ANY_ROLE_PARAMETERS).union(*(type(b).parameters for b in BEHAVIOURS.values()))
    assert read and read <= givable, sorted(read - givable)


@pytest.mark.parametrize("name", sorted(BEHAVIOURS))
def test_every_behaviour_s_parameters_are_a_model_that_forbids_other_keys(name: str) -> None:
    model = model_of(type(BEHAVIOURS[name]))
    assert model_config_forbids(model)
    # a role module's, or the plain behaviour of the port (a role without one of its own)
    assert (
        " in wolfbot/engine/roles/" in where(BEHAVIOURS[name])
        or type(BEHAVIOURS[name]) is Behaviour
    )


def model_config_forbids(model) -> bool:
    try:
        model.model_validate({"no_such_key": 1})
    except ValidationError as error:
        return any(e["type"] == "extra_forbidden" for e in error.errors())
    return False


@pytest.mark.parametrize("name", loader.available())
def test_the_shipped_rulesets_give_only_declared_parameters(name: str) -> None:
    rules = loader.load(name)
    for role in rules.roles.values():
        if role.behaviour is None:
            continue
        assert set(role.params) <= set(declared(BEHAVIOURS[role.behaviour])), role.name
