"""The outbox paced by the limits of the bot account's WoltLab group: the default group
"Users" (one shared 60 s clock for every conversation message and new conversation, 10 new
conversations per 24 h) and a tuned group (floodControlTime 0, -1 for no daily limit)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fakes import Clock, FakeForum

from wolfbot.forum.base import ChannelRef
from wolfbot.outbox.queue import FloodLimits, Outbox
from wolfbot.setup.config import LimitsConfig
from wolfbot.store import db

START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def outbox(tmp_path: Path, limits: FloodLimits) -> tuple[Outbox, FakeForum, Clock]:
    clock = Clock(START)
    forum = FakeForum(clock, limits=limits)
    box = Outbox(db.session_factory(db.upgrade(tmp_path / "w.sqlite")), limits, clock)
    return box, forum, clock


def test_a_tuned_group_opens_thirteen_conversations_at_once(tmp_path: Path) -> None:
    """12 Rollenmitteilungen and a Wolfshöhle, no waiting, no flood refusal."""
    limits = FloodLimits(conversation_message_interval=0, conversations_per_day=-1)
    box, forum, _ = outbox(tmp_path, limits)
    for n in range(13):
        box.enqueue(f"c{n}", "conversation", None, f"<p>{n}</p>", f"Rolle {n}", [f"P{n}"])
    results = [box.send_next(forum) for _ in range(13)]
    assert [r.status for r in results if r] == ["sent"] * 13
    assert box.send_next(forum) is None and forum.self_floods == 0


def test_the_default_group_shares_one_60_s_clock_for_replies_and_new_conversations(
    tmp_path: Path,
) -> None:
    box, forum, clock = outbox(tmp_path, FloodLimits())
    conversation = forum.add_conversation("Seherin", ["Anna"])
    box.enqueue("reply", "post", ChannelRef("conversation", conversation), "<p>a</p>")
    box.enqueue("new", "conversation", None, "<p>b</p>", "Rolle", ["Bernd"])
    first = box.send_next(forum)
    second = box.send_next(forum)
    assert first is not None and first.status == "sent"
    assert second is not None and second.status == "waiting"
    assert second.limit == "conversation_message_interval"
    assert second.not_before == START + timedelta(seconds=60)
    clock.set(second.not_before)
    third = box.send_next(forum)
    assert third is not None and third.status == "sent" and forum.self_floods == 0


def test_the_config_takes_minus_one_for_no_daily_limit_and_refuses_zero() -> None:
    assert LimitsConfig(conversations_per_day=-1).flood_limits().conversations_per_day == -1
    with pytest.raises(ValueError, match="-1 für keine Grenze"):
        LimitsConfig(conversations_per_day=0)
