"""A kill at any point: the bot's process dies right after a write it made – a commit to
its SQLite file or a write the forum stored – over and over, every n-th write, and each
time a new bot continues from the file (repeating the call it died in, as a restarted
process would). The round must end exactly as a straight run: each post once, each
command once."""

from __future__ import annotations

from typing import Any

import pytest
from roundkit import (
    SCRIPT,
    Site,
    bot_messages,
    site,
    store_counts,
    thread_titles,
    without_post_times,
)
from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session, sessionmaker

from wolfbot.bot import RoundBot
from wolfbot.forum.base import Forum


class Crash(BaseException):
    """The process is killed (not an Exception: nothing in the bot may catch it)."""


class Killer:
    """Counts the bot's writes and kills it after every `period`-th one."""

    def __init__(self, period: int) -> None:
        self.period = period
        self.writes = 0
        self.kills = 0

    def wrote(self) -> None:
        self.writes += 1
        if self.writes % self.period == 0:
            self.kills += 1
            raise Crash(f"killed after write {self.writes}")

    def watch(self, sessions: sessionmaker[Session]) -> sessionmaker[Session]:
        """Kill right after a commit that wrote something (reads are no progress)."""

        def flushed(session: Session, _context: Any) -> None:
            session.info["wrote"] = True

        def executed(state: ORMExecuteState) -> None:
            if state.is_insert or state.is_update or state.is_delete:
                state.session.info["wrote"] = True

        def committed(session: Session) -> None:
            if session.info.pop("wrote", False):
                self.wrote()

        event.listen(sessions, "after_flush", flushed)
        event.listen(sessions, "do_orm_execute", executed)
        event.listen(sessions, "after_commit", committed)
        return sessions


class KilledForum:
    """The forum as the bot sees it; the process dies right after the forum stored a write."""

    def __init__(self, forum: Forum, killer: Killer) -> None:
        self._forum, self._killer = forum, killer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._forum, name)

    @property
    def username(self) -> str:
        return self._forum.username

    def post(self, *args: Any, **kwargs: Any) -> int:
        result = self._forum.post(*args, **kwargs)
        self._killer.wrote()
        return result

    def open_conversation(self, *args: Any, **kwargs: Any) -> int:
        result = self._forum.open_conversation(*args, **kwargs)
        self._killer.wrote()
        return result

    def add_participants(self, *args: Any, **kwargs: Any) -> None:
        self._forum.add_participants(*args, **kwargs)
        self._killer.wrote()

    def edit_post(self, *args: Any, **kwargs: Any) -> None:
        self._forum.edit_post(*args, **kwargs)
        self._killer.wrote()


def killable_bot(here: Site, killer: Killer) -> RoundBot:
    sessions = killer.watch(here.sessions())
    return here.bot(lambda forum: KilledForum(forum, killer), sessions)


def play_with_kills(here: Site, killer: Killer) -> RoundBot:
    steps: list[tuple] = [("start",), ("send",), *SCRIPT, ("send",)]
    bot: RoundBot | None = None
    done = 0
    while done < len(steps):
        step = steps[done]
        try:
            if bot is None:
                bot = killable_bot(here, killer)
            if step == ("start",):
                if bot.game_id is None:
                    here.start(bot)
            else:
                here.act(step, bot)
            done += 1
        except Crash:
            bot = None
            assert killer.kills < 1000, "no progress"
    final = here.bot()
    final.send()
    return final


@pytest.fixture(scope="module")
def straight(tmp_path_factory):
    with site(tmp_path_factory.mktemp("straight")) as here:
        bot = here.bot()
        here.start(bot)
        bot.send()
        for step in SCRIPT:
            here.act(step, bot)
        bot.send()
        yield bot.game.state, bot_messages(here), thread_titles(here), store_counts(bot)


@pytest.mark.parametrize("period", [2, 7, 13])
def test_killed_after_every_nth_write_the_round_ends_as_a_straight_run(
    straight, tmp_path, period: int
) -> None:
    state, messages, titles, counts = straight
    with site(tmp_path) as here:
        killer = Killer(period)
        bot = play_with_kills(here, killer)
        assert killer.kills >= killer.writes // period > 10
        assert bot.game.state == state
        assert without_post_times(bot_messages(here)) == without_post_times(messages)
        assert thread_titles(here) == titles
        assert store_counts(bot) == counts
        assert bot.outbox.messages(["queued", "sending", "uncertain", "failed", "blocked"]) == []
