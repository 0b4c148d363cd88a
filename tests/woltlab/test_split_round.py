"""A whole 8-player round of the real `RoundBot` on a `SplitForum`: the game thread on the
local WoltLab look-alike (players post through its admin API), every conversation on the
real WoltLab Suite 6.0 (each player posts over HTTP with his own account). Checked on the
real server: one Rollenmitteilung per player with his role, one Wolfshöhle with the wolves,
the receipts, the Seherin's information, the Bürgermeisterin's question, and every message
the outbox sent there exactly once (nothing pending at the end); on the look-alike every
phase post of the thread once.

The round (seed 1, fixed roles): night 1 the wolves choose spieler02 as Alpha and attack
spieler05, the Hexe heals him, the Seherin sees spieler01 (Werwolf); spieler08 tries the
Seherin's command (Abgelehnt). Day 1 spieler03 becomes Bürgermeisterin, spieler01 is
lynched. Night 2 spieler02 eats the Bürgermeisterin, who names spieler04 her successor;
day 2 spieler02 is lynched: the Dorf wins.

WoltLab orders a conversation's messages by whole seconds: every write into a conversation
here (the bot's or a player's) waits until 1.05 s after the last one into it ended."""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from woltlab_support import Server

from wolfbot.bot import RoundBot
from wolfbot.forum.base import ChannelRef, Conversation, ReadMark
from wolfbot.forum.composite import SplitForum
from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.store.db import engine_for, session_factory, upgrade

pytestmark = pytest.mark.woltlab

RULES = loader.load("duesterliga")
BOT = "wolfbot"
ROLES = {
    "spieler01": "Werwolf",
    "spieler02": "Werwolf",
    "spieler03": "Seherin",
    "spieler04": "Hexe",
    "spieler05": "Bürger",
    "spieler06": "Bürger",
    "spieler07": "Bürger",
    "spieler08": "Bürger",
}
PLAYERS = list(ROLES.items())
WOLVES = ["spieler01", "spieler02"]
SEED = 1
LIMITS = FloodLimits(0, 0, conversations_per_day=100, max_participants=10)
RETRY = RetryPolicy(max_attempts=5, backoff=0, backoff_max=0)
GAP = 1.05  # seconds between two writes into the same conversation


def bold(line: str, before: str = "") -> str:
    return f"{before}<p><strong>{line}</strong></p>"


# ("post", author, thread | private | wolves, html); ("poll",); ("send",); ("deadline", name)
SCRIPT: list[tuple[str, ...]] = [
    # night 1
    ("post", "spieler01", "wolves", bold("!Alpha spieler02")),
    ("post", "spieler02", "wolves", bold("!Alpha spieler02", "<p>Gut, dann ich.</p>")),
    ("poll",),
    ("send",),
    ("post", "spieler01", "wolves", bold("!Fressen spieler05")),
    ("post", "spieler02", "wolves", bold("!Fressen spieler05")),
    ("post", "spieler03", "private", bold("!Sehen spieler01")),
    ("post", "spieler04", "private", bold("!Heiltrank spieler05")),
    ("post", "spieler08", "private", bold("!Sehen spieler01")),  # not his role: Abgelehnt
    ("poll",),
    ("send",),
    ("deadline", "day 1"),  # the Morgen: nobody died
    ("send",),
    # day 1
    *[("post", p, "thread", bold("!Bürgermeister spieler03")) for p in ROLES if p != "spieler01"],
    ("post", "spieler01", "thread", bold("!Bürgermeister spieler01")),
    ("poll",),
    *[("post", p, "thread", bold("!Lynch spieler01")) for p in ROLES if p not in WOLVES],
    ("post", "spieler01", "thread", bold("!Lynch spieler03")),
    ("post", "spieler02", "thread", bold("!Lynch spieler03")),
    ("poll",),
    ("send",),
    ("deadline", "dusk 1"),  # the Dämmerung
    ("send",),
    ("deadline", "night 2"),  # the Abend: spieler01 was lynched
    ("send",),
    # night 2
    ("post", "spieler02", "wolves", bold("!Fressen spieler03")),
    ("post", "spieler03", "private", bold("!Sehen spieler02")),
    ("poll",),
    ("send",),
    ("deadline", "day 2"),  # the Bürgermeisterin died: the Morgen waits for her answer
    ("send",),
    ("post", "spieler03", "private", bold("!Nachfolger spieler04")),
    ("poll",),
    ("send",),
    # day 2
    *[
        ("post", p, "thread", bold("!Lynch spieler02"))
        for p in ("spieler04", "spieler05", "spieler06", "spieler07", "spieler08")
    ],
    ("post", "spieler02", "thread", bold("!Lynch spieler04")),
    ("poll",),
    ("send",),
    ("deadline", "dusk 2"),
    ("send",),
    ("deadline", "night 3"),  # the Abend: the Dorf has won
    ("send",),
]
THREAD_TITLES = [
    "Morgen des ersten Tages",
    "Dämmerung des ersten Tages",
    "Abend des ersten Tages",
    "Morgen des zweiten Tages",
    "Dämmerung des zweiten Tages",
    "Das Ende der Runde",
]

ANGENOMMEN = "Angenommen: {} – vorgemerkt, wird am Ende der Nacht ausgewertet"
# what each conversation shows after the Rollenmitteilung (the bot's and the players' messages)
EXPECTED = {
    "spieler01 – {label}": [
        ANGENOMMEN.format("!Alpha spieler02"),
        ANGENOMMEN.format("!Fressen spieler05"),
    ],
    "spieler02 – {label}": [
        ANGENOMMEN.format("!Alpha spieler02"),
        ANGENOMMEN.format("!Fressen spieler05"),
        ANGENOMMEN.format("!Fressen spieler03"),
    ],
    "spieler03 – {label}": [
        "!Sehen spieler01",
        ANGENOMMEN.format("!Sehen spieler01"),
        "spieler01 ist Werwolf.",
        "!Sehen spieler02",
        ANGENOMMEN.format("!Sehen spieler02"),
        "Du warst Bürgermeister: Wen ernennst du zu deinem Nachfolger? Zur Wahl: spieler02, "
        "spieler04, spieler05, spieler06, spieler07 und spieler08. Antworte mit "
        "!Nachfolger [Spielername] .",
        "spieler02 ist Werwolf.",
        "!Nachfolger spieler04",
        "Angenommen: !Nachfolger spieler04",
    ],
    "spieler04 – {label}": [
        "!Heiltrank spieler05",
        ANGENOMMEN.format("!Heiltrank spieler05"),
        "In dieser Nacht erfolgreich angegriffen: spieler05.",
        "Du heilst spieler05.",
    ],
    "spieler05 – {label}": [],
    "spieler06 – {label}": [],
    "spieler07 – {label}": [],
    "spieler08 – {label}": [
        "!Sehen spieler01",
        "Abgelehnt: !Sehen spieler01 , weil: Du hast keinen Befehl !Sehen. "
        "Gültig sind jetzt: keine.",
    ],
    "Wolfshöhle – {label}": [
        "!Alpha spieler02",
        "Gut, dann ich. !Alpha spieler02",
        "!Fressen spieler05",
        "!Fressen spieler05",
        "Euer Alpha ist spieler02.",
        "!Fressen spieler03",
    ],
}


class Spacer:
    """When each conversation was last written into; `wait` sleeps until `GAP` after."""

    def __init__(self) -> None:
        self.last: dict[int, float] = {}

    def wait(self, conversation_id: int) -> None:
        if conversation_id in self.last:
            time.sleep(max(0.0, self.last[conversation_id] + GAP - time.monotonic()))

    def mark(self, conversation_id: int) -> None:
        self.last[conversation_id] = time.monotonic()


class SpacedForum(WoltLabForum):
    """The bot's real-server client, its writes into a conversation kept `GAP` apart."""

    def __init__(self, *args: Any, spacer: Spacer, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spacer = spacer

    def post(self, channel: ChannelRef, html: str, title: str | None = None) -> int:
        self.spacer.wait(channel.id)
        try:
            return super().post(channel, html, title)
        finally:
            self.spacer.mark(channel.id)

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        conversation_id = super().open_conversation(title, participants, html)
        self.spacer.mark(conversation_id)
        return conversation_id


def text(html: str) -> str:
    """What a message says, for comparing the outbox with the forum: the text without
    whitespace (WoltLab re-renders the markup; "@" of a mention may go)."""
    return re.sub(r"[\s@]+", "", BeautifulSoup(html, "html.parser").get_text())


def test_a_whole_round_with_the_thread_local_and_the_conversations_on_the_real_woltlab(
    woltlab: Server, tmp_path: Path
) -> None:
    started = time.monotonic()
    # a round number of its own: the titles of earlier runs' conversations differ
    context = PostContext(
        season=2026, round_number=random.randint(10_000, 99_999), round_name="Geteilte Runde"
    )
    label = context.round_label
    local = LocalForum(rules=Rules(post_wait=0, message_wait=0, conversations_per_day=100))
    local.add_user(BOT, "geheim")
    for name in ROLES:
        local.add_user(name, f"pw-{name}")
    thread_id = local.add_thread("Düsterliga – Geteilte Runde", BOT)
    db = tmp_path / "bot.sqlite"
    upgrade(db).dispose()
    engine = engine_for(db)
    spacer = Spacer()
    clients: list[WoltLabForum] = []

    def client(base: str, name: str, password: str, **kw: Any) -> WoltLabForum:
        made = (SpacedForum if kw else WoltLabForum)(
            base, name, password, min_interval=0, timeout=10, **kw
        )
        clients.append(made)
        return made

    with LocalForumServer(local, errors="woltlab") as server:
        try:
            real = client(woltlab.base_url, BOT, woltlab.passwords[BOT], spacer=spacer)
            players = {n: client(woltlab.base_url, n, woltlab.passwords[n]) for n in ROLES}
            forum = SplitForum(client(server.base_url, BOT, "geheim"), real)
            bot = RoundBot(
                forum, session_factory(engine), RULES, context=context, limits=LIMITS, retry=RETRY
            )
            bot.start_round(PLAYERS, SEED, context, thread_id=thread_id)
            bot.send()
            found: dict[tuple[str, str], int] = {}

            def conversation(author: str, where: str) -> int:
                title = f"{author} – {label}" if where == "private" else f"Wolfshöhle – {label}"
                if (author, title) not in found:
                    ids = [c.id for c in players[author].conversations() if c.title == title]
                    assert len(ids) == 1, f"{author}: {title!r} {ids}"
                    found[(author, title)] = ids[0]
                return found[(author, title)]

            for step in SCRIPT:
                kind = step[0]
                if kind == "post":
                    _, author, where, html = step
                    if where == "thread":
                        local.add_post(thread_id, author, html)
                    else:
                        conversation_id = conversation(author, where)
                        spacer.wait(conversation_id)
                        players[author].post(ChannelRef("conversation", conversation_id), html)
                        spacer.mark(conversation_id)
                elif kind == "poll":
                    bot.poll()
                elif kind == "send":
                    bot.send()
                else:
                    assert bot.deadline(step[1]), step
            played = time.monotonic() - started
            assert bot.game.state.phase.kind == "over"
            alive = {n for n in ROLES if bot.game.player(n).alive}
            assert alive == {"spieler04", "spieler05", "spieler06", "spieler07", "spieler08"}

            # the outbox: everything sent, nothing pending
            messages = bot.outbox.messages()
            assert [m.key for m in messages if m.state != "sent"] == []

            # the thread on the look-alike: each phase post once
            titles = [p.subject for p in local.posts(thread_id) if p.author == BOT]
            assert titles == [context.round_title, *THREAD_TITLES]

            # the conversations on the real server
            mine = [c for c in real.conversations() if c.title.endswith(f" – {label}")]
            by_title: dict[str, Conversation] = {c.title: c for c in mine}
            assert sorted(c.title for c in mine) == sorted(
                [f"{n} – {label}" for n in ROLES] + [f"Wolfshöhle – {label}"]
            )
            wolves = by_title[f"Wolfshöhle – {label}"]
            assert {wolves.author, *wolves.participants} == {BOT, *WOLVES}
            read = {
                c.title: real.read(ChannelRef("conversation", c.id), ReadMark()).new for c in mine
            }
            said = {
                title: [
                    " ".join(BeautifulSoup(p.html, "html.parser").get_text(" ").split())
                    for p in posts
                ]
                for title, posts in read.items()
            }
            for name, role in ROLES.items():
                # one Rollenmitteilung each, with his role, first in his conversation
                rollen = [
                    m for title, texts in said.items() for m in texts if "spielst du die Rolle" in m
                ]
                mine_ = [m for m in rollen if m.startswith(f"Hallo {name},")]
                assert len(mine_) == 1 and f"spielst du die Rolle {role} ." in mine_[0], name
                assert said[f"{name} – {label}"][0] == mine_[0]
            assert {t: m[1:] for t, m in said.items()} == {
                k.format(label=label): v for k, v in EXPECTED.items()
            }
            # nothing doubled or lost: the bot's messages there are what the outbox sent
            ids = {c.title: c.id for c in mine}
            on_forum = Counter(
                (ids[title], text(p.html))
                for title, posts in read.items()
                for p in posts
                if p.author == BOT
            )
            sent = Counter(
                (
                    m.forum_id
                    if m.kind == "conversation"
                    else int((m.channel or "").split(":")[1]),
                    text(m.html),
                )
                for m in messages
                if m.kind == "conversation"
                or (m.kind == "post" and (m.channel or "").startswith("conversation:"))
            )
            assert on_forum == sent and sum(sent.values()) == 25
            # and the thread's: its 7 posts, the edits (links into the opening post) there
            assert Counter(
                (m.kind, (m.channel or "").split(":")[0])
                for m in messages
                if m.kind != "conversation"
            ) == {("post", "conversation"): 16, ("post", "thread"): 7, ("edit", "thread"): 5}
            print(f"played in {played:.1f} s, {sum(sent.values())} conversation messages")
        finally:
            for made in clients:
                made.close()
            engine.dispose()
            local.store.close()
