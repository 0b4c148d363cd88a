"""The whole suite: tests that share something costly run on one xdist worker."""

from __future__ import annotations

from types import MappingProxyType

import pytest


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`--dist loadgroup` keeps a group on one worker, the others take the rest:

    - the real WoltLab Suite is one server with one database (tests/woltlab): its tests run
      in order on one worker;
    - a module's tests that use one of its module-scoped fixtures (a played demo round, a
      straight run to compare with) go together, or every worker would build it again."""
    for item in items:
        if item.get_closest_marker("woltlab") is not None:
            item.add_marker(pytest.mark.xdist_group("woltlab"))
        elif _uses_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(f"module:{item.path}"))


def _uses_a_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)  # pytest's, stable since pytest 3
    if info is None:
        return False
    return any(defs and defs[-1].scope == "module" for defs in info.name2fixturedefs.values())


@pytest.fixture
def extend_table(monkeypatch: pytest.MonkeyPatch):
    """`extend_table(module, "NAME", key=value)`: for one test, the module's read-only table
    (the engine's registries are `MappingProxyType`s) with an entry more – another league's
    tie rule, a test's behaviour – as a house rule would add it."""

    def extend(module: object, name: str, **entries: object) -> None:
        table = MappingProxyType({**getattr(module, name), **entries})
        monkeypatch.setattr(module, name, table)

    return extend
