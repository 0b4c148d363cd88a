"""Hostile or unlucky posts read by the real WoltLab client from the local forum over HTTP
(issue 34.1): one post nested deeper than libxml2 reads (255 levels) must not hide the
posts after it on its page, and a page that cannot be read whole fails its read loudly:
its channel keeps its mark and is read again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wolfbot.bot.channels import Reading
from wolfbot.bot.reading import read_channels
from wolfbot.engine.day import tally
from wolfbot.engine.events import CommandAccepted
from wolfbot.engine.game import Game
from wolfbot.forum.base import ChannelRef, ForumError, ReadMark
from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.local.rules import Rules
from wolfbot.forum.woltlab import pages
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.rulesets import loader

PLAYERS = ["Anna", "Bernd", "Clara", "Dora", "Emil"]
BOXES = {  # WoltLab 6.0's output: quoteMetaCode.tpl, spoilerMetaCode.tpl; a list
    "quotes": (
        '<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode"><div '
        'class="quoteBoxIcon"></div><div class="quoteBoxTitle">Zitat von Dora</div>'
        '<div class="quoteBoxContent"><p>Ebene</p>',
        "</div></blockquote>",
    ),
    "spoilers": (
        '<details class="spoilerBox"><summary class="spoilerSummary">Spoiler anzeigen</summary>'
        '<div class="spoilerContent"><p>Ebene</p>',
        "</div></details>",
    ),
    "lists": ("<ul><li>Ebene", "</li></ul>"),
}
HELD = "<p><strong>!Lynch Dora</strong></p>"  # in the innermost box: never counts


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[LocalForum, WoltLabForum]]:
    forum = LocalForum(rules=Rules(post_wait=0, message_wait=0))
    forum.add_user("Spielleitung", "geheim")
    for name in PLAYERS:
        forum.add_user(name, f"pw-{name}")
    with LocalForumServer(forum, markup="6", errors="woltlab") as server:
        client = WoltLabForum(server.base_url, "Spielleitung", "geheim", min_interval=0)
        try:
            yield forum, client
        finally:
            client.close()


def day_one() -> Game:
    roles = ["Bürger", "Werwolf", "Bürger", "Bürger", "Bürger"]
    game = Game.new(loader.load("duesterliga"), list(zip(PLAYERS, roles, strict=True)), seed=1)
    process_post(game, "Bernd", "wolves", WOLTLAB.read("<p><strong>!Fressen Emil</strong></p>"))
    game.advance()
    return game


def thread_with(forum: LocalForum, deep_post: str) -> tuple[ChannelRef, list[int]]:
    """A thread: Anna's deep post, then three ordinary votes."""
    thread = forum.add_thread("Düsterliga – Tag 1", "Spielleitung")
    ids = [forum.add_post(thread, "Anna", deep_post)]
    for voter, target in (("Bernd", "Anna"), ("Clara", "Bernd"), ("Dora", "Clara")):
        ids.append(forum.add_post(thread, voter, f"<p><strong>!Lynch {target}</strong></p>"))
    return ChannelRef("thread", thread), ids


CASES = [(kind, depth) for kind in BOXES for depth in (130, 300, 3000)]


@pytest.mark.parametrize(("kind", "depth"), CASES, ids=[f"{d}-{k}" for k, d in CASES])
def test_a_deeply_nested_post_hides_no_post_after_it(site, kind: str, depth: int) -> None:
    forum, client = site
    opening, closing = BOXES[kind]
    inner = HELD if kind != "lists" else "tief"
    nest = opening * depth + inner + closing * depth
    thread, ids = thread_with(forum, nest + "<p>Danach.</p><p><strong>!Lynch Bernd</strong></p>")

    result = client.read(thread, ReadMark())

    assert [post.post_id for post in result.new] == ids
    assert result.mark.last_post_id == ids[-1]
    assert result.new[0].body.commands == ("!Lynch Bernd",)  # after the nest; not Dora
    game = day_one()
    for post in result.new:
        events = process_post(game, post.author, "thread", post.body)
        assert [e.text for e in events if isinstance(e, CommandAccepted)] == [*post.body.commands]
    assert dict(tally(game)) == {"Bernd": 2, "Anna": 1, "Clara": 1}


def test_a_page_that_cannot_be_read_whole_fails_its_read_and_keeps_the_mark(
    site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flattened and still too deep (here: not flattened at all): the read fails, loudly,
    and the channel's mark stays where it was – its posts are read once it can be read."""
    forum, client = site
    opening, closing = BOXES["quotes"]
    thread, ids = thread_with(forum, opening * 300 + closing * 300)
    monkeypatch.setattr(pages, "flatten_deep", lambda html, depth: html)
    mark = ReadMark()

    with pytest.raises(ForumError, match="cannot be read whole"):
        client.read(thread, mark)
    batch, report = read_channels(client, [Reading(thread, "thread")], lambda reading: mark)
    assert (batch, list(report.failed), report.marks) == ([], [thread], {})

    monkeypatch.undo()
    assert [post.post_id for post in client.read(thread, mark).new] == ids
