"""The pages' markup: pagination (6.x and 5.x), times, no ETag/304, edit notes, deleted and
disabled posts, modification-log rows, signatures, both URL styles, conversations."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from test_local_support import START, Browser, Clock, browser, running, soup

from wolfbot.forum.local import LocalForum, LocalForumServer


def thread_with_posts(forum: LocalForum, clock: Clock, count: int) -> int:
    thread_id = forum.add_thread("Spiel 1", "Spielleitung")
    for n in range(count):
        clock.advance(60)
        forum.add_post(thread_id, "Anna" if n % 2 else "Bernd", f"<p>Beitrag {n + 1}</p>")
    return thread_id


@pytest.mark.parametrize(("page", "count", "rel"), [(1, 20, "next"), (2, 5, "prev")])
def test_25_posts_make_two_pages(
    forum: LocalForum, clock: Clock, bot: Browser, page: int, count: int, rel: str
) -> None:
    thread_id = thread_with_posts(forum, clock, 25)
    response = bot.get(f"index.php?thread/{thread_id}-spiel-1/&pageNo={page}")
    html = soup(response)
    post_list = html.select_one("ul.wbbThreadPostList.messageList")
    assert post_list["data-page-no"] == str(page)
    assert post_list["data-is-last-page"] == ("true" if page == 2 else "false")
    assert len(post_list.select("li[id^=post] > article.wbbPost[data-post-id]")) == count
    links = {link["rel"][0]: link["href"] for link in html.select("head link[rel]")}
    other = 2 if page == 1 else 1
    base = f"{bot.server.base_url}index.php?thread/{thread_id}-spiel-1/"
    assert links[rel] == (base + "&pageNo=2" if other == 2 else base)
    assert ("prev" in links) == (page == 2) and ("next" in links) == (page == 1)
    if bot.server.markup == "6":
        pagination = html.select_one("woltlab-core-pagination")
        assert pagination["page"] == str(page) and pagination["count"] == "2"
        assert pagination["url"] == base
    else:
        nav = html.select_one("nav.pagination")
        assert nav["data-pages"] == "2" and nav["data-link"] == base + "&pageNo=%d"
        assert nav.select_one("li.active span").get_text() == str(page)
        assert nav.select_one(f"a[rel={rel}]")["href"] == base + f"&pageNo={other}"


def test_one_page_has_no_pagination(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    thread_id = thread_with_posts(forum, clock, 20)
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    assert not html.select("woltlab-core-pagination, nav.pagination, link[rel=next]")
    assert html.select_one("ul.wbbThreadPostList")["data-is-last-page"] == "true"


def test_pages_beyond_the_last_are_the_last_page(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    """6.0's `MultipleLinkPage` clamps `pageNo` (exchange 42: 200, not 404); an unknown
    thread is still a 404."""
    thread_id = thread_with_posts(forum, clock, 3)
    last = bot.get(f"index.php?thread/{thread_id}/")
    beyond = bot.get(f"index.php?thread/{thread_id}/&pageNo=2")
    assert beyond.status_code == 200
    ids = [
        [a["data-post-id"] for a in soup(r).select("article[data-post-id]")] for r in (last, beyond)
    ]
    assert ids[0] == ids[1] and len(ids[0]) == 3
    assert bot.get("index.php?thread/999/").status_code == 404


def test_post_markup_and_time(forum: LocalForum, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    post_id = forum.add_post(thread_id, "Anna", "<p><strong>!Wahl Bernd</strong></p>")
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    article = html.select_one(f"li#post{post_id} > article.wbbPost.message")
    assert article["data-post-id"] == article["data-object-id"] == str(post_id)
    assert article["data-user-id"] == str(forum.user_id("Anna"))
    author = article.select_one(".messageAuthor a.username.userLink")
    assert author["data-object-id"] == str(forum.user_id("Anna"))
    assert author.get_text(strip=True) == "Anna"
    permalink = article.select_one("a.permalink.messagePublicationTime")
    assert permalink["href"].endswith(f"&postID={post_id}#post{post_id}")
    if bot.server.markup == "6":
        moment = permalink.select_one("woltlab-core-date-time")["date"]
        assert datetime.fromisoformat(moment) == START
        assert moment.endswith("+00:00")
    else:
        time = permalink.select_one("time.datetime")
        assert time["data-timestamp"] == str(int(START.timestamp()))
        assert datetime.fromisoformat(time["datetime"]) == START
    text = article.select_one(".messageBody > .messageText").decode_contents()
    assert text == "<p><strong>!Wahl Bernd</strong></p>"
    assert not article.select(".messageSignature, p.messageFooterNote")


def test_signature_is_outside_the_message_text(forum: LocalForum, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    article = html.select_one("article.wbbPost")
    assert article.select_one(".messageSignature").get_text(strip=True) == "Eure Spielleitung"
    assert "Spielleitung" not in article.select_one(".messageText").get_text()


def test_edit_note_after_an_edit(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung")
    post_id = forum.add_post(thread_id, "Anna", "<p>!Wahl Bernd</p>")
    clock.advance(120)
    forum.edit_post(post_id, "<p><strong>!Wahl Gustav</strong></p>", "Anna")
    forum.edit_post(post_id, "<p><strong>!Wahl Frau Holle</strong></p>", "Spielleitung")
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    article = html.select_one(f"li#post{post_id} > article")
    note = article.select_one("p.messageFooterNote")
    assert note.get_text().startswith(
        "Dieser Beitrag wurde bereits 2 mal editiert, zuletzt von „Spielleitung“ ("
    )
    assert article.select_one(".messageText").get_text() == "!Wahl Frau Holle"
    post = forum.post(post_id)
    assert post is not None and post.edit_count == 2 and post.last_editor == "Spielleitung"


@pytest.mark.parametrize(
    ("act", "classes"),
    [
        ("delete_post", {"wbbPostDeleted", "messageDeleted"}),
        ("disable_post", {"wbbPostDisabled", "messageDisabled"}),
    ],
)
def test_deleted_and_disabled_posts(
    server: LocalForumServer, forum: LocalForum, bot: Browser, act: str, classes: set[str]
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    post_id = forum.add_post(thread_id, "Anna", "<p>weg damit</p>")
    getattr(forum, act)(post_id)
    page = soup(bot.get(f"index.php?thread/{thread_id}/"))
    article = page.select_one(f"#post{post_id} > article")
    assert classes <= set(article["class"])
    with browser(server) as guest:
        assert not soup(guest.get(f"index.php?thread/{thread_id}/")).select(f"#post{post_id}")


def test_modification_log_rows_sit_between_posts(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    clock.advance(60)
    forum.log_thread_action(thread_id, "Spielleitung", "Thema wurde verschoben")
    clock.advance(60)
    forum.add_post(thread_id, "Anna", "<p>Da bin ich</p>")
    rows = soup(bot.get(f"index.php?thread/{thread_id}/")).select("ul.wbbThreadPostList > li")
    assert [row.get("id", "log") for row in rows][:3] == [
        f"post{forum.posts(thread_id)[0].id}", "log", f"post{forum.posts(thread_id)[1].id}",
    ]  # fmt: skip
    article = rows[1].select_one("article")
    assert not article.has_attr("data-post-id") and "Thema wurde verschoben" in article.get_text()


def test_no_etag_and_no_304(forum: LocalForum, bot: Browser) -> None:
    """Like WoltLab 6.0: no validators; conditional headers are ignored (a full 200)."""
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    first = bot.get(f"index.php?thread/{thread_id}/")
    url = str(first.url)
    assert url == f"{bot.server.base_url}index.php?thread/{thread_id}-spiel/"
    assert "etag" not in first.headers and "last-modified" in first.headers
    again = bot.http.get(
        url, headers={"If-None-Match": "*", "If-Modified-Since": first.headers["last-modified"]}
    )
    assert again.status_code == 200 and again.content == first.content


@pytest.mark.parametrize(
    ("asked", "canonical"),
    [
        ("index.php?thread/{id}/", "index.php?thread/{id}-spiel-1/"),
        ("index.php?thread/{id}-alt/&pageNo=2", "index.php?thread/{id}-spiel-1/&pageNo=2"),
        ("thread/{id}-spiel-1/?pageNo=2", "index.php?thread/{id}-spiel-1/&pageNo=2"),
        ("index.php?thread/{id}/&postID=3", "index.php?thread/{id}-spiel-1/&postID=3"),
    ],
)
def test_other_urls_redirect_to_the_canonical_one(
    forum: LocalForum, clock: Clock, bot: Browser, asked: str, canonical: str
) -> None:
    thread_id = thread_with_posts(forum, clock, 25)
    response = bot.http.get(asked.format(id=thread_id))
    assert response.status_code == 301
    assert response.headers["location"] == bot.server.base_url + canonical.format(id=thread_id)


def test_a_permalink_opens_the_page_of_the_post(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    thread_id = thread_with_posts(forum, clock, 30)
    post = forum.posts(thread_id)[24]
    html = soup(bot.get(f"index.php?thread/{thread_id}/&postID={post.id}"))
    assert html.select_one("ul.wbbThreadPostList")["data-page-no"] == "2"
    assert html.select_one(f"li#post{post.id}")


def test_both_url_styles(forum: LocalForum, clock: Clock) -> None:
    thread_id = thread_with_posts(forum, clock, 25)
    with running(forum, "6", friendly_urls=True) as server, browser(server) as client:
        plain = soup(client.get(f"index.php?thread/{thread_id}-spiel-1/&pageNo=2"))
        friendly = soup(client.get(f"thread/{thread_id}-spiel-1/?pageNo=2"))
        for html in (plain, friendly):
            assert html.select_one("ul.wbbThreadPostList")["data-page-no"] == "2"
        prev = friendly.select_one("link[rel=prev]")["href"]
        assert prev == f"{server.base_url}thread/{thread_id}-spiel-1/"


def test_conversation_page(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    conversation_id = forum.add_conversation("Rudel", "Spielleitung", ["Anna"], "<p>Hallo</p>")
    clock.advance(60)
    message_id = forum.add_conversation_message(conversation_id, "Anna", "<p>Hi</p>")
    forum.invite(forum.user_id("Spielleitung") or 0, conversation_id, ["Bernd"])
    html = soup(bot.get(f"index.php?conversation/{conversation_id}/"))
    assert html.select_one("h1.contentTitle").get_text() == "Rudel"
    participants = html.select("ul.conversationParticipantList li.jsParticipant a.userLink")
    assert sorted(a.get_text() for a in participants) == ["Anna", "Bernd", "Spielleitung"]
    article = html.select_one(f"li#message{message_id} > article.message.jsMessage")
    assert article["data-object-id"] == str(message_id)
    assert article["data-user-id"] == str(forum.user_id("Anna"))
    assert article.select_one(".messageBody > .messageText").decode_contents() == "<p>Hi</p>"
    log = html.select("ul.messageList > li.jsModificationLogEntry")
    assert len(log) == 1 and "Bernd" in log[0].get_text()
    quick = html.select_one("li#messageQuickReply")
    assert quick["data-object-id"] == str(conversation_id) and quick["data-page-no"] == "1"


def test_conversation_pages_paginate(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    conversation_id = forum.add_conversation("Lang", "Spielleitung", ["Anna"], "<p>1</p>")
    for n in range(24):
        clock.advance(60)
        forum.add_conversation_message(conversation_id, "Anna", f"<p>{n + 2}</p>")
    html = soup(bot.get(f"index.php?conversation/{conversation_id}/&pageNo=2"))
    assert len(html.select("li[id^=message] > article.jsMessage")) == 5
    if bot.server.markup == "6":
        assert html.select_one("li.messageListPagination woltlab-core-pagination")["page"] == "2"
    else:
        assert html.select_one("li.messageListPagination nav.pagination")["data-pages"] == "2"


def test_conversation_list_shows_only_my_conversations(forum: LocalForum, bot: Browser) -> None:
    mine = forum.add_conversation("Meine", "Spielleitung", ["Anna", "Bernd"], "<p>x</p>")
    forum.add_conversation("Fremde", "Anna", ["Bernd"], "<p>y</p>")
    html = soup(bot.get("index.php?conversation-list/"))
    links = html.select("ol.conversation a.conversationLink")
    assert [(a["data-object-id"], a.get_text()) for a in links] == [(str(mine), "Meine")]
    summary = html.select_one("small.conversationParticipantSummary")
    assert [a.get_text() for a in summary.select("a.userLink")] == ["Anna", "Bernd"]


def test_times_can_be_shown_in_berlin_time(forum: LocalForum) -> None:
    from zoneinfo import ZoneInfo

    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with running(forum, "6", timezone=ZoneInfo("Europe/Berlin")) as server, browser(server) as c:
        moment = soup(c.get(f"index.php?thread/{thread_id}/")).select_one(
            "a.permalink woltlab-core-date-time"
        )["date"]
        assert moment.endswith("+01:00")
        assert datetime.fromisoformat(moment).astimezone(UTC) == START
