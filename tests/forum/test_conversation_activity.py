"""`WoltLabForum.activity` on the look-alike (6.x and 5.x markup): the conversation list
newest message first, read only down to `since`, dated by the forum's own clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from test_local_support import Clock

from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.woltlab.client import WoltLabForum

PER_PAGE = 10
COUNT = 25  # three list pages


@pytest.fixture
def conversations(forum: LocalForum, clock: Clock) -> list[int]:
    """25 conversations of the Spielleitung with Anna, one a minute: the last the newest."""
    made = []
    for n in range(COUNT):
        clock.advance(60)
        made.append(forum.add_conversation(f"Nr. {n}", "Spielleitung", ["Anna"], "<p>Hallo</p>"))
    clock.advance(60)
    return made


@pytest.fixture
def client(server: LocalForumServer):
    made = WoltLabForum(server.base_url, "Spielleitung", "wolfbot", min_interval=0, timeout=5)
    made.login()
    yield made
    made.close()


def test_without_since_the_whole_list_is_read(client, conversations, clock) -> None:
    activity = client.activity(None)
    assert activity.requests == 3 and activity.listed_after is None
    assert set(activity.last_post) == set(conversations)
    assert activity.now == clock.now.replace(microsecond=0)


def test_since_a_recent_time_one_page_is_enough(client, conversations, clock) -> None:
    activity = client.activity(clock.now - timedelta(minutes=5))
    assert activity.requests == 1
    assert list(activity.last_post) == conversations[::-1][:PER_PAGE]  # newest first
    assert activity.listed_after == activity.last_post[conversations[-PER_PAGE]]


def test_a_message_moves_its_conversation_to_the_top(forum, client, conversations, clock) -> None:
    oldest = conversations[0]
    forum.add_conversation_message(oldest, "Anna", "<p>Noch da?</p>")
    activity = client.activity(clock.now - timedelta(minutes=5))
    assert activity.requests == 1
    assert next(iter(activity.last_post)) == oldest
    assert activity.last_post[oldest] == clock.now.replace(microsecond=0)


def test_since_an_older_time_the_list_is_read_down_to_it(client, conversations, clock) -> None:
    activity = client.activity(clock.now - timedelta(minutes=15))  # 14 newer than that
    assert activity.requests == 2 and len(activity.last_post) == 2 * PER_PAGE
    assert activity.listed_after is not None
    assert activity.listed_after <= clock.now - timedelta(minutes=15)
