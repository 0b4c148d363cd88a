"""Issue 11.3: an idle poll of a 24-player round costs the thread and one page of the
conversation list – not one request per conversation – on the local look-alike (which
answers like WoltLab 6.0: never a 304). A conversation is read when the list shows a
message later than its mark has seen; the list's times are the forum's own."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from wolfbot.bot import RoundBot
from wolfbot.bot.reading import has_news
from wolfbot.forum.base import Activity, ReadMark
from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.store.db import engine_for, session_factory, upgrade

RULES = loader.load("duesterliga")
BOT, PASSWORD = "Spielleitung", "geheim"
NAMES = [f"Spieler{n:02d}" for n in range(1, 25)]
ROLES = ["Werwolf"] * 4 + ["Seherin", "Medium", "Hexe"] + ["Bürger"] * 17
CONTEXT = PostContext(season=2026, round_number=3, round_name="Große Runde")
LIMITS = FloodLimits(0, 0, conversations_per_day=100, max_participants=30)
RETRY = RetryPolicy(max_attempts=5, backoff=0, backoff_max=0)
SETTLED = timedelta(minutes=1)  # longer than the reader's STORE_DELAY


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 2, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, by: timedelta = SETTLED) -> None:
        self.now += by


@dataclass
class Round:
    forum: LocalForum
    server: LocalForumServer
    clock: Clock
    db: Path
    bot: RoundBot = None  # type: ignore[assignment]
    opened: list = field(default_factory=list)  # clients and engines, closed at the end

    def new_bot(self) -> RoundBot:
        client = WoltLabForum(self.server.base_url, BOT, PASSWORD, min_interval=0, timeout=5)
        engine = engine_for(self.db)
        self.opened += [client, engine]
        return RoundBot(
            client,
            session_factory(engine),
            RULES,
            context=CONTEXT,
            limits=LIMITS,
            retry=RETRY,
            clock=self.clock,
        )

    def private(self, name: str) -> int:
        title = f"{name} – {CONTEXT.round_label}"
        (found,) = [c.id for c in self.forum.conversations(name) if c.title == title]
        return found

    def write(self, name: str, html: str = "<p>Hallo Spielleitung</p>") -> None:
        self.clock.advance(timedelta(seconds=1))
        self.forum.add_conversation_message(self.private(name), name, html)

    def requests(self) -> int:
        return len(self.server.log)


@pytest.fixture
def round_(tmp_path: Path) -> Iterator[Round]:
    clock = Clock()
    forum = LocalForum(
        clock=clock, rules=Rules(post_wait=0, message_wait=0, conversations_per_day=100)
    )
    forum.add_user(BOT, PASSWORD)
    forum.set_limits(BOT, max_participants=30)
    for name in NAMES:
        forum.add_user(name, f"pw-{name}")
    thread = forum.add_thread("Düsterliga – Große Runde", BOT)
    db = tmp_path / "bot.sqlite"
    upgrade(db).dispose()
    with LocalForumServer(forum, errors="woltlab") as server:
        here = Round(forum, server, clock, db)
        here.bot = here.new_bot()
        here.bot.start_round(list(zip(NAMES, ROLES, strict=True)), 5, CONTEXT, thread_id=thread)
        here.bot.send()
        clock.advance()
        here.bot.poll()  # the first read of every channel: its address and mark
        clock.advance()
        try:
            yield here
        finally:
            for thing in here.opened:
                thing.close() if isinstance(thing, WoltLabForum) else thing.dispose()
            forum.store.close()


def polled(here: Round, bot: RoundBot | None = None, until: datetime | None = None):
    before = here.requests()
    report = (bot or here.bot).poll(until=until)
    return report, here.requests() - before


def test_the_round_has_more_conversations_than_a_list_page(round_: Round) -> None:
    conversations = round_.forum.conversations(BOT)
    assert len(conversations) >= 26 > 2 * round_.forum.rules.conversations_per_page


def test_an_idle_poll_costs_the_thread_and_one_list_page(round_: Round) -> None:
    report, requests = polled(round_)
    assert requests == report.requests == 2
    assert report.skipped == len(round_.forum.conversations(BOT)) and report.read == 0


def test_a_message_in_one_conversation_costs_one_read_more_and_is_processed(
    round_: Round,
) -> None:
    round_.write("Spieler09", "<p><strong>!Sehen Spieler01</strong></p>")
    report, requests = polled(round_)
    assert (requests, report.processed) == (3, 1)  # thread, list page 1, that conversation
    round_.bot.send()  # the receipt
    round_.clock.advance()
    report, requests = polled(round_)
    assert (requests, report.processed) == (3, 0)  # the bot's receipt is read once
    round_.clock.advance()
    assert polled(round_)[1] == 2  # and then it is idle again


def test_more_busy_conversations_than_a_list_page_are_all_read(round_: Round) -> None:
    writers = NAMES[:12]
    for name in writers:
        round_.write(name)
    report, requests = polled(round_)
    assert report.processed == 12
    assert requests == 1 + 2 + 12  # thread, two list pages (12 new > 10 a page), each one


def test_a_restarted_bot_reads_no_conversation_it_had_read(round_: Round) -> None:
    bot = round_.new_bot()
    bot.forum.login()  # type: ignore[attr-defined]
    report, requests = polled(round_, bot)
    assert report.skipped == len(round_.forum.conversations(BOT))
    assert requests == 3  # the thread's first read follows the 301 to its slug URL, the list
    round_.write("Spieler02")
    report, _ = polled(round_, bot)
    assert report.processed == 1


def test_a_conversation_list_that_fails_makes_every_conversation_be_read(
    round_: Round,
) -> None:
    round_.write("Spieler03")
    round_.forum.fail_next("conversation-list", "500")
    report, _ = polled(round_)
    assert report.processed == 1 and report.skipped == 0


def test_a_poll_up_to_a_deadline_reads_every_conversation(round_: Round) -> None:
    report, requests = polled(round_, until=round_.clock.now)
    assert report.skipped == 0
    assert requests == 1 + len(round_.forum.conversations(BOT))  # no list: all of them


def test_a_message_dated_just_before_the_list_was_read_is_read_next_time(round_: Round) -> None:
    """The forum dates a message when it starts handling it and stores it a moment later:
    a message dated before a look at the list but stored after it is still read."""
    report, _ = polled(round_)  # the list is read at `now`
    late = round_.clock.now - timedelta(seconds=5)  # dated before, stored after that look
    round_.forum.add_conversation_message(
        round_.private("Spieler04"), "Spieler04", "<p>Hm</p>", late
    )
    round_.clock.advance()
    report, _ = polled(round_)
    assert report.processed == 1


T = datetime(2026, 11, 2, 20, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


@pytest.mark.parametrize(
    ("last_post", "listed_after", "now", "seen_until", "news"),
    [
        ({7: T}, None, T + MINUTE, T, False),
        ({7: T + MINUTE}, None, T + MINUTE, T, True),
        ({7: T}, None, T + MINUTE, None, True),
        ({7: T}, None, None, T, True),
        ({}, T - MINUTE, T + MINUTE, T, False),
        ({}, T + MINUTE, T + MINUTE, T, True),
        ({}, None, T + MINUTE, T, True),
    ],
    ids=[
        "listed, nothing later: skipped",
        "listed, a later message: read",
        "never read completely: read",
        "the forum gave no time: read",
        "below the listed part, older than its mark: skipped",
        "below the listed part, which reaches past its mark: read",
        "not in the whole list (hidden, left): read",
    ],
)
def test_a_conversation_is_read_when_the_list_shows_or_may_hide_something_new(
    last_post: dict[int, datetime],
    listed_after: datetime | None,
    now: datetime | None,
    seen_until: datetime | None,
    news: bool,
) -> None:
    activity = Activity(last_post, listed_after, now)
    assert has_news(activity, 7, ReadMark(seen_until=seen_until)) is news
