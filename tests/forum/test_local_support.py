"""Helpers for the local forum tests: a movable clock, a browser-like httpx client that
knows WoltLab's token rules, and a forum with users. Imported by the other test_local_*
modules (pytest puts this directory on sys.path); its own tests check the helpers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote, unquote, urlencode

import httpx
from bs4 import BeautifulSoup

from wolfbot.forum.local import LocalForum, LocalForumServer, Rules

POST_ACTION = "wbb\\data\\post\\PostAction"
MESSAGE_ACTION = "wcf\\data\\conversation\\message\\ConversationMessageAction"
CONVERSATION_ACTION = "wcf\\data\\conversation\\ConversationAction"
USER_ACTION = "wcf\\data\\user\\UserAction"
QUICK_REPLY_INTERFACE = "wcf\\data\\IMessageQuickReplyAction"
START = datetime(2024, 1, 5, 12, 0, tzinfo=UTC)


class Clock:
    """The forum's injectable clock; tests move it instead of sleeping."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def make_forum(clock: Clock, rules: Rules | None = None) -> LocalForum:
    forum = LocalForum(clock=clock, rules=rules)
    forum.add_user("Spielleitung", "wolfbot", signature="<p>Eure Spielleitung</p>")
    for name in ("Anna", "Bernd", "Frau Holle", "Gustav"):
        forum.add_user(name, name.lower())
    return forum


def soup(response: httpx.Response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "lxml")


class Browser:
    """One client (its own cookies), speaking to the server like WoltLab's JavaScript."""

    def __init__(self, server: LocalForumServer, timeout: float = 5.0) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.base_url, timeout=timeout)
        self.last_page = ""

    def close(self) -> None:
        self.http.close()

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        response = self.http.get(url, follow_redirects=True, **kwargs)
        if response.status_code == 200:
            self.last_page = response.text
        return response

    def token(self) -> str:
        """6.x: the URL-decoded XSRF-TOKEN cookie; 5.x: SECURITY_TOKEN from the last page."""
        if self.server.markup == "6":
            if "XSRF-TOKEN" not in self.http.cookies:
                self.get("index.php")
            return unquote(self.http.cookies["XSRF-TOKEN"])
        if "SECURITY_TOKEN" not in self.last_page:
            self.get("index.php")
        match = re.search(r"SECURITY_TOKEN = '([^']+)'", self.last_page)
        assert match, "no SECURITY_TOKEN on the page"
        return match.group(1)

    def login(self, name: str, password: str) -> httpx.Response:
        self.get("index.php?login/")
        data = {"username": name, "password": password, "t": self.token()}
        return self.http.post("index.php?login/", data=data)

    def post_form(self, url: str, data: dict[str, str], token: str | None = None) -> httpx.Response:
        self.get(url)
        return self.http.post(url, data={**data, "t": self.token() if token is None else token})

    def ajax(
        self,
        class_name: str,
        action: str,
        parameters: dict[str, Any],
        object_ids: list[int] | None = None,
        token: str | None = None,
        interface: str = "",
    ) -> httpx.Response:
        data: list[tuple[str, str]] = [("className", class_name), ("actionName", action)]
        if interface:
            data.append(("interfaceName", interface))
        data += [("objectIDs[]", str(i)) for i in object_ids or []]
        for key, value in parameters.items():
            for item in value if isinstance(value, list) else [value]:
                data.append((f"parameters{key}", str(item)))
        token = self.token() if token is None else token
        headers = {
            "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8",
            "X-Requested-With": "XMLHttpRequest",
            "Accept": "application/json",
        }
        return self.http.post(
            f"index.php?ajax-proxy/&t={quote(token, safe='')}",
            content=urlencode(data),
            headers=headers,
        )

    def quick_reply(
        self,
        class_name: str,
        object_id: int,
        html: str,
        page_no: int = 1,
        last_post_time: int = 1,
        token: str | None = None,
    ) -> httpx.Response:
        parameters = {
            "[objectID]": object_id,
            "[lastPostTime]": last_post_time,
            "[pageNo]": page_no,
            "[data][message]": html,
        }
        return self.ajax(
            class_name, "quickReply", parameters, token=token, interface=QUICK_REPLY_INTERFACE
        )


@contextmanager
def running(forum: LocalForum, markup: str = "6", **options: Any) -> Iterator[LocalForumServer]:
    with LocalForumServer(forum, markup=markup, **options) as server:  # type: ignore[arg-type]
        yield server


@contextmanager
def browser(server: LocalForumServer, **options: Any) -> Iterator[Browser]:
    client = Browser(server, **options)
    try:
        yield client
    finally:
        client.close()


def test_clock_moves_only_when_told() -> None:
    clock = Clock()
    first = clock()
    clock.advance(90)
    assert clock() - first == timedelta(seconds=90)


def test_browser_reads_the_token_both_ways() -> None:
    for markup in ("6", "5"):
        with running(make_forum(Clock()), markup) as server, browser(server) as client:
            token = client.token()
            assert token and token != "NOT_MODIFIED"
            assert ("XSRF-TOKEN" in client.http.cookies) == (markup == "6")
