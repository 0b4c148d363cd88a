"""An older edit kept as its difference to the newer one (`wolfbot.outbox.bodies`): the
older text comes back exactly, whatever changed, and only what changed is kept."""

from __future__ import annotations

import pytest

from wolfbot.outbox.bodies import Difference, difference, restore

LINKS = "<ul><li>Morgen</li><li>Dämmerung</li></ul><h2>Spielerliste</h2><ol><li>@Anna</li></ol>"


@pytest.mark.parametrize(
    ("older", "newer", "kept"),
    [
        (LINKS, LINKS.replace("</ul>", "<li>Abend</li></ul>"), Difference(38, "", 48)),
        ("<p>a</p><p>b</p>", "<p>a</p><p>x</p><p>b</p>", Difference(11, "", 5)),
        ("<p>Anna lebt</p>", "<p>Anna ist tot</p>", Difference(8, "leb", 5)),
        ("alt<p>x</p>", "neu<p>x</p>", Difference(0, "alt", 8)),
        ("<p>x</p>alt", "<p>x</p>neu", Difference(8, "alt", 0)),
        ("<p>gleich</p>", "<p>gleich</p>", Difference(13, "", 0)),
        ("aa", "aaa", Difference(2, "", 0)),
        ("aaa", "aa", Difference(2, "a", 0)),
        ("", "<p>x</p>", Difference(0, "", 0)),
        ("<p>x</p>", "", Difference(0, "<p>x</p>", 0)),
        ("ganz", "anders", Difference(0, "ganz", 0)),
    ],
    ids=[
        "a-link-added",
        "a-paragraph-added",
        "a-word-changed",
        "the-start-changed",
        "the-end-changed",
        "unchanged",
        "a-repeated-letter-added",
        "a-repeated-letter-removed",
        "from-nothing",
        "to-nothing",
        "nothing-shared",
    ],
)
def test_an_older_edit_keeps_only_what_differs_and_comes_back_whole(
    older: str, newer: str, kept: Difference
) -> None:
    assert difference(older, newer) == kept
    assert restore(newer, kept) == older
