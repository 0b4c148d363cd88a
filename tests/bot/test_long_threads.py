"""A thread longer than the reader's page limit is read to its end in one poll: the bot
reads on from the mark while the forum says the read stopped at its limit (`more`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from roundkit import site
from sqlalchemy import delete

from wolfbot.bot.reading import MAX_READS, read_on
from wolfbot.forum.base import ChannelRef, ForumPost, ReadMark, ReadResult
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.store.models import ReadMarkRow

THREAD = ChannelRef("thread", 1)


class Paged:
    """A forum whose reads stop after `per_read` pages of one post each; its place in a mark
    is the page it read last."""

    def __init__(self, pages: int, per_read: int) -> None:
        self.pages, self.per_read, self.reads = pages, per_read, 0

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        self.reads += 1
        start = mark.place.get("page", 1)
        stop = min(self.pages, start + self.per_read - 1)
        posts = [
            ForumPost(
                n,
                channel,
                "Anna",
                1,
                datetime(2026, 12, 1, tzinfo=UTC),
                f"<p>{n}</p>",
                parsed=WOLTLAB.read(f"<p>{n}</p>"),
            )
            for n in range(start, stop + 1)
            if n > mark.last_post_id
        ]
        last = posts[-1].post_id if posts else mark.last_post_id
        return ReadResult(
            posts, [], [], ReadMark(last, place={"page": stop}), 1, more=stop < self.pages
        )


@pytest.mark.parametrize(
    ("pages", "per_read", "reads"),
    [(3, 50, 1), (60, 50, 2), (200, 50, 5)],  # each read starts again at its last page
    ids=["short", "60 pages", "200 pages"],
)
def test_a_thread_longer_than_the_page_limit_is_read_to_its_end(
    pages: int, per_read: int, reads: int
) -> None:
    forum = Paged(pages, per_read)
    result = read_on(forum, THREAD, ReadMark())  # type: ignore[arg-type]
    assert [p.post_id for p in result.new] == list(range(1, pages + 1))
    assert not result.more and result.mark.place == {"page": pages}
    assert forum.reads == reads == result.requests


def test_reading_on_is_bounded() -> None:
    forum = Paged(10_000, 1)
    result = read_on(forum, THREAD, ReadMark())  # type: ignore[arg-type]
    assert forum.reads == MAX_READS and result.more  # the next poll goes on from there


def test_a_restarted_bot_resumes_reading_at_the_stored_pages(tmp_path) -> None:
    """The read marks are in the store: a restart reads each channel from the page it
    stood at, instead of every page of a long thread from the first."""
    with site(tmp_path) as here:
        bot = here.started()
        per_page = here.forum.rules.per_page
        for n in range(3 * per_page):  # chatter: the thread runs to four pages
            here.forum.add_post(here.thread_id, "Dora", f"<p>Gedanke {n}</p>")
        bot.poll()
        resumed = here.bot()  # a restart: a new process on the same store
        assert resumed._marks == bot._marks and resumed._marks
        with_marks = resumed.poll().requests
        with resumed.sessions() as session, session.begin():
            session.execute(delete(ReadMarkRow))
        from_the_start = here.bot().poll().requests  # as before: from page 1
        assert from_the_start - with_marks == 3  # the thread's three pages before its last
