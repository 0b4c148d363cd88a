"""Every house rule of every ruleset has a German label and says its value in words
(`wolfbot.rulesets.options`): what `check-config` and `rules show` print, never the key or
Python's `True`, `False`, `()`."""

from __future__ import annotations

import re

import pytest

from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.rulesets.options import option_line, value_words

# what a value of Python or a config key looks like
DEVELOPER_WORDS = re.compile(r"True|False|None|\(\)|\[\]|'|_")


def _values(spec) -> list[object]:
    """The default and values a Spielleitung may set: both truth values, every choice, an
    empty and a full list."""
    if isinstance(spec.default, bool):
        return [True, False]
    if isinstance(spec.default, tuple):
        return [(), spec.choices or ("Hexe", "Seherin"), list(spec.choices[:1] or ["Hexe"])]
    return [spec.default, *spec.choices]


def _every_option() -> list[tuple[Ruleset, str]]:
    return [
        (loader.load(name), option)
        for name in loader.available()
        for option in loader.load(name).options
    ]


@pytest.mark.parametrize(
    ("rules", "option"), _every_option(), ids=[f"{r.name}-{o}" for r, o in _every_option()]
)
def test_every_option_has_a_german_label_and_its_value_in_words(
    rules: Ruleset, option: str
) -> None:
    spec = rules.options[option]
    label = getattr(spec, "label", "")
    assert label, f"rules/{rules.name}/ruleset.yaml: options.{option} hat kein label"
    assert option not in label and not DEVELOPER_WORDS.search(label)
    for value in _values(spec):
        said = value_words(spec, value)
        assert said and not DEVELOPER_WORDS.search(said), (option, value, said)
        assert option_line(spec, value) == f"{label}: {said}"


def test_values_are_words() -> None:
    rules = loader.load("duesterliga")
    options = rules.options
    assert value_words(options["lovers_vote_restriction"], True) == "ja"
    assert value_words(options["split_night"], False) == "nein"
    assert value_words(options["dieb_roles"], ()) == "keine"
    assert value_words(options["dieb_roles"], ["Hexe", "Seherin"]) == "Hexe, Seherin"
    assert value_words(options["variants"], ["totenreich", "schwarze_pest"]) == (
        "Das Totenreich, Die Schwarze Pest"
    )
    assert value_words(options["inactivity_dusks"], 2) == "2"
    assert "change" not in value_words(options["mayor_vote_in_dusk"], "change_only")


def test_a_choice_without_words_is_an_error_of_the_ruleset() -> None:
    from pydantic import ValidationError

    from wolfbot.engine.spec.parts import OptionSpec

    with pytest.raises(ValidationError, match="choice_words"):
        OptionSpec(default="a", doc="x", label="Etwas", choices=("a", "b"), choice_words={"a": "A"})
    with pytest.raises(ValidationError, match="label"):
        OptionSpec(default=True, doc="x")
