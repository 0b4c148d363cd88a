"""Issue 11: a round on a forum that fails one request in five – HTTP 500, a timeout after
it stored a write, a garbage page, a flood refusal – is the very same round: the same
events, and the bot's posts in every channel the same and in the same order, each once."""

from __future__ import annotations

from pathlib import Path

import pytest

from wolfbot.demo.round import Demo


def played(directory: Path, faults: float) -> Demo:
    demo = Demo(6, 11, directory, out=lambda *_: None, faults=faults)
    demo.run()
    return demo


@pytest.fixture(scope="module")
def rounds(tmp_path_factory):
    calm = played(tmp_path_factory.mktemp("calm"), 0.0)
    stormy = played(tmp_path_factory.mktemp("stormy"), 0.2)
    try:
        yield calm, stormy
    finally:
        calm.close()
        stormy.close()


def test_the_forum_failed_often(rounds) -> None:
    _, stormy = rounds
    assert stormy.forum.faults.injected >= 50
    assert {entry.status for entry in stormy.server.log} >= {200, 500, None}


def test_the_events_are_those_of_the_round_without_faults(rounds) -> None:
    calm, stormy = rounds
    assert stormy.game.state.phase.kind == "over"
    assert stormy.game.state.log == calm.game.state.log


def test_the_bot_posted_the_same_in_every_channel_in_order_once(rounds) -> None:
    calm, stormy = rounds
    assert stormy.bot_posts() == calm.bot_posts()
    assert not [m for m in stormy.bot.outbox.messages() if m.state != "sent"]
