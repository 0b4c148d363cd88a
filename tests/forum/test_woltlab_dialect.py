"""WoltLab's dialect: the neutral markup of the posts (`wolfbot.forum.dialect`) written as
WoltLab stores a message – the same bytes the posts had when they wrote WoltLab's tags
themselves – and the software table that hands it out."""

from __future__ import annotations

import pytest

from wolfbot.forum import software
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.forum.woltlab.html import mention
from wolfbot.posts import mentions


@pytest.mark.parametrize(
    ("neutral", "stored"),
    [
        (
            '<spoiler title="Tote der Nacht">\n<ul><li>Anna</li></ul>\n</spoiler>',
            '<woltlab-spoiler data-label="Tote der Nacht">\n<ul><li>Anna</li></ul>\n'
            "</woltlab-spoiler>",
        ),
        ("<spoiler>x</spoiler>", "<woltlab-spoiler>x</woltlab-spoiler>"),
        (
            '<quote author="Anna" link="https://f/t/1/#post2"><p>Hallo</p></quote>',
            '<woltlab-quote data-author="Anna" data-link="https://f/t/1/#post2"><p>Hallo</p>'
            "</woltlab-quote>",
        ),
        ('<p title="a">[b]Text[/b]</p>', '<p title="a">&#91;b]Text&#91;/b]</p>'),
    ],
)
def test_neutral_markup_is_written_in_woltlabs_tags(neutral: str, stored: str) -> None:
    assert WOLTLAB.render(neutral) == stored
    assert WOLTLAB.render(stored) == stored  # rendering twice changes nothing


@pytest.mark.parametrize("name", ["Anna", "Frau Holle", "O'Neil, Jr.", "<b>&", "'Zoë"])
@pytest.mark.parametrize("user_id", [None, 7])
def test_a_mention_is_written_as_woltlab_stores_it(name: str, user_id: int | None) -> None:
    neutral = f"<p>{mentions.mention(name, user_id)}, bitte</p>"
    assert WOLTLAB.render(neutral) == f"<p>{mention(name, user_id)}, bitte</p>"


def test_a_read_post_is_quoted_in_neutral_markup() -> None:
    read = (
        '<blockquote class="quoteBox"><div class="quoteBoxTitle">Zitat von Bert</div>'
        "<p>Ja</p></blockquote>"
        '<details class="spoilerBox"><summary>Geheim</summary><p>x</p></details>'
        '<a class="userMention" href="https://f/user/3">Anna</a>'
    )
    quoted = WOLTLAB.quotable(read)
    assert quoted == (
        '<quote author="Bert"><p>Ja</p></quote><spoiler title="Geheim"><p>x</p></spoiler>'
        "<mention>Anna</mention>"
    )
    assert WOLTLAB.render(quoted) == (
        '<woltlab-quote data-author="Bert"><p>Ja</p></woltlab-quote>'
        '<woltlab-spoiler data-label="Geheim"><p>x</p></woltlab-spoiler>@Anna'
    )


def test_the_software_table_names_what_it_knows() -> None:
    assert software.named("woltlab").dialect is WOLTLAB
    assert software.DEFAULT in software.SOFTWARE
    with pytest.raises(software.UnknownSoftware, match='"phpbb" .bekannt: "woltlab"'):
        software.named("phpbb")
