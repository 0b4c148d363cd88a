"""The look-alike's thread page against Burning Board's own thread template
(tests/woltlab/FINDINGS-thread.md): the pagination below the posts is a row of the post list
(`li.messageListPagination`, right before the quick reply, where `Ui/Message/Reply` inserts a
new post), the body names the application (`tpl_wbb_thread`, `data-application="wbb"`), the
thread header carries its state flags, and the quick reply knows the sort order. The
conversation page keeps WoltLab Core's names (real 6.0, exchange 41)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from test_local_support import Browser, Clock, browser, running, soup

from wolfbot.forum.local import LocalForum
from wolfbot.forum.woltlab.pages import parse_page

FIXTURES = Path(__file__).parent / "fixtures"
REAL = FIXTURES / "woltlab-6.0-real"


def thread_with_posts(forum: LocalForum, clock: Clock, count: int) -> int:
    thread_id = forum.add_thread("Spiel 1", "Spielleitung")
    for n in range(count):
        clock.advance(60)
        forum.add_post(thread_id, "Anna", f"<p>Beitrag {n + 1}</p>")
    return thread_id


def test_bottom_pagination_is_a_row_of_the_post_list(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    """thread.tpl: `{pages}` once in the content interaction above the posts and once as
    `li.messageListPagination` inside `ul.wbbThreadPostList`, after the posts and before
    `threadQuickReply`; no pagination in a footer."""
    thread_id = thread_with_posts(forum, clock, 25)
    html = soup(bot.get(f"index.php?thread/{thread_id}-spiel-1/"))
    post_list = html.select_one("ul.wbbThreadPostList")
    rows = post_list.find_all("li", recursive=False)
    assert [row.get("id") or row["class"][0] for row in rows[-2:]] == [
        "messageListPagination",
        "messageQuickReply",
    ]
    element = "woltlab-core-pagination" if bot.server.markup == "6" else "nav.pagination"
    bottom = rows[-2].select(element)
    top = html.select(f".contentInteractionPagination {element}")
    assert len(bottom) == len(top) == 1
    assert not html.select(".paginationBottom, footer.contentFooter")
    page = parse_page(bot.last_page, bot.server.base_url)
    assert (page.page, page.page_count, page.is_last_page) == (1, 2, False)


def test_one_page_has_no_pagination_row(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    thread_id = thread_with_posts(forum, clock, 3)
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    assert not html.select("li.messageListPagination")
    assert html.select("ul.wbbThreadPostList > li")[-1]["id"] == "messageQuickReply"


def test_a_guest_sees_the_pagination_row_last(clock: Clock, forum: LocalForum) -> None:
    thread_id = thread_with_posts(forum, clock, 25)
    with running(forum, "6") as server, browser(server) as guest:
        html = soup(guest.get(f"index.php?thread/{thread_id}-spiel-1/&pageNo=2"))
    rows = html.select_one("ul.wbbThreadPostList").find_all("li", recursive=False)
    assert rows[-1]["class"] == ["messageListPagination"]
    assert not html.select("#messageQuickReply")


def test_the_thread_page_names_its_application(forum: LocalForum, bot: Browser) -> None:
    """header.tpl: `body#tpl_{application}_{template}[data-template][data-application]`
    and thread.tpl's `__pageDataAttributes` (`data-board-id`, `data-thread-id`); the
    content header `header.wbbThread` with the thread's flags."""
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    body = html.body
    assert (body["id"], body["data-template"], body["data-application"]) == (
        "tpl_wbb_thread",
        "thread",
        "wbb",
    )
    assert body["data-thread-id"] == str(thread_id) and body["data-board-id"].isdigit()
    header = html.select_one("header.contentHeader.wbbThread")
    flags = ("closed", "deleted", "disabled", "sticky", "announcement", "link")
    assert {f: header[f"data-is-{f}"] for f in flags} == dict.fromkeys(flags, "0")
    assert header["data-thread-id"] == str(thread_id)


def test_the_conversation_page_names_core_like_the_real_6_0(
    forum: LocalForum, bot: Browser
) -> None:
    real = BeautifulSoup((REAL / "41-conversation-page-2.response.html").read_text(), "lxml")
    assert (real.body["id"], real.body["data-application"]) == ("tpl_wcf_conversation", "wcf")
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>Du</p>")
    html = soup(bot.get(f"index.php?conversation/{conversation_id}/"))
    assert (html.body["id"], html.body["data-template"], html.body["data-application"]) == (
        "tpl_wcf_conversation",
        "conversation",
        "wcf",
    )
    assert "data-thread-id" not in html.body.attrs


@pytest.mark.parametrize("markup", ["6"])
def test_the_thread_quick_reply_knows_the_sort_order(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    """`Ui/Message/Reply` reads the sort order from `#messageQuickReply` (DESC: the new
    post goes after the box) and sends every data attribute of the box as a parameter;
    the thread's box says ASC like the post list, a conversation's box has none."""
    thread_id = thread_with_posts(forum, clock, 2)
    html = soup(bot.get(f"index.php?thread/{thread_id}/"))
    box = html.select_one("li#messageQuickReply")
    assert box["data-sort-order"] == html.select_one("ul.wbbThreadPostList")["data-sort-order"]
    assert box["data-sort-order"] == "ASC"
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>Du</p>")
    html = soup(bot.get(f"index.php?conversation/{conversation_id}/"))
    assert not html.select_one("li#messageQuickReply").has_attr("data-sort-order")


@pytest.mark.parametrize(
    ("name", "order"),
    [("thread6_page1.html", "ASC"), ("thread5_page2.html", "ASC"), ("thread6_page3.html", "ASC")],
)
def test_the_client_reads_the_sort_order(name: str, order: str) -> None:
    """`ul.wbbThreadPostList[data-sort-order]` (5.5+); without it (5.4) a board sorted
    newest first shows itself by the quick reply above the posts."""
    html = (FIXTURES / name).read_text()
    assert parse_page(html).sort_order == order
    desc = html.replace(
        '<ul class="wbbThreadPostList', '<ul data-sort-order="DESC" class="wbbThreadPostList'
    )
    assert parse_page(desc).sort_order == "DESC"
    pre55 = desc.replace(' data-sort-order="DESC"', "")
    assert parse_page(pre55).sort_order == "ASC"
    if 'id="messageQuickReply"' in html:
        box = re.search(r'<li id="messageQuickReply".*?\n</li>\n', pre55, re.DOTALL)
        assert box is not None
        moved = pre55.replace(box.group(0), "")
        moved = re.sub(
            r"(<ul [^>]*wbbThreadPostList[^>]*>)", lambda m: m.group(1) + box.group(0), moved
        )
        assert parse_page(moved).sort_order == "DESC"


@pytest.mark.parametrize("number", [1, 2, 3])
def test_a_5_4_post_list_without_data_attributes_reads_the_same(number: int) -> None:
    """Before 5.5 thread.tpl's list has only `data-type` (no page number, last-page flag or
    last post time): the client takes them from `nav.pagination` and `link[rel]`."""
    html = (FIXTURES / f"thread5_page{number}.html").read_text()
    bare = re.sub(
        r'<ul class="wbbThreadPostList[^>]*>',
        '<ul class="wbbThreadPostList messageList jsClipboardContainer"'
        ' data-type="com.woltlab.wbb.post">',
        html,
    )
    assert bare != html
    facts = [
        (p.page, p.page_count, p.is_last_page, p.next_url, [x.post_id for x in p.posts])
        for p in (
            parse_page(html, "https://forum.example/"),
            parse_page(bare, "https://forum.example/"),
        )
    ]
    assert facts[0] == facts[1]
