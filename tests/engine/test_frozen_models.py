"""Immutable models derive once what they derive from their fields (`cached_property`: a
command's text and facts, a role's being a Werwolf, a use's named arguments and facts), and a
copy with other fields derives it anew – never the original's."""

from __future__ import annotations

import pytest

from wolfbot.engine.commands import Command
from wolfbot.engine.spec import CommandUse
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")

CASES = {
    "a localized command says its own word": (
        Command(word="Heiltrank", actor="Anna", targets=("Bernd",)),
        lambda c: c.text(),
        {"said": "Elixer"},
        "!Elixer Bernd",
    ),
    "a command with another target names it": (
        Command(word="Lynch", actor="Anna", targets=("Bernd",)),
        lambda c: c.text(),
        {"targets": ("Clara",)},
        "!Lynch Clara",
    ),
    "a localized command's facts say its word": (
        Command(word="Heiltrank", actor="Anna", targets=("Bernd",)),
        lambda c: c.facts.said,
        {"said": "Elixer"},
        "Elixer",
    ),
    "a use only the Bürgermeister has is known as one": (
        CommandUse(word="Nachfolger", phase=("day",), channel=("thread",)),
        lambda u: u.facts.mayor_only,
        {"office": "mayor"},
        True,
    ),
    "a role made a Werwolf is one": (
        RULES.roles["Bürger"],
        lambda r: r.is_werwolf,
        {"werwolf": True},
        True,
    ),
    "a use with other arguments names other kinds": (
        CommandUse(word="Sehen", phase=("night",), channel=("private",)),
        lambda u: u.named_kinds,
        {"args": ("player", "dead")},
        ("player", "dead"),
    ),
}


@pytest.mark.parametrize("model,derive,update,expected", list(CASES.values()), ids=list(CASES))
def test_a_copy_derives_anew(model, derive, update, expected) -> None:
    before = derive(model)  # derived, and kept by the original
    copied = model.model_copy(update=update)
    assert derive(copied) == expected != before
    assert derive(model) == before
    assert model == model.model_copy()  # what it derived is no part of its value
