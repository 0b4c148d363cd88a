"""The look-alike against the real WoltLab Suite 6.0: each test asks the local forum (6.x
markup, errors="woltlab") what a recorded exchange of the real server asked, and compares
status, the headers that matter, JSON keys and HTML selectors – not bytes, since ids, times,
tokens and the language (the real site speaks English, the look-alike German) differ.

The exchanges are copies of /work/shared/woltlab/exchanges (capture_real.sh, 2026-12-01,
Core 6.0.18 + Conversations 6.0.17, 5 messages per page) under their original names in
fixtures/woltlab-6.0-real/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from bs4 import BeautifulSoup
from test_local_support import (
    CONVERSATION_ACTION,
    MESSAGE_ACTION,
    POST_ACTION,
    Browser,
    Clock,
    browser,
    make_forum,
    running,
    soup,
)

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.local import (
    ADMINISTRATORS,
    SPIELLEITUNG,
    LocalForum,
    LocalForumServer,
    Rules,
    texts,
)
from wolfbot.forum.local.web import preferred_type
from wolfbot.forum.woltlab.client import WoltLabForum

REAL = Path(__file__).parent / "fixtures" / "woltlab-6.0-real"
EDITOR = "wcf\\data\\IMessageInlineEditorAction"


@dataclass(frozen=True)
class Answer:
    """One recorded answer: its status and headers (lower-case names)."""

    status: int
    headers: dict[str, str]


def recorded(stem: str) -> list[Answer]:
    """The answers of exchange `stem` (a redirect and its target are two)."""
    text = (REAL / f"{stem}.response.headers").read_text()
    answers = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.strip().splitlines()
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        answers.append(Answer(status, headers))
    return answers


def recorded_body(stem: str) -> str:
    (path,) = [p for p in REAL.glob(f"{stem}.response.*") if not p.name.endswith(".headers")]
    return path.read_text()


def recorded_json(stem: str) -> dict:
    return json.loads(recorded_body(stem))


def recorded_html(stem: str) -> BeautifulSoup:
    return BeautifulSoup(recorded_body(stem), "lxml")


def content_type(headers: dict[str, str] | httpx.Headers) -> str:
    return headers.get("content-type", "").split(";")[0].strip().lower()


def same_headers(real: Answer, ours: httpx.Response, names: tuple[str, ...]) -> None:
    for name in names:
        assert (name in ours.headers) == (name in real.headers), name
    assert content_type(ours.headers) == content_type(real.headers)


def shape(value: object) -> object:
    """The keys of a JSON answer, recursively (values: their type)."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    return type(value).__name__


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def forum(clock: Clock) -> LocalForum:
    forum = make_forum(clock, Rules(per_page=5))  # the real site had 5 messages per page
    for name in ("Hanna", "Ida", "Jonas", "Karl"):
        forum.add_user(name, name.lower())
    return forum


@pytest.fixture
def server(forum: LocalForum) -> Iterator[LocalForumServer]:
    with running(forum, "6", errors="woltlab") as server:
        yield server


@pytest.fixture
def anna(server: LocalForumServer) -> Iterator[Browser]:
    with browser(server) as client:
        assert client.login("Anna", "anna").status_code == 302
        yield client


def raw_get(server: LocalForumServer, url: str, accept: str | None, **options) -> httpx.Response:
    headers = {} if accept is None else {"Accept": accept}
    with httpx.Client(base_url=server.base_url, timeout=5) as client:
        if accept is None:
            del client.headers["accept"]
        return client.get(url, headers=headers, **options)


# ---------------------------------------------------------------- 1. errors by Accept


@pytest.mark.parametrize(
    ("accept", "wanted"),
    [
        (None, "application/json"),
        ("*/*", "application/json"),
        ("application/json", "application/json"),
        ("text/html,application/xhtml+xml", "text/html"),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/html"),
        ("application/json;q=0.5, text/html", "text/html"),
        ("text/html, application/json", "application/json"),  # a tie: the server's order
        ("text/*", "text/html"),
        ("image/png", "application/json"),  # nothing acceptable: the server's first
        ("text/html;q=0, */*", "application/json"),
    ],
    ids=[
        "missing", "any", "json", "html-browser", "firefox", "q-weighted", "tie", "text-star",
        "unacceptable", "html-refused",
    ],
)  # fmt: skip
def test_negotiation_is_getPreferredContentType(accept: str | None, wanted: str) -> None:
    assert preferred_type(accept, ("application/json", "text/html")) == wanted


GUEST_CASES = [
    ("text/html,application/xhtml+xml", "46-conversation-page-as-guest"),
    ("*/*", "49-guest-conversation-accept-any"),
    (None, "49-guest-conversation-accept-any"),
]


@pytest.mark.parametrize(("accept", "stem"), GUEST_CASES, ids=["html", "any", "no-accept"])
def test_a_guest_on_a_conversation_is_403_by_accept(
    forum: LocalForum, server: LocalForumServer, accept: str | None, stem: str
) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    real = recorded(stem)[-1]
    ours = raw_get(server, f"index.php?conversation/{conversation_id}/", accept)
    assert ours.status_code == real.status == 403
    same_headers(real, ours, ("vary", "cache-control", "last-modified", "etag", "location"))
    assert ours.headers["cache-control"] == real.headers["cache-control"] == "private"
    if content_type(real.headers) == "application/json":
        assert shape(ours.json()) == shape(recorded_json(stem))
        assert ours.json() == {"message": texts.PAGE_PERMISSION_DENIED, "exception": None}
        return
    theirs, mine = recorded_html(stem), soup(ours)
    for selector in (
        "body[data-template=error]",
        "div.userException p.userExceptionMessage",
        "section a.button[href*='login/']",
    ):
        assert theirs.select(selector) and mine.select(selector), selector
    message = mine.select_one("p.userExceptionMessage").get_text(strip=True)
    assert message == texts.PAGE_PERMISSION_DENIED


@pytest.mark.parametrize(
    ("case", "accept", "status", "kind"),
    [
        ("not-a-participant", "*/*", 403, "application/json"),
        ("not-a-participant", "text/html", 403, "text/html"),
        ("no-such-conversation", "*/*", 404, "application/json"),
        ("no-such-conversation", "text/html", 404, "text/html"),
        ("no-such-thread", None, 404, "application/json"),
        ("unknown-controller", "*/*", 404, "application/json"),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_page_errors_are_json_unless_html_is_preferred(
    forum: LocalForum,
    server: LocalForumServer,
    anna: Browser,
    case: str,
    accept: str | None,
    status: int,
    kind: str,
) -> None:
    private = forum.add_conversation("Geheim", "Spielleitung", ["Bernd"], "<p>x</p>")
    url = {
        "not-a-participant": f"index.php?conversation/{private}/",
        "no-such-conversation": "index.php?conversation/999/",
        "no-such-thread": "index.php?thread/999/",
        "unknown-controller": "index.php?no-such-page/",
    }[case]
    headers = {"Accept": accept} if accept else {}
    if accept is None:
        del anna.http.headers["accept"]
    answer = anna.http.get(url, headers=headers)
    assert answer.status_code == status and content_type(answer.headers) == kind
    if kind == "application/json":
        assert set(answer.json()) == {"message", "exception"} and answer.json()["exception"] is None
    else:
        assert soup(answer).select_one("p.userExceptionMessage")


def test_a_bad_token_is_400_json_like_exchange_44(forum: LocalForum, anna: Browser) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    real = recorded("44-ajax-bad-token")[-1]
    ours = anna.quick_reply(MESSAGE_ACTION, conversation_id, "<p>x</p>", token="0000")
    assert ours.status_code == real.status == 400
    same_headers(real, ours, ("cache-control",))
    assert shape(ours.json()) == shape(recorded_json("44-ajax-bad-token"))
    assert ours.json()["message"] == texts.SESSION_EXPIRED


def test_quick_reply_flood_is_like_exchange_13(forum: LocalForum, anna: Browser) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    assert anna.quick_reply(MESSAGE_ACTION, conversation_id, "<p>eins</p>").status_code == 200
    ours = anna.quick_reply(MESSAGE_ACTION, conversation_id, "<p>zwei</p>")
    real, theirs = (
        recorded("13-ajax-quickReply-bob-again")[-1],
        recorded_json("13-ajax-quickReply-bob-again"),
    )
    assert ours.status_code == real.status == 400
    assert content_type(ours.headers) == content_type(real.headers)
    body = ours.json()
    assert set(body) <= set(theirs) and set(body["returnValues"]) == set(theirs["returnValues"])
    assert body["code"] == theirs["code"] == 412
    values, real_values = body["returnValues"], theirs["returnValues"]
    assert values["fieldName"] == real_values["fieldName"] == "message"
    assert values["errorMessage"] == body["message"] == texts.invalid_parameter("message")
    assert real_values["errorMessage"] == theirs["message"]
    assert values["errorType"] == values["realErrorMessage"]
    assert real_values["errorType"] == real_values["realErrorMessage"]
    assert "60 Sekunden" in values["realErrorMessage"]


@pytest.mark.parametrize(
    ("accept", "kind"),
    [("*/*", "application/json"), ("text/html,application/xhtml+xml", "text/html")],
    ids=["any", "html"],
)
def test_conversation_add_flood_is_a_403_by_accept(
    forum: LocalForum, anna: Browser, accept: str, kind: str
) -> None:
    """FINDINGS 1: a second conversation-add within 60 s is a 403 "you must wait" message
    (JSON for `*/*`), like the other error handlers."""
    data = {"subject": "Eins", "participants": "Bernd", "text": "<p>x</p>"}
    assert anna.post_form("index.php?conversation-add/", data).status_code == 302
    anna.get("index.php?conversation-add/")
    again = anna.http.post(
        "index.php?conversation-add/",
        data={**data, "subject": "Zwei", "t": anna.token()},
        headers={"Accept": accept},
    )
    assert again.status_code == 403 and content_type(again.headers) == kind
    if kind == "application/json":
        assert set(again.json()) == {"message", "exception"}
        text = again.json()["message"]
    else:
        text = soup(again).select_one("p.userExceptionMessage").get_text()
    assert "erst in 60 Sekunden" in text


# ---------------------------------------------------------------- 2. no 304, the slug 301


@pytest.mark.parametrize(
    "conditional",
    [{}, {"If-None-Match": "*"}, {"If-Modified-Since": "Tue, 01 Jan 2030 00:00:00 GMT"}],
    ids=["plain", "if-none-match", "if-modified-since"],
)
def test_pages_have_no_validators_like_exchange_06(
    forum: LocalForum, clock: Clock, anna: Browser, conditional: dict[str, str]
) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    first = anna.get(f"index.php?conversation/{conversation_id}/")
    clock.advance(7)
    real = recorded("06-conversation-page-alice")[-1]
    ours = anna.http.get(str(first.url), headers=conditional)
    assert ours.status_code == real.status == 200
    same_headers(real, ours, ("etag", "last-modified", "cache-control", "expires", "pragma"))
    assert ours.headers["cache-control"] == real.headers["cache-control"]
    # Last-Modified is the time of the request, not of the page
    assert ours.headers["last-modified"] == "Fri, 05 Jan 2024 12:00:07 GMT"
    assert ours.content.count(b"<article") == first.content.count(b"<article")


def test_the_first_read_without_slug_is_a_301_like_exchange_42(
    forum: LocalForum, anna: Browser
) -> None:
    conversation_id = forum.add_conversation(
        "Rollenmitteilung: Test", "Spielleitung", ["Anna"], "<p>x</p>"
    )
    real = recorded("42-conversation-page-3-past-end")[0]
    ours = anna.http.get(f"index.php?conversation/{conversation_id}/&pageNo=3")
    assert ours.status_code == real.status == 301
    assert ours.headers["cache-control"] == real.headers["cache-control"] == "private"
    slug = f"index.php?conversation/{conversation_id}-rollenmitteilung-test/&pageNo=3"
    assert real.headers["location"].endswith(
        "index.php?conversation/1-rollenmitteilung-test/&pageNo=3"
    )
    assert ours.headers["location"] == anna.server.base_url + slug


@pytest.mark.parametrize(
    ("stem", "form"),
    [("02-login-post-alice", "login"), ("05-conversation-add-post", "conversation-add")],
    ids=["login", "conversation-add"],
)
def test_a_form_that_succeeds_is_a_302_like_exchanges_02_05(
    server: LocalForumServer, stem: str, form: str
) -> None:
    real = recorded(stem)[-1]
    with browser(server) as anna:
        if form == "login":
            ours = anna.login("Anna", "anna")
        else:
            anna.login("Anna", "anna")
            data = {
                "subject": "Rollenmitteilung: Test",
                "participants": "Bernd",
                "text": "<p>x</p>",
            }
            ours = anna.post_form("index.php?conversation-add/", data)
    assert ours.status_code == real.status == 302
    same_headers(real, ours, ("location", "cache-control", "last-modified", "etag"))
    assert ours.headers["cache-control"] == real.headers["cache-control"] == "private"
    if form == "conversation-add":
        assert ours.headers["location"].endswith("-rollenmitteilung-test/")
        assert real.headers["location"].endswith("-rollenmitteilung-test/")


# ---------------------------------------------------------------- 3. a page past the end


def test_a_page_past_the_end_is_the_last_page_like_exchange_42(
    forum: LocalForum, clock: Clock, anna: Browser
) -> None:
    conversation_id = forum.add_conversation(
        "Rollenmitteilung: Test", "Spielleitung", ["Anna"], "<p>0</p>"
    )
    for n in range(1, 7):  # 7 messages: 2 pages of 5
        clock.advance(60)
        forum.add_conversation_message(conversation_id, "Anna", f"<p>{n}</p>")
    real, theirs = (
        recorded("42-conversation-page-3-past-end")[-1],
        recorded_html("42-conversation-page-3-past-end"),
    )
    ours = anna.get(f"index.php?conversation/{conversation_id}/&pageNo=3")
    mine = soup(ours)
    assert ours.status_code == real.status == 200
    for page in (theirs, mine):
        pagination = page.select("woltlab-core-pagination")
        assert pagination and {(p["page"], p["count"]) for p in pagination} == {("2", "2")}
        assert page.select_one("link[rel=canonical]")["href"].endswith("&pageNo=3")
        assert page.select_one("li#messageQuickReply")["data-page-no"] == "2"
    page2 = soup(anna.get(f"index.php?conversation/{conversation_id}/&pageNo=2"))
    ids = [
        [a["data-object-id"] for a in p.select("article.message.jsMessage")] for p in (mine, page2)
    ]
    assert ids[0] == ids[1] and len(ids[0]) == 2


# ---------------------------------------------------------------- 4. the participant summary


@pytest.mark.parametrize(
    ("others", "shown", "more"),
    [
        (["Anna"], ["Anna"], ""),
        (["Gustav", "Anna", "Bernd"], ["Anna", "Bernd", "Gustav"], ""),
        (["Karl", "Jonas", "Ida", "Hanna", "Gustav", "Anna"],
         ["Anna", "Gustav", "Hanna", "Ida", "Jonas"], "und ein weiterer"),
        (["Karl", "Jonas", "Ida", "Hanna", "Gustav", "Bernd", "Anna"],
         ["Anna", "Bernd", "Gustav", "Hanna", "Ida"], "und 2 weitere"),
    ],
    ids=["one", "alphabetical", "six", "seven"],
)  # fmt: skip
def test_the_participant_summary_is_like_exchange_43(
    forum: LocalForum, anna: Browser, others: list[str], shown: list[str], more: str
) -> None:
    """At most 5, alphabetical, never the starter (the viewer is listed: bob in 43), then
    "and N others"; the Participants column counts everybody but the starter."""
    forum.add_conversation("Rolle", "Spielleitung", others, "<p>x</p>")
    real = recorded_html("43-conversation-list-bob-final")
    theirs = real.select_one("small.conversationParticipantSummary")
    mine = soup(anna.get("index.php?conversation-list/"))
    summary = mine.select_one("small.conversationParticipantSummary")
    for element in (theirs, summary):
        links = element.select("a.userLink[data-object-id]")
        assert links and all(a["href"] for a in links)
    assert [a.get_text() for a in theirs.select("a.userLink")] == ["bob", "carol", "wolfbot"]
    assert [a.get_text() for a in summary.select("a.userLink")] == shown
    tail = summary.get_text(" ", strip=True).rsplit(shown[-1], 1)[1].strip()
    assert tail == more
    counts = [
        page.select("li.columnStats dl.statsDataList dd")[1].get_text(strip=True)
        for page in (real, mine)
    ]
    assert counts == ["3", str(len(others))]  # 43: bob, carol, wolfbot; alice started it


# ---------------------------------------------------------------- 5. addParticipants
UNKNOWN = "22-ajax-addParticipants-unknown"


@pytest.mark.parametrize(
    ("name", "stem", "error"),
    [
        ("Bernd", "21-ajax-addParticipants", None),
        ("niemand", UNKNOWN, "Der Benutzername niemand konnte nicht gefunden werden."),
        ("Gustav", UNKNOWN, "Gustav ist bereits Teilnehmer dieser Konversation."),
        ("gustav", UNKNOWN, "gustav ist bereits Teilnehmer dieser Konversation."),
    ],
    ids=["added", "unknown", "already-in", "already-in-lower-case"],
)  # fmt: skip
def test_add_participants_answers_like_exchanges_21_22(
    forum: LocalForum, server: LocalForumServer, name: str, stem: str, error: str | None
) -> None:
    conversation_id = forum.add_conversation("Rolle", "Anna", ["Gustav"], "<p>x</p>")
    with browser(server) as anna:
        anna.login("Anna", "anna")
        parameters = {"[participants][]": [name], "[visibility]": "all"}
        ours = anna.ajax(CONVERSATION_ACTION, "addParticipants", parameters, [conversation_id])
    real = recorded(stem)[-1]
    assert ours.status_code == real.status == 200
    assert shape(ours.json()) == shape(recorded_json(stem))
    if error is not None:
        assert ours.json()["returnValues"]["errorMessage"] == error


# ---------------------------------------------------------------- 6. the groups' limits


def test_one_wait_across_all_conversations_and_starts(
    forum: LocalForum, clock: Clock, anna: Browser
) -> None:
    """60 s between any two messages of a user, whatever the conversation; a conversation
    start is one, so a quick reply right after it is flood-limited (FINDINGS 3)."""
    one = forum.add_conversation("Eins", "Spielleitung", ["Anna"], "<p>x</p>")
    two = forum.add_conversation("Zwei", "Spielleitung", ["Anna"], "<p>x</p>")
    assert anna.quick_reply(MESSAGE_ACTION, one, "<p>a</p>").status_code == 200
    clock.advance(20)
    other = anna.quick_reply(MESSAGE_ACTION, two, "<p>b</p>")
    assert (
        other.status_code == 400
        and "erst in 40 Sekunden" in other.json()["returnValues"]["realErrorMessage"]
    )
    clock.advance(40)
    data = {"subject": "Drei", "participants": "Bernd", "text": "<p>x</p>"}
    assert anna.post_form("index.php?conversation-add/", data).status_code == 302
    started = forum.conversations("Anna")[0].id
    assert anna.quick_reply(MESSAGE_ACTION, started, "<p>c</p>").status_code == 400


@pytest.mark.parametrize(
    ("limits", "per_day", "eleven", "waits"),
    [
        ({}, 10, False, True),
        (SPIELLEITUNG, 15, False, False),
        ({**SPIELLEITUNG, "max_participants": 12}, 15, True, False),
        (ADMINISTRATORS, 15, True, False),
    ],
    ids=["users", "spielleitung", "spielleitung-wide", "administrators"],
)
def test_the_groups_limits(
    clock: Clock, limits: dict[str, int], per_day: int, eleven: bool, waits: bool
) -> None:
    """ "Users": 10 new conversations per 24 h, 10 participants, 60 s between messages; the
    Spielleitung's group: no wait, no daily limit, participants as set; administrators: no
    limits at all."""
    forum = make_forum(clock)
    players = [f"P{n}" for n in range(12)]
    for name in players:
        forum.add_user(name, "pw")
    forum.set_limits("Spielleitung", **limits)
    forum.rules.session_timeout = 3 * 86400
    url = "index.php?conversation-add/"
    with running(forum, "6", errors="woltlab") as server, browser(server) as bot:
        bot.login("Spielleitung", "wolfbot")
        started = 0
        for n in range(15):
            data = {"subject": f"K{n}", "participants": "P0", "text": "<p>x</p>"}
            started += bot.post_form(url, data).status_code == 302
            clock.advance(60)
        assert started == per_day
        clock.advance(86400)
        wide = {"subject": "Höhle", "participants": ", ".join(players[:11]), "text": "<p>x</p>"}
        assert bot.post_form(url, wide).status_code == (302 if eleven else 200)
        clock.advance(60)
        assert bot.post_form(url, {**wide, "participants": "P1"}).status_code == 302
        again = bot.post_form(url, {**wide, "participants": "P2"})
        assert again.status_code == (403 if waits else 302)


def test_unknown_limits_are_refused(forum: LocalForum) -> None:
    with pytest.raises(ValueError, match="unknown limits"):
        forum.set_limits("Anna", flood=0)


# ---------------------------------------------------------------- 7. editing


def own_and_other(forum: LocalForum, class_name: str) -> tuple[int, int, int]:
    """(container, Anna's message, the Spielleitung's message) of a thread or conversation."""
    if class_name == POST_ACTION:
        container = forum.add_thread("Spiel", "Spielleitung")
        mine = forum.add_post(container, "Anna", "<p>meins</p>")
        return container, mine, forum.add_post(container, "Spielleitung", "<p>alt</p>")
    container = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>alt</p>")
    other = forum.conversation(container).messages[0].id
    return container, forum.add_conversation_message(container, "Anna", "<p>meins</p>"), other


def save(who: Browser, class_name: str, container: int, object_id: int, html: str):
    parameters = {"[containerID]": container, "[objectID]": object_id, "[data][message]": html}
    return who.ajax(class_name, "save", parameters, interface=EDITOR)


KINDS = pytest.mark.parametrize(
    "class_name", [MESSAGE_ACTION, POST_ACTION], ids=["conversation", "thread"]
)


def test_saving_an_own_message_is_like_exchanges_15_16(forum: LocalForum, anna: Browser) -> None:
    container, mine, _ = own_and_other(forum, MESSAGE_ACTION)
    ours = save(anna, MESSAGE_ACTION, container, mine, "<p>korrigiert</p>")
    theirs = recorded_json("15-ajax-save-bob")
    assert ours.status_code == recorded("15-ajax-save-bob")[-1].status == 200
    assert shape(ours.json()) == shape(theirs)
    assert ours.json()["returnValues"]["message"] == "<p>korrigiert</p>"
    page = soup(anna.get(f"index.php?conversation/{container}/"))
    real_note = recorded_html("16-conversation-page-bob-after-edit").select_one(
        "p.messageFooterNote"
    )
    note = page.select_one(f"li#message{mine} p.messageFooterNote")
    assert real_note.select_one("woltlab-core-date-time") and note.select_one(
        "woltlab-core-date-time"
    )
    assert note.get_text(" ", strip=True).startswith("Anna hat diese Nachricht 1 Mal editiert")
    assert real_note.get_text(" ", strip=True).startswith("bob edited this message 1 times")
    # like 6.0, `save` does not check that the message is in containerID's conversation
    other = forum.add_conversation("Andere", "Spielleitung", ["Anna"], "<p>x</p>")
    assert save(anna, MESSAGE_ACTION, other, mine, "<p>wieder</p>").status_code == 200
    assert forum.conversation(container).messages[1].edit_count == 2


@KINDS
def test_editing_another_users_message_is_403_json(
    forum: LocalForum, anna: Browser, class_name: str
) -> None:
    container, _, other = own_and_other(forum, class_name)
    ours = save(anna, class_name, container, other, "<p>x</p>")
    assert ours.status_code == 403 and content_type(ours.headers) == "application/json"
    assert ours.json() == {"message": texts.PAGE_PERMISSION_DENIED, "exception": None}


@KINDS
def test_editing_a_message_that_does_not_exist_is_400_empty_objectID(
    forum: LocalForum, anna: Browser, class_name: str
) -> None:
    """FINDINGS 7: `{code: 412, message: "The parameter “objectID” is missing or invalid.",
    returnValues: {errorType: "empty", fieldName: "objectID", realErrorMessage: "Please fill
    in this field."}}`."""
    container, _, _ = own_and_other(forum, class_name)
    ours = save(anna, class_name, container, 999, "<p>x</p>")
    assert ours.status_code == 400
    body = ours.json()
    assert body["code"] == 412 and body["message"] == texts.invalid_parameter("objectID")
    values = body["returnValues"]
    assert (values["errorType"], values["fieldName"], values["realErrorMessage"]) == (
        "empty", "objectID", texts.EMPTY,
    )  # fmt: skip


def test_the_client_edits_a_conversation_message_and_reads_the_edit(
    forum: LocalForum, server: LocalForumServer
) -> None:
    """FINDINGS' client run: `edit_post` in a conversation, then `read` reports the edit
    with `edits=1, edited_by=` the author."""
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>alt</p>")
    channel = ChannelRef("conversation", conversation_id)
    client = WoltLabForum(server.base_url, "Spielleitung", "wolfbot", min_interval=0, timeout=5)
    try:
        first = client.read(channel, ReadMark())
        (message,) = first.new
        client.edit_post(channel, message.post_id, "<p><strong>!neu</strong></p>")
        again = client.read(channel, first.mark)
    finally:
        client.close()
    assert [(p.post_id, p.edit_count, p.edited_by) for p in again.edited] == [
        (message.post_id, 1, "Spielleitung")
    ]
