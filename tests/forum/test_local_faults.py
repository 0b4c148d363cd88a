"""Fault injection (`fail_next`) and the request/byte counting for benchmarks."""

from __future__ import annotations

import httpx
import pytest
from test_local_support import (
    MESSAGE_ACTION,
    POST_ACTION,
    Clock,
    browser,
    make_forum,
    running,
)

from wolfbot.forum.local import LocalForum


@pytest.fixture
def forum() -> LocalForum:
    return make_forum(Clock())


@pytest.mark.parametrize(
    ("mode", "error", "stored"),
    [
        ("timeout_after_commit", httpx.ReadTimeout, True),
        ("drop", httpx.RemoteProtocolError, False),
    ],
)
def test_faults_without_an_answer(
    forum: LocalForum, mode: str, error: type[Exception], stored: bool
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum, fault_delay=5) as server, browser(server, timeout=0.5) as bot:
        bot.login("Spielleitung", "wolfbot")
        forum.fail_next("ajax-proxy", mode)  # type: ignore[arg-type]
        with pytest.raises(error):
            bot.quick_reply(POST_ACTION, thread_id, "<p>Morgen</p>")
        texts = [post.html for post in forum.posts(thread_id)]
        assert ("<p>Morgen</p>" in texts) == stored
        assert server.log[-1].status is None
        page = bot.get(f"index.php?thread/{thread_id}/")  # the next request is answered
        assert page.status_code == 200 and ("<p>Morgen</p>" in page.text) == stored


def test_fault_500_stores_nothing(forum: LocalForum) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    with running(forum) as server, browser(server) as bot:
        bot.login("Spielleitung", "wolfbot")
        forum.fail_next("ajax-proxy", "500")
        response = bot.quick_reply(MESSAGE_ACTION, conversation_id, "<p>Hallo</p>")
        assert response.status_code == 500 and response.json()["code"] == 503
        assert len(forum.conversation(conversation_id).messages) == 1
        assert bot.quick_reply(MESSAGE_ACTION, conversation_id, "<p>Hallo</p>").status_code == 200


def test_a_form_write_times_out_after_it_was_stored(forum: LocalForum) -> None:
    with running(forum, fault_delay=5) as server, browser(server, timeout=0.5) as bot:
        bot.login("Spielleitung", "wolfbot")
        data = {"subject": "Rolle", "participants": "Anna", "text": "<p>Seherin</p>"}
        bot.get("index.php?conversation-add/")
        forum.fail_next("conversation-add", "timeout_after_commit")
        with pytest.raises(httpx.ReadTimeout):
            bot.http.post("index.php?conversation-add/", data={**data, "t": bot.token()})
        assert [c.title for c in forum.conversations("Spielleitung")] == ["Rolle"]


def test_a_fault_hits_only_the_next_matching_request(forum: LocalForum) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum) as server, browser(server) as bot:
        forum.fail_next(f"thread/{thread_id}", "500")
        assert bot.get("index.php").status_code == 200
        assert bot.get(f"index.php?thread/{thread_id}/").status_code == 500
        assert bot.get(f"index.php?thread/{thread_id}/").status_code == 200
    with pytest.raises(ValueError, match="unknown fault mode"):
        forum.fail_next("x", "explode")  # type: ignore[arg-type]


def test_requests_and_bytes_are_counted(forum: LocalForum) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    url = f"index.php?thread/{thread_id}-spiel/"
    with running(forum) as server, browser(server) as bot:
        bot.login("Spielleitung", "wolfbot")
        server.reset_stats()
        page = bot.get(url)
        full = server.bytes_sent
        assert server.requests == {f"/{url}": 1} and full > len(page.content)
        # like WoltLab 6.0: no validators, so a conditional GET costs the whole page again
        assert "etag" not in page.headers
        bot.http.get(url, headers={"If-None-Match": '"x"', "If-Modified-Since": "x"})
        assert server.request_count == 2
        assert server.bytes_sent == 2 * full
        assert [entry.status for entry in server.log] == [200, 200]


def test_a_garbage_answer_is_no_page_but_the_write_was_stored(forum: LocalForum) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum) as server, browser(server) as bot:
        bot.login("Spielleitung", "wolfbot")
        forum.fail_next("ajax-proxy", "garbage")
        response = bot.quick_reply(POST_ACTION, thread_id, "<p>Morgen</p>")
        assert response.status_code == 200 and not response.text.rstrip().endswith("</html>")
        assert "<p>Morgen</p>" in [post.html for post in forum.posts(thread_id)]
        forum.fail_next(f"thread/{thread_id}-spiel/", "garbage")
        page = bot.get(f"index.php?thread/{thread_id}-spiel/")
        assert not page.text.rstrip().endswith("</html>")  # cut off or junk: never whole


def test_an_injected_flood_refusal_stores_nothing_and_says_how_long_to_wait(
    forum: LocalForum,
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum) as server, browser(server) as bot:
        bot.login("Spielleitung", "wolfbot")
        forum.fail_next("ajax-proxy", "flood")
        refused = bot.quick_reply(POST_ACTION, thread_id, "<p>Morgen</p>")
        assert 400 <= refused.status_code < 500 and "5 Sekunden" in refused.text
        assert len(forum.posts(thread_id)) == 1
        assert bot.quick_reply(POST_ACTION, thread_id, "<p>Morgen</p>").status_code == 200


@pytest.mark.parametrize("rate", [0.2, 0.5])
def test_chaos_fails_that_share_of_the_requests_the_same_way_for_a_seed(
    forum: LocalForum, rate: float
) -> None:
    drawn = []
    for _ in range(2):
        forum.faults.chaos(rate, seed=7)
        drawn.append([forum.take_fault("/index.php?thread/1/", "POST") for _ in range(1000)])
    assert drawn[0] == drawn[1]
    share = sum(1 for mode in drawn[0] if mode) / 1000
    assert abs(share - rate) < 0.05
    assert {mode for mode in drawn[0] if mode} == {
        "500", "timeout_after_commit", "drop", "garbage", "flood"
    }  # fmt: skip
    forum.faults.chaos(rate, seed=7)
    assert "flood" not in {forum.take_fault("/x", "GET") for _ in range(500)}  # reads: none
