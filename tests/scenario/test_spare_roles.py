"""A scenario's `spare_roles` go to the house rule of the role that takes the cards the draw
leaves over (the Dieb's `dieb_roles`); a ruleset without such a role says so."""

from __future__ import annotations

import pytest

from wolfbot.rulesets import loader
from wolfbot.scenario.runner import _with_spare_roles


def test_spare_roles_are_the_dieb_s() -> None:
    options = _with_spare_roles({"x": 1}, ["Seherin", "Hexe"], loader.load("klassisch"))
    assert options == {"x": 1, "dieb_roles": ["Seherin", "Hexe"]}


def test_a_ruleset_without_a_dieb_says_so() -> None:
    with pytest.raises(ValueError, match="'wolfvillage' has 0 house rules .* it needs one"):
        _with_spare_roles({}, ["Seherin", "Hexe"], loader.load("wolfvillage"))
