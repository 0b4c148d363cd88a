"""A read that fails at a deadline must not close the phase: the deadline waits (and says
why in `wolfbot status`) until every channel has been read up to it, and a command counts by
its forum time against the deadline – never by when the bot got to read it."""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rich.console import Console
from roundkit import SCRIPT, Site, bold, site

from wolfbot.bot import RoundBot, loop
from wolfbot.bot.round import HOLD_FOR_A_FAILED_READ
from wolfbot.engine import events as ev
from wolfbot.forum.base import ChannelRef, Forum, ForumError, ReadMark, ReadResult
from wolfbot.schedule.jobs import Deadlines
from wolfbot.spielleitung.status.loading import load_status
from wolfbot.spielleitung.status.rendering import render_status
from wolfbot.spielleitung.store_file import open_readonly, pick_game


class Flaky:
    """The bot's forum, whose thread or conversations cannot be read while `down` names
    that kind of channel (a 500)."""

    def __init__(self, forum: Forum) -> None:
        self._forum = forum
        self.down: str | None = None
        self.reads: list[ChannelRef] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._forum, name)

    @property
    def username(self) -> str:
        return self._forum.username

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        self.reads.append(channel)
        if channel.kind == self.down:
            raise ForumError(f"HTTP 500 for GET {channel}", status=500)
        return self._forum.read(channel, mark)


def _to_the_end_of_day_one(here: Site, bot: RoundBot) -> None:
    """The script up to the Dämmerung of day 1: every vote of the day posted and read."""
    for step in SCRIPT[: SCRIPT.index(("deadline", "dusk 1"))]:
        here.act(step, bot)


def _dusk_tally(bot: RoundBot) -> dict[str, tuple[str, ...]]:
    (tally,) = [e for e in bot.game.state.log if isinstance(e, ev.VoteTally) and e.moment == "dusk"]
    return dict(tally.votes)


@pytest.fixture
def flaky(tmp_path: Path):
    with site(tmp_path) as here:
        forums: list[Flaky] = []

        def wrap(forum: Forum) -> Forum:
            forums.append(Flaky(forum))
            return forums[-1]  # type: ignore[return-value]

        bot = here.bot(wrap)
        here.start(bot)
        bot.send()
        _to_the_end_of_day_one(here, bot)
        yield here, bot, forums[0]


def test_the_dusk_waits_for_a_thread_the_forum_cannot_read(flaky) -> None:
    here, bot, forum = flaky
    here.act(("post", "Bernd", "thread", bold("!Lynch Anna")), bot)  # on time, unread
    deadline = here.clock.now
    Deadlines(bot.sessions, bot.game_id or 0).add("dusk 1", deadline)
    here.act(("post", "Anna", "thread", bold("!Lynch Emil")), bot)  # after the deadline
    forum.down = "thread"

    report = loop.tick(bot, now=deadline + timedelta(minutes=1))

    assert str(bot.game.state.phase) == "day 1" and report.done == []
    assert report.waiting is not None and "dusk 1" in report.waiting
    assert "HTTP 500" in report.waiting
    forum.down = None
    report = loop.tick(bot, now=deadline + timedelta(minutes=2))
    assert report.done == ["dusk 1"] and str(bot.game.state.phase) == "dusk 1"
    votes = _dusk_tally(bot)
    assert "Bernd" in votes["Anna"]  # read late, written in time: it counts
    assert "Anna" in votes["Clara"]  # her change came after the deadline: not in the tally


def test_while_the_dusk_waits_a_post_written_after_it_does_not_count_before_it(flaky) -> None:
    here, bot, forum = flaky
    deadline = here.clock.now
    Deadlines(bot.sessions, bot.game_id or 0).add("dusk 1", deadline)
    here.act(("post", "Anna", "thread", bold("!Lynch Emil")), bot)  # after the deadline
    forum.down = "conversation"  # the thread reads, a conversation does not

    assert loop.tick(bot, now=deadline + timedelta(minutes=1)).waiting is not None
    assert bot.game.state.day.lynch_votes["Anna"] == "Clara"  # read, but held back
    forum.down = None
    loop.tick(bot, now=deadline + timedelta(minutes=2))
    assert "Anna" in _dusk_tally(bot)["Clara"]
    assert bot.game.state.day.lynch_votes["Anna"] == "Emil"  # a change in the Dämmerung


def test_while_a_deadline_waits_only_the_channels_not_read_to_it_are_read_again(flaky) -> None:
    """Each read can fail anew: with 15 channels and a forum failing one request in five, a
    deadline that read every channel again at each try would almost never close."""
    here, bot, forum = flaky
    deadline = here.clock.now
    Deadlines(bot.sessions, bot.game_id or 0).add("dusk 1", deadline)
    forum.down = "thread"
    assert loop.tick(bot, now=deadline + timedelta(minutes=1)).waiting is not None
    assert sum(1 for c in forum.reads if c.kind == "conversation") > 0
    forum.down = None
    forum.reads.clear()
    report = loop.tick(bot, now=deadline + timedelta(minutes=2))
    assert report.done == ["dusk 1"]
    # the deadline's poll reads the thread alone (the conversations were read to it before),
    # then the tick's own poll reads the thread again, and what the list shows new
    assert [c.kind for c in forum.reads[:2]] == ["thread", "thread"]


def test_status_says_which_deadline_waits_for_the_forum_and_why(flaky) -> None:
    here, bot, forum = flaky
    deadline = here.clock.now
    Deadlines(bot.sessions, bot.game_id or 0).add("dusk 1", deadline)
    forum.down = "thread"
    loop.tick(bot, now=deadline + timedelta(minutes=1))

    with open_readonly(here.db) as connection:
        status = load_status(connection, pick_game(connection, bot.game_id, here.db))
    out = io.StringIO()
    render_status(Console(file=out, width=200), status, ZoneInfo("Europe/Berlin"), deadline)
    shown = out.getvalue()
    assert "dusk 1 wartet: Das Forum ist bis zur Frist nicht vollständig lesbar" in shown
    assert "HTTP 500" in shown and "wartet seit" in shown


@pytest.mark.parametrize(
    ("waiting", "waited", "expected"),
    [
        (None, None, 60.0),
        (None, 5.0, 60.0),
        ("dusk 1: …", None, 5.0),
        ("dusk 1: …", 5.0, 10.0),
        ("dusk 1: …", 40.0, 60.0),
        ("dusk 1: …", 60.0, 5.0),
    ],
    ids=["idle", "forum back", "first retry", "backs off", "up to the interval", "anew"],
)
def test_while_a_deadline_waits_for_the_forum_the_bot_retries_sooner_backing_off(
    waiting: str | None, waited: float | None, expected: float
) -> None:
    assert loop.next_wait(60.0, waiting, waited) == expected


def test_a_failed_read_holds_the_later_posts_so_all_count_in_the_order_written(flaky) -> None:
    """Night or day, the engine must see the posts in the order they were written whatever
    read failed: a vote in the thread written after a private message that could not be
    read waits for it (else the events – and the round – would differ from a forum that
    never failed)."""
    here, bot, forum = flaky
    forum.down = "conversation"
    here.act(("post", "Emil", "private", bold("!Sehen Anna")), bot)  # not his: refused
    here.act(("post", "Bernd", "thread", bold("!Lynch Emil")), bot)
    report = bot.poll()
    assert report.failed and report.processed == 0 and report.deferred == 1
    forum.down = None
    assert bot.poll().processed == 2
    actors = [getattr(e, "actor", None) for e in bot.game.state.log]
    assert [a for a in actors if a][-2:] == ["Emil", "Bernd"]  # as written, not as read


def test_a_channel_that_fails_for_long_no_longer_holds_the_others(flaky) -> None:
    here, bot, forum = flaky
    forum.down = "conversation"  # e.g. deleted by an administrator: it stays unreadable
    here.act(("post", "Emil", "private", "<p>Hallo?</p>"), bot)
    here.act(("post", "Bernd", "thread", bold("!Lynch Emil")), bot)
    assert bot.poll().processed == 0  # held: Emil's conversation may hold earlier posts
    later = bot.clock() + HOLD_FOR_A_FAILED_READ + timedelta(minutes=1)
    bot.clock = lambda: later
    assert bot.poll().processed == 1  # not for ever
    assert bot.game.state.day.lynch_votes["Bernd"] == "Emil"
