"""The thread on the local WoltLab look-alike, every conversation on the real WoltLab Suite
6.0 (``SplitForum``): the bot's writes go through the durable outbox to the right forum and
are read back from it, nothing doubled or lost. The whole round: test_split_round.py."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from woltlab_support import PLAYERS, Server

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.composite import SplitForum
from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.local.rules import Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, Outbox
from wolfbot.store import db

pytestmark = pytest.mark.woltlab


def test_a_split_forum_writes_the_thread_locally_and_conversations_on_the_real_woltlab(
    woltlab: Server, tmp_path: Path
) -> None:
    local = LocalForum(rules=Rules(post_wait=0, message_wait=0))
    local.add_user("wolfbot", "geheim")
    for name in PLAYERS[:8]:
        local.add_user(name, f"pw-{name}")
    thread_id = local.add_thread("Düsterliga – Testrunde", "wolfbot")
    thread = ChannelRef("thread", thread_id)
    with LocalForumServer(local, markup="6") as server:
        threads = WoltLabForum(server.base_url, "wolfbot", "geheim", min_interval=0)
        real = WoltLabForum(
            woltlab.base_url, "wolfbot", woltlab.passwords["wolfbot"], min_interval=1.05
        )
        forum = SplitForum(threads, real)
        now = [datetime.now(UTC)]
        outbox = Outbox(
            db.session_factory(db.upgrade(tmp_path / "w.sqlite")),
            FloodLimits(0, 0, conversations_per_day=-1, max_participants=100),
            lambda: now[0],
        )
        tag = uuid.uuid4().hex[:6]
        outbox.enqueue("opening", "post", thread, "<p>Eröffnungsbeitrag</p>", "Eröffnung")
        for player in PLAYERS[:8]:
            outbox.enqueue(
                f"role-{player}",
                "conversation",
                None,
                f"<p>{player}, du bist Bürger.</p>",
                f"Rollenmitteilung {tag}: {player}",
                [player],
            )
        outbox.enqueue(
            "cave",
            "conversation",
            None,
            "<p>Ihr seid die Wölfe.</p>",
            f"Wolfshöhle {tag}",
            PLAYERS[:2],
        )
        outbox.enqueue("cave-hello", "post", None, "<p>Fresst gut.</p>", parent="cave")
        sent = []
        while (result := outbox.send_next(forum)) is not None:
            assert result.status == "sent", result
            sent.append(result.key)
            now[0] += timedelta(seconds=1)
        assert len(sent) == 11
        posts = local.posts(thread_id)
        assert [p.html for p in posts] == ["<p>Eröffnungsbeitrag</p>"]
        cave = outbox.get("cave")
        assert cave is not None and cave.forum_id is not None
        wolf = WoltLabForum(woltlab.base_url, PLAYERS[0], woltlab.passwords[PLAYERS[0]])
        read = wolf.read(ChannelRef("conversation", cave.forum_id), ReadMark())
        assert [p.body.text.strip() for p in read.new] == ["Ihr seid die Wölfe.", "Fresst gut."]
        mine = [c for c in real.conversations() if tag in c.title]
        assert len(mine) == 9  # 8 Rollenmitteilungen, 1 Wolfshöhle: each once
        threads.close()
        real.close()
