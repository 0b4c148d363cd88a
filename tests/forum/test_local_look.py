"""The local forum as a person sees it in a browser: a stylesheet, spoilers with their
label, visible page links, mentions as links to the profile, times in the forum's time
zone. Whatever is added for the eye, the client reads each message as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from test_local_support import START, Browser, Clock, browser, make_forum, running, soup

from wolfbot.forum.dialect import content_hash
from wolfbot.forum.local import LocalForum, Rules, make_server
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.forum.woltlab.html import mention
from wolfbot.forum.woltlab.markup.message import parse_message


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


def message_text(page, post_id: int):
    return page.select_one(f"li#post{post_id} .messageBody > .messageText")


def reads_the_same(shown: str, stored: str) -> None:
    """What the client makes of the shown message is what it makes of the stored one."""
    assert parse_message(shown) == parse_message(stored)
    assert content_hash(WOLTLAB, shown) == content_hash(WOLTLAB, stored)


SPOILERS = (
    '<p>Der Morgen.</p><woltlab-spoiler data-label="Die Toten der Nacht">'
    "<p>Anna (Seherin) wurde gefressen.</p></woltlab-spoiler>"
    "<woltlab-spoiler><p>ohne Beschriftung</p></woltlab-spoiler>"
    "<p><strong>!Lynch Bernd</strong></p>"
)


def test_spoilers_show_their_label(forum: LocalForum, bot: Browser) -> None:
    """WoltLab's output of `<woltlab-spoiler data-label>`: 6.0 `details.spoilerBox` with
    `summary.spoilerSummary` (collapsed, the label or "Spoiler anzeigen"), 5.x a
    `div.spoilerBox.jsSpoilerBox` whose header button carries the label."""
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    post_id = forum.add_post(thread_id, "Anna", SPOILERS)
    text = message_text(soup(bot.get(f"index.php?thread/{thread_id}/")), post_id)
    assert not text.select("woltlab-spoiler")
    if bot.server.markup == "6":
        boxes = text.select("details.spoilerBox")
        labels = [box.select_one(":scope > summary.spoilerSummary").get_text() for box in boxes]
        content = [box.select_one(":scope > div.spoilerContent").get_text() for box in boxes]
        assert all(not box.has_attr("open") for box in boxes)
    else:
        boxes = text.select("div.spoilerBox.jsSpoilerBox")
        labels = [box.select_one(".spoilerBoxHeader .button").get_text() for box in boxes]
        content = [box.select_one(".spoilerBoxContent").get_text() for box in boxes]
    assert labels == ["Die Toten der Nacht", "Spoiler anzeigen"]
    assert content == ["Anna (Seherin) wurde gefressen.", "ohne Beschriftung"]
    reads_the_same(text.decode_contents(), SPOILERS)
    assert parse_message(text.decode_contents()).commands == ("!Lynch Bernd",)


def test_a_spoiler_label_is_text_not_markup(forum: LocalForum, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    label = "&lt;b&gt;Fett&lt;/b&gt; &amp; &quot;so&quot;"
    stored = f'<woltlab-spoiler data-label="{label}"><p>x</p></woltlab-spoiler>'
    post_id = forum.add_post(thread_id, "Anna", stored)
    text = message_text(soup(bot.get(f"index.php?thread/{thread_id}/")), post_id)
    label = text.select_one(".spoilerSummary, .spoilerBoxHeader .button")
    assert label.get_text() == '<b>Fett</b> & "so"' and not label.select("b")


@pytest.mark.parametrize(
    ("page", "shown"),
    [(1, "1 2 … 8"), (4, "1 2 3 4 5 … 8"), (5, "1 … 4 5 6 7 8"), (8, "1 … 7 8")],
)
def test_page_links_are_visible(clock: Clock, page: int, shown: str) -> None:
    """6.0's `<woltlab-core-pagination>` is empty until WoltLab's JavaScript fills it; the
    look-alike fills it as that web component does: numbered links, the current page
    marked, "…" for the gaps, previous/next."""
    forum = make_forum(clock, Rules(per_page=2))
    thread_id = forum.add_thread("Spiel 1", "Spielleitung")
    for n in range(16):
        forum.add_post(thread_id, "Anna", f"<p>Beitrag {n + 1}</p>")
    with running(forum, "6") as server, browser(server) as guest:
        html = soup(guest.get(f"index.php?thread/{thread_id}-spiel-1/&pageNo={page}"))
    base = f"{server.base_url}index.php?thread/{thread_id}-spiel-1/"
    (top, bottom) = html.select("woltlab-core-pagination")
    for element in (top, bottom):
        assert (element["page"], element["count"], element["url"]) == (str(page), "8", base)
        items = element.select("ul.pagination__list > li.pagination__item")
        assert " ".join(li.get_text(strip=True) for li in items).replace("⋯", "…") == shown
        links = {a.get_text(): a["href"] for li in items for a in li.select("a.pagination__link")}
        assert all(href == f"{base}&pageNo={n}" for n, href in links.items())
        (current,) = element.select(".pagination__link--current")
        assert current.get_text() == str(page) and current["aria-current"] == "page"
        prev, following = element.select("a[rel=prev]"), element.select("a[rel=next]")
        assert [a["href"] for a in prev] == ([f"{base}&pageNo={page - 1}"] if page > 1 else [])
        assert [a["href"] for a in following] == ([f"{base}&pageNo={page + 1}"] if page < 8 else [])


@pytest.mark.parametrize("markup", ["5"])
def test_5x_page_links_stay_as_they_were(forum: LocalForum, clock: Clock, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel 1", "Spielleitung")
    for n in range(25):
        forum.add_post(thread_id, "Anna", f"<p>Beitrag {n + 1}</p>")
    nav = soup(bot.get(f"index.php?thread/{thread_id}-spiel-1/&pageNo=2")).select_one(
        "nav.pagination"
    )
    assert [li.get_text(strip=True) for li in nav.select("li:not(.skip)")] == [
        "1",
        "2Seite 2 von 2",
    ]
    assert nav.select_one("li.active span").get_text() == "2"


def test_mentions_link_to_the_profile(forum: LocalForum, bot: Browser) -> None:
    """The stored mention (what the bot writes when it knows the id) and the typed
    "@Name" / "@'Frau Holle'" of a user of the forum are links to the profile page; an
    unknown name, a mention inside a link or code, an e-mail address are left alone."""
    anna, bernd, holle = (forum.user_id(n) for n in ("Anna", "Bernd", "Frau Holle"))
    stored = (
        f"<p>Spielleitung: {mention('Anna', anna)}, {mention('Frau Holle')} und @Bernd.</p>"
        "<p>@Niemand, <code>@Bernd</code>, <a href='https://example.org/'>@Bernd</a>, "
        "bernd@Bernd.de</p>"
        f"<p><strong>!Lynch {mention('Bernd', bernd)}</strong></p>"
    )
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    post_id = forum.add_post(thread_id, "Gustav", stored)
    text = message_text(soup(bot.get(f"index.php?thread/{thread_id}/")), post_id)
    links = [(a.get_text(), a["data-object-id"], a["href"]) for a in text.select("a.localMention")]
    links_of = bot.server.app.links.user
    assert links == [
        ("Anna", str(anna), links_of(anna, "Anna")),
        ("@'Frau Holle'", str(holle), links_of(holle, "Frau Holle")),
        ("@Bernd", str(bernd), links_of(bernd, "Bernd")),
        ("Bernd", str(bernd), links_of(bernd, "Bernd")),
    ]
    assert not text.select("woltlab-metacode")
    assert len(text.select("a.localMentionTyped .localMentionQuote")) == 2  # hidden by CSS
    reads_the_same(text.decode_contents(), stored)
    assert parse_message(text.decode_contents()).commands == ("!Lynch Bernd",)
    profile = soup(bot.get(links[0][2]))
    assert profile.select_one(".userProfileUsername").get_text() == "Anna"


def test_a_mention_of_an_unknown_user_id_stays(forum: LocalForum, bot: Browser) -> None:
    stored = f"<p>{mention('Wer', 999)} und {mention('Anna')}x</p>"
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    post_id = forum.add_post(thread_id, "Gustav", stored)
    text = message_text(soup(bot.get(f"index.php?thread/{thread_id}/")), post_id)
    assert not text.select("a") and len(text.select("woltlab-metacode")) == 1
    assert text.get_text() == "Wer und @Annax"


def test_conversation_messages_show_spoilers_and_mentions(forum: LocalForum, bot: Browser) -> None:
    stored = f"<p>Hallo {mention('Anna', forum.user_id('Anna'))}</p>" + SPOILERS
    conversation_id = forum.add_conversation("Rudel", "Spielleitung", ["Anna"], stored)
    html = soup(bot.get(f"index.php?conversation/{conversation_id}/"))
    text = html.select_one("article.jsMessage .messageBody > .messageText")
    assert text.select("a.localMention") and text.select(".spoilerBox")
    reads_the_same(text.decode_contents(), stored)


@pytest.mark.parametrize(
    ("zone", "winter", "summer"),
    [(None, "13:00", "14:00"), ("Europe/Berlin", "13:00", "14:00"), ("UTC", "12:00", "12:00")],
)
def test_forum_serve_shows_local_times(tmp_path, zone: str | None, winter: str, summer: str):
    """`wolfbot forum serve` shows times in its `--timezone`, by default Europe/Berlin
    (MEZ in January, MESZ in July), in the text a person reads and in the attributes."""
    db = str(tmp_path / "forum.sqlite")
    forum = LocalForum(db, clock=Clock(START))  # 5 January 2024, 12:00 UTC
    forum.add_user("Anna", "anna")
    thread_id = forum.add_thread("Spiel", "Anna", "<p>Winter</p>")
    forum.add_post(thread_id, "Anna", "<p>Sommer</p>", time=datetime(2024, 7, 5, 12, tzinfo=UTC))
    forum.store.close()
    options = {"timezone": zone} if zone else {}
    server, lines = make_server(db, "127.0.0.1", 0, "6", False, **options)
    with server, browser(server) as guest:
        page = soup(guest.get(f"index.php?thread/{thread_id}/"))
    server.forum.store.close()
    times = page.select("a.permalink woltlab-core-date-time")
    assert [t.get_text() for t in times] == [
        f"5. Januar 2024 um {winter}",
        f"5. Juli 2024 um {summer}",
    ]
    assert [datetime.fromisoformat(t["date"]).astimezone(UTC).hour for t in times] == [12, 12]
    assert f"Zeiten in {zone or 'Europe/Berlin'}" in "\n".join(lines)


def test_forum_serve_refuses_an_unknown_time_zone(tmp_path) -> None:
    from typer.testing import CliRunner

    from wolfbot.cli import app

    db = tmp_path / "forum.sqlite"
    result = CliRunner().invoke(
        app, ["forum", "serve", "--db", str(db), "--timezone", "Mars/Olymp"]
    )
    assert result.exit_code == 2 and "--timezone" in result.output
    assert not db.exists()
