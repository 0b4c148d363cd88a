"""Stores of demo rounds for the console's boards, each played once per test session (and
worker: the tests that use one carry its `xdist_group`, `boards_group`): a whole round of
every ruleset the demo plays, and a Düsterliga round stopped in its second night with some
commands in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from boards_stores import Round, opened, play


@pytest.fixture(scope="session")
def finished(tmp_path_factory: pytest.TempPathFactory):
    """`finished(ruleset)`: the store of a whole demo round of `ruleset`, played once."""
    made: dict[str, Round] = {}
    closing = []

    def get(ruleset: str) -> Round:
        if ruleset not in made:
            db = play(tmp_path_factory.mktemp(f"boards-{ruleset}"), ruleset)
            rounds = opened(db)
            made[ruleset] = next(rounds)
            closing.append(rounds)
        return made[ruleset]

    yield get
    for rounds in closing:
        next(rounds, None)


@pytest.fixture(scope="session")
def mid_night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Round]:
    """A Düsterliga round stopped in night 2, some of its commands in."""
    db = play(tmp_path_factory.mktemp("boards-night"), "duesterliga", stop_in="night 2")
    yield from opened(db)
