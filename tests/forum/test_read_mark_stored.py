"""A read mark as the store keeps it (`ReadMark.to_json`, a `read_marks` row): the bot stores
it and hands it back. Marks stored by earlier versions load unchanged, so a round that was
running resumes where it stopped."""

from __future__ import annotations

from datetime import UTC, datetime

from wolfbot.forum.base import ReadMark

# a row as wolfbot wrote it before the forum seam (issue 35), and one from before idle polls
STORED = {
    "last_post_id": 1204,
    "last_page": 7,
    "etag": '"5e1f-abc"',
    "last_modified": "Sun, 06 Dec 2026 02:00:00 GMT",
    "seen": {"1203": ["9f2c", 0], "1204": ["77aa", 1]},
    "seen_until": "2026-12-06T02:00:00+00:00",
    "last_time": "2026-12-06T01:58:30+00:00",
}
BEFORE_IDLE_POLLS = {k: v for k, v in STORED.items() if k not in ("seen_until", "last_time")}


def test_a_mark_stored_before_resumes_where_it_was() -> None:
    mark = ReadMark.from_json(STORED)
    assert mark == ReadMark(
        1204,
        7,
        '"5e1f-abc"',
        "Sun, 06 Dec 2026 02:00:00 GMT",
        {1203: ("9f2c", 0), 1204: ("77aa", 1)},
        datetime(2026, 12, 6, 2, 0, tzinfo=UTC),
        datetime(2026, 12, 6, 1, 58, 30, tzinfo=UTC),
    )
    assert mark.to_json() == STORED  # stored again: the same row


def test_a_mark_without_the_list_times_is_read_in_full() -> None:
    mark = ReadMark.from_json(BEFORE_IDLE_POLLS)
    assert (mark.last_post_id, mark.last_page, mark.seen_until, mark.last_time) == (
        1204,
        7,
        None,
        None,
    )
