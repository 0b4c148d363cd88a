"""The whole suite: tests that share one outside resource run on one xdist worker."""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The real WoltLab Suite is one server with one database (tests/woltlab): its tests
    run in order on one worker (`--dist loadgroup`), while the others take the rest."""
    for item in items:
        if item.get_closest_marker("woltlab") is not None:
            item.add_marker(pytest.mark.xdist_group("woltlab"))
