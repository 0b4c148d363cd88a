"""What tests/woltlab/test_real_woltlab.py checks on a running WoltLab Suite 6.0, proven
over the answers the real server gave (``fixtures/woltlab-6.0-real/``, replayed by
``real_exchanges``): CI has no such server. Each test names the real-server test it mirrors
and the exchanges it replays, and what of that test the recording cannot show.

The recording is the history of one conversation (1, alice's "Rollenmitteilung: Test" with
bob and wolfbot, later carol): its page after each step (11 → 16 → 29 → 34 → 38 → 40/41),
the writes between them, and the conversation list before and after (03, 07, 10, 43), all
made at WoltLab's default group limits."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from real_exchanges import (
    AJAX,
    CONV,
    HOST,
    PASSWORDS,
    SLUG,
    Real,
    first_hop,
    form,
    recorded,
    recorded_fields,
    replaying,
)
from typer.testing import CliRunner

from wolfbot.bot.channels import Reading
from wolfbot.bot.reading import read_channels
from wolfbot.cli import app
from wolfbot.forum.base import (
    AccountView,
    ChannelRef,
    FloodLimited,
    ForumPost,
    LoginFailed,
    ReadMark,
)
from wolfbot.forum.dialect import content_hash
from wolfbot.forum.woltlab.conversation_list import BY_LAST_MESSAGE
from wolfbot.forum.woltlab.cursor import PageCursor
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.outbox.queue import FloodLimits, Outbox, RetryPolicy
from wolfbot.store import db

GUEST_PAGE = "46-conversation-page-as-guest"
# the conversation at its end: six messages, five on page 1, one on page 2
TWO_PAGES = ("40-conversation-page-1-paginated", "41-conversation-page-2")


@pytest.fixture
def real() -> Iterator[Real]:
    with replaying() as replay:
        yield replay


class Recording:
    """Conversation 1 and the conversation list as one moment of the recording shows them:
    the exchanges named by ``page``, ``second_page`` (None while the conversation has one
    page) and ``listed`` answer now; a test moves on by setting them. A request without
    the session cookie is a guest's: 403 (exchange 46, the HTML the client asks for)."""

    def __init__(
        self,
        real: Real,
        page: str,
        second_page: str | None = None,
        listed: str = "07-conversation-list-alice",
    ) -> None:
        self.page, self.second_page, self.listed = page, second_page, listed
        real.mock.get(f"{HOST}/index.php?conversation/1/").mock(side_effect=self._short_url)
        real.mock.get(SLUG).mock(side_effect=self._first_page)
        real.mock.get(f"{SLUG}&pageNo=2").mock(side_effect=self._second_page)
        real.mock.get(f"{HOST}/index.php?conversation-list/").mock(side_effect=self._list)
        # the sort the client asks for is the list's default: the same answer
        real.mock.get(f"{HOST}/{BY_LAST_MESSAGE}").mock(side_effect=self._list)

    def _short_url(self, request: httpx.Request) -> httpx.Response:
        return recorded(GUEST_PAGE) if is_guest(request) else first_hop(self.page)

    def _first_page(self, request: httpx.Request) -> httpx.Response:
        return recorded(GUEST_PAGE) if is_guest(request) else recorded(self.page)

    def _second_page(self, request: httpx.Request) -> httpx.Response:
        assert self.second_page is not None, "no page 2 was recorded at this moment"
        return recorded(GUEST_PAGE) if is_guest(request) else recorded(self.second_page)

    def _list(self, request: httpx.Request) -> httpx.Response:
        return recorded(self.listed)


def is_guest(request: httpx.Request) -> bool:
    return "_user_session=" not in request.headers.get("cookie", "")


def browser_fields(exchange: str) -> dict[str, str]:
    """The form fields a browser sent in ``exchange`` but the editor's upload hash, which
    the client has no use for."""
    fields = recorded_fields(exchange)
    del fields["parameters[data][tmpHash]"]
    return fields


def sent_message(exchange: str) -> str:
    return recorded_fields(exchange)["parameters[data][message]"]


def texts(posts: list[ForumPost]) -> list[str]:
    return [post.body.text.strip() for post in posts]


# ---------------------------------------------------------------- login


def test_login_with_the_right_password_leaves_a_live_session(real: Real) -> None:
    """Mirrors test_login_with_the_right_password_works: the form (01), wolfbot's POST (28:
    302 to /); the session check is a GET of login/ redirected away (45)."""
    bot = real.forum("wolfbot")
    bot.login()
    assert bot._session.session_alive()
    assert real.logins == 1


def test_a_wrong_password_is_login_failed_and_the_next_call_sends_nothing(real: Real) -> None:
    """Mirrors test_login_with_a_wrong_password_is_login_failed_and_not_retried: the form
    (01, the same as 47), the POST answered with the form again (48: "The entered password
    is wrong."); the next call fails fast without a request."""
    bot = real.forum("wolfbot", "wrong-password")
    with pytest.raises(LoginFailed, match="password is wrong"):
        bot.login()
    before = bot.requests
    with pytest.raises(LoginFailed):
        bot.conversations()
    assert bot.requests == before and real.logins == 1


def lose_every_cookie(jar: httpx.Cookies) -> None:
    jar.clear()


def lose_the_session_cookie(jar: httpx.Cookies) -> None:
    for cookie in list(jar.jar):
        if cookie.name.endswith("_user_session"):
            jar.delete(cookie.name)


@pytest.mark.parametrize(
    "lose",
    [lose_every_cookie, lose_the_session_cookie],
    ids=["every cookie lost", "the session cookie lost, the XSRF cookie left"],
)
def test_a_session_lost_before_a_read_is_renewed_by_one_login(
    real: Real, lose: Callable[[httpx.Cookies], None]
) -> None:
    """Mirrors test_an_expired_session_on_a_read_is_renewed_by_one_login and
    test_a_lost_session_with_the_xsrf_cookie_left_is_renewed_by_one_login: without its
    session cookie the client is a guest (403, exchange 46); one new login (01, 02) brings
    the cookies back, then the page is read (11)."""
    Recording(real, "11-conversation-page-bob")
    forum = real.forum()
    forum.login()
    lose(forum._session._client.cookies)
    real.logged_in = False  # the server knows this client no more
    result = forum.read(CONV, ReadMark())
    assert [post.post_id for post in result.new] == [1]
    assert real.logins == 2


# ---------------------------------------------------------------- reading


# (the conversation's pages at that moment, new ids, edited ids, deleted ids, requests,
# the mark's last page)
HISTORY = [
    # the first read pays the 301 to the slug URL
    (("11-conversation-page-bob", None), [1], [], [], 2, 1),
    (("16-conversation-page-bob-after-edit", None), [2], [], [], 1, 1),
    (("29-conversation-page-before-wolfbot", None), [3], [], [], 1, 1),
    (("34-conversation-page-before-alice", None), [4], [], [], 1, 1),
    (("38-conversation-page-before-bob", None), [5], [], [], 1, 1),
    # page 1 filled up, page 2 began
    (TWO_PAGES, [6], [], [], 2, 2),
    # nothing new: one GET of the last page
    (TWO_PAGES, [], [], [], 1, 2),
]


def test_reading_a_conversation_as_it_grows_gives_each_message_once_at_a_request_a_page(
    real: Real,
) -> None:
    """Mirrors test_reading_a_conversation_incrementally_across_pages (there 16 messages on
    4 pages): bob reads after every step of the recording (11, 16, 29, 34, 38, 40/41)."""
    recording = Recording(real, "11-conversation-page-bob")
    reader = real.forum("bob")
    reader.login()
    mark = ReadMark()
    reads = []
    for pages, *_ in HISTORY:
        recording.page, recording.second_page = pages
        result = reader.read(CONV, mark)
        new, edited = [p.post_id for p in result.new], [p.post_id for p in result.edited]
        reads.append(
            (pages, new, edited, result.deleted, result.requests, PageCursor.of(result.mark).page)
        )
        mark = result.mark
    assert reads == HISTORY


def test_a_first_read_across_two_pages_gives_every_message_in_order(real: Real) -> None:
    """Mirrors the first read of test_reading_a_conversation_incrementally_across_pages
    (there 12 messages on 3 pages): the 301 and page 1 of 2 (40), page 2 (41)."""
    Recording(real, *TWO_PAGES)
    reader = real.forum("bob")
    reader.login()
    first = reader.read(CONV, ReadMark())
    assert [post.post_id for post in first.new] == [1, 2, 3, 4, 5, 6]
    assert texts(first.new)[-2:] == ["Nachricht fünf", "Nachricht sechs, auf Seite 2"]
    assert (PageCursor.of(first.mark).page, first.requests) == (2, 3)


# ---------------------------------------------------------------- replies and edits


def test_a_reply_and_its_edit_are_read_back_with_the_edit_count_and_the_editor(
    real: Real,
) -> None:
    """Mirrors test_replies_and_edits_are_read_back (there the bot's own reply): bob reads
    the conversation (11), replies (12: message 2) and edits the reply with the inline
    editor's save alone (15; the browser's beginEdit, 14, is not needed); both writes send
    what the browser sent. The page after the edit (16) shows message 2 edited once, by bob."""
    recording = Recording(real, "11-conversation-page-bob")
    writes = real.mock.post(AJAX).mock(
        side_effect=[recorded("12-ajax-quickReply-bob"), recorded("15-ajax-save-bob")]
    )
    bob = real.forum("bob")
    seen = bob.read(CONV, ReadMark())
    reply = bob.post(CONV, sent_message("12-ajax-quickReply-bob"))
    bob.edit_post(CONV, reply, sent_message("15-ajax-save-bob"))
    recording.page = "16-conversation-page-bob-after-edit"
    after = bob.read(CONV, seen.mark)
    assert reply == 2
    sent = [form(call.request) for call in writes.calls]
    assert sent == [browser_fields("12-ajax-quickReply-bob"), recorded_fields("15-ajax-save-bob")]
    assert [(p.post_id, p.edit_count, p.edited_by) for p in after.new] == [(2, 1, "bob")]
    assert texts(after.new) == ["Ich stimme ab (korrigiert):\n!Lynch wolfbot"]


def test_an_edit_of_a_message_read_before_is_reported_as_edited(real: Real) -> None:
    """Mirrors the second read of test_replies_and_edits_are_read_back: a reader that read
    message 2 as bob sent it reads the page after the edit (16): message 2 is edited (once,
    by bob), nothing is new. No page with message 2 before its edit was recorded: the mark
    holds what such a read remembers (the content hash of exchange 12's message, on page 1)."""
    recording = Recording(real, "11-conversation-page-bob")
    reader = real.forum()
    read = reader.read(CONV, ReadMark()).mark
    cursor = PageCursor.of(read)
    cursor.seen[2] = (f"{content_hash(WOLTLAB, sent_message('12-ajax-quickReply-bob'))}@1", 0)
    before = cursor.on(replace(read, last_post_id=2))
    recording.page = "16-conversation-page-bob-after-edit"
    after = reader.read(CONV, before)
    assert [(p.post_id, p.edit_count, p.edited_by) for p in after.edited] == [(2, 1, "bob")]
    assert (after.new, after.deleted) == ([], [])


# ---------------------------------------------------------------- users and participants


@pytest.mark.parametrize(
    ("name", "user_id"),
    [("carol", 5), ("CAROL", 5), (" Carol ", 5), ("car", None)],
    ids=["as written", "in capitals", "with spaces", "only a prefix of a name: nobody"],
)
def test_user_search_finds_a_user_by_name_regardless_of_case(
    real: Real, name: str, user_id: int | None
) -> None:
    """Mirrors test_user_search_finds_users_case_insensitively: the answer to the search
    "car" (19: carol, id 5). WoltLab's search lists the users whose name begins with the
    text, whatever its case: "carol" and "CAROL" get the same list. The request is the
    browser's but for the text searched."""
    search = real.mock.post(AJAX).mock(side_effect=lambda _: recorded("19-ajax-userSearch"))
    assert real.forum().resolve_user(name) == user_id
    expected = recorded_fields("19-ajax-userSearch")
    expected["parameters[data][searchString]"] = name.strip()
    assert form(search.calls.last.request) == expected


def test_a_user_found_is_not_searched_for_again(real: Real) -> None:
    """Mirrors the second lookup of test_user_search_finds_users_case_insensitively (19)."""
    search = real.mock.post(AJAX).mock(side_effect=lambda _: recorded("19-ajax-userSearch"))
    forum = real.forum()
    assert forum.resolve_user("CAROL") == forum.resolve_user("carol") == 5
    assert search.call_count == 1


def test_a_conversation_opened_appears_in_the_list_with_its_participants(real: Real) -> None:
    """Mirrors the list check of
    test_twelve_rollenmitteilungen_and_a_wolfshoehle_for_a_twelve_player_round (there 13
    conversations opened by the bot's tuned group; one was recorded): alice's list is empty
    (03); she opens the conversation with bob and wolfbot (05: the 302 to it); the list
    then names both, complete, without the starter (07)."""
    recording = Recording(
        real, "11-conversation-page-bob", listed="03-conversation-list-alice-empty"
    )
    add = real.mock.post(f"{HOST}/index.php?conversation-add/").mock(
        return_value=recorded("05-conversation-add-post")
    )
    alice = real.forum()
    assert alice.conversations() == []
    browser = recorded_fields("05-conversation-add-post")
    opened = alice.open_conversation(browser["subject"], ["bob", "wolfbot"], browser["text"])
    recording.listed = "07-conversation-list-alice"
    (listed,) = alice.conversations()
    assert (opened, listed.id, listed.title) == (1, 1, "Rollenmitteilung: Test")
    assert (listed.author, listed.participants, listed.participants_complete) == (
        "alice",
        ("bob", "wolfbot"),
        True,
    )
    sent = form(add.calls.last.request)
    assert (sent["subject"], sent["text"]) == (browser["subject"], browser["text"])


def test_a_participant_added_is_listed_afterwards_and_reads_the_conversation(
    real: Real,
) -> None:
    """Mirrors the rest of test_adding_participants_and_someone_already_in (someone already
    in, an unknown name: test_woltlab_real_exchanges.py): the list names bob and wolfbot
    (10); alice adds carol with the browser's request (21: "Added 1 participant"); the list
    then names carol too (43), and carol reads the conversation (25)."""
    recording = Recording(
        real, "25-conversation-page-before-carol", listed="10-conversation-list-bob"
    )
    add = real.mock.post(AJAX).mock(return_value=recorded("21-ajax-addParticipants"))
    alice = real.forum()
    assert [c.participants for c in alice.conversations()] == [("bob", "wolfbot")]
    alice.add_participants(1, ["carol"])
    recording.listed = "43-conversation-list-bob-final"
    assert [c.participants for c in alice.conversations()] == [("bob", "carol", "wolfbot")]
    assert form(add.calls.last.request) == recorded_fields("21-ajax-addParticipants")
    carol = real.forum("carol")
    assert [post.post_id for post in carol.read(CONV, ReadMark()).new] == [1, 2]


# ---------------------------------------------------------------- flood control


def test_a_quick_reply_under_flood_control_is_flood_limited_with_the_seconds_left(
    real: Real,
) -> None:
    """Mirrors test_flood_control_at_the_real_60_seconds_is_flood_limited_with_retry_after
    (there the reply right after opening the conversation; recorded is bob's reply two
    seconds after his last, 13: 400 code 412 "… wait at least 58 seconds …"): FloodLimited
    with the seconds left, not waited for; one POST, no new login."""
    quick_reply = real.mock.post(AJAX).mock(return_value=recorded("13-ajax-quickReply-bob-again"))
    slept: list[float] = []
    bob = real.forum("bob", sleep=slept.append)
    with pytest.raises(FloodLimited) as caught:
        bob.post(CONV, sent_message("13-ajax-quickReply-bob-again"))
    assert caught.value.retry_after == 58
    assert (quick_reply.call_count, real.logins, slept) == (1, 1, [])


def test_a_reply_refused_by_flood_control_goes_through_when_sent_again(real: Real) -> None:
    """Mirrors test_flood_control_at_a_tuned_3_seconds_lets_the_retry_through (the group
    with 3 seconds was not recorded: here the refusal says 58): bob reads the conversation
    (38); his reply is refused (13), sent again it is stored (39: message 6 on page 2, the
    answer with a url instead of the template) – both tries the request the browser sent
    for 39; the read shows it once (40, 41)."""
    recording = Recording(real, "38-conversation-page-before-bob")
    quick_reply = real.mock.post(AJAX).mock(
        side_effect=[recorded("13-ajax-quickReply-bob-again"), recorded("39-ajax-quickReply-bob")]
    )
    bob = real.forum("bob")
    seen = bob.read(CONV, ReadMark())
    with pytest.raises(FloodLimited):
        bob.post(CONV, sent_message("39-ajax-quickReply-bob"))
    message = bob.post(CONV, sent_message("39-ajax-quickReply-bob"))
    recording.page, recording.second_page = TWO_PAGES
    after = bob.read(CONV, seen.mark)
    assert message == 6
    assert [form(call.request) for call in quick_reply.calls] == [
        browser_fields("39-ajax-quickReply-bob")
    ] * 2
    assert [post.post_id for post in after.new] == [6]
    assert texts(after.new) == ["Nachricht sechs, auf Seite 2"]


# ---------------------------------------------------------------- a lost answer


def test_a_reply_whose_answer_was_lost_is_found_by_the_outbox_and_not_sent_twice(
    real: Real, tmp_path: Path
) -> None:
    """Mirrors test_a_timeout_after_commit_is_found_by_the_outbox_and_not_sent_twice:
    wolfbot's quick reply (exchange 30's message) was stored as message 4, but its answer
    is lost (a timeout). Before any retry the outbox reads the conversation (the 301 and
    34: message 4 by wolfbot, the same text) and marks it sent; the recorded answer (30)
    waits for a second POST that never comes."""
    Recording(real, "34-conversation-page-before-alice")
    quick_reply = real.mock.post(AJAX).mock(
        side_effect=[httpx.ReadTimeout("answer lost"), recorded("30-ajax-quickReply-wolfbot")]
    )
    now = [datetime(2026, 12, 1, 16, 40, 48, tzinfo=UTC)]
    outbox = Outbox(
        db.session_factory(db.upgrade(tmp_path / "wolfbot.sqlite")),
        FloodLimits(conversation_message_interval=0),
        lambda: now[0],
        retry=RetryPolicy(backoff=1, backoff_max=1),
    )
    outbox.enqueue("zwischenstand", "post", CONV, sent_message("30-ajax-quickReply-wolfbot"))
    bot = real.forum("wolfbot")
    first = outbox.send_next(bot)
    now[0] += timedelta(seconds=5)
    second = outbox.send_next(bot)
    assert first is not None and first.status == "retry"
    assert second is not None and (second.status, second.forum_id) == ("appeared", 4)
    assert outbox.send_next(bot) is None
    assert quick_reply.call_count == 1


# ---------------------------------------------------------------- what the account may do


def test_the_account_view_shows_the_default_groups_limits(real: Real) -> None:
    """Mirrors the first half of test_the_default_groups_limits_show_in_the_account_view:
    alice (group "Users", WoltLab's defaults) gets the add form (04: ``maxItems: 10``) and
    the list's quota (07: "1 of 100"). Its second half, the add form refused under flood
    control, was not recorded."""
    Recording(real, "11-conversation-page-bob", listed="07-conversation-list-alice")
    real.mock.get(f"{HOST}/index.php?conversation-add/").mock(
        return_value=recorded("04-conversation-add-form")
    )
    assert real.forum().account() == AccountView("alice", None, 10, 1, 100)


def bot_config(tmp_path: Path) -> Path:
    """config.example.toml for wolfbot on the recorded forum, without the request pause."""
    text = (Path(__file__).parents[2] / "config.example.toml").read_text()
    for old, new in [
        ('base_url = "http://127.0.0.1:8080/"', f'base_url = "{HOST}/"'),
        ('username = "Spielleitung"', 'username = "wolfbot"'),
        ("request_interval = 1.0", "request_interval = 0"),
    ]:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def flat(output: str) -> str:
    for border in "│┃┏┓┗┛┡┩└┘━─┳╇┻┴":
        output = output.replace(border, " ")
    return " ".join(output.split())


@pytest.mark.parametrize(
    ("password", "exit_code", "findings"),
    [
        (
            PASSWORDS["wolfbot"],
            0,
            [
                "Anmeldung als wolfbot erfolgreich",
                "Konversation beginnen möglich (das Formular öffnet sich)",
                "Teilnehmer je Konversation 10 (Konfiguration 10)",
                "Postfach 1 von 100 Konversationen, Platz für 99",
            ],
        ),
        (
            "falsch",
            2,
            ["die Anmeldung als „wolfbot“ abgelehnt (The entered password is wrong.)", "nie"],
        ),
    ],
    ids=["the right password", "a wrong password"],
)
def test_check_config_login_reports_what_the_bots_account_may_do(
    real: Real, tmp_path: Path, password: str, exit_code: int, findings: list[str]
) -> None:
    """Mirrors test_check_config_login_reports_what_the_bots_account_may_do: wolfbot logs
    in (01, 28; a wrong password: 48) and reads the add form (04) and the list (07). They
    were recorded at WoltLab's defaults: 10 participants and a mailbox of 100, not the tuned
    group's 100 and 100000. ``--offline``: the players are not looked up (one user search
    was recorded: test_user_search_finds_a_user_by_name_regardless_of_case)."""
    Recording(real, "11-conversation-page-bob", listed="07-conversation-list-alice")
    real.mock.get(f"{HOST}/index.php?conversation-add/").mock(
        return_value=recorded("04-conversation-add-form")
    )
    result = CliRunner().invoke(
        app,
        ["check-config", str(bot_config(tmp_path)), "--login", "--offline"],
        env={"WOLFBOT_PASSWORD": password, "COLUMNS": "200"},
    )
    assert result.exit_code == exit_code, result.output
    shown = flat(result.output)
    assert [finding for finding in findings if finding not in shown] == []


# ---------------------------------------------------------------- idle polls

SETTLE = timedelta(seconds=2)  # the real-server test's store delay


def test_an_idle_poll_costs_one_request_of_the_list_and_news_are_read_from_the_mark(
    real: Real,
) -> None:
    """Mirrors test_an_idle_poll_of_28_conversations_costs_one_page_of_the_real_list (there
    28 conversations; one was recorded, so "the 27 others are not read" is not shown): the
    first poll reads the list (10: the last message at 16:40:13, the list's time 16:40:19)
    and the conversation (the 301 and 11); an idle poll reads the list alone; when the list
    shows a later message (43: 16:41:47, its time 16:41:50) the poll reads the conversation
    from its mark (40, 41: messages 2 to 6), and the next idle poll the list alone again."""
    recording = Recording(real, "11-conversation-page-bob", listed="10-conversation-list-bob")
    bot = real.forum("wolfbot")
    bot.login()
    reading = Reading(CONV, "private")
    marks: dict[ChannelRef, ReadMark] = {}

    def poll() -> tuple[list[int], int, int]:
        batch, report = read_channels(
            bot, [reading], lambda r: marks.get(r.ref, ReadMark()), store_delay=SETTLE
        )
        marks.update(report.marks)
        return [post.post_id for post, _ in batch], report.requests, report.skipped

    polls = [poll(), poll()]
    recording.listed = "43-conversation-list-bob-final"
    recording.page, recording.second_page = TWO_PAGES
    polls += [poll(), poll()]
    assert polls == [([1], 3, 0), ([], 1, 1), ([2, 3, 4, 5, 6], 3, 0), ([], 1, 1)]
