"""wolfbot.forum.woltlab.pages against saved pages written from WoltLab's templates
(tests/forum/fixtures, each names the templates it follows in its first comment): WoltLab
Suite 5.4 and 6.0, thread pages (first, middle, last), conversation pages, the conversation
list, login and error pages."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urljoin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfbot.forum.base import ChannelRef, Conversation
from wolfbot.forum.woltlab.pages import (
    QuickReply,
    parse_conversation_page,
    parse_edit_note,
    parse_file,
    parse_page,
    parse_thread_page,
)
from wolfbot.forum.woltlab.posts import absolute_url

FIXTURES = Path(__file__).parent / "fixtures"
BASE = "https://forum.example/"
T6 = f"{BASE}thread/123-werwolf-runde-42/"
T5 = f"{BASE}index.php?thread/77-dorfplatz-tag-2/"
C6 = f"{BASE}conversation/45-woelfe-nacht-1/"
C5 = f"{BASE}index.php?conversation/46-seherin/"
TOKEN5 = "6b1d2c7a9e0f4b3c8d5e6f7a8b9c0d1e2f3a4b5c"


def load(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


# (id, author, author id, time, edits, edited by, deleted, disabled, commands)
POSTS = {
    "thread6_page1.html": [
        (1001, "Spielleitung", 2, "2024-03-17T20:00:00+01:00", 0, None, False, False, ()),
        (1002, "Anna", 11, "2024-03-17T20:05:00+01:00", 0, None, False, False, ("!Lynch Bernd",)),
        (1003, "Bernd", 12, "2024-03-17T20:17:00+01:00", 0, None, False, False, ("!Lynch Anna",)),
        (1004, "Clara", 13, "2024-03-17T21:02:00+01:00", 0, None, False, False, ("!Lynch Dora",)),
        (1005, "Dora", 14, "2024-03-17T22:40:00+01:00", 0, None, False, False, ()),
    ],
    "thread6_page2.html": [
        (1006, "Emil", 15, "2024-03-18T08:00:00+01:00", 2, "Emil", False, False, ("!Lynch Anna",)),
        (1007, "Frieda", 16, "2024-03-18T08:30:00+01:00", 0, None, False, True, ("!Lynch Emil",)),
        (1008, "Gustav", 17, "2024-03-18T09:45:00+01:00", 0, None, True, False, ()),
        (
            1009,
            "Anna",
            11,
            "2024-03-18T10:30:00+01:00",
            1,
            "Spielleitung",
            False,
            False,
            ("!Lynch Emil",),
        ),
        (1010, "Bernd", 12, "2024-03-18T12:00:00+01:00", 0, None, False, False, ()),
    ],
    "thread6_page3.html": [
        (
            1011,
            "Clara",
            13,
            "2024-03-18T18:00:00+01:00",
            1,
            "Clara",
            False,
            False,
            ("!Lynch Emil",),
        ),
        (1012, "Spielleitung", 2, "2024-03-18T19:00:00+01:00", 0, None, False, False, ()),
    ],
    "thread5_page1.html": [
        (501, "Spielleitung", 2, "2023-11-04T19:30:00+01:00", 0, None, False, False, ()),
        (502, "Heinz", 21, "2023-11-04T19:45:00+01:00", 0, None, False, False, ("!Lynch Ida",)),
        (503, "Gast Jupp", None, "2023-11-04T20:10:00+01:00", 0, None, False, False, ()),
        (504, "Ida", 22, "2023-11-04T21:00:00+01:00", 0, None, False, False, ("!Lynch Heinz",)),
    ],
    "thread5_page2.html": [
        (505, "Heinz", 21, "2023-11-05T09:00:00+01:00", 3, "Ida", False, False, ("!Lynch Ida",)),
        (506, "Jana", 23, "2023-11-05T09:30:00+01:00", 0, None, False, True, ("!Lynch Heinz",)),
        (507, "Kurt", 24, "2023-11-05T10:15:00+01:00", 0, None, True, False, ()),
        (508, "Ida", 22, "2023-11-05T10:45:00+01:00", 1, "Heinz", False, False, ("!Lynch Heinz",)),
    ],
    "thread5_page3.html": [
        (509, "Kurt", 24, "2023-11-05T11:50:00+01:00", 0, None, False, False, ("!Lynch Heinz",)),
        (510, "Spielleitung", 2, "2023-11-05T11:59:30+01:00", 0, None, False, False, ()),
    ],
    "conversation6_page1.html": [
        (601, "Spielleitung", 2, "2024-03-18T22:00:00+01:00", 0, None, False, False, ()),
        (602, "Anna", 11, "2024-03-18T22:30:00+01:00", 2, "Anna", False, False, ("!Fressen Dora",)),
        (603, "Bernd", 12, "2024-03-18T22:45:00+01:00", 0, None, False, False, ("!Fressen Dora",)),
    ],
    "conversation6_page2.html": [
        (604, "Anna", 11, "2024-03-18T23:15:00+01:00", 0, None, False, False, ()),
        (605, "Spielleitung", 2, "2024-03-19T00:00:00+01:00", 0, None, False, False, ()),
    ],
    "conversation5_page2.html": [
        (701, "Lena", 25, "2023-11-05T00:40:00+01:00", 1, "Lena", False, False, ("!Sehen Kurt",)),
        (702, "Spielleitung", 2, "2023-11-05T01:30:00+01:00", 0, None, False, False, ()),
    ],
}

# fixture: (kind, channel, page, page count, last page, next, prev, token, participants, left)
PAGES = {
    "thread6_page1.html": ("thread", "thread:123", 1, 3, False, f"{T6}?pageNo=2", None, None),
    "thread6_page2.html": ("thread", "thread:123", 2, 3, False, f"{T6}?pageNo=3", T6, None),
    "thread6_page3.html": ("thread", "thread:123", 3, 3, True, None, f"{T6}?pageNo=2", None),
    "thread5_page1.html": ("thread", "thread:77", 1, 3, False, f"{T5}&pageNo=2", None, TOKEN5),
    "thread5_page2.html": ("thread", "thread:77", 2, 3, False, f"{T5}&pageNo=3", T5, TOKEN5),
    "thread5_page3.html": ("thread", "thread:77", 3, 3, True, None, f"{T5}&pageNo=2", TOKEN5),
    "conversation6_page1.html": (
        "conversation",
        "conversation:45",
        1,
        2,
        False,
        f"{C6}?pageNo=2",
        None,
        None,
    ),
    "conversation6_page2.html": (
        "conversation",
        "conversation:45",
        2,
        2,
        True,
        None,
        f"{C6}?pageNo=1",
        None,
    ),
    "conversation5_page2.html": (
        "conversation",
        "conversation:46",
        2,
        3,
        False,
        f"{C5}&pageNo=3",
        f"{C5}&pageNo=1",
        TOKEN5,
    ),
}


@pytest.mark.parametrize("name", sorted(POSTS))
def test_posts(name: str) -> None:
    page = parse_page(load(name), BASE)
    got = [
        (
            p.post_id,
            p.author,
            p.author_id,
            p.time.isoformat(),
            p.edit_count,
            p.edited_by,
            p.deleted,
            p.disabled,
            p.body.commands,
        )
        for p in page.posts
    ]
    assert got == POSTS[name]
    assert all(p.channel == page.channel and p.page == page.page for p in page.posts)
    assert all(p.url.startswith(BASE) and f"{p.post_id}" in p.url for p in page.posts)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_facts(name: str) -> None:
    kind, channel, number, count, last, next_url, prev_url, token = PAGES[name]
    page = parse_page(load(name), BASE)
    assert (page.kind, str(page.channel), page.page, page.page_count) == (
        kind,
        channel,
        number,
        count,
    )
    assert (page.is_last_page, page.next_url, page.prev_url) == (last, next_url, prev_url)
    assert page.security_token == token
    assert page.has_post_list and page.logged_in is True and not page.is_login_page


def test_times_come_from_attributes_not_localized_text() -> None:
    """5.x prints "Gestern, 19:30"/"Vor 3 Stunden", 6.x "17. März 2024 um 20:00": the
    machine-readable attribute is what counts, and both are timezone-aware."""
    five = parse_page(load("thread5_page1.html"), BASE).posts[0]
    six = parse_page(load("thread6_page1.html"), BASE).posts[0]
    assert five.time == datetime(2023, 11, 4, 18, 30, tzinfo=UTC)
    assert six.time == datetime(2024, 3, 17, 19, 0, tzinfo=UTC)
    html = (
        load("thread5_page1.html").decode().replace('datetime="2023-11-04T19:30:00+01:00" ', "")
    )  # only data-timestamp left
    assert parse_page(html, BASE).posts[0].time == five.time


def test_signature_mod_log_and_quick_reply_are_not_posts() -> None:
    first = parse_page(load("thread6_page1.html"), BASE).posts[0]
    assert "messageSignature" not in first.html and "Niemand" not in first.html
    assert first.body.commands == ()  # the signature holds a bold "!Lynch Niemand"
    middle = parse_page(load("thread6_page2.html"), BASE)
    assert [p.post_id for p in middle.posts][0] == 1006  # the log row before it is skipped
    assert "verschoben" not in " ".join(p.html for p in middle.posts)
    last = parse_page(load("thread6_page3.html"), BASE)
    assert [p.post_id for p in last.posts] == [1011, 1012]  # not the quick-reply box
    assert last.quick_reply == QuickReply(object_id=123, last_post_time=1710788400, page_no=3)


def test_quotes_spoilers_mentions_code_in_posts() -> None:
    posts = {p.post_id: p for p in parse_page(load("thread6_page1.html"), BASE).posts}
    assert posts[1003].body.quotes and "!Lynch Bernd" in posts[1003].body.quotes[0]
    assert "!Lynch Emil" not in posts[1004].body.text  # inside the spoiler
    assert "@Dora" in posts[1004].body.text
    middle = {p.post_id: p for p in parse_page(load("thread6_page2.html"), BASE).posts}
    assert middle[1010].body.commands == () and "Clara" not in middle[1010].body.text


def test_participants() -> None:
    page = parse_conversation_page(load("conversation6_page1.html"), BASE)
    assert page.participants == ("Spielleitung", "Anna", "Bernd")
    assert page.left_participants == ("Clara",)
    assert page.title == "Wölfe – Nacht 1"
    assert parse_page(load("conversation5_page2.html"), BASE).participants == (
        "Spielleitung",
        "Lena",
    )
    assert parse_page(load("thread6_page1.html"), BASE).participants == ()


def test_conversation_list() -> None:
    page = parse_page(load("conversation_list6.html"), BASE)
    assert page.kind == "conversation_list" and page.posts == ()
    last = datetime(2024, 3, 19, tzinfo=timezone(timedelta(hours=1)))
    assert page.conversations == (
        Conversation(45, "Wölfe – Nacht 1", ("Anna", "Bernd"), "Spielleitung", True, last),
        Conversation(46, "Seherin", ("Lena",), "Spielleitung", True, last),
        Conversation(
            47,
            "Frage zur Anmeldung",
            ("Spielleitung", "Bernd", "Dora", "Emil", "Frieda"),
            "Anna",
            participants_complete=False,  # "und 2 weitere": 7 besides the starter
            last_post_time=last,
        ),
    )


@pytest.mark.parametrize(
    ("exchange", "last_post"),
    [
        ("07-conversation-list-alice.response.html", "2026-12-01T16:40:13+00:00"),
        ("43-conversation-list-bob-final.response.html", "2026-12-01T16:41:47+00:00"),
    ],
    ids=["no-replies: the start", "with-replies"],
)
def test_conversation_list_last_message_time_of_the_real_6_0(exchange: str, last_post: str) -> None:
    """The row's last message time, not its start (16:40:13), with or without replies (the
    last-post column is empty without)."""
    real = Path(__file__).parent / "fixtures" / "woltlab-6.0-real"
    html = (real / exchange).read_text()
    (conversation,) = parse_page(
        html, "http://localhost/index.php?conversation-list/"
    ).conversations
    assert conversation.last_post_time == datetime.fromisoformat(last_post)


def test_conversation_list_of_the_real_6_0_is_a_summary_without_the_starter() -> None:
    """Real WoltLab 6.0 (exchange 43): alice started it; the list names the 3 others only,
    and the stats column counts them (3): complete, but never with the starter."""
    real = Path(__file__).parent / "fixtures" / "woltlab-6.0-real"
    html = (real / "43-conversation-list-bob-final.response.html").read_text()
    (conversation,) = parse_page(
        html, "http://localhost/index.php?conversation-list/"
    ).conversations
    assert conversation.author == "alice"
    assert conversation.participants == ("bob", "carol", "wolfbot")
    assert conversation.participants_complete
    six = html.replace("<dd>3</dd>", "<dd>6</dd>")  # as if 6 others: the summary is cut at 5
    (cut,) = parse_page(six, "http://localhost/index.php?conversation-list/").conversations
    assert not cut.participants_complete


@pytest.mark.parametrize(
    ("name", "kind", "login", "logged_in", "token", "errors"),
    [
        ("login6.html", "login", True, False, None, ()),
        ("login5.html", "login", True, False, TOKEN5, ()),
        (
            "login6_wrong_password.html",
            "login",
            True,
            False,
            None,
            (
                "Deine Angaben sind ungültig. Bitte überprüfe die markierten Eingabefelder.",
                "Dieses Kennwort ist falsch.",
            ),
        ),
        ("permission_denied6.html", "error", True, False, None, ()),
        ("conversation_add_flood6.html", "error", False, True, None, ()),
        (
            "conversation_add_error6.html",
            "unknown",
            False,
            True,
            None,
            (
                "Deine Angaben sind ungültig. Bitte überprüfe die markierten Eingabefelder.",
                "Der Benutzername Lehna konnte nicht gefunden werden.",
            ),
        ),
    ],
)
def test_login_and_error_pages(name, kind, login, logged_in, token, errors) -> None:
    page = parse_page(load(name), BASE)
    assert (page.kind, page.is_login_page, page.logged_in) == (kind, login, logged_in)
    assert page.security_token == token and page.form_errors == errors and page.posts == ()


def test_error_message_text() -> None:
    page = parse_page(load("conversation_add_flood6.html"), BASE)
    assert page.error_message is not None and "10 Konversationen" in page.error_message
    assert "19. März 2024 um 21:14" in page.error_message


def test_guest_header_login_form_is_not_a_login_page() -> None:
    """5.4 puts a hidden login form into every guest page's header (li#userLogin)."""
    html = load("thread5_page1.html").decode()
    start = html.index('<nav id="topMenu"')
    end = html.index("</nav>", start) + len("</nav>")
    guest = (FIXTURES / "login5.html").read_text()
    g_start = guest.index('<nav id="topMenu"')
    g_end = guest.index("</nav>", g_start) + len("</nav>")
    page = parse_page(html[:start] + guest[g_start:g_end] + html[end:], BASE)
    assert page.kind == "thread" and not page.is_login_page and page.logged_in is False
    assert len(page.posts) == 4


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        (
            "Dieser Beitrag wurde bereits 2 mal editiert, zuletzt von „Emil“ (18. März 2024 um "
            "09:12).",
            (2, "Emil"),
        ),
        (
            "Dieser Beitrag wurde bereits einmal editiert, zuletzt von Anna (Gestern, 10:00).",
            (1, "Anna"),
        ),
        (
            "Dieser Beitrag wurde bereits 1 mal editiert, zuletzt von Frau Holle (18. März 2024, "
            "10:00).",
            (1, "Frau Holle"),
        ),
        ("Dieser Beitrag wurde bereits 12 mal editiert, zuletzt von X.", (12, "X")),
        ("This post was edited 3 times, last by Ida (Nov 5th 2023, 10:00am).", (3, "Ida")),
        ("This post has been edited once, last by “Heinz” (Nov 5th 2023, 11:00am).", (1, "Heinz")),
        ("Anna hat diese Nachricht 2 Mal editiert, zuletzt: 18. März 2024 um 23:10.", (2, "Anna")),
        ("Lena edited this message 1 times, last: Nov 5th 2023, 1:12am.", (1, "Lena")),
        ("Dieser Beitrag wurde zuletzt von Moderator bearbeitet.", (1, "Moderator")),
        ("Dieser Beitrag wurde vom Autor gemeldet.", None),
        ("", None),
    ],
)
def test_edit_notes(note: str, expected) -> None:
    assert parse_edit_note(note) == expected


def test_edit_note_link_wins() -> None:
    assert parse_edit_note("… 3 mal editiert, zuletzt von Blah (x).", "Spielleitung") == (
        3,
        "Spielleitung",
    )


def test_channel_argument_and_wrappers() -> None:
    page = parse_thread_page(load("thread6_page1.html"), BASE, thread_id=999)
    assert page.channel == ChannelRef("thread", 999)
    assert {p.channel for p in page.posts} == {ChannelRef("thread", 999)}
    page = parse_conversation_page(load("conversation6_page2.html"), BASE)
    assert page.channel == ChannelRef("conversation", 45)


def test_parse_file_json_lines(tmp_path: Path) -> None:
    records = list(parse_file(FIXTURES / "thread6_page2.html"))
    assert [r["id"] for r in records] == [1006, 1007, 1008, 1009, 1010]
    first = records[0]
    assert first["author"] == "Emil" and first["time"] == "2024-03-18T08:00:00+01:00"
    assert (first["edited"], first["deleted"], first["commands"]) == (2, False, ["!Lynch Anna"])
    assert records[2]["deleted"] is True and "Doppelpost" in records[2]["text"]
    assert all(json.loads(json.dumps(r)) == r for r in records)
    garbage = tmp_path / "garbage.html"
    garbage.write_bytes(b"\x00\xff<<<>>")
    assert list(parse_file(garbage)) == []


# ---------------------------------------------------------------- malformed input

TAGS = [
    "div",
    "p",
    "article",
    "li",
    "ul",
    "span",
    "a",
    "time",
    "woltlab-core-date-time",
    "nav",
    "script",
    "blockquote",
    "details",
    "strong",
    "body",
    "html",
    "form",
    "input",
]
CLASSES = [
    "message",
    "wbbPost",
    "messageText",
    "messageBody",
    "messageAuthor",
    "username",
    "userLink",
    "messageFooterNote",
    "messageSignature",
    "wbbThreadPostList",
    "messageList",
    "pagination",
    "jsMessage",
    "messageDeleted",
    "permalink",
    "messagePublicationTime",
    "conversationParticipantList",
    "jsParticipant",
]
ATTRS = [
    "class",
    "id",
    "date",
    "datetime",
    "data-timestamp",
    "data-pages",
    "data-link",
    "href",
    "rel",
    "page",
    "count",
    "url",
    "data-is-last-page",
    "name",
    "value",
]


@st.composite
def tag_soup(draw) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 40))):
        choice = draw(st.integers(0, 3))
        tag = draw(st.sampled_from(TAGS))
        if choice == 0:
            attrs = "".join(
                f' {draw(st.sampled_from(ATTRS))}="'
                f'{draw(st.sampled_from(CLASSES) | st.text(max_size=12))}"'
                for _ in range(draw(st.integers(0, 3)))
            )
            parts.append(f"<{tag}{attrs}>")
        elif choice == 1:
            parts.append(f"</{tag}>")
        else:
            parts.append(draw(st.text(max_size=20)))
    return "".join(parts)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tag_soup())
def test_random_tag_soup_never_raises(html: str) -> None:
    page = parse_page(html, BASE)
    assert page.posts == ()


@settings(max_examples=100, deadline=None)
@given(st.text() | st.binary())
def test_arbitrary_input_never_raises(data) -> None:
    assert parse_page(data, BASE).posts == ()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(POSTS)), st.floats(0, 1))
def test_truncated_pages_never_raise(name: str, fraction: float) -> None:
    data = load(name)
    full = {p.post_id for p in parse_page(data, BASE).posts}
    cut = parse_page(data[: int(len(data) * fraction)], BASE)
    assert {p.post_id for p in cut.posts} <= full


URL_PARTS = st.text(alphabet=st.sampled_from("aZ09/.-_%:@?#;[] \t\nü~=&"), max_size=12)


@settings(max_examples=500, deadline=None, database=None)
@given(st.sampled_from(["http://", "https://", "HTTP://", "ftp://", "", "/", "//"]), URL_PARTS)
def test_a_permalink_is_made_absolute_as_urljoin_makes_it(scheme: str, rest: str) -> None:
    """The shortcut for a plain absolute address gives what `urljoin` gives, or fails alike."""
    base = "https://forum.example/index.php?thread/1-x/"
    href = scheme + rest
    try:
        expected: str | type[Exception] = urljoin(base, href)
    except ValueError:
        expected = ValueError
    try:
        got: str | type[Exception] = absolute_url(base, href)
    except ValueError:
        got = ValueError
    assert got == expected
