"""End to end over real HTTP on loopback: the real WoltLab client against the local forum.

Two players post bold commands; the bot reads exactly those and feeds them to the game;
it writes a reply and opens a conversation through the durable outbox; a write that times
out after the forum stored it is found again and never posted twice."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from wolfbot.engine.day import tally as lynch_tally
from wolfbot.engine.events import CommandAccepted
from wolfbot.engine.game import Game
from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.local.rules import Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.outbox.queue import Outbox
from wolfbot.outbox.values import FloodLimits
from wolfbot.rulesets import loader
from wolfbot.store.db import session_factory, upgrade

QUOTED = (
    '<blockquote class="quoteBox"><div class="quoteBoxContent"><p><strong>!Lynch Bernd'
    "</strong></p></div></blockquote><p>So nicht.</p><p><strong>!Lynch Anna</strong></p>"
)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture(params=["6", "5"], ids=["woltlab6", "woltlab5"])
def site(request):
    forum = LocalForum(rules=Rules(post_wait=0, message_wait=0))
    forum.add_user("Spielleitung", "geheim")
    for name in ("Anna", "Bernd", "Clara"):
        forum.add_user(name, f"pw-{name}")
    thread = forum.add_thread("Düsterliga – Testrunde", "Spielleitung")
    with LocalForumServer(forum, markup=request.param, errors="woltlab", fault_delay=4) as server:
        client = WoltLabForum(server.base_url, "Spielleitung", "geheim", min_interval=0, timeout=2)
        try:
            yield forum, server, client, ChannelRef("thread", thread)
        finally:
            client.close()


def _day_one() -> Game:
    game = Game.new(
        loader.load("duesterliga"),
        [("Anna", "Bürger"), ("Bernd", "Werwolf"), ("Clara", "Bürger"), ("Dora", "Bürger")],
        seed=1,
    )
    process_post(game, "Bernd", "wolves", WOLTLAB.read("<p><strong>!Fressen Dora</strong></p>"))
    game.advance()
    return game


def test_the_bot_reads_exactly_the_commands_and_writes_each_message_once(site, tmp_path) -> None:
    forum, server, client, thread = site
    # the players post over HTTP with their own accounts, as in a browser's quick reply
    posts = [
        ("Anna", "<p>Guten Morgen!</p><p><strong>!Lynch Bernd</strong></p>"),
        ("Bernd", QUOTED),
        ("Clara", "<p><strong>!Lynch Bernd</strong></p><p>oder doch?</p>"),
    ]
    for name, html in posts:
        player = WoltLabForum(server.base_url, name, f"pw-{name}", min_interval=0, timeout=5)
        try:
            player.post(thread, html)
        finally:
            player.close()

    # read: exactly the two commands at the ends of posts, none from the quote or with text after
    result = client.read(thread, ReadMark())
    commands = [(p.author, c) for p in result.new for c in p.body.commands]
    assert commands == [("Anna", "!Lynch Bernd"), ("Bernd", "!Lynch Anna")]
    game = _day_one()
    for post in result.new:
        events = process_post(game, post.author, "thread", WOLTLAB.read(post.html))
        assert all(not isinstance(e, CommandAccepted) or e.actor != "Clara" for e in events)
    assert dict(lynch_tally(game)) == {"Bernd": 1, "Anna": 1}

    # an idle poll costs at most two requests and finds nothing
    before = sum(server.requests.values())
    idle = client.read(thread, result.mark)
    assert idle.new == [] and sum(server.requests.values()) - before <= 2

    # write through the outbox: the reply times out after the forum stored it
    clock = Clock()
    outbox = Outbox(
        session_factory(upgrade(tmp_path / "bot.sqlite")),
        FloodLimits(thread_post_interval=0, conversation_message_interval=0),
        clock,
        marks=lambda channel: result.mark if channel == thread else None,
    )
    outbox.enqueue(
        "zwischenstand-1", "post", thread, "<p>Zwischenstand: Bernd 1, Anna 1</p>", priority=0
    )
    outbox.enqueue(
        "rolle-anna",
        "conversation",
        html="<p>Du bist Bürger.</p>",
        title="Anna – 1. Runde",
        participants=["Anna"],
        priority=1,
    )
    forum.fail_next("ajax-proxy", "timeout_after_commit")
    first = outbox.send_next(client)
    assert first is not None and first.status == "retry"
    clock.advance(3600)
    again = outbox.send_next(client)
    assert again is not None and again.status == "appeared"
    # the conversation, too, times out after the forum stored it: found, not opened twice
    forum.fail_next("conversation-add", "timeout_after_commit")
    lost = outbox.send_next(client)
    assert lost is not None and lost.status == "retry"
    clock.advance(3600)
    opened = outbox.send_next(client)
    assert opened is not None and opened.status == "appeared"
    assert outbox.send_next(client) is None

    bot_posts = [p for p in forum.posts(thread.id) if p.author == "Spielleitung"]
    assert len(bot_posts) == 1 and "Zwischenstand" in bot_posts[0].html
    conversations = forum.conversations("Anna")
    assert [c.title for c in conversations] == ["Anna – 1. Runde"]

    # the bot's own post comes back on the next read, once, by the bot's name
    after = client.read(thread, result.mark)
    assert [(p.author, p.post_id) for p in after.new] == [("Spielleitung", again.forum_id)]
