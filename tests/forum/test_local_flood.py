"""Flood control and limits, moved through with the injected clock; the two error modes."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
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

from wolfbot.forum.local import LocalForum, Rules


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def forum(clock: Clock) -> LocalForum:
    return make_forum(clock)


@pytest.fixture
def bot(forum: LocalForum) -> Iterator[Browser]:
    with running(forum, "6") as server, browser(server) as client:
        client.login("Spielleitung", "wolfbot")
        yield client


def wait_in(text: str) -> int:
    match = re.search(r"erst in (\d+) Sekunden", text)
    assert match, text
    return int(match.group(1))


@pytest.mark.parametrize(
    ("class_name", "wait"),
    [(POST_ACTION, 30), (MESSAGE_ACTION, 60)],
)
def test_quick_reply_flood_is_409_with_the_seconds_and_passes(
    forum: LocalForum, clock: Clock, bot: Browser, class_name: str, wait: int
) -> None:
    if class_name == POST_ACTION:
        object_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    else:
        object_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    assert bot.quick_reply(class_name, object_id, "<p>eins</p>").status_code == 200
    clock.advance(10)
    response = bot.quick_reply(class_name, object_id, "<p>zwei</p>")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == 409 and wait_in(body["message"]) == wait - 10
    assert body["returnValues"]["errorMessage"] == body["message"]
    assert response.headers["retry-after"] == str(wait - 10)
    clock.advance(wait - 10)
    assert bot.quick_reply(class_name, object_id, "<p>zwei</p>").status_code == 200


def test_one_second_is_spelled_out(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    bot.quick_reply(MESSAGE_ACTION, conversation_id, "<p>eins</p>")
    clock.advance(59)
    message = bot.quick_reply(MESSAGE_ACTION, conversation_id, "<p>zwei</p>").json()["message"]
    assert "erst in einer Sekunde eine neue Nachricht" in message


def test_players_posting_do_not_hold_up_the_bot(forum: LocalForum, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    forum.add_post(thread_id, "Spielleitung", "<p>Admin-Beitrag ohne Flood-Control</p>")
    assert bot.quick_reply(POST_ACTION, thread_id, "<p>gleich danach</p>").status_code == 200


def test_opening_a_conversation_counts_as_a_message(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    data = {"subject": "Rolle", "participants": "Anna", "text": "<p>Du bist Seherin</p>"}
    assert bot.post_form("index.php?conversation-add/", data).status_code == 302
    conversation_id = forum.conversations("Spielleitung")[0].id
    response = bot.quick_reply(MESSAGE_ACTION, conversation_id, "<p>noch was</p>")
    assert response.status_code == 409 and wait_in(response.json()["message"]) == 60
    second = bot.post_form("index.php?conversation-add/", {**data, "subject": "Zwei"})
    assert second.status_code == 409
    assert "erst in 60 Sekunden" in soup(second).select_one("p.userExceptionMessage").get_text()


def test_conversations_per_day(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    forum.rules.conversations_per_day = 2
    forum.rules.message_wait = 0
    forum.rules.session_timeout = 2 * 86400
    data = {"participants": "Anna", "text": "<p>x</p>"}
    url = "index.php?conversation-add/"
    for n in range(2):
        assert bot.post_form(url, {**data, "subject": f"K{n}"}).status_code == 302
        clock.advance(3600)
    refused = bot.post_form(url, {**data, "subject": "K3"})
    assert refused.status_code == 409
    assert "bereits 2 Konversationen gestartet" in refused.text
    assert refused.headers["retry-after"] == str(86400 - 7200)
    clock.advance(86400 - 7200)
    assert bot.post_form(url, {**data, "subject": "K3"}).status_code == 302
    assert len(forum.conversations("Spielleitung")) == 3


def test_participant_limit(forum: LocalForum, bot: Browser) -> None:
    forum.rules.max_participants = 2
    data = {"subject": "Zu viele", "participants": "Anna, Bernd, Gustav", "text": "<p>x</p>"}
    response = bot.post_form("index.php?conversation-add/", data)
    assert response.status_code == 200
    assert "Das Maximum liegt bei 2 Teilnehmern" in soup(response).select_one(".innerError").text
    data["participants"] = "Anna, Bernd"
    assert bot.post_form("index.php?conversation-add/", data).status_code == 302
    conversation_id = forum.conversations("Spielleitung")[0].id
    parameters = {"[participants][]": ["Gustav"], "[visibility]": "all"}
    more = bot.ajax(CONVERSATION_ACTION, "addParticipants", parameters, [conversation_id])
    assert more.status_code == 200
    assert "zu viele Teilnehmer" in more.json()["returnValues"]["errorMessage"]
    assert "Gustav" not in forum.conversation(conversation_id).participants


def test_limits_are_configuration(clock: Clock) -> None:
    forum = make_forum(clock, Rules(post_wait=0))
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum) as server, browser(server) as client:
        client.login("Spielleitung", "wolfbot")
        for n in range(3):
            assert client.quick_reply(POST_ACTION, thread_id, f"<p>{n}</p>").status_code == 200


@pytest.mark.parametrize(
    ("markup", "status", "body"),
    [("6", 400, {"message", "exception"}), ("5", 409, {"code", "message", "returnValues"})],
)
def test_woltlab_mode_token_errors(
    forum: LocalForum, markup: str, status: int, body: set[str]
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum, markup, errors="woltlab") as server, browser(server) as client:
        client.login("Spielleitung", "wolfbot")
        response = client.quick_reply(POST_ACTION, thread_id, "<p>x</p>", token="falsch")
        assert response.status_code == status and set(response.json()) == body
        assert "XSRF-Tokens" in response.json()["message"]


def test_woltlab_mode_flood_is_a_400_on_the_message_field(forum: LocalForum) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    with running(forum, "6", errors="woltlab") as server, browser(server) as client:
        client.login("Spielleitung", "wolfbot")
        client.quick_reply(MESSAGE_ACTION, conversation_id, "<p>eins</p>")
        response = client.quick_reply(MESSAGE_ACTION, conversation_id, "<p>zwei</p>")
        assert response.status_code == 400 and "retry-after" not in response.headers
        body = response.json()
        assert body["code"] == 412 and body["returnValues"]["fieldName"] == "message"
        # 6.0: errorMessage names the parameter, the flood text is the error type
        assert body["returnValues"]["errorMessage"] == body["message"]
        assert wait_in(body["returnValues"]["realErrorMessage"]) == 60
        assert body["returnValues"]["errorType"] == body["returnValues"]["realErrorMessage"]


def test_the_full_reply_form_has_the_same_wait(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    url = f"index.php?post-add/{thread_id}/"
    data = {"subject": "Abend", "text": "<p>Die Sonne sinkt.</p>"}
    assert bot.post_form(url, data).status_code == 302
    clock.advance(5)
    refused = bot.post_form(url, data)
    assert refused.status_code == 409 and refused.headers["retry-after"] == "25"
    assert wait_in(soup(refused).select_one("p.userExceptionMessage").get_text()) == 25
    clock.advance(25)
    assert bot.post_form(url, data).status_code == 302
    assert len(forum.posts(thread_id)) == 3
