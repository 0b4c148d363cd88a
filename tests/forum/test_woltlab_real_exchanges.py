"""WoltLabForum against the answers a real WoltLab Suite Core 6.0.18 + Conversations 6.0.17
gave (``fixtures/woltlab-6.0-real/``, replayed with respx: ``real_exchanges``; see
``tests/woltlab/FINDINGS.md``). Each test is one break of FINDINGS.md; where the exchanges
hold no recording of an answer, the answer is built from the JSON/HTML shape FINDINGS.md
quotes and the recorded neighbour it names."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from real_exchanges import (
    ACCESS_DENIED,
    AJAX,
    CONV,
    HOST,
    SLUG,
    Real,
    body,
    error_answer,
    form,
    prefers_html,
    recorded,
    replaying,
)

from wolfbot.forum.base import FloodLimited, ForumError, ReadMark, Refused
from wolfbot.forum.woltlab.cursor import PageCursor


@pytest.fixture
def real() -> Iterator[Real]:
    with replaying() as replay:
        yield replay


# ---------------------------------------------------------------- 1. the Accept header


FLOOD_ADD = (
    "You have already sent a message within the last 60 seconds. You must wait at least "
    "57 seconds before you can send another message."
)


def test_flood_control_on_conversation_add_is_flood_limited_not_a_second_post(real: Real) -> None:
    """FINDINGS 1: ``conversation-add`` under flood control answers 403 – JSON ``{message}``
    to ``Accept: */*`` (the client then logged in again and POSTed a second time), the
    HTML error page to ``text/html``. Either way: FloodLimited(57), one POST, one login."""
    posts: list[str] = []

    def add(request: httpx.Request) -> httpx.Response:
        posts.append(request.headers.get("accept", ""))
        # 6.0's error.tpl (exchange 46's page) with the flood text of the NamedUserException
        page = body("46-conversation-page-as-guest").replace(ACCESS_DENIED, FLOOD_ADD)
        return error_answer(request, 403, FLOOD_ADD, page)

    real.mock.post(f"{HOST}/index.php?conversation-add/").mock(side_effect=add)
    forum = real.forum()
    with pytest.raises(FloodLimited) as caught:
        forum.open_conversation("Rollenmitteilung: Test", ["bob"], "<p>Hallo</p>")
    assert caught.value.retry_after == 57
    assert posts == ["text/html,application/xhtml+xml"]
    assert real.logins == 1


def test_flood_control_as_json_on_a_form_post_is_flood_limited(real: Real) -> None:
    """The JSON shape on the form path is understood too (a proxy that drops Accept)."""
    real.mock.post(f"{HOST}/index.php?conversation-add/").mock(
        return_value=httpx.Response(403, json={"message": FLOOD_ADD, "exception": None})
    )
    with pytest.raises(FloodLimited) as caught:
        real.forum().open_conversation("Rollenmitteilung: Test", ["bob"], "<p>Hallo</p>")
    assert caught.value.retry_after == 57 and real.logins == 1


def test_a_lost_session_on_a_page_read_logs_in_once_and_reads(real: Real) -> None:
    """FINDINGS 1: a guest's conversation page is 403 – JSON (exchange 49) to ``*/*``,
    HTML (exchange 46) to ``text/html``. The reader logs in again once and reads."""
    state = {"guest": True}

    def page(request: httpx.Request) -> httpx.Response:
        if state["guest"]:
            if prefers_html(request):
                return recorded("46-conversation-page-as-guest")
            return recorded("49-guest-conversation-accept-any")
        return recorded("06-conversation-page-alice")

    real.mock.get(SLUG).mock(side_effect=page)
    real.mock.get(f"{HOST}/index.php?conversation/1/").mock(
        return_value=httpx.Response(301, headers={"location": SLUG})
    )
    forum = real.forum()
    forum.login()
    real.logged_in = False  # the session is gone on the server

    def relogin(request: httpx.Request) -> httpx.Response:
        real.logins += 1
        real.logged_in = True
        state["guest"] = False
        return recorded("02-login-post-alice")

    real.mock.post(f"{HOST}/index.php?login/").mock(side_effect=relogin)
    result = forum.read(CONV, ReadMark())
    assert [p.post_id for p in result.new] == [1]
    assert real.logins == 2


def test_a_page_read_that_stays_403_after_a_new_login_is_an_error_not_a_loop(real: Real) -> None:
    def guest(request: httpx.Request) -> httpx.Response:
        real.logged_in = False  # the server forgets every session at once
        return recorded("49-guest-conversation-accept-any")

    real.mock.get(f"{HOST}/index.php?conversation/1/").mock(side_effect=guest)
    forum = real.forum()
    with pytest.raises(ForumError, match="403"):
        forum.read(CONV, ReadMark())
    assert real.logins == 2  # the first login, one more – never a loop


# ---------------------------------------------------------------- 2. pageNo past the end


def test_a_page_number_past_the_end_is_the_last_page_nothing_lost_or_doubled(real: Real) -> None:
    """FINDINGS 2: 6.0 answers ``pageNo=3`` of a 2-page conversation with 200 and page 2
    (exchange 42; canonical keeps ``pageNo=3``). A stale mark on page 3 reads nothing new,
    nothing deleted; a new message then is new exactly once."""
    real.mock.get(f"{HOST}/index.php?conversation/1/").mock(
        return_value=httpx.Response(301, headers={"location": SLUG})
    )
    real.mock.get(SLUG).mock(return_value=recorded("40-conversation-page-1-paginated"))
    real.mock.get(f"{SLUG}&pageNo=2").mock(return_value=recorded("41-conversation-page-2"))
    past = real.mock.get(f"{SLUG}&pageNo=3").mock(
        return_value=recorded("42-conversation-page-3-past-end")
    )
    forum = real.forum()
    first = forum.read(CONV, ReadMark())
    ids = [p.post_id for p in first.new]
    assert len(ids) == len(set(ids)) and PageCursor.of(first.mark).page == 2
    seen = PageCursor.of(first.mark).seen
    stale = PageCursor(3, seen=seen).on(ReadMark(first.mark.last_post_id))
    again = forum.read(CONV, stale)
    assert past.called
    assert (again.new, again.edited, again.deleted) == ([], [], [])
    assert (
        PageCursor.of(again.mark).page == 2 and again.mark.last_post_id == first.mark.last_post_id
    )


# ---------------------------------------------------------------- 3. already a participant


def add_answer(message: str | None) -> httpx.Response:
    values = {"actionName": "addParticipants"}
    if message is None:
        values |= {"count": 1, "successMessage": "1 participant has been added."}
    else:
        values["errorMessage"] = message
    return httpx.Response(
        200,
        json={"actionName": "addParticipants", "objectIDs": [1], "returnValues": values},
        headers={"content-type": "application/json; charset=UTF-8"},
    )


def test_adding_someone_already_in_the_conversation_is_a_success(real: Real) -> None:
    """FINDINGS 4: "carol is already a participant of this conversation." (the shape of
    exchange 22) after a lost answer is done, not Refused; one call."""
    calls: list[dict[str, str]] = []

    def ajax(request: httpx.Request) -> httpx.Response:
        calls.append(form(request))
        return add_answer("carol is already a participant of this conversation.")

    real.mock.post(AJAX).mock(side_effect=ajax)
    real.forum().add_participants(1, ["carol"])
    assert len(calls) == 1


def test_adding_one_already_in_and_one_new_adds_the_new_one(real: Real) -> None:
    """WoltLab adds nobody when one name is refused: the others are asked for again."""
    calls: list[list[str]] = []

    def ajax(request: httpx.Request) -> httpx.Response:
        fields = form(request)
        names = [v for k, v in sorted(fields.items()) if k.startswith("parameters[participants]")]
        calls.append(names)
        if "carol" in names:
            return add_answer("carol is already a participant of this conversation.")
        return recorded("21-ajax-addParticipants")

    real.mock.post(AJAX).mock(side_effect=ajax)
    real.forum().add_participants(1, ["carol", "bob"])
    assert calls == [["carol", "bob"], ["bob"]]


def test_an_unknown_participant_is_still_refused(real: Real) -> None:
    real.mock.post(AJAX).mock(return_value=recorded("22-ajax-addParticipants-unknown"))
    with pytest.raises(Refused, match="does not exist"):
        real.forum().add_participants(1, ["nobody-such"])


# ---------------------------------------------------------------- 4. edits


def test_editing_another_users_message_is_refused_with_one_write_and_no_new_login(
    real: Real,
) -> None:
    """FINDINGS 6: ``save`` of bob's message as alice: ajax 403 ``{message: "Access
    denied…"}``. One cheap session check (GET login/ → 302 away), then Refused: one write,
    one login."""
    saves: list[dict[str, str]] = []

    def ajax(request: httpx.Request) -> httpx.Response:
        saves.append(form(request))
        return httpx.Response(403, json={"message": ACCESS_DENIED, "exception": None})

    real.mock.post(AJAX).mock(side_effect=ajax)
    forum = real.forum()
    forum.login()
    with pytest.raises(Refused, match="may not edit message 2"):
        forum.edit_post(CONV, 2, "<p>fremd</p>")
    assert len(saves) == 1
    assert real.logins == 1


def test_a_403_on_the_first_write_after_a_fresh_login_is_refused_without_a_check(
    real: Real,
) -> None:
    saves = real.mock.post(AJAX).mock(
        return_value=httpx.Response(403, json={"message": ACCESS_DENIED, "exception": None})
    )
    forum = real.forum()
    with pytest.raises(Refused):
        forum.edit_post(CONV, 2, "<p>fremd</p>")
    assert saves.call_count == 1 and real.logins == 1
    gets = [a for a in real.accepts if a[0] == "GET"]
    assert len(gets) == 1  # the login form only: no session check was needed


def test_editing_a_message_that_does_not_exist_says_so(real: Real) -> None:
    """FINDINGS 7: 400 code 412 ``fieldName: objectID`` with realErrorMessage "Please fill in
    this field.": the reason names the message, not the empty-field text."""
    answer = {
        "code": 412,
        "message": "The parameter \u201cobjectID\u201d is missing or invalid.",
        "returnValues": {
            "errorType": "empty",
            "fieldName": "objectID",
            "realErrorMessage": "Please fill in this field.",
        },
    }
    real.mock.post(AJAX).mock(return_value=httpx.Response(400, content=json.dumps(answer)))
    with pytest.raises(Refused) as caught:
        real.forum().edit_post(CONV, 999, "<p>x</p>")
    assert "no message 999" in str(caught.value)
    assert "Please fill in" not in str(caught.value)


# ---------------------------------------------------------------- 6. the slug redirect


def test_a_conversation_opened_by_the_bot_is_read_without_the_slug_redirect(real: Real) -> None:
    """FINDINGS 8: ``conversation/1/`` is a 301 to the slug URL; the redirect of the new
    conversation (exchange 05) names that URL already, so the first read is one GET."""
    real.mock.post(f"{HOST}/index.php?conversation-add/").mock(
        return_value=recorded("05-conversation-add-post")
    )
    short = real.mock.get(f"{HOST}/index.php?conversation/1/").mock(
        return_value=httpx.Response(301, headers={"location": SLUG})
    )
    real.mock.get(SLUG).mock(return_value=recorded("06-conversation-page-alice"))
    forum = real.forum()
    assert forum.open_conversation("Rollenmitteilung: Test", ["bob"], "<p>Hallo</p>") == 1
    result = forum.read(CONV, ReadMark())
    assert result.requests == 1 and not short.called
    assert forum.read(CONV, result.mark).requests == 1


def test_the_slug_redirect_is_paid_once_per_channel(real: Real) -> None:
    short = real.mock.get(f"{HOST}/index.php?conversation/1/").mock(
        return_value=httpx.Response(301, headers={"location": SLUG})
    )
    real.mock.get(SLUG).mock(return_value=recorded("06-conversation-page-alice"))
    forum = real.forum()
    forum.login()
    first = forum.read(CONV, ReadMark())
    second = forum.read(CONV, first.mark)
    assert (first.requests, second.requests, short.call_count) == (2, 1, 1)


# ---------------------------------------------------------------- 9. the token cookie


def test_a_lost_xsrf_cookie_before_a_write_means_one_new_login_not_an_error(real: Real) -> None:
    """FINDINGS 9: the session cookie survives, the XSRF-TOKEN cookie does not: the write
    is not sent without a token; one new login brings the cookie back, then one POST."""
    calls = real.mock.post(AJAX).mock(return_value=recorded("21-ajax-addParticipants"))
    forum = real.forum()
    forum.login()
    forum._session._client.cookies.delete("XSRF-TOKEN")
    real.logged_in = False  # the login form sets the cookie again
    forum.add_participants(1, ["carol"])
    assert calls.call_count == 1 and real.logins == 2
