"""The admin API and storage without HTTP, URL and form parsing, the demo seed and
`serve_main` (a real process on loopback)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
from starlette.datastructures import QueryParams
from test_local_support import START, Clock, make_forum

from wolfbot.forum.local import LocalForum, seed_demo
from wolfbot.forum.local.urls import Links, parse_target, slugify
from wolfbot.forum.local.web import as_list, php_form


def test_ids_increase_and_posts_are_ordered_by_time() -> None:
    clock = Clock()
    forum = make_forum(clock)
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    later = forum.add_post(thread_id, "Anna", "<p>später</p>", time=START + timedelta(hours=1))
    earlier = forum.add_post(thread_id, "Bernd", "<p>früher</p>", time=START + timedelta(minutes=5))
    assert earlier > later
    posts = forum.posts(thread_id)
    assert [p.id for p in posts] == [posts[0].id, earlier, later]
    assert posts[1].at == START + timedelta(minutes=5) and posts[1].author == "Bernd"
    assert forum.add_thread("Zwei", "Anna") > thread_id


def _long_thread(forum: LocalForum) -> int:
    """Posts out of id order, several at one time, some deleted or disabled."""
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>", time=START)
    for n in range(57):
        at = START + timedelta(minutes=(n * 7) % 19)  # not in id order; equal times too
        post_id = forum.add_post(thread_id, "Anna", f"<p>{n}</p>", time=at)
        if n % 11 == 3:
            forum.delete_post(post_id)
        if n % 13 == 5:
            forum.disable_post(post_id)
    return thread_id


@pytest.mark.parametrize("guest", [False, True], ids=["moderator-sees-all", "guest-sees-visible"])
@pytest.mark.parametrize(("offset", "limit"), [(0, 20), (19, 21), (40, 20), (56, 20), (80, 20)])
def test_a_page_reads_only_its_posts_in_the_threads_order(
    guest: bool, offset: int, limit: int
) -> None:
    """What a page reads (`posts_page`, `post_place`, `post_count`, `last_post_time`) is
    what the whole thread in display order (time, then id) gives."""
    forum = make_forum(Clock())
    thread_id = _long_thread(forum)
    store = forum.store
    whole = store.posts(thread_id, visible_only=guest)
    assert store.post_count(thread_id, guest) == len(whole)
    assert store.posts_page(thread_id, offset, limit, guest) == whole[offset : offset + limit]
    assert store.last_post_time(thread_id, guest) == whole[-1].time
    for post in store.posts(thread_id):
        expected = whole.index(post) if post in whole else None
        assert store.post_place(thread_id, post.id, guest) == expected
    assert store.post_place(thread_id, 9999, guest) is None


@pytest.mark.parametrize(("offset", "limit"), [(0, 20), (19, 21), (40, 20)])
def test_a_conversation_page_reads_only_its_messages_in_order(offset: int, limit: int) -> None:
    forum = make_forum(Clock())
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    for n in range(47):
        at = START + timedelta(minutes=(n * 7) % 19)
        forum.add_conversation_message(conversation_id, "Anna", f"<p>{n}</p>", time=at)
    store = forum.store
    whole = store.messages(conversation_id)
    assert store.message_count(conversation_id) == len(whole)
    assert store.messages_page(conversation_id, offset, limit) == whole[offset : offset + limit]
    assert store.last_message_time(conversation_id) == whole[-1].time
    assert [store.message_place(conversation_id, m.id) for m in whole] == list(range(len(whole)))
    assert store.message_place(conversation_id + 1, whole[0].id) is None


def test_post_states() -> None:
    forum = make_forum(Clock())
    thread_id = forum.add_thread("Spiel", "Spielleitung")
    post_id = forum.add_post(thread_id, "Anna", "<p>x</p>")

    def state() -> tuple[bool, bool]:
        post = forum.post(post_id)
        assert post is not None
        return post.deleted, post.disabled

    forum.delete_post(post_id)
    assert state() == (True, False)
    forum.restore_post(post_id)
    forum.disable_post(post_id)
    assert state() == (False, True)
    forum.enable_post(post_id)
    assert state() == (False, False)
    forum.remove_post(post_id)
    assert forum.post(post_id) is None and forum.posts(thread_id) == []
    with pytest.raises(KeyError):
        forum.delete_post(post_id)


def test_edits_count_and_name_the_editor() -> None:
    clock = Clock()
    forum = make_forum(clock)
    post_id = forum.add_post(forum.add_thread("Spiel", "Anna"), "Anna", "<p>a</p>")
    clock.advance(30)
    forum.edit_post(post_id, "<p>b</p>", "Spielleitung")
    post = forum.post(post_id)
    assert post is not None
    assert (post.html, post.edit_count, post.last_editor) == ("<p>b</p>", 1, "Spielleitung")
    assert post.edited_time == int(START.timestamp()) + 30


def test_conversations_through_the_admin_api() -> None:
    forum = make_forum(Clock())
    conversation_id = forum.add_conversation("Rudel", "Spielleitung", ["Anna", "Bernd"], "<p>1</p>")
    forum.add_conversation_message(conversation_id, "Anna", "<p>2</p>")
    view = forum.conversation(conversation_id)
    assert (view.title, view.author) == ("Rudel", "Spielleitung")
    assert view.participants == ("Anna", "Bernd", "Spielleitung")
    assert [m.html for m in view.messages] == ["<p>1</p>", "<p>2</p>"]
    assert [c.id for c in forum.conversations("Anna")] == [conversation_id]
    assert forum.conversations("Gustav") == []
    with pytest.raises(KeyError):
        forum.add_conversation_message(999, "Anna", "<p>?</p>")
    with pytest.raises(KeyError):
        forum.add_post(1, "Niemand", "<p>?</p>")


def test_a_file_database_keeps_everything(tmp_path: Path) -> None:
    path = str(tmp_path / "forum.sqlite")
    first = LocalForum(path)
    first.add_user("Anna", "geheim")
    thread_id = first.add_thread("Spiel", "Anna", "<p>Los</p>")
    first.store.close()
    again = LocalForum(path)
    assert again.user_id("Anna") is not None
    assert [p.html for p in again.posts(thread_id)] == ["<p>Los</p>"]
    assert again.login("Anna", "geheim").name == "Anna"


@pytest.mark.parametrize(
    ("target", "controller", "object_id", "params", "friendly"),
    [
        ("/index.php?thread/123-spiel-1/&pageNo=2", "thread", 123, {"pageNo": "2"}, False),
        ("/thread/123-spiel-1/?pageNo=2", "thread", 123, {"pageNo": "2"}, True),
        ("/index.php?thread/7/", "thread", 7, {}, False),
        ("/index.php?conversation/45-rolle/&pageNo=3", "conversation", 45, {"pageNo": "3"}, False),
        ("/index.php?ajax-proxy/&t=ab+cd%2B", "ajax-proxy", None, {"t": "ab cd+"}, False),
        ("/index.php?login/", "login", None, {}, False),
        ("/", "index", None, {}, False),
        ("/index.php", "index", None, {}, False),
        ("/index.php?thread/9-d%C3%BCster/&postID=5#post5", "thread", 9, {"postID": "5"}, False),
    ],
)
def test_both_url_styles_parse(
    target: str, controller: str, object_id: int | None, params: dict[str, str], friendly: bool
) -> None:
    route = parse_target(target)
    parsed = dict(QueryParams(route.query))  # what the handlers read (Starlette's parsing)
    assert (route.controller, route.object_id, parsed) == (controller, object_id, params)
    assert route.path == (f"/{controller}/{route.segment}/" if object_id else route.path)
    if object_id is not None:
        assert route.friendly == friendly


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("Spiel 1: Düsterwald", "spiel-1-düsterwald"),
        ("  Morgen -- des ersten Tages!  ", "morgen-des-ersten-tages"),
        ("Jürgen_93", "jürgen-93"),
    ],
)
def test_slugs_follow_the_link_handler(title: str, slug: str) -> None:
    assert slugify(title) == slug


def test_links_in_both_styles() -> None:
    plain, friendly = Links("http://f/"), Links("http://f/", friendly=True)
    assert plain.thread(1, "spiel", 2) == "http://f/index.php?thread/1-spiel/&pageNo=2"
    assert friendly.thread(1, "spiel", 2) == "http://f/thread/1-spiel/?pageNo=2"
    assert plain.post(1, "spiel", 5) == "http://f/index.php?thread/1-spiel/&postID=5#post5"
    assert (
        plain.page_template("thread", 1, "spiel") == "http://f/index.php?thread/1-spiel/&pageNo=%d"
    )


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        (
            [("parameters[data][message]", "<p>x</p>")],
            {"parameters": {"data": {"message": "<p>x</p>"}}},
        ),
        ([("objectIDs[]", "4"), ("objectIDs[]", "5")], {"objectIDs": {"0": "4", "1": "5"}}),
        ([("objectIDs[0]", "4")], {"objectIDs": {"0": "4"}}),
        ([("className", "a\\b")], {"className": "a\\b"}),
        ([("a[b]", "1"), ("a[c][]", "2")], {"a": {"b": "1", "c": {"0": "2"}}}),
    ],
)
def test_php_form_fields(pairs: list[tuple[str, str]], expected: dict[str, object]) -> None:
    assert php_form(pairs) == expected


def test_php_arrays_read_as_lists() -> None:
    assert as_list({"0": "Anna", "1": "Bernd"}) == ["Anna", "Bernd"]
    assert as_list("Anna") is None


def test_the_demo_seed_is_idempotent() -> None:
    forum = LocalForum()
    thread_id = seed_demo(forum)
    assert seed_demo(forum) == thread_id
    assert forum.login("Spielleitung", "wolfbot").name == "Spielleitung"
    assert forum.login("Ömer", "spieler12").name == "Ömer"
    assert forum.posts(thread_id) == []


def test_serve_main_serves_the_demo_until_interrupted(tmp_path: Path) -> None:
    code = (
        "from wolfbot.forum.local import serve_main; "
        f"serve_main({str(tmp_path / 'demo.sqlite')!r}, '127.0.0.1', 0, '5', True)"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(4)]
        base_url = lines[0].split(" läuft auf ")[1].strip()
        assert "Spielthread:" in lines[1] and "Spielleitung / wolfbot" in lines[3]
        page = httpx.get(base_url + "index.php?login/", timeout=5)
        assert page.status_code == 200 and "SECURITY_TOKEN" in page.text
    finally:
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=30)  # a loaded machine (the whole suite)
    assert process.returncode == 0, errors
