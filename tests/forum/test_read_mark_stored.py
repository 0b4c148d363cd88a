"""A read mark as the store keeps it (`ReadMark.to_json`, a `read_marks` row): the bot stores
it and hands it back. Marks stored by earlier versions load unchanged, so a round that was
running resumes where it stopped (WoltLab's client reading on from such a mark:
`test_woltlab_client.test_a_mark_stored_before_the_cursor_resumes_on_its_page`)."""

from __future__ import annotations

from datetime import UTC, datetime

from wolfbot.forum.base import ReadMark
from wolfbot.forum.woltlab.cursor import PageCursor

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
# the mark before a message was sent, as the write queue stored it before (`before_mark`)
BEFORE_MARK = {"last_post_id": 1204, "last_page": 7}
CURSOR = PageCursor(
    7, '"5e1f-abc"', "Sun, 06 Dec 2026 02:00:00 GMT", {1203: ("9f2c", 0), 1204: ("77aa", 1)}
)


def test_a_mark_stored_before_resumes_where_it_was() -> None:
    mark = ReadMark.from_json(STORED)
    assert (mark.last_post_id, mark.seen_until, mark.last_time) == (
        1204,
        datetime(2026, 12, 6, 2, 0, tzinfo=UTC),
        datetime(2026, 12, 6, 1, 58, 30, tzinfo=UTC),
    )
    assert PageCursor.of(mark) == CURSOR


def test_a_mark_is_stored_and_loaded_back_the_same() -> None:
    mark = CURSOR.on(ReadMark.from_json(STORED))
    assert mark.to_json() == {
        "last_post_id": 1204,
        "seen_until": "2026-12-06T02:00:00+00:00",
        "last_time": "2026-12-06T01:58:30+00:00",
        "place": {"last_page": 7},
        "memory": {
            "etag": '"5e1f-abc"',
            "last_modified": "Sun, 06 Dec 2026 02:00:00 GMT",
            "seen": {"1203": ["9f2c", 0], "1204": ["77aa", 1]},
        },
    }
    assert ReadMark.from_json(mark.to_json()) == mark
    assert PageCursor.of(ReadMark.from_json(mark.to_json())) == CURSOR


def test_a_mark_without_the_list_times_is_read_in_full() -> None:
    mark = ReadMark.from_json(BEFORE_IDLE_POLLS)
    assert (mark.last_post_id, mark.seen_until, mark.last_time) == (1204, None, None)
    assert PageCursor.of(mark) == CURSOR


def test_a_bound_keeps_the_place_and_forgets_the_rest() -> None:
    bound = ReadMark.from_json(STORED).bound()
    assert PageCursor.of(bound) == PageCursor(7)
    assert (bound.last_post_id, bound.seen_until, bound.last_time, bound.memory) == (
        1204,
        None,
        None,
        {},
    )
    assert PageCursor.of(ReadMark.from_json(BEFORE_MARK)) == PageCursor(7)
    assert ReadMark.from_json(bound.to_json()) == bound
