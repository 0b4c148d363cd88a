"""Fixtures of the local forum's tests: a forum on a test clock, served in 6.x and 5.x markup,
and a browser logged in as the Spielleitung. A test module may define its own to differ."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_local_support import Browser, Clock, browser, make_forum, running

from wolfbot.forum.local import LocalForum, LocalForumServer


@pytest.fixture(params=["6", "5"])
def markup(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def forum(clock: Clock) -> LocalForum:
    return make_forum(clock)


@pytest.fixture
def server(forum: LocalForum, markup: str) -> Iterator[LocalForumServer]:
    with running(forum, markup) as server:
        yield server


@pytest.fixture
def bot(server: LocalForumServer) -> Iterator[Browser]:
    with browser(server) as client:
        assert client.login("Spielleitung", "wolfbot").status_code == 302
        yield client
