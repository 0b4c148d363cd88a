"""`SplitForum` on two local look-alikes – the thread on one, every conversation on the
other – as tests/woltlab/test_split_forum.py runs it with the real WoltLab Suite for the
conversations: each write goes through the outbox to the right forum once and is read back
from it; the same here on every machine."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.composite import SplitForum
from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.local.rules import Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, Outbox
from wolfbot.store import db

PLAYERS = [f"spieler{n:02d}" for n in range(1, 9)]


def look_alike() -> LocalForum:
    forum = LocalForum(rules=Rules(post_wait=0, message_wait=0, max_participants=100))
    forum.add_user("wolfbot", "geheim")
    for name in PLAYERS:
        forum.add_user(name, f"pw-{name}")
    return forum


def test_each_write_goes_to_its_own_forum_once_and_is_read_back_from_it(tmp_path: Path) -> None:
    thread_side, conversation_side = look_alike(), look_alike()
    conversation_side.rules.conversations_per_day = -1
    thread_id = thread_side.add_thread("Düsterliga – Testrunde", "wolfbot")
    thread = ChannelRef("thread", thread_id)
    with (
        LocalForumServer(thread_side) as threads_server,
        LocalForumServer(conversation_side) as conversations_server,
    ):
        threads = WoltLabForum(threads_server.base_url, "wolfbot", "geheim", min_interval=0)
        conversations = WoltLabForum(
            conversations_server.base_url, "wolfbot", "geheim", min_interval=0
        )
        forum = SplitForum(threads, conversations)
        now = [datetime.now(UTC)]
        outbox = Outbox(
            db.session_factory(db.upgrade(tmp_path / "w.sqlite")),
            FloodLimits(0, 0, conversations_per_day=-1, max_participants=100),
            lambda: now[0],
        )
        outbox.enqueue("opening", "post", thread, "<p>Eröffnungsbeitrag</p>", "Eröffnung")
        for player in PLAYERS:
            outbox.enqueue(
                f"role-{player}", "conversation", None, f"<p>{player}, du bist Bürger.</p>",
                f"Rollenmitteilung: {player}", [player],
            )  # fmt: skip
        outbox.enqueue("cave", "conversation", None, "<p>Ihr seid die Wölfe.</p>", "Wolfshöhle",
                       PLAYERS[:2])  # fmt: skip
        outbox.enqueue("cave-hello", "post", None, "<p>Fresst gut.</p>", parent="cave")
        sent = []
        while (result := outbox.send_next(forum)) is not None:
            assert result.status == "sent", result
            sent.append(result.key)
            now[0] += timedelta(seconds=1)
        assert len(sent) == 11
        assert [p.html for p in thread_side.posts(thread_id)] == ["<p>Eröffnungsbeitrag</p>"]
        assert thread_side.conversations("wolfbot") == []  # every conversation on the other
        cave = outbox.get("cave")
        assert cave is not None and cave.forum_id is not None
        wolf = WoltLabForum(conversations_server.base_url, PLAYERS[0], f"pw-{PLAYERS[0]}")
        read = wolf.read(ChannelRef("conversation", cave.forum_id), ReadMark())
        assert [p.body.text.strip() for p in read.new] == ["Ihr seid die Wölfe.", "Fresst gut."]
        assert len(conversation_side.conversations("wolfbot")) == 9  # 8 roles, 1 Wolfshöhle
        for client in (threads, conversations, wolf):
            client.close()


def test_the_bot_must_have_one_name_on_both_forums() -> None:
    threads = WoltLabForum("http://127.0.0.1:9/", "wolfbot", "x")
    other = WoltLabForum("http://127.0.0.1:9/", "Spielleitung", "x")
    with pytest.raises(ValueError, match="two names"):
        SplitForum(threads, other)
