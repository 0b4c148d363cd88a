"""Issue 11.7: the posts of a poll cost one transaction – what was recorded of them
before, the engine's commands and events, and the answers queued are stored together or
not at all (a failure in the middle leaves nothing, and the posts are read again) – and a
few statements, not a few per post. A batch stores exactly what post by post stores."""

from __future__ import annotations

import pytest
from roundkit import SCRIPT, bold, site
from sqlalchemy import event, func, select, text

from wolfbot.bot import RoundBot
from wolfbot.bot import round as bot_round
from wolfbot.outbox.queue import Priority
from wolfbot.store.models import InputPost, OutgoingMessage, metadata


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


def cost_of_a_poll(here, bot: RoundBot, posts: int) -> tuple[int, int]:
    """(commits, statements) of a poll that takes `posts` new posts of Clara's."""
    for n in range(posts):
        here.act(("post", "Clara", "private", bold("!Sehen Anna", f"<p>Nr. {n}</p>")), bot)
    counter = Counter(bot)
    try:
        assert bot.poll().processed == posts
    finally:
        counter.close()
    return counter.commits, counter.statements


def test_the_posts_of_a_poll_are_one_transaction_of_a_few_statements(here) -> None:
    bot = here.started()
    cost_of_a_poll(here, bot, 2)  # the store's first reads of the round are done
    two = cost_of_a_poll(here, bot, 2)
    forty = cost_of_a_poll(here, bot, 40)
    assert forty == two  # one transaction, the same statements: one insert per table


def test_more_posts_than_a_batch_take_a_transaction_per_batch(here, monkeypatch) -> None:
    monkeypatch.setattr(bot_round, "POSTS_PER_BATCH", 5)
    bot = here.started()
    one = cost_of_a_poll(here, bot, 1)[0]
    assert cost_of_a_poll(here, bot, 12)[0] - one == 2  # 5 + 5 + 2


def test_a_batch_that_fails_is_taken_post_by_post_and_only_the_bad_post_is_lost(
    here, monkeypatch, caplog
) -> None:
    bot = here.started()
    for n in range(4):
        here.act(("post", "Clara", "private", bold("!Sehen Anna", f"<p>Nr. {n}</p>")), bot)
    desk = bot.desk
    real = type(desk).publish
    calls = []

    def third_fails(self, game, start, events, batch=None):
        calls.append(start)
        if len(calls) in (3, 7):  # the third post, in the batch and then on its own
            raise OSError("disk full")
        return real(self, game, start, events, batch)

    monkeypatch.setattr(type(desk), "publish", third_fails)
    before = count(bot)
    with pytest.raises(OSError):
        bot.poll()
    assert "taken again post by post" in caplog.text
    assert count(bot) == (before[0] + 2, before[1] + 2)  # the two before it, with receipts
    monkeypatch.setattr(type(bot.desk), "publish", real)
    assert bot.poll().processed == 2  # the bad one and the one after it
    assert count(bot) == (before[0] + 4, before[1] + 4)


def test_a_batch_whose_answer_is_queued_already_keeps_the_queued_one(here, caplog) -> None:
    """An optimistic batch does not look whether an answer's key is queued; the queue's
    UNIQUE key refuses it, and post by post the queued message is kept, not doubled."""
    bot = here.started()
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)
    here.act(("post", "Clara", "private", bold("!Sehen Bernd")), bot)
    key = bot.desk.book.keys.event(len(bot.game.state.log), 0)  # the first one's receipt
    bot.outbox.enqueue(key, "post", "thread:1", "<p>schon da</p>", priority=Priority.RECEIPT)
    before = count(bot)
    assert bot.poll().processed == 2
    assert "taken again post by post" in caplog.text
    assert count(bot) == (before[0] + 2, before[1] + 1)
    assert bot.outbox.get(key).html == "<p>schon da</p>"


def test_a_batch_stores_exactly_what_post_by_post_stores(tmp_path, monkeypatch) -> None:
    """The test round's script (role changes, questions, deadlines, edits) played twice:
    every table holds the same rows, ids and times included."""
    dumps = []
    for per_batch in (1, bot_round.POSTS_PER_BATCH):
        monkeypatch.setattr(bot_round, "POSTS_PER_BATCH", per_batch)
        (tmp_path / str(per_batch)).mkdir()
        with site(tmp_path / str(per_batch)) as here:
            bot = here.started(clock=here.clock)
            for step in SCRIPT:
                here.act(step, bot)
            base = here.server.base_url  # the port differs
            with bot.sessions() as session:
                dumps.append(
                    {
                        table.name: [
                            tuple(v.replace(base, "/") if isinstance(v, str) else v for v in row)
                            for row in session.execute(text(f"SELECT * FROM {table.name}"))
                        ]
                        for table in metadata.sorted_tables
                    }
                )
    assert dumps[0]["input_posts"] and dumps[0]["questions"]
    assert dumps[0] == dumps[1]


def count(bot: RoundBot) -> tuple[int, int]:
    with bot.sessions() as session:
        inputs = session.scalar(select(func.count()).select_from(InputPost))
        queued = session.scalar(select(func.count()).select_from(OutgoingMessage))
    return int(inputs or 0), int(queued or 0)


def test_a_failure_while_queueing_the_answers_stores_nothing_of_the_post(here, monkeypatch) -> None:
    bot = here.started()
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)
    before = count(bot)
    desk = bot.desk
    real = desk.outbox.enqueue

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(desk.outbox, "enqueue", broken)
    with pytest.raises(OSError):
        bot.poll()
    assert count(bot) == before  # neither the post nor its receipt
    monkeypatch.setattr(bot.desk.outbox, "enqueue", real)
    assert bot.poll().processed == 1
    inputs, queued = count(bot)
    assert (inputs, queued) == (before[0] + 1, before[1] + 1)  # the post and its receipt
