"""WoltLabForum against a respx-mocked WoltLab (no network: ``assert_all_mocked``). The fake
serves the fixture pages of tests/forum/fixtures (WoltLab 5.4/6.0 markup) and WoltLab's
answers: login (LoginForm: redirect on success, the form again on failure), the XSRF-TOKEN
cookie, ajax-proxy JSON (AJAXException shapes) and the form redirects."""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qsl

import httpx
import pytest
import respx

from wolfbot.forum.base import (
    ChannelRef,
    Conversation,
    FloodLimited,
    Forum,
    ForumError,
    LoginFailed,
    ReadMark,
    Refused,
)
from wolfbot.forum.woltlab.client import WoltLabForum, strip_page
from wolfbot.forum.woltlab.cursor import PageCursor
from wolfbot.forum.woltlab.errors import parse_retry_after

FIXTURES = Path(__file__).parent / "fixtures"
HOST = "https://forum.example"
PASSWORD = "s3cret-Pa55"
TOKEN = "tok+en/1=="  # the XSRF-TOKEN cookie holds it rawurlencoded
THREAD = ChannelRef("thread", 123)
THREAD5 = ChannelRef("thread", 77)
CONV = ChannelRef("conversation", 45)
T6 = "/thread/123-werwolf-runde-42/"
LOGIN = "/index.php?login/"
AJAX = "/index.php?ajax-proxy/&t=tok%2Ben%2F1%3D%3D"
NOT_FOUND = (  # IllegalLinkException -> NotFoundHandler, logged in (pageHeaderUser.tpl)
    '<html><body data-template="error"><nav id="topMenu" class="userPanel userPanelLoggedIn">'
    '</nav><p class="userExceptionMessage">Die angeforderte Seite konnte nicht gefunden '
    "werden.</p></body></html>"
)


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text()


def ajax_fixture(name: str) -> dict:
    text = "".join(line for line in fixture(name).splitlines(True) if not line.startswith("//"))
    return json.loads(text)


def post_block(html: str, pid: int) -> str:
    match = re.search(rf'<li id="post{pid}".*?</article>\s*</li>\n', html, re.DOTALL)
    assert match, pid
    return match.group(0)


def without_post(html: str, pid: int) -> str:
    return html.replace(post_block(html, pid), "")


def with_new_post(html: str, after: int, pid: int, body: str) -> str:
    block = post_block(html, after)
    clone = block.replace(f"post{after}", f"post{pid}").replace(f'"{after}"', f'"{pid}"')
    clone = re.sub(
        r'(<div class="messageText" itemprop="text">).*?(</div>)',
        lambda m: m.group(1) + body + m.group(2),
        clone,
        flags=re.DOTALL,
    )
    return html.replace(block, block + clone)


def edited(html: str, pid: int, body: str | None = None, note: str | None = None) -> str:
    block = post_block(html, pid)
    new = block
    if body is not None:
        new = re.sub(
            r'(<div class="messageText" itemprop="text">).*?(</div>)',
            lambda m: m.group(1) + body + m.group(2),
            new,
            flags=re.DOTALL,
        )
    if note is not None:
        new = re.sub(r'<p class="messageFooterNote[^"]*">.*?</p>', note, new, flags=re.DOTALL)
        if "messageFooterNote" not in new:
            new = new.replace(
                '<div class="messageFooterNotes">',
                f'<div class="messageFooterNotes"><p class="messageFooterNote">{note}</p>',
            )
    return html.replace(block, new)


def trashed(html: str, pid: int) -> str:
    block = post_block(html, pid)
    return html.replace(
        block, block.replace("jsMessage", "jsMessage wbbPostDeleted messageDeleted")
    )


def more_pages(html: str, count: int) -> str:
    """Page 3 of 3 turned into page 3 of ``count`` (a new page appeared)."""
    html = html.replace('count="3"', f'count="{count}"').replace(
        'data-is-last-page="true"', 'data-is-last-page="false"'
    )
    return html.replace("</head>", f'<link rel="next" href="{HOST}{T6}?pageNo=4">\n</head>')


class FakeWoltLab:
    """The forum's side: pages by path+query, logins, ajax answers, form answers."""

    def __init__(self) -> None:
        self.pages: dict[str, Callable[[], httpx.Response] | httpx.Response] = {}
        self.calls: list[tuple[str, str]] = []
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.ajax_calls: list[dict[str, str]] = []
        self.ajax_headers: list[httpx.Headers] = []
        self.user_agents: set[str] = set()
        self.ajax_answers: list[httpx.Response | Exception] = []
        self.form_answers: dict[str, list[httpx.Response]] = {}
        self.sessions: set[str] = set()
        self.password = PASSWORD
        self.logins = 0
        self.mfa = False
        self.in_flight = 0
        self.overlap = False
        self.delay = 0.0
        self.guest_view = "redirect"  # how a page looks after the session expired
        self.serve_thread6()

    # -------------------------------------------------------------- content

    def serve_thread6(self, etag: str | None = "p3-v1") -> None:
        self.pages["/index.php?thread/123/"] = httpx.Response(301, headers={"Location": T6})
        self.pages[T6] = self.html(fixture("thread6_page1.html"))
        self.pages[f"{T6}?pageNo=2"] = self.html(fixture("thread6_page2.html"))
        self.set_page3(fixture("thread6_page3.html"), etag)

    def set_page3(self, html: str, etag: str | None = None) -> None:
        headers = {"ETag": f'"{etag}"'} if etag else {}
        self.pages[f"{T6}?pageNo=3"] = self.html(html, headers)

    @staticmethod
    def html(text: str, headers: dict[str, str] | None = None, status: int = 200):
        return httpx.Response(
            status, text=text, headers={"Content-Type": "text/html", **(headers or {})}
        )

    def expire(self) -> None:
        self.sessions.clear()

    # -------------------------------------------------------------- dispatch

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.in_flight += 1
        self.overlap |= self.in_flight > 1
        try:
            if self.delay:
                time.sleep(self.delay)
            return self.dispatch(request)
        finally:
            self.in_flight -= 1

    def session(self, request: httpx.Request) -> str | None:
        cookies = dict(
            part.strip().split("=", 1)
            for part in request.headers.get("cookie", "").split(";")
            if "=" in part
        )
        return cookies.get("wsc_cookie_hash")

    def dispatch(self, request: httpx.Request) -> httpx.Response:
        key = request.url.raw_path.decode()
        self.calls.append((request.method, key))
        self.user_agents.add(request.headers.get("user-agent", ""))
        logged_in = self.session(request) in self.sessions
        if key.startswith(LOGIN):
            return self.login(request)
        if key.startswith("/index.php?ajax-proxy/"):
            fields = dict(parse_qsl(request.content.decode(), keep_blank_values=True))
            self.ajax_calls.append({"url": key, **fields})
            self.ajax_headers.append(request.headers)
            answer = self.ajax_answers.pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer
        if request.method == "POST":
            fields = dict(parse_qsl(request.content.decode(), keep_blank_values=True))
            self.forms.append((key, fields))
            return self.form_answers[key].pop(0)
        if not logged_in:
            if self.guest_view == "redirect":
                return httpx.Response(302, headers={"Location": f"/index.php?login/&url={key}"})
            if self.guest_view == "denied":
                return self.html(fixture("permission_denied6.html"), status=403)
            page = self.pages[key]
            page = page() if callable(page) else page
            guest = page.text.replace("userPanel userPanelLoggedIn", "userPanel")
            return self.html(guest)
        page = self.pages.get(key)
        if page is None:
            return self.html(NOT_FOUND, status=404)
        page = page() if callable(page) else page
        etag = page.headers.get("etag")
        if etag and request.headers.get("if-none-match") == etag:
            return httpx.Response(304, headers={"ETag": etag})
        return httpx.Response(page.status_code, headers=page.headers, content=page.content)

    def login(self, request: httpx.Request) -> httpx.Response:
        cookies = [("Set-Cookie", "XSRF-TOKEN=tok%2Ben%2F1%3D%3D; path=/")]
        if request.method == "GET":
            cookies.append(("Set-Cookie", "wsc_cookie_hash=guest; path=/"))
            return httpx.Response(200, text=fixture("login6.html"), headers=cookies)
        fields = dict(parse_qsl(request.content.decode(), keep_blank_values=True))
        self.forms.append((LOGIN, fields))
        if fields.get("t") != TOKEN or self.session(request) is None:
            return httpx.Response(200, text=fixture("login6_wrong_password.html"))
        if fields.get("password") != self.password:
            return httpx.Response(200, text=fixture("login6_wrong_password.html"))
        if self.mfa:
            return httpx.Response(
                302, headers={"Location": "/index.php?multifactor-authentication/"}
            )
        self.logins += 1
        session = f"user{self.logins}"
        self.sessions.add(session)
        return httpx.Response(
            303, headers=[("Location", "/"), ("Set-Cookie", f"wsc_cookie_hash={session}; path=/")]
        )


@pytest.fixture
def fake() -> FakeWoltLab:
    forum = FakeWoltLab()
    with respx.mock(assert_all_mocked=True, assert_all_called=False) as router:
        router.route(host="forum.example").mock(side_effect=forum)
        yield forum


def make(**kwargs) -> WoltLabForum:
    return WoltLabForum(f"{HOST}/", "Spielleitung", PASSWORD, min_interval=0, **kwargs)


@pytest.fixture
def forum(fake: FakeWoltLab) -> WoltLabForum:
    client = make()
    client.login()
    fake.calls.clear()
    fake.forms.clear()
    return client


def json_answer(status: int, body: dict | str, **headers: str) -> httpx.Response:
    if isinstance(body, str):
        body = ajax_fixture(body)
    return httpx.Response(status, json=body, headers=headers)


# ------------------------------------------------------------------ login


def test_implements_the_forum_protocol(forum: WoltLabForum) -> None:
    checked: Forum = forum
    assert checked.username == "Spielleitung"


def test_login_sends_the_decoded_xsrf_token(fake: FakeWoltLab) -> None:
    client = make()
    client.login()
    assert fake.calls == [("GET", LOGIN), ("POST", LOGIN)]
    path, fields = fake.forms[0]
    assert fields == {"username": "Spielleitung", "password": PASSWORD, "url": "", "t": TOKEN}
    assert fake.logins == 1


def test_wrong_password_fails_fast_until_new_credentials(fake: FakeWoltLab) -> None:
    client = make()
    fake.password = "other"
    with pytest.raises(LoginFailed, match="Kennwort ist falsch"):
        client.read(THREAD, ReadMark())
    calls = len(fake.calls)
    with pytest.raises(LoginFailed):
        client.read(THREAD, ReadMark())
    with pytest.raises(LoginFailed):
        client.post(THREAD, "<p>x</p>")
    assert len(fake.calls) == calls == 2  # one GET and one POST of the login form, never again
    client.set_credentials("Spielleitung", "other")
    assert client.read(THREAD, ReadMark()).new


def test_multifactor_account_is_a_failed_login(fake: FakeWoltLab) -> None:
    fake.mfa = True
    with pytest.raises(LoginFailed, match="multi-factor"):
        make().login()


def test_login_server_error_is_not_latched(fake: FakeWoltLab) -> None:
    client = make()
    original = fake.login
    fake.login = lambda request: httpx.Response(502, text="Bad Gateway")  # type: ignore[method-assign]
    with pytest.raises(ForumError) as info:
        client.login()
    assert not isinstance(info.value, LoginFailed) and info.value.status == 502
    fake.login = original  # type: ignore[method-assign]
    client.login()
    assert fake.logins == 1


# ------------------------------------------------------------------ reading


def ids(posts) -> list[int]:
    return [p.post_id for p in posts]


def test_first_read_follows_rel_next_and_discovers_the_slug(fake, forum) -> None:
    result = forum.read(THREAD, ReadMark())
    assert fake.calls == [
        ("GET", "/index.php?thread/123/"),
        ("GET", T6),
        ("GET", f"{T6}?pageNo=2"),
        ("GET", f"{T6}?pageNo=3"),
    ]
    assert result.requests == 4
    assert ids(result.new) == [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1009, 1010, 1011, 1012]
    assert [p.disabled for p in result.new if p.post_id == 1007] == [True]
    assert result.edited == [] and result.deleted == []
    mark = result.mark
    assert (mark.last_post_id, PageCursor.of(mark).page, PageCursor.of(mark).etag) == (
        1012,
        3,
        '"p3-v1"',
    )
    assert set(PageCursor.of(mark).seen) == set(range(1001, 1013))
    assert [p.body.commands for p in result.new[:4]] == [
        (),
        ("!Lynch Bernd",),
        ("!Lynch Anna",),
        ("!Lynch Dora",),
    ]


def test_idle_poll_is_one_conditional_request(fake, forum) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    fake.calls.clear()
    result = forum.read(THREAD, mark)
    assert fake.calls == [("GET", f"{T6}?pageNo=3")]
    assert result.requests == 1 and (result.new, result.edited, result.deleted) == ([], [], [])
    assert result.mark == mark and result.mark is not mark


def test_a_mark_stored_before_the_cursor_resumes_on_its_page(fake, forum) -> None:
    """A `read_marks` row written before WoltLab's cursor had a type of its own (its keys
    beside the neutral ones, `test_read_mark_stored`): the next poll asks for the same page
    with the same validators and reports nothing again."""
    mark = forum.read(THREAD, ReadMark()).mark
    cursor = PageCursor.of(mark)
    stored = {
        "last_post_id": mark.last_post_id,
        "last_page": cursor.page,
        "etag": cursor.etag,
        "last_modified": cursor.last_modified,
        "seen": {str(post_id): list(state) for post_id, state in cursor.seen.items()},
        "seen_until": None,
        "last_time": mark.last_time.isoformat() if mark.last_time else None,
    }
    fake.calls.clear()
    result = forum.read(THREAD, ReadMark.from_json(stored))
    assert fake.calls == [("GET", f"{T6}?pageNo=3")]
    assert result.requests == 1 and (result.new, result.edited, result.deleted) == ([], [], [])
    assert result.mark == mark  # written apart into place and memory
    page3 = with_new_post(fixture("thread6_page3.html"), 1012, 1013, "<p>Neu</p>")
    fake.set_page3(page3, "p3-v2")
    assert ids(forum.read(THREAD, ReadMark.from_json(stored)).new) == [1013]


def test_idle_poll_without_validators_is_one_request(fake, forum) -> None:
    fake.serve_thread6(etag=None)
    mark = forum.read(THREAD, ReadMark()).mark
    assert PageCursor.of(mark).etag is None
    fake.calls.clear()
    result = forum.read(THREAD, mark)
    assert result.requests == 1 and (result.new, result.edited, result.deleted) == ([], [], [])
    assert PageCursor.of(result.mark).seen == PageCursor.of(mark).seen


def test_new_posts_on_the_last_page_and_a_new_page(fake, forum) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    page3 = with_new_post(fixture("thread6_page3.html"), 1012, 1013, "<p><b>!Lynch Anna</b></p>")
    fake.set_page3(more_pages(page3, 4), "p3-v2")
    page4 = with_new_post(fixture("thread6_page3.html"), 1012, 1014, "<p>Vier</p>")
    page4 = without_post(without_post(page4, 1011), 1012).replace('page="3"', 'page="4"')
    page4 = page4.replace('data-page-no="3"', 'data-page-no="4"').replace('count="3"', 'count="4"')
    fake.pages[f"{T6}?pageNo=4"] = fake.html(page4, {"ETag": '"p4-v1"'})
    fake.calls.clear()
    result = forum.read(THREAD, mark)
    assert fake.calls == [("GET", f"{T6}?pageNo=3"), ("GET", f"{T6}?pageNo=4")]
    assert ids(result.new) == [1013, 1014] and result.new[0].body.commands == ("!Lynch Anna",)
    assert (
        result.mark.last_post_id,
        PageCursor.of(result.mark).page,
        PageCursor.of(result.mark).etag,
    ) == (
        1014,
        4,
        '"p4-v1"',
    )


@pytest.mark.parametrize(
    ("change", "edited_ids", "deleted_ids"),
    [
        (lambda h: edited(h, 1011, body="<p><strong>!Lynch Bernd</strong></p>"), [1011], []),
        (
            lambda h: edited(
                h,
                1011,
                note="Dieser Beitrag wurde bereits 2 mal editiert, zuletzt "
                "von „Clara“ (18. März 2024 um 18:30).",
            ),
            [1011],
            [],
        ),
        (lambda h: edited(h, 1012, body="<p>Die Abstimmung endet um 20 Uhr.</p>\n\n"), [], []),
        (lambda h: without_post(h, 1011), [], [1011]),
        (lambda h: without_post(h, 1012), [], [1012]),
        (lambda h: trashed(h, 1011), [], [1011]),
    ],
    ids=["content", "edit-count", "whitespace-only", "removed", "removed-last", "trashed"],
)
def test_edits_and_deletions(fake, forum, change, edited_ids, deleted_ids) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    fake.set_page3(change(fixture("thread6_page3.html")), "p3-v2")
    result = forum.read(THREAD, mark)
    assert ids(result.edited) == edited_ids and result.deleted == deleted_ids
    assert result.new == []
    again = forum.read(THREAD, result.mark)  # reported once
    assert (again.edited, again.deleted) == ([], [])
    for post_id in deleted_ids:
        assert (
            post_id not in PageCursor.of(again.mark).seen
            or "~x@" in PageCursor.of(again.mark).seen[post_id][0]
        )


def test_edit_reports_the_new_commands(fake, forum) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    fake.set_page3(edited(fixture("thread6_page3.html"), 1011, "<p><b>!Lynch Bernd</b></p>"))
    [post] = forum.read(THREAD, mark).edited
    assert post.post_id == 1011 and post.body.commands == ("!Lynch Bernd",)


def test_vanished_last_page_restarts_from_the_page_count(fake, forum) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    del fake.pages[f"{T6}?pageNo=3"]  # posts were deleted: only two pages left
    page2 = fixture("thread6_page2.html").replace('count="3"', 'count="2"')
    page2 = page2.replace(f'<link rel="next" href="{HOST}{T6}?pageNo=3">', "")
    fake.pages[f"{T6}?pageNo=2"] = fake.html(
        page2.replace('data-is-last-page="false"', 'data-is-last-page="true"')
    )
    page1 = fixture("thread6_page1.html").replace('count="3"', 'count="2"')
    fake.pages[T6] = fake.html(page1)
    fake.calls.clear()
    result = forum.read(THREAD, mark)
    assert fake.calls == [("GET", f"{T6}?pageNo=3"), ("GET", T6), ("GET", f"{T6}?pageNo=2")]
    assert result.deleted == [1011, 1012] and PageCursor.of(result.mark).page == 2


def test_posts_becoming_visible_late_are_new(fake, forum) -> None:
    page3 = without_post(fixture("thread6_page3.html"), 1011)
    fake.set_page3(page3)
    mark = forum.read(THREAD, ReadMark()).mark
    fake.set_page3(fixture("thread6_page3.html"))  # 1011 enabled by a moderator
    assert ids(forum.read(THREAD, mark).new) == [1011]


def test_wbb5_query_urls(fake, forum) -> None:
    base = "/index.php?thread/77-dorfplatz-tag-2/"
    fake.pages["/index.php?thread/77/"] = httpx.Response(301, headers={"Location": base})
    fake.pages[base] = fake.html(fixture("thread5_page1.html"))
    fake.pages[f"{base}&pageNo=2"] = fake.html(fixture("thread5_page2.html"))
    fake.pages[f"{base}&pageNo=3"] = fake.html(fixture("thread5_page3.html"))
    result = forum.read(THREAD5, ReadMark())
    assert [c[1] for c in fake.calls] == [
        "/index.php?thread/77/",
        base,
        f"{base}&pageNo=2",
        f"{base}&pageNo=3",
    ]
    assert ids(result.new) == [501, 502, 503, 504, 505, 506, 508, 509, 510]
    fake.calls.clear()
    forum.read(THREAD5, result.mark)
    assert fake.calls == [("GET", f"{base}&pageNo=3")]


def test_conversation_pages(fake, forum) -> None:
    base = "/conversation/45-woelfe-nacht-1/"
    fake.pages["/index.php?conversation/45/"] = httpx.Response(301, headers={"Location": base})
    fake.pages[base] = fake.html(fixture("conversation6_page1.html"))
    fake.pages[f"{base}?pageNo=2"] = fake.html(fixture("conversation6_page2.html"))
    result = forum.read(CONV, ReadMark())
    assert ids(result.new) == [601, 602, 603, 604, 605]
    assert result.new[1].body.commands == ("!Fressen Dora",)
    assert PageCursor.of(result.mark).page == 2


@pytest.mark.parametrize("guest_view", ["redirect", "guest-page", "denied"])
def test_expired_session_on_read_logs_in_once(fake, forum, guest_view) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    fake.expire()
    fake.guest_view = guest_view
    fake.set_page3(with_new_post(fixture("thread6_page3.html"), 1012, 1013, "<p>neu</p>"))
    fake.calls.clear()
    result = forum.read(THREAD, mark)
    assert ids(result.new) == [1013] and fake.logins == 2
    assert fake.calls[-3:] == [("GET", LOGIN), ("POST", LOGIN), ("GET", f"{T6}?pageNo=3")]


def test_session_lost_again_after_relogin_is_an_error(fake, forum) -> None:
    mark = forum.read(THREAD, ReadMark()).mark
    fake.expire()
    original = fake.login

    def login_without_session(request):
        answer = original(request)
        fake.expire()
        return answer

    fake.login = login_without_session  # type: ignore[method-assign]
    with pytest.raises(ForumError, match="expired again"):
        forum.read(THREAD, mark)
    assert fake.logins == 2  # one new login, no loop


@pytest.mark.parametrize(
    ("answer", "status", "match"),
    [
        (lambda: httpx.Response(500, text="Internal Server Error"), 500, "HTTP 500"),
        (lambda: httpx.Response(503, text="<html>Wartung</html>"), 503, "HTTP 503"),
        (httpx.ReadTimeout("read timed out"), None, "timeout"),
        (httpx.ConnectError("refused"), None, "network error"),
        (
            lambda: httpx.Response(200, text="<html><body><p>Wartungsmodus<div>"),
            200,
            "not a thread",
        ),
        (lambda: httpx.Response(200, content=b"\x00\xff\xfe garbage <<<"), 200, "no whole page"),
        (
            lambda: httpx.Response(
                200,
                content=fixture("thread6_page3.html")[:-2000],
                headers={"Content-Type": "text/html; charset=UTF-8"},
            ),
            200,
            "no whole page",
        ),
    ],
    ids=["500", "503", "timeout", "connect", "malformed-html", "binary", "cut-off"],
)
def test_read_errors(fake, forum, answer, status, match) -> None:
    mark = forum.read(THREAD, ReadMark()).mark

    def page3():
        if isinstance(answer, Exception):
            raise answer
        return answer()

    fake.pages[f"{T6}?pageNo=3"] = page3
    with pytest.raises(ForumError, match=match) as info:
        forum.read(THREAD, mark)
    assert info.value.status == status
    assert not isinstance(info.value, FloodLimited | LoginFailed)


# ------------------------------------------------------------------ writing


def test_quick_reply_in_a_thread(fake, forum) -> None:
    forum.read(THREAD, ReadMark())
    fake.ajax_answers.append(json_answer(200, "ajax_quickreply_redirect.json"))
    assert forum.post(THREAD, "<p><strong>Tag 2</strong></p>") == 1013
    [call] = fake.ajax_calls
    [headers] = fake.ajax_headers
    assert headers["x-requested-with"] == "XMLHttpRequest"
    assert headers["accept"] == "application/json"
    assert call == {
        "url": AJAX,
        "actionName": "quickReply",
        "className": "wbb\\data\\post\\PostAction",
        "interfaceName": "wcf\\data\\IMessageQuickReplyAction",
        "parameters[objectID]": "123",
        "parameters[lastPostTime]": "1710788400",
        "parameters[pageNo]": "3",
        "parameters[data][message]": "<p><strong>Tag 2</strong></p>",
    }


def test_quick_reply_in_a_conversation(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(200, "ajax_quickreply_ok.json"))
    assert forum.post(CONV, "<p>Guten Morgen!</p>", title="ignored") == 606
    [call] = fake.ajax_calls
    assert call["className"] == "wcf\\data\\conversation\\message\\ConversationMessageAction"
    assert call["parameters[objectID]"] == "45" and call["parameters[pageNo]"] == "1"
    assert int(call["parameters[lastPostTime]"]) > 1_700_000_000


def test_quick_reply_awaiting_moderation_returns_zero(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(200, "ajax_quickreply_moderated.json"))
    assert forum.post(THREAD, "<p>x</p>") == 0


def test_titled_post_uses_the_reply_form(fake, forum) -> None:
    fake.form_answers["/index.php?post-add/123/"] = [
        httpx.Response(302, headers={"Location": f"{HOST}{T6}?postID=1013#post1013"})
    ]
    assert forum.post(THREAD, "<p>Der Morgen graut.</p>", title="Morgen des ersten Tages") == 1013
    [(path, fields)] = fake.forms
    assert fields == {
        "subject": "Morgen des ersten Tages",
        "text": "<p>Der Morgen graut.</p>",
        "t": TOKEN,
    }


def test_open_conversation(fake, forum) -> None:
    fake.form_answers["/index.php?conversation-add/"] = [
        httpx.Response(303, headers={"Location": "/conversation/48-seherin/"})
    ]
    assert forum.open_conversation("Seherin", ["Anna", "Bernd"], "<p>Du bist …</p>") == 48
    [(path, fields)] = fake.forms
    assert fields == {
        "subject": "Seherin",
        "participants": "Anna,Bernd",
        "text": "<p>Du bist …</p>",
        "t": TOKEN,
    }


@pytest.mark.parametrize(
    ("answer", "error", "match", "retry"),
    [
        (
            lambda: FakeWoltLab.html(fixture("conversation_add_flood6.html"), status=403),
            FloodLimited,
            "10 Konversationen",
            None,
        ),
        (
            lambda: FakeWoltLab.html(fixture("conversation_add_flood6.html"), status=409),
            FloodLimited,
            "10 Konversationen",
            None,
        ),
        (
            lambda: FakeWoltLab.html(fixture("conversation_add_error6.html")),
            ForumError,
            "Lehna konnte nicht gefunden",
            None,
        ),
        (lambda: httpx.Response(500), ForumError, "server error 500", None),
    ],
    ids=["flood-403", "flood-409", "form-error", "500"],
)
def test_open_conversation_errors(fake, forum, answer, error, match, retry) -> None:
    fake.form_answers["/index.php?conversation-add/"] = [answer()]
    with pytest.raises(error, match=match) as info:
        forum.open_conversation("Seherin", ["Lehna"], "<p>x</p>")
    assert info.value.retry_after == retry and len(fake.forms) == 1
    assert fake.logins == 1


def test_form_with_an_expired_token_is_sent_again_after_login(fake, forum) -> None:
    token_error = fixture("conversation_add_error6.html").replace(
        "Deine Angaben sind ungültig. Bitte überprüfe die markierten Eingabefelder.",
        "Die Gültigkeit der Anfrage konnte aufgrund eines fehlerhaften XSRF-Tokens nicht "
        "verifiziert werden. Bitte sende das Formular erneut ab.",
    )
    fake.form_answers["/index.php?conversation-add/"] = [
        FakeWoltLab.html(token_error),
        httpx.Response(303, headers={"Location": "/conversation/49-hexe/"}),
    ]
    assert forum.open_conversation("Hexe", ["Anna"], "<p>x</p>") == 49
    assert fake.logins == 2 and len(fake.forms) == 3  # form, login, form


def test_add_participants(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(200, "ajax_add_participants_ok.json"))
    forum.add_participants(45, ["Anna", "Bernd"])
    [call] = fake.ajax_calls
    assert (call["className"], call["actionName"]) == (
        "wcf\\data\\conversation\\ConversationAction",
        "addParticipants",
    )
    assert call["objectIDs[0]"] == "45"
    assert (call["parameters[participants][0]"], call["parameters[participants][1]"]) == (
        "Anna",
        "Bernd",
    )
    assert call["parameters[visibility]"] == "all"
    fake.ajax_answers.append(json_answer(200, "ajax_add_participants_error.json"))
    with pytest.raises(ForumError, match="Lehna konnte nicht gefunden"):
        forum.add_participants(45, ["Lehna"])


def test_conversations(fake, forum) -> None:
    listed = "/index.php?conversation-list/&sortField=lastPostTime&sortOrder=DESC"
    fake.pages[listed] = fake.html(fixture("conversation_list6.html"))
    found = forum.conversations()
    assert [c.id for c in found] == [45, 46, 47]
    assert found[0] == Conversation(
        45, "Wölfe – Nacht 1", ("Anna", "Bernd"), "Spielleitung", True, found[0].last_post_time
    )


def test_resolve_user(fake, forum) -> None:
    fake.ajax_answers += [json_answer(200, "ajax_user_search.json") for _ in range(2)]
    assert forum.resolve_user("anna") == 11
    assert forum.resolve_user("Anna") == 11  # cached: no second search
    assert forum.resolve_user("Ann") is None
    assert len(fake.ajax_calls) == 2
    first = fake.ajax_calls[0]
    assert (first["className"], first["actionName"], first["interfaceName"]) == (
        "wcf\\data\\user\\UserAction",
        "getSearchResultList",
        "wcf\\data\\ISearchAction",
    )
    assert first["parameters[data][searchString]"] == "anna"
    assert forum.resolve_user("   ") is None


@pytest.mark.parametrize(
    ("answer", "error", "status", "retry", "match"),
    [
        (
            lambda: json_answer(400, "ajax_flood_400.json"),
            FloodLimited,
            400,
            42.0,
            "erst in 42 Sekunden",
        ),
        (lambda: json_answer(409, "ajax_flood_409.json"), FloodLimited, 409, 17.0, "17 seconds"),
        (
            lambda: json_answer(
                409,
                {"code": 409, "message": "Bitte warten.", "returnValues": []},
                **{"Retry-After": "30"},
            ),
            FloodLimited,
            409,
            30.0,
            "warten",
        ),
        (
            lambda: json_answer(400, "ajax_empty_message_400.json"),
            Refused,
            400,
            None,
            "fülle dieses Eingabefeld",
        ),
        (
            lambda: json_answer(503, "ajax_internal_503.json"),
            ForumError,
            503,
            None,
            "server error 503",
        ),
        (
            lambda: httpx.Response(500, text="<h1>Fatal error</h1>"),
            ForumError,
            500,
            None,
            "server error 500",
        ),
        (lambda: httpx.Response(200, text="<html>kaputt"), ForumError, 200, None, "not JSON"),
        (lambda: httpx.Response(200, json=["no", "dict"]), ForumError, 200, None, "HTTP 200"),
        (httpx.ReadTimeout("timed out"), ForumError, None, None, "timeout"),
        (httpx.WriteTimeout("timed out"), ForumError, None, None, "timeout"),
        (httpx.RemoteProtocolError("closed"), ForumError, None, None, "network error"),
    ],
    ids=[
        "flood-400",
        "flood-409",
        "retry-after",
        "invalid-400",
        "503-json",
        "500",
        "malformed",
        "not-a-dict",
        "read-timeout",
        "write-timeout",
        "disconnect",
    ],
)
def test_write_errors_are_never_retried(fake, forum, answer, error, status, retry, match) -> None:
    fake.ajax_answers.append(answer if isinstance(answer, Exception) else answer())
    with pytest.raises(error, match=match) as info:
        forum.post(THREAD, "<p>x</p>")
    assert type(info.value) is error
    assert (info.value.status, info.value.retry_after) == (status, retry)
    assert len(fake.ajax_calls) == 1 and fake.logins == 1


@pytest.mark.parametrize(
    "refusal",
    ["ajax_permission_403.json", "ajax_session_expired_409.json", "ajax_xsrf_400.json"],
)
def test_expired_session_on_write_logs_in_once_and_sends_again(fake, forum, refusal) -> None:
    status = {"ajax_permission_403.json": 403, "ajax_session_expired_409.json": 409}.get(
        refusal, 400
    )
    fake.ajax_answers += [json_answer(status, refusal), json_answer(200, "ajax_quickreply_ok.json")]
    assert forum.post(CONV, "<p>x</p>") == 606
    assert len(fake.ajax_calls) == 2 and fake.logins == 2


def test_forbidden_twice_is_an_error(fake, forum) -> None:
    fake.ajax_answers += [json_answer(403, "ajax_permission_403.json") for _ in range(2)]
    with pytest.raises(ForumError, match="Zutritt") as info:
        forum.post(THREAD, "<p>x</p>")
    assert info.value.status == 403 and len(fake.ajax_calls) == 2 and fake.logins == 2


# ------------------------------------------------------------------ politeness and secrets


def test_credentials_never_appear_in_errors_repr_or_logs(fake, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    client = make()
    texts = [repr(client)]
    fake.password = "other"
    with pytest.raises(LoginFailed) as failed:
        client.login()
    texts += [str(failed.value), repr(failed.value)]
    client.set_credentials("Spielleitung", "other")
    fake.ajax_answers += [httpx.ReadTimeout("timed out"), json_answer(500, {"message": "x"})]
    for _ in range(2):
        with pytest.raises(ForumError) as info:
            client.post(THREAD, "<p>x</p>")
        texts += [str(info.value), repr(info.value), repr(info.value.__cause__)]
        error = info.value
        assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)
    texts += [record.getMessage() for record in caplog.records]
    texts.append(repr(client) + repr(client._session))
    joined = "\n".join(texts)
    for secret in (PASSWORD, "other", TOKEN, "tok%2Ben", "tok+en"):
        assert secret not in joined


def test_user_agent_names_wolfbot_and_a_contact(fake, forum) -> None:
    forum.read(THREAD, ReadMark())
    [agent] = fake.user_agents
    assert agent.startswith("wolfbot/") and "contact: forum user Spielleitung" in agent
    custom = make(user_agent="wolfbot/test (contact: sl@example.org)")
    custom.login()
    assert fake.user_agents == {agent, "wolfbot/test (contact: sl@example.org)"}


def test_minimum_interval_between_requests(fake) -> None:
    now = [100.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    client = WoltLabForum(
        HOST, "Spielleitung", PASSWORD, min_interval=1.5, clock=lambda: now[0], sleep=sleep
    )
    client.login()
    now[0] += 0.5
    client.read(THREAD, ReadMark())
    assert slept == [1.5, 1.0, 1.5, 1.5, 1.5]  # login POST, then 4 page requests
    assert len(fake.calls) == 6


def test_one_request_at_a_time(fake, forum) -> None:
    fake.delay = 0.002
    errors: list[BaseException] = []

    def work() -> None:
        try:
            forum.read(THREAD, ReadMark())
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and not fake.overlap


# ------------------------------------------------------------------ helpers


@pytest.mark.parametrize(
    ("url", "base"),
    [
        (f"{HOST}{T6}?pageNo=3", f"{HOST}{T6}"),
        (f"{HOST}/index.php?thread/77-x/&pageNo=2", f"{HOST}/index.php?thread/77-x/"),
        (f"{HOST}{T6}?pageNo=2&sortOrder=ASC#post5", f"{HOST}{T6}?sortOrder=ASC"),
        (f"{HOST}{T6}", f"{HOST}{T6}"),
    ],
)
def test_strip_page(url: str, base: str) -> None:
    assert strip_page(url) == base


@pytest.mark.parametrize(
    ("message", "header", "seconds"),
    [
        (
            "Sie haben bereits eine Nachricht innerhalb der letzten 60 Sekunden versendet. Sie "
            "können erst in 42 Sekunden eine neue Nachricht verfassen.",
            None,
            42.0,
        ),
        (
            "… innerhalb der letzten 60 Sekunden versendet. Sie können erst in einer Sekunde …",
            None,
            1.0,
        ),
        ("You must wait at least 17 seconds before attempting to write a new message.", None, 17.0),
        ("Bitte warte noch 2 Minuten.", None, 120.0),
        (
            "Du hast innerhalb der letzten 24 Stunden bereits 10 Konversationen gestartet.",
            None,
            None,
        ),
        ("irgendwas", "25", 25.0),
        ("", None, None),
    ],
)
def test_retry_after_parsing(message: str, header: str | None, seconds: float | None) -> None:
    assert parse_retry_after(message, header) == seconds


def test_a_read_stopped_at_its_page_limit_says_so_and_reads_on_unconditionally(fake) -> None:
    """A thread longer than `max_pages`: the page the read stopped at is no last page, so
    its validators are not kept (a forum that answers 304 would hide the pages after it)."""
    client = make(max_pages=2)
    client.login()
    first = client.read(THREAD, ReadMark())
    assert (
        first.more
        and PageCursor.of(first.mark).page == 2
        and PageCursor.of(first.mark).etag is None
    )
    fake.calls.clear()
    rest = client.read(THREAD, first.mark)
    assert fake.calls[0] == ("GET", f"{T6}?pageNo=2") and not rest.more
    whole = make().read(THREAD, ReadMark())
    assert ids(first.new) + ids(rest.new) == ids(whole.new)


def newest_first(html: str) -> str:
    """The board sorts its posts newest first: thread.tpl writes `data-sort-order="DESC"`
    on `ul.wbbThreadPostList` (and puts the quick reply above the posts)."""
    return html.replace(
        'data-page-no="1" data-type=', 'data-page-no="1" data-sort-order="DESC" data-type='
    )


def test_a_thread_sorted_newest_first_is_refused_not_misread(fake, forum) -> None:
    """With DESC, new posts appear on page 1 and the last page holds the oldest: reading
    on from the mark's last page would never see a new command. The read stops with the
    reason instead (tests/woltlab/FINDINGS-thread.md)."""
    fake.pages[T6] = fake.html(newest_first(fixture("thread6_page1.html")))
    with pytest.raises(ForumError, match="newest first.*sortOrder DESC"):
        forum.read(THREAD, ReadMark())
    assert fake.calls == [("GET", "/index.php?thread/123/"), ("GET", T6)]
