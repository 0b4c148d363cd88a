"""A small round played by script against the local forum over real HTTP, for the bot's
tests: six players, fixed roles and seed; players post through the forum's admin API (as
if from a browser), the bot reads, decides and writes through its write queue."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import RoundBot
from wolfbot.forum.base import Forum
from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.store.db import engine_for, session_factory, upgrade
from wolfbot.store.models import CommandRow, InputPost

RULES = loader.load("duesterliga")
BOT, PASSWORD = "Spielleitung", "geheim"
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Clara", "Seherin"),
    ("Dora", "Bürger"),
    ("Emil", "Medium"),  # opens the Totenreich; the dead join it
    ("Frau Holle", "Bürger"),
]
GUEST = "Gast"  # reads the thread and posts a command although he does not play
SEED = 1
CONTEXT = PostContext(season=2026, round_number=1, round_name="Testrunde")
LABEL = CONTEXT.round_label  # "1. Ligarunde"
LIMITS = FloodLimits(0, 0, conversations_per_day=100, max_participants=10)
RETRY = RetryPolicy(max_attempts=5, backoff=0, backoff_max=0)
CONVERSATIONS = {"wolves": "Wolfshöhle", "dead": "Totenreich"}


def bold(line: str, before: str = "") -> str:
    return f"{before}<p><strong>{line}</strong></p>"


# A step: ("post", author, where, html) with where = thread | private | wolves | dead;
# ("edit", author, index of his earlier post in this script, html); ("poll",); ("send",);
# ("deadline", name).
Step = tuple
SCRIPT: list[Step] = [
    # night 1 = Nacht vor der Bürgermeisterwahl
    ("post", "Anna", "wolves", bold("!Alpha Bernd")),
    ("post", "Bernd", "wolves", bold("!Alpha Bernd", "<p>Gut, dann ich.</p>")),
    ("poll",),
    ("post", "Anna", "wolves", bold("!Fressen Dora")),
    ("post", "Bernd", "wolves", bold("!Angreifen und fressen Dora")),
    ("post", "Clara", "private", bold("!Sehen Anna")),
    ("post", "Emil", "dead", "<p>Ist hier jemand?</p>"),  # no command: a use of the night
    ("post", "Frau Holle", "private", bold("!Sehen Anna")),  # not her role: Abgelehnt
    ("poll",),
    ("send",),
    ("deadline", "day 1"),  # night 1 ends: the Morgen
    ("send",),
    # day 1 = Tag der Bürgermeisterwahl
    ("post", "Clara", "thread", bold("!Bürgermeister Clara")),
    ("post", "Emil", "thread", bold("!Bürgermeister Clara")),
    ("post", "Frau Holle", "thread", bold("!Bürgermeister Clara")),
    ("poll",),
    ("post", "Anna", "thread", bold("!Bürgermeister Bernd")),
    ("post", "Clara", "thread", bold("!Lynch Anna", "<p>Ich habe ein Gefühl.</p>")),
    ("post", "Emil", "thread", bold("!Lynch Anna")),
    ("post", GUEST, "thread", bold("!Lynch Clara")),  # not a player: refused, nobody told
    ("poll",),
    ("send",),
    ("post", "Anna", "thread", bold("!Lynch Clara")),
    ("post", "Bernd", "thread", bold("!Lynch Clara")),
    ("post", "Frau Holle", "thread", bold("!Lynch Anna")),
    ("poll",),
    ("edit", "Frau Holle", -1, bold("!Lynch Clara")),  # edited after it counted: answered
    ("poll",),
    ("deadline", "dusk 1"),  # the Dämmerung
    ("send",),
    ("deadline", "night 2"),  # the Abend
    ("send",),
    # night 2
    ("post", "Bernd", "wolves", bold("!Fressen Clara")),
    ("post", "Clara", "private", bold("!Sehen Bernd")),
    ("poll",),
    ("deadline", "day 2"),  # the Bürgermeisterin died: the Morgen waits for her answer
    ("send",),
    ("post", "Clara", "private", bold("!Nachfolger Emil")),
    ("poll",),
    ("send",),
    # day 2
    ("post", "Emil", "thread", bold("!Lynch Bernd")),
    ("post", "Frau Holle", "thread", bold("!Lynch Bernd")),
    ("post", "Bernd", "thread", bold("!Lynch Emil")),
    ("poll",),
    ("deadline", "dusk 2"),
    ("send",),
    ("deadline", "night 3"),  # the Abend: the Dorf has won
    ("send",),
]
THREAD_TITLES = [
    "Düsterliga Season '26 - Ligarunde 1: Testrunde",
    "Morgen des ersten Tages",
    "Dämmerung des ersten Tages",
    "Abend des ersten Tages",
    "Morgen des zweiten Tages",
    "Dämmerung des zweiten Tages",
    "Das Ende der Runde",
]


class ForumClock:
    """The local forum's clock: one second further at each step of the script, so that
    post times – and with them the order of posts across channels – never depend on how
    fast the test runs."""

    def __init__(self) -> None:
        self.now = datetime(2026, 10, 24, 7, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def tick(self) -> None:
        self.now += timedelta(seconds=1)


@dataclass
class Site:
    """The local forum served on loopback, with the bot's store file."""

    forum: LocalForum
    server: LocalForumServer
    thread_id: int
    db: Path
    clock: ForumClock
    engines: list[Engine] = field(default_factory=list)
    clients: list[WoltLabForum] = field(default_factory=list)
    posted: dict[str, list[int]] = field(default_factory=dict)  # author → his thread posts
    # generous: on a loaded machine a loopback answer took over a second (a test then saw a
    # read fail); a test of "timeout_after_commit" sets it below the server's fault_delay (3 s)
    client_timeout: float = 15

    def client(self) -> WoltLabForum:
        client = WoltLabForum(
            self.server.base_url, BOT, PASSWORD, min_interval=0, timeout=self.client_timeout
        )
        self.clients.append(client)
        return client

    def sessions(self) -> sessionmaker[Session]:
        """A fresh connection to the store file, as a new process opens it. One engine per
        file, its pool emptied: its compiled statements are kept (compiling them anew for
        every restart was a third of a restart test's time)."""
        if not self.engines:
            self.engines.append(engine_for(self.db))
        (engine,) = self.engines
        engine.dispose()
        return session_factory(engine)

    def bot(
        self,
        wrap: Callable[[Forum], Forum] = lambda forum: forum,
        sessions: sessionmaker[Session] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> RoundBot:
        """A new bot process: a fresh client and a fresh connection to the store file;
        `clock`: the bot's (default: the real one)."""
        return RoundBot(
            wrap(self.client()),
            sessions or self.sessions(),
            RULES,
            context=CONTEXT,
            limits=LIMITS,
            retry=RETRY,
            **({"clock": clock} if clock else {}),
        )

    def conversation(self, author: str, where: str) -> int:
        title = f"{author} – {LABEL}" if where == "private" else f"{CONVERSATIONS[where]} – {LABEL}"
        found = [c.id for c in self.forum.conversations(author) if c.title == title]
        assert len(found) == 1, f"{author}: {title!r} {found}"
        return found[0]

    def act(self, step: Step, bot: RoundBot) -> None:
        """One step of the script (a player's post through the admin API, or a bot call)."""
        self.clock.tick()
        kind = step[0]
        if kind == "post":
            _, author, where, html = step
            if where == "thread":
                post_id = self.forum.add_post(self.thread_id, author, html)
                self.posted.setdefault(author, []).append(post_id)
            else:
                self.forum.add_conversation_message(self.conversation(author, where), author, html)
        elif kind == "edit":
            _, author, index, html = step
            self.forum.edit_post(self.posted[author][index], html, author)
        elif kind == "poll":
            bot.poll()
        elif kind == "send":
            bot.send()
        elif kind == "deadline":
            bot.deadline(step[1])
        else:
            raise ValueError(step)

    def start(self, bot: RoundBot) -> int:
        return bot.start_round(PLAYERS, SEED, CONTEXT, thread_id=self.thread_id)

    def started(self, clock: Callable[[], datetime] | None = None) -> RoundBot:
        """A new bot that has started the round and sent what the start queued."""
        bot = self.bot(clock=clock)
        self.start(bot)
        bot.send()
        return bot

    def close(self) -> None:
        for client in self.clients:
            client.close()
        for engine in self.engines:
            engine.dispose()


@contextmanager
def site(tmp_path: Path, name: str = "bot.sqlite") -> Iterator[Site]:
    clock = ForumClock()
    forum = LocalForum(
        clock=clock, rules=Rules(post_wait=0, message_wait=0, conversations_per_day=100)
    )
    forum.add_user(BOT, PASSWORD)
    for player, _ in PLAYERS:
        forum.add_user(player, f"pw-{player}")
    forum.add_user(GUEST, "pw-gast")
    thread = forum.add_thread("Düsterliga – Testrunde", BOT)
    db = tmp_path / name
    upgrade(db).dispose()
    with LocalForumServer(forum, errors="woltlab", fault_delay=3) as server:
        here = Site(forum, server, thread, db, clock)
        try:
            yield here
        finally:
            here.close()
            forum.store.close()


# -- what the forum shows ------------------------------------------------------------------
def bot_messages(here: Site) -> Counter[tuple[str, str, str]]:
    """Every post and conversation message the bot wrote: (where, title, html) → count.
    The forum's own address is left out of the links (two sites, two ports)."""
    seen: Counter[tuple[str, str, str]] = Counter()
    for post in here.forum.posts(here.thread_id):
        if post.author == BOT:
            html = post.html.replace(here.server.base_url, "/")
            seen[("thread", post.subject, html)] += 1
    rows = {c.id: c for c in here.forum.conversations(BOT)}
    for conversation_id, row in sorted(rows.items()):
        view = here.forum.conversation(conversation_id)
        for message in view.messages:
            if message.author == BOT:
                html = message.html.replace(here.server.base_url, "/")
                seen[(row.title, "", html)] += 1
    return seen


_POST_TIME = re.compile(r"vom \w+, \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr")


def without_post_times(messages: Counter[tuple[str, str, str]]) -> Counter[tuple[str, str, str]]:
    """The messages with the times of players' posts they name ("deinen Beitrag vom …")
    left out: a step repeated after a kill ticks the forum's clock again, so the posts of
    such a run are written later than in a straight one."""
    return Counter({(w, t, _POST_TIME.sub("vom …", h)): n for (w, t, h), n in messages.items()})


def thread_titles(here: Site) -> list[str]:
    return [p.subject for p in here.forum.posts(here.thread_id) if p.author == BOT]


def store_counts(bot: RoundBot) -> tuple[int, int]:
    """(input posts, commands) recorded."""
    with bot.sessions() as session:
        inputs = session.scalar(select(func.count()).select_from(InputPost))
        commands = session.scalar(select(func.count()).select_from(CommandRow))
    return int(inputs or 0), int(commands or 0)
