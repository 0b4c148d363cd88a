"""The local forum as a person sees it in a browser: a stylesheet, spoilers with their
label, visible page links, mentions as links to the profile, times in the forum's time
zone. Whatever is added for the eye, the client reads each message as before."""

from __future__ import annotations

import pytest
from test_local_support import Browser, browser, soup

from wolfbot.forum.local import LocalForum


def test_every_page_links_the_stylesheet_and_it_is_served(forum: LocalForum, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    for url in (f"index.php?thread/{thread_id}/", "index.php?conversation-list/", ""):
        (link,) = soup(bot.get(url)).select("head link[rel=stylesheet]")
        assert link["href"].startswith(bot.server.base_url)
    css = bot.get(link["href"])
    assert css.status_code == 200
    assert css.headers["content-type"].startswith("text/css")
    # the shapes it dresses: header bar, posts with author sidebar, boxes, pagination, lists
    for selector in (
        ".pageHeaderContainer",
        ".messageSidebar",
        ".messageText",
        ".quoteBox",
        ".spoilerBox",
        ".codeBox",
        ".pagination__link--current",
        ".button",
        ".tabularListColumns",
    ):
        assert selector in css.text, selector
    with browser(bot.server) as guest:  # no login needed, like a WoltLab style file
        assert guest.get(link["href"]).status_code == 200


@pytest.mark.parametrize("markup", ["6"])
def test_an_unknown_static_file_is_a_404(forum: LocalForum, bot: Browser) -> None:
    assert bot.get("style/nothing.css").status_code == 404

