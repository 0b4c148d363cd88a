"""Editing a post on the local forum over HTTP, in 6.x and 5.x markup: the inline editor's
`save` through the ajax-proxy – author only, no flood control, and the page shows the edit
("bereits N mal editiert") so that a reader sees an edited post."""

from __future__ import annotations

import pytest
from test_local_support import POST_ACTION, Browser, browser, soup

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.woltlab.client import WoltLabForum

EDITOR = "wcf\\data\\IMessageInlineEditorAction"


@pytest.fixture
def thread(forum: LocalForum) -> int:
    return forum.add_thread("Werwölfe – Runde 1", "Spielleitung")


@pytest.fixture
def client(server: LocalForumServer):
    forum = WoltLabForum(server.base_url, "Spielleitung", "wolfbot", min_interval=0, timeout=5)
    yield forum
    forum.close()


def save(who: Browser, thread: int, post: int, html: str) -> object:
    parameters = {"[containerID]": thread, "[objectID]": post, "[data][message]": html}
    return who.ajax(POST_ACTION, "save", parameters, interface=EDITOR)


def test_the_bot_edits_its_post_and_readers_see_it_edited(forum, server, client, thread) -> None:
    channel = ChannelRef("thread", thread)
    post_id = client.post(channel, "<p>Eröffnung</p>", title="Eröffnungsbeitrag")
    first = client.read(channel, ReadMark())
    # right after the post: WoltLab has no flood control for edits (post_wait is 30 s)
    client.edit_post(channel, post_id, '<p>Eröffnung</p><ul><li><a href="x">Morgen</a></li></ul>')
    again = client.read(channel, first.mark)
    [edited] = again.edited
    assert (edited.post_id, edited.edit_count, edited.edited_by) == (post_id, 1, "Spielleitung")
    assert "Morgen" in edited.html and again.new == []
    stored = forum.post(post_id)
    assert stored is not None and stored.subject == "Eröffnungsbeitrag"  # the title stays
    with browser(server) as guest:
        page = soup(guest.get(client.post_url(thread, post_id)))
        note = page.select_one(f"#post{post_id} p.messageFooterNote").get_text()
        assert "1 mal editiert" in note and "Spielleitung" in note
        assert page.select_one(f"#post{post_id} .messageText a").get_text() == "Morgen"


def test_save_answers_like_woltlab(forum, bot: Browser, thread) -> None:
    post_id = forum.add_post(thread, "Spielleitung", "<p>alt</p>")
    answer = save(bot, thread, post_id, "<p>neu</p>")
    assert answer.status_code == 200
    assert answer.json()["returnValues"] == {"actionName": "save", "message": "<p>neu</p>"}
    twice = save(bot, thread, post_id, "<p>neu</p>")  # the same again: harmless
    assert twice.status_code == 200
    stored = forum.post(post_id)
    assert stored is not None and (stored.html, stored.edit_count) == ("<p>neu</p>", 2)


def test_only_the_author_may_edit(forum, server, thread) -> None:
    post_id = forum.add_post(thread, "Spielleitung", "<p>alt</p>")
    with browser(server) as anna:
        assert anna.login("Anna", "anna").status_code == 302
        answer = save(anna, thread, post_id, "<p>gefälscht</p>")
        assert answer.status_code == 403
    stored = forum.post(post_id)
    assert stored is not None and (stored.html, stored.edit_count) == ("<p>alt</p>", 0)


@pytest.mark.parametrize(
    ("container", "html", "field"),
    [(None, "  ", "message"), (999, "<p>x</p>", "containerID"), (None, "<p>x</p>", "objectID")],
    ids=["empty", "no-thread", "other-thread"],
)
def test_invalid_edits_are_412(forum, bot: Browser, thread, container, html, field) -> None:
    post_id = forum.add_post(thread, "Spielleitung", "<p>alt</p>")
    if field == "objectID":
        container = forum.add_thread("Anderer Thread", "Spielleitung")
    answer = save(bot, container or thread, post_id, html)
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == 412 and body["returnValues"]["fieldName"] == field
