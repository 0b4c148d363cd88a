"""Issue 11.7: a post the bot takes costs one transaction – what was recorded of it before,
the engine's commands and events, and the answers queued are stored together or not at all
(a failure in the middle leaves nothing, and the post is read again)."""

from __future__ import annotations

import pytest
from roundkit import bold, site
from sqlalchemy import event, func, select

from wolfbot.bot import RoundBot
from wolfbot.store.models import InputPost, OutgoingMessage


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        yield s


class Counter:
    """Counts the commits and statements of the bot's store connection."""

    def __init__(self, bot: RoundBot) -> None:
        self.engine = bot.sessions.kw["bind"]
        self.commits = self.statements = 0
        event.listen(self.engine, "commit", self._commit)
        event.listen(self.engine, "before_cursor_execute", self._statement)

    def _commit(self, *_: object) -> None:
        self.commits += 1

    def _statement(self, *_: object) -> None:
        self.statements += 1

    def close(self) -> None:
        event.remove(self.engine, "commit", self._commit)
        event.remove(self.engine, "before_cursor_execute", self._statement)


def commits_of_a_poll(here, bot: RoundBot, posts: int) -> int:
    for n in range(posts):
        here.act(("post", "Clara", "private", bold("!Sehen Anna", f"<p>Nr. {n}</p>")), bot)
    counter = Counter(bot)
    try:
        assert bot.poll().processed == posts
    finally:
        counter.close()
    return counter.commits


def test_each_post_taken_is_one_transaction(here) -> None:
    bot = here.started()
    one = commits_of_a_poll(here, bot, 1)
    five = commits_of_a_poll(here, bot, 5)
    assert five - one == 4  # the rest of a poll (its read marks) is the same for both


def test_a_failure_while_queueing_the_answers_stores_nothing_of_the_post(
    here, monkeypatch
) -> None:
    bot = here.started()
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)

    def count() -> tuple[int, int]:
        with bot.sessions() as session:
            inputs = session.scalar(select(func.count()).select_from(InputPost))
            queued = session.scalar(select(func.count()).select_from(OutgoingMessage))
        return int(inputs or 0), int(queued or 0)

    before = count()
    desk = bot.desk
    real = desk.outbox.enqueue

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(desk.outbox, "enqueue", broken)
    with pytest.raises(OSError):
        bot.poll()
    assert count() == before  # neither the post nor its receipt
    monkeypatch.setattr(bot.desk.outbox, "enqueue", real)
    assert bot.poll().processed == 1
    inputs, queued = count()
    assert (inputs, queued) == (before[0] + 1, before[1] + 1)  # the post and its receipt
