"""The Eröffnungsbeitrag links every Morgen, Dämmerung and Abend as it appears – edited in
place on the local forum over HTTP, with the real WoltLab client – and a restart neither
loses nor doubles an edit."""

from __future__ import annotations

import re

import httpx
from roundkit import BOT, SCRIPT, Site, site

from wolfbot.bot import RoundBot
from wolfbot.forum.local import Post

DAY_AND_NIGHT = SCRIPT[: SCRIPT.index(("deadline", "night 2")) + 2]  # … the Abend, sent
LINKED = ["Morgen des ersten Tages", "Dämmerung des ersten Tages", "Abend des ersten Tages"]
_LINK = re.compile(r'<a href="([^"]+)">([^<]+)</a>')


def bot_posts(here: Site) -> list[Post]:
    return [p for p in here.forum.posts(here.thread_id) if p.author == BOT]


def links(post: Post) -> list[tuple[str, str]]:
    """(title, post id) of each link in the post."""
    return [
        (title, url.rsplit("#post", 1)[-1])
        for url, title in _LINK.findall(post.html.replace("&amp;", "&"))
    ]


def play(here: Site, steps: list[tuple], *, restart: bool) -> RoundBot:
    bot = here.bot()
    here.start(bot)
    bot.send()
    for step in steps:
        if restart:
            bot = here.bot()
        here.act(step, bot)
    return bot


def test_after_a_day_and_a_night_the_opening_links_morgen_dammerung_and_abend(tmp_path):
    with site(tmp_path) as here:
        bot = play(here, DAY_AND_NIGHT, restart=False)
        opening, *phase_posts = bot_posts(here)
        assert [p.subject for p in phase_posts] == LINKED
        assert links(opening) == [(p.subject, str(p.id)) for p in phase_posts]
        assert opening.edit_count == 3 and opening.last_editor == BOT  # one edit per link
        assert opening.subject == "Düsterliga Season '26 - Ligarunde 1: Testrunde"
        edits = [m for m in bot.outbox.messages() if m.kind == "edit"]
        assert [(m.key, m.state) for m in edits] == [
            (f"g1/eroeffnung/edit/{n}", "sent") for n in (1, 2, 3)
        ]
        assert {m.forum_id for m in edits} == {opening.id}
        url = _LINK.findall(opening.html.replace("&amp;", "&"))[-1][0]
        page = httpx.get(url, follow_redirects=True)  # the forum's canonical thread URL
        assert page.status_code == 200 and f'id="post{phase_posts[-1].id}"' in page.text


def test_a_restart_at_every_step_neither_loses_nor_doubles_an_edit(tmp_path):
    with site(tmp_path, "straight.sqlite") as straight, site(tmp_path) as restarted:
        play(straight, DAY_AND_NIGHT, restart=False)
        bot = play(restarted, DAY_AND_NIGHT, restart=True)
        mine, theirs = bot_posts(restarted)[0], bot_posts(straight)[0]
        assert links(mine) == links(theirs)
        assert mine.edit_count == theirs.edit_count == 3
        assert bot.outbox.messages(["queued", "sending", "uncertain", "failed", "draft"]) == []


def test_killed_between_the_morgen_and_its_edit(tmp_path):
    """The Morgen is out, the bot dies before it learns so: the next bot queues the edit
    (once) on its start; one more start after it was queued adds nothing."""
    with site(tmp_path) as here:
        night_one = SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 1]
        bot = play(here, night_one, restart=False)
        while (result := bot.outbox.send_next(bot.forum)) is not None:  # no learn: killed
            assert result.status == "sent"
        opening = bot_posts(here)[0]
        assert opening.edit_count == 0
        here.bot()  # starts, learns the Morgen, queues the edit, is killed before sending
        again = here.bot()
        edits = [m for m in again.outbox.messages() if m.kind == "edit"]
        assert [(m.key, m.state) for m in edits] == [("g1/eroeffnung/edit/1", "queued")]
        again.send()
        opening = bot_posts(here)[0]
        assert opening.edit_count == 1
        assert links(opening) == [("Morgen des ersten Tages", str(bot_posts(here)[1].id))]
        assert again.send() == [] and bot_posts(here)[0].edit_count == 1
