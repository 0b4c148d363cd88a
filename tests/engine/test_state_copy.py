"""A copy of a game state (the bot keeps the game as it started: `bot/writing.py`) is a new
state of its own, sharing only the values nothing changes: the phase, the events, the texts."""

from __future__ import annotations

import copy

import pytest

from wolfbot.demo.simulate import TWELVE, roster
from wolfbot.engine.events import Event, PrivateInfo
from wolfbot.engine.game import Game
from wolfbot.engine.state import Phase
from wolfbot.engine.text import Text, say
from wolfbot.rulesets import loader


@pytest.mark.parametrize(
    "value",
    [
        Phase(2, "day"),
        say("seen.aura", name="Anna", good=True),
        PrivateInfo(("Anna",), "private", say("x")),
    ],
    ids=["phase", "text", "event"],
)
def test_an_immutable_value_is_its_own_copy(value: Phase | Text | Event) -> None:
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value


def test_a_copied_state_shares_the_events_and_changes_apart() -> None:
    game = Game.new(loader.load("duesterliga"), roster(TWELVE, 1), seed=1)
    copied = copy.deepcopy(game.state)
    assert copied == game.state
    assert copied.log is not game.state.log
    assert all(a is b for a, b in zip(copied.log, game.state.log, strict=True))
    game.state.players[0].alive = False
    game.state.log.append(PrivateInfo(("Anna",), "private", say("x")))
    assert copied.players[0].alive
    assert len(copied.log) == len(game.state.log) - 1
