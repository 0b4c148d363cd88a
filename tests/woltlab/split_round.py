"""The split round of test_split_round.py, played for it and for benchmarks/forum.py: the
real `RoundBot` on a `SplitForum` – the game thread on the local WoltLab look-alike (players
post through its admin API), every conversation on the real WoltLab Suite (each player posts
over HTTP with his own account; spieler01–08 need a group without flood wait, which the
suite's fixture gives them).

The round (seed 1, fixed roles): night 1 the wolves choose spieler02 as Alpha and attack
spieler05, the Hexe heals him, the Seherin sees spieler01 (Werwolf); spieler08 tries the
Seherin's command (Abgelehnt). Day 1 spieler03 becomes Bürgermeisterin, spieler01 is
lynched. Night 2 spieler02 eats the Bürgermeisterin, who names spieler04 her successor;
day 2 spieler02 is lynched: the Dorf wins.

WoltLab orders a conversation's messages by whole seconds: every write into a conversation
here (the bot's or a player's) waits until `GAP` after the last one into it ended."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from wolfbot.bot import RoundBot
from wolfbot.forum.base import ChannelRef
from wolfbot.forum.composite import SplitForum
from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.store.db import engine_for, session_factory, upgrade

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


@dataclass
class SplitRound:
    """A split round played to its end (the forums still open)."""

    bot: RoundBot
    local: LocalForum
    thread_id: int
    real: WoltLabForum  # the bot's client on the real server
    context: PostContext
    found: dict[tuple[str, str], int]  # (player, title) → the conversation he posted in
    seconds: float  # how long the round took

    @property
    def label(self) -> str:
        return self.context.round_label


@contextmanager
def played(
    base_url: str, passwords: dict[str, str], directory: Path, http: httpx.Client | None = None
) -> Iterator[SplitRound]:
    """Play the round (`http`: the bot's own httpx client for the real server, e.g. metered)."""
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
    db = directory / "bot.sqlite"
    upgrade(db).dispose()
    engine = engine_for(db)
    spacer = Spacer()
    clients: list[WoltLabForum] = []

    def client(base: str, name: str, password: str) -> WoltLabForum:
        made = WoltLabForum(base, name, password, min_interval=0, timeout=10)
        clients.append(made)
        return made

    with LocalForumServer(local, errors="woltlab") as server:
        try:
            real = SpacedForum(
                base_url,
                BOT,
                passwords[BOT],
                min_interval=0,
                timeout=10,
                client=http,
                spacer=spacer,
            )
            clients.append(real)
            players = {n: client(base_url, n, passwords[n]) for n in ROLES}
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
            yield SplitRound(
                bot, local, thread_id, real, context, found, time.monotonic() - started
            )
        finally:
            for made in clients:
                made.close()
            engine.dispose()
            local.store.close()
