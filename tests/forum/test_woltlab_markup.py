"""Tests for WoltLab's markup reader (wolfbot.forum.woltlab.markup): rendered WoltLab
message HTML -> MessageBody.

The box shapes below follow WoltLab Suite's output templates (WoltLab/WCF):
quoteMetaCode.tpl (5.x and 6.x), spoilerMetaCode.tpl (5.x ``div.spoilerBox`` and 6.x
``details.spoilerBox``), codeMetaCode.tpl, userBBCodeTag.tpl (mentions), Smiley::getHtml().
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfbot import spelling
from wolfbot.forum.woltlab.markup import message
from wolfbot.forum.woltlab.markup.message import MAX_MESSAGE_HTML, MessageBody, Stray, parse_message
from wolfbot.forum.woltlab.markup.nesting import flatten_deep
from wolfbot.spelling import normalize_text

FORUM = "https://forum.example"
POST_LINK = f"{FORUM}/thread/4711-dorf-tag-3/?postID=98765#post98765"


def quote6(content: str, author: str = "Anna", collapsed: bool = False) -> str:
    """WoltLab 6.x quote box (author known, linked header, optional collapse toggle)."""
    toggle = (
        '<span class="toggleButton" data-title-collapse="Weniger anzeigen" '
        'data-title-expand="Alles anzeigen" role="button" tabindex="0">Alles anzeigen</span>'
        if collapsed
        else ""
    )
    return f"""<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode\
{" collapsed" if collapsed else ""}" cite="{POST_LINK}">
	<div class="quoteBoxIcon">
		<a href="{FORUM}/user/12-{author.lower()}/" class="userLink" data-object-id="12" \
aria-hidden="true"><img src="{FORUM}/images/avatars/3a/12-3a4b.webp" width="24" height="24" \
alt="" class="userAvatarImage" loading="lazy"></a>
	</div>
	<div class="quoteBoxTitle">
		<a href="{POST_LINK}">Zitat von {author}</a>
	</div>
	<div class="quoteBoxContent">
		{content}
	</div>
	{toggle}
</blockquote>"""


def quote5(content: str, author: str | None = "Anna") -> str:
    """WoltLab 5.x quote box; ``author=None`` gives the simple box without author."""
    icon = (
        f'<a href="{FORUM}/user/12-anna/" class="userLink" data-object-id="12" '
        f'aria-hidden="true"><img src="{FORUM}/images/avatars/avatar-default.svg" '
        'width="64" height="64" alt="" class="userAvatarImage"></a>'
        if author
        else '<span class="quoteBoxQuoteSymbol"></span>'
    )
    title = f'<a href="{POST_LINK}">Zitat von {author}</a>' if author else "Zitat"
    simple = "" if author else " quoteBoxSimple"
    return f"""<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode{simple}">
	<div class="quoteBoxIcon">{icon}</div>
	<div class="quoteBoxTitle"><span class="quoteBoxTitle">{title}</span></div>
	<div class="quoteBoxContent">{content}</div>
</blockquote>"""


def spoiler6(content: str, label: str = "Spoiler anzeigen") -> str:
    return f"""<details class="spoilerBox">
	<summary class="spoilerSummary">{label}</summary>

	<div class="spoilerContent">
		{content}
	</div>
</details>"""


def spoiler5(content: str) -> str:
    return f"""<div class="spoilerBox jsSpoilerBox">
	<div class="jsOnly spoilerBoxHeader">
		<a href="#" id="spoiler-button-5f3a9c1e" role="button" aria-expanded="false" \
aria-controls="spoiler-content-5f3a9c1e" class="button small jsSpoilerToggle">Spoiler anzeigen</a>
	</div>
	<div class="spoilerBoxContent" style="display: none" id="spoiler-content-5f3a9c1e" \
aria-hidden="true" aria-labelledby="spoiler-button-5f3a9c1e">
		{content}
	</div>
</div>
<script data-relocate="true">
	require(['Language', 'WoltLabSuite/Core/Bbcode/Spoiler'], function (Language, BbcodeSpoiler) {{
		Language.addObject({{'wcf.bbcode.spoiler.show' : 'Spoiler anzeigen'}});
		BbcodeSpoiler.observe();
	}});
</script>"""


def codebox(*lines: str) -> str:
    spans = "".join(
        f'<span class="codeBoxLine" id="#codeLine_{n}_a1b2c3"><a href="#codeLine_{n}_a1b2c3" '
        f'class="lineAnchor" title="{n}" tabindex="-1" aria-hidden="true"></a>'
        f"<span>{line}\n</span></span>"
        for n, line in enumerate(lines, start=1)
    )
    return f"""<div class="codeBox collapsibleBbcode jsCollapsibleBbcode ">
	<div class="codeBoxHeader">
		<div class="codeBoxHeadline">Code</div>
	</div>
	<pre class="codeBoxCode collapsibleBbcodeOverflow"><code>{spans}</code></pre>
</div>"""


def mention6(name: str, user_id: int = 12) -> str:
    """5.4+/6.x: the "@" is drawn by CSS (``.userMention::before``), not in the markup."""
    return (
        f'<a href="{FORUM}/user/{user_id}-{name.lower()}/" class="userMention userLink" '
        f'data-object-id="{user_id}">{name}</a>'
    )


def mention_old(name: str, user_id: int = 12) -> str:
    """Older shape with ``data-user-id`` and a literal "@"."""
    return (
        f'<a href="{FORUM}/user/{user_id}-{name.lower()}/" class="userMention" '
        f'data-user-id="{user_id}">@{name}</a>'
    )


SMILEY = (
    f'<img src="{FORUM}/images/smilies/smile.png" alt=":)" title="Lächeln" class="smiley" '
    f'srcset="{FORUM}/images/smilies/smile@2x.png 2x" height="23" width="23" loading="eager" '
    'translate="no">'
)
LYNCH_ANNA = "<p><strong>!Lynch Anna</strong></p>"

# (id, html, commands, text or None = not checked, quotes or None = not checked)
CASES: list[tuple[str, str, tuple[str, ...], str | None, tuple[str, ...] | None]] = [
    ("plain-command", LYNCH_ANNA, ("!Lynch Anna",), "!Lynch Anna", ()),
    (
        "command-after-paragraphs",
        "<p>Guten Morgen Dorf!</p>\n<p>Anna war gestern sehr still.</p>\n" + LYNCH_ANNA,
        ("!Lynch Anna",),
        "Guten Morgen Dorf!\nAnna war gestern sehr still.\n!Lynch Anna",
        (),
    ),
    ("trailing-text-kills", LYNCH_ANNA + "<p>Oder doch nicht?</p>", (), None, ()),
    (
        "text-after-command-same-line",
        "<p><strong>!Lynch Anna</strong> weil sie lügt</p>",
        (),
        "!Lynch Anna weil sie lügt",
        (),
    ),
    ("punctuation-after-command", "<p><strong>!Lynch Anna</strong>.</p>", (), None, None),
    (
        "text-before-command-same-line",
        "<p>Meine Stimme: <strong>!Lynch Anna</strong></p>",
        ("!Lynch Anna",),
        "Meine Stimme: !Lynch Anna",
        (),
    ),
    (
        "bold-run-with-prefix-text",
        "<p><strong>Meine Stimme: !Lynch Anna</strong></p>",
        (),
        None,
        None,
    ),
    (
        "quoted-command-plus-own",
        '<blockquote class="quoteBox"><p><strong>!Lynch Clara</strong></p></blockquote>'
        "<p>So nicht.</p><p><strong>!Lynch Anna</strong></p>",
        ("!Lynch Anna",),
        "So nicht.\n!Lynch Anna",
        ("!Lynch Clara",),
    ),
    (
        "quote6-header-not-command",
        quote6("<p><strong>!Lynch Clara</strong></p>") + "<p>Sehe ich anders.</p>" + LYNCH_ANNA,
        ("!Lynch Anna",),
        "Sehe ich anders.\n!Lynch Anna",
        ("!Lynch Clara",),
    ),
    ("only-quote6-with-command", quote6("<p><strong>!Lynch Clara</strong></p>"), (), "", None),
    ("only-quote5-with-command", quote5("<p><strong>!Lynch Clara</strong></p>"), (), "", None),
    (
        "quote5-simple-then-command",
        quote5("<p>Wer war das?</p>", author=None) + LYNCH_ANNA,
        ("!Lynch Anna",),
        "!Lynch Anna",
        ("Wer war das?",),
    ),
    (
        "quote6-collapsed-toggle-text",
        quote6("".join(f"<p>Zeile {i}</p>" for i in range(7)), collapsed=True) + LYNCH_ANNA,
        ("!Lynch Anna",),
        "!Lynch Anna",
        ("Zeile 0\nZeile 1\nZeile 2\nZeile 3\nZeile 4\nZeile 5\nZeile 6",),
    ),
    (
        "nested-quotes",
        quote6(
            "<p>Bernd schrieb:</p>"
            + quote6("<p><strong>!Lynch Dora</strong></p>", author="Bernd")
            + "<p><strong>!Lynch Clara</strong></p>"
        )
        + "<p>Ich nicht.</p>"
        + LYNCH_ANNA,
        ("!Lynch Anna",),
        "Ich nicht.\n!Lynch Anna",
        ("Bernd schrieb:\n!Lynch Dora\n!Lynch Clara",),
    ),
    # Decision: a quote/spoiler/code box after the command is content that comes after the
    # command ("Der Beitrag darf unter dem Befehl keinen weiteren Text enthalten"), so the
    # command does not count.
    ("command-then-trailing-quote", LYNCH_ANNA + quote6("<p>Beweis</p>"), (), None, ("Beweis",)),
    ("spoiler6-with-command", "<p>Psst.</p>" + spoiler6(LYNCH_ANNA), (), "Psst.", ()),
    ("spoiler5-with-command", "<p>Psst.</p>" + spoiler5(LYNCH_ANNA), (), "Psst.", ()),
    ("command-then-spoiler6", LYNCH_ANNA + spoiler6("<p>Rolle: Seherin</p>"), (), None, None),
    ("command-then-spoiler5", LYNCH_ANNA + spoiler5("<p>Rolle: Seherin</p>"), (), None, None),
    (
        "spoiler-before-command",
        spoiler6("<p><strong>!Sehen Bernd</strong></p>", label="Nachtaktion") + LYNCH_ANNA,
        ("!Lynch Anna",),
        "!Lynch Anna",
        (),
    ),
    ("codebox-with-command", "<p>So geht das:</p>" + codebox("!Lynch Anna"), (), None, None),
    (
        "codebox-before-command",
        codebox("<strong>!Lynch Bernd</strong>", "zweite Zeile") + LYNCH_ANNA,
        ("!Lynch Anna",),
        "!Lynch Anna",
        (),
    ),
    ("inline-kbd", "<p>Schreibt <kbd>!Lynch Anna</kbd></p>", (), "Schreibt", ()),
    ("inline-code-in-bold", "<p><strong>!Lynch <code>Anna</code></strong></p>", (), None, None),
    ("raw-pre", "<pre>!Lynch Anna</pre>", (), "", ()),
    (
        "mention6-in-bold",
        f"<p><strong>!Lynch {mention6('Anna')}</strong></p>",
        ("!Lynch Anna",),
        "!Lynch @Anna",
        (),
    ),
    (
        "mention-old-in-bold",
        f"<p><strong>!Lynch {mention_old('Anna')}</strong></p>",
        ("!Lynch Anna",),
        "!Lynch @Anna",
        (),
    ),
    (
        "mention-formatted-name",
        '<p><strong>!Lynch <a href="https://forum.example/user/7-frau-holle/" '
        'class="userMention userLink" data-object-id="7">'
        '<span style="color: #ff0000">Frau Holle</span></a></strong></p>',
        ("!Lynch Frau Holle",),
        "!Lynch @Frau Holle",
        (),
    ),
    (
        "mention-not-bold",
        f"<p><strong>!Lynch</strong> {mention6('Anna')}</p>",
        (),
        "!Lynch @Anna",
        (),
    ),
    (
        "mention-bold-in-split-run",
        f"<p><strong>!Lynch</strong> <strong>{mention6('Anna')}</strong></p>",
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "split-bold-space",
        "<p><strong>!Lynch</strong> <strong>Anna</strong></p>",
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "split-bold-mid-word",
        "<p><strong>!Ly</strong><strong>nch Anna</strong></p>",
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "nested-color-span",
        '<p><strong><span style="color: #000000">!Lynch Anna</span></strong></p>',
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "bold-contains-em",
        "<p><strong>!Lynch <em>Anna</em></strong></p>",
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "em-contains-bold",
        "<p><em><strong>!Lynch Anna</strong></em></p>",
        ("!Lynch Anna",),
        None,
        (),
    ),
    ("b-tag", "<p><b>!Lynch Anna</b></p>", ("!Lynch Anna",), None, ()),
    (
        "style-bold",
        '<p><span style="font-weight: bold;">!Lynch Anna</span></p>',
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "style-700",
        '<p><span style="color:#000;font-weight:700">!Lynch Anna</span></p>',
        ("!Lynch Anna",),
        None,
        (),
    ),
    (
        "style-normal-inside-strong",
        '<p><strong>!Lynch <span style="font-weight: normal">Anna</span></strong></p>',
        (),
        None,
        (),
    ),
    ("not-bold", "<p>!Lynch Anna</p>", (), "!Lynch Anna", ()),
    (
        "nbsp-and-zero-width",
        "<p><strong>!Lynch&nbsp;Ann\u200ba\u00a0\u200d</strong></p>",
        ("!Lynch Anna",),
        "!Lynch Anna",
        (),
    ),
    (
        "nbsp-between-bold-parts",
        "<p><strong>!Lynch</strong>&nbsp;<strong>Jürgen_93</strong>\u200b</p>",
        ("!Lynch Jürgen_93",),
        None,
        (),
    ),
    (
        "decomposed-umlaut",
        "<p><strong>!Lynch Ju\u0308rgen</strong></p>",
        ("!Lynch J\u00fcrgen",),
        "!Lynch J\u00fcrgen",
        (),
    ),
    ("emoji-name", "<p><strong>!Lynch 🐺Wolfi</strong></p>", ("!Lynch 🐺Wolfi",), None, ()),
    ("dotted-name", "<p><strong>!Lynch Dr. No</strong></p>", ("!Lynch Dr. No",), None, ()),
    (
        "several-command-lines",
        "<p>Nacht 2:</p><p><strong>!Alpha Bernd</strong></p><p><strong>!Fressen Dora</strong></p>",
        ("!Alpha Bernd", "!Fressen Dora"),
        None,
        (),
    ),
    (
        "two-commands-one-line",
        "<p><strong>!Alpha Bernd !Fressen Dora</strong></p>",
        ("!Alpha Bernd", "!Fressen Dora"),
        None,
        (),
    ),
    ("no-arg-command", "<p><strong>!Zurücknehmen</strong></p>", ("!Zurücknehmen",), None, ()),
    (
        "bold-line-without-bang-stops",
        "<p><strong>!Alpha Bernd</strong></p><p><strong>Und jetzt:</strong></p>"
        "<p><strong>!Fressen Dora</strong></p>",
        ("!Fressen Dora",),
        None,
        (),
    ),
    (
        "bold-line-without-bang-last",
        LYNCH_ANNA + "<p><strong>Gute Nacht</strong></p>",
        (),
        None,
        (),
    ),
    (
        "trailing-empty-paragraphs",
        LYNCH_ANNA + "<p><br></p><p>&nbsp;</p><p><br></p>",
        ("!Lynch Anna",),
        "!Lynch Anna",
        (),
    ),
    (
        "trailing-smiley-same-line",
        f"<p><strong>!Lynch Anna</strong> {SMILEY}</p>",
        ("!Lynch Anna",),
        "!Lynch Anna :)",
        (),
    ),
    (
        "trailing-smiley-line",
        LYNCH_ANNA + f"<p>{SMILEY}</p>",
        ("!Lynch Anna",),
        "!Lynch Anna\n:)",
        (),
    ),
    (
        "br-lines-in-one-p",
        "<p>Hallo Dorf,<br>ich bin Bürger.<br><strong>!Lynch Anna</strong></p>",
        ("!Lynch Anna",),
        "Hallo Dorf,\nich bin Bürger.\n!Lynch Anna",
        (),
    ),
    (
        "br-inside-bold-run",
        "<p><strong>!Alpha Bernd<br>!Fressen Dora</strong></p>",
        ("!Alpha Bernd", "!Fressen Dora"),
        "!Alpha Bernd\n!Fressen Dora",
        (),
    ),
    (
        "blank-line-inside-text",
        "<p>Eins</p><p><br></p><p>Zwei</p>",
        (),
        "Eins\n\nZwei",
        (),
    ),
    (
        "list-items",
        "<ul><li>Anna: still</li><li><strong>!Lynch Anna</strong></li></ul>",
        ("!Lynch Anna",),
        "Anna: still\n!Lynch Anna",
        (),
    ),
    (
        "plain-link-is-text",
        f'<p><strong>!Lynch Anna</strong> <a href="{POST_LINK}">Beweis</a></p>',
        (),
        "!Lynch Anna Beweis",
        (),
    ),
    (
        "bold-link",
        f'<p><strong>!Lynch <a href="{FORUM}/user/3-anna/">Anna</a></strong></p>',
        ("!Lynch Anna",),
        None,
        (),
    ),
    ("garbage-unclosed", "<p><strong>!Lynch Anna<p><em>", ("!Lynch Anna",), None, None),
    ("garbage-brackets", "<<</strong>>><p", (), None, None),
    (
        "table-cells",
        "<table><tbody><tr><td>Tag 3</td><td>Anna</td></tr></tbody></table>" + LYNCH_ANNA,
        ("!Lynch Anna",),
        "Tag 3 Anna\n!Lynch Anna",
        (),
    ),
    (
        "raw-woltlab-quote",
        f'<woltlab-quote data-author="Anna" data-link="{POST_LINK}">'
        "<p><strong>!Lynch Clara</strong></p></woltlab-quote>" + LYNCH_ANNA,
        ("!Lynch Anna",),
        "!Lynch Anna",
        ("!Lynch Clara",),
    ),
    (
        "empty-mention-ignored",
        '<p><strong>!Lynch <a class="userMention userLink"></a>Anna</strong></p>',
        ("!Lynch Anna",),
        "!Lynch Anna",
        (),
    ),
    ("nul-and-lone-surrogate", "\ud800\x00" + LYNCH_ANNA, ("!Lynch Anna",), None, ()),
    ("empty", "", (), "", ()),
]


@pytest.mark.parametrize(
    ("html", "commands", "text", "quotes"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_parse_message(
    html: str, commands: tuple[str, ...], text: str | None, quotes: tuple[str, ...] | None
) -> None:
    body = parse_message(html)
    assert isinstance(body, MessageBody)
    assert body.commands == commands
    if text is not None:
        assert body.text == text
    if quotes is not None:
        assert body.quotes == quotes


def test_header_and_button_texts_never_leak() -> None:
    body = parse_message(
        quote6("<p>x</p>", collapsed=True) + spoiler5("<p>y</p>") + codebox("z") + "<p>Text</p>"
    )
    assert body.text == "Text"
    assert all(word not in body.quotes[0] for word in ("Zitat von", "Alles anzeigen"))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("  a\u00a0\u2003b\t\tc  ", "a b c"),
        ("Ju\u0308rgen", "J\u00fcrgen"),
        ("An\u200bn\u200ca\u200d\u2060\ufeff", "Anna"),
        ("Soft\u00adhyphen", "Softhyphen"),
        ("\u3000Dr.\u202fNo\u205f", "Dr. No"),
        ("", ""),
    ],
    ids=["spaces", "nfc", "zero-width", "soft-hyphen", "cjk-narrow-spaces", "empty"],
)
def test_normalize_text(raw: str, expected: str) -> None:
    assert normalize_text(raw) == expected


SPELLINGS = st.text(alphabet=st.sampled_from("aZ ü!\t\n\u0308\u00a0\u2003\u200b\u00ad\u3000"))


@settings(max_examples=500, deadline=None, database=None)
@given(SPELLINGS)
def test_normalize_text_skips_only_steps_that_change_nothing(raw: str) -> None:
    """The fast way (each step only where the text needs it) equals every step always."""
    every_step = unicodedata.normalize("NFC", raw.translate(spelling._TRANSLATE))
    assert normalize_text(raw) == re.sub(r"[ \t]+", " ", every_step).strip()


TAGS = ["p", "strong", "b", "em", "span", "blockquote", "div", "li"]
FRAGMENT = st.text(alphabet=st.sampled_from("!Ab äü 1\u00a0\u200b\n<>&;/\"'"), max_size=12)


def _element(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    def build(tag: str, inner: list[str], close: bool) -> str:
        return f"<{tag}>{''.join(inner)}" + (f"</{tag}>" if close else "")

    return st.builds(build, st.sampled_from(TAGS), st.lists(children, max_size=4), st.booleans())


TAG_SOUP = st.recursive(FRAGMENT | st.just("<br>") | st.just("!Lynch "), _element, max_leaves=30)


def _check_invariants(body: MessageBody) -> None:
    assert isinstance(body, MessageBody)
    for command in body.commands:
        assert command.startswith("!")
        assert "\n" not in command
        assert command == normalize_text(command)
    assert body.text == body.text.strip("\n")


@settings(max_examples=300, deadline=None, database=None)
@given(st.text())
def test_never_raises_on_arbitrary_text(raw: str) -> None:
    _check_invariants(parse_message(raw))


@settings(max_examples=300, deadline=None, database=None)
@given(TAG_SOUP)
def test_never_raises_on_tag_soup(html: str) -> None:
    _check_invariants(parse_message(html))


def test_a_message_longer_than_woltlab_allows_is_read_from_its_end() -> None:
    """Its commands stand at the end; a megabyte of markup before them is not read."""
    filler = "<p>Anfang</p><p>" + "Blabla. " * 100 + "</p>"
    html = filler * (1_000_000 // len(filler)) + "<p><strong>!Lynch Anna</strong></p>"
    assert len(html) > MAX_MESSAGE_HTML
    body = parse_message(html)
    assert body.commands == ("!Lynch Anna",)
    assert body.text.count("Anfang") < MAX_MESSAGE_HTML // len(filler) + 2


STRAYS = [
    pytest.param(
        "<p><strong>!Lynch Anna</strong></p><p>weil</p>",
        [Stray("!Lynch Anna", "text_after")],
        id="text-after-on-the-next-line",
    ),
    pytest.param(
        "<p><strong>!Lynch Anna</strong> weil</p><p><b>!Lynch Bob</b></p>",
        [Stray("!Lynch Anna", "text_after")],
        id="text-after-on-its-line",
    ),
    pytest.param("<p>!Lynch Anna</p>", [Stray("!Lynch Anna", "not_bold")], id="not-bold"),
    pytest.param(
        '<blockquote class="quoteBox"><div class="quoteBoxTitle">Bob schrieb:</div>'
        '<div class="quoteBoxContent"><p><strong>!Lynch Cid</strong></p></div></blockquote>',
        [Stray("!Lynch Cid", "quote", "Bob")],
        id="quote-schrieb",
    ),
    pytest.param(
        '<blockquote class="quoteBox"><div class="quoteBoxTitle"><span class="quoteBoxTitle">'
        '<a href="x">Zitat von Frau Holle</a></span></div><div><p><b>!Sehen X</b></p></div>'
        "</blockquote><p><b>!Lynch Bob</b></p>",
        [Stray("!Sehen X", "quote", "Frau Holle")],
        id="quote-zitat-von",
    ),
    pytest.param(
        '<woltlab-quote data-author="Anna"><p><b>!Sehen X</b></p></woltlab-quote>',
        [Stray("!Sehen X", "quote", "Anna")],
        id="quote-as-stored",
    ),
    pytest.param(
        '<blockquote class="quoteBox quoteBoxSimple"><div class="quoteBoxTitle">Zitat</div>'
        "<div><p><b>!Sehen X</b></p></div></blockquote>",
        [Stray("!Sehen X", "quote")],
        id="quote-naming-nobody",
    ),
    pytest.param(
        '<woltlab-spoiler data-label="x"><p><b>!Sehen X</b></p></woltlab-spoiler>'
        "<p>Text <b>!Heiltrank A</b> ok</p>",
        [Stray("!Sehen X", "spoiler"), Stray("!Heiltrank A", "text_after")],
        id="spoiler-then-text-after-in-order",
    ),
    pytest.param("<p>Hallo !Lynch</p><p>!! ja</p><p><b>Achtung!</b></p>", [], id="no-command"),
    pytest.param("<p><b>!Lynch Anna</b></p>", [], id="a-command-that-counts"),
]


@pytest.mark.parametrize(("html", "strays"), STRAYS)
def test_what_looks_like_a_command_but_does_not_count(html: str, strays: list[Stray]) -> None:
    """ "Befehle müssen am Ende eines Beitrages stehen … in fetter schwarzer Schrift": the
    lines that fail it are found (to be answered), in the post's order."""
    assert list(parse_message(html).strays) == strays


# -- A command in a box never counts, at any length (issue 34.2) -------------------------------
FILLER = "<p>" + "Bla bla, und noch mehr davon. " * 30 + "</p>"


def _filled(size: int) -> str:
    return FILLER * (size // len(FILLER) + 1)


BOXES = [  # (id, the box around what it holds, why its bold "!" line is a stray, or None)
    ("quote-6.x", quote6, "quote"),
    ("quote-5.x", quote5, "quote"),
    (
        "quote-as-stored",
        lambda inner: f'<woltlab-quote data-author="Anna">{inner}</woltlab-quote>',
        "quote",
    ),
    ("spoiler-6.x", spoiler6, "spoiler"),
    ("spoiler-5.x", spoiler5, "spoiler"),
    ("code-box", lambda inner: codebox("x = 1").replace("x = 1\n", inner), None),
    ("inline-code", lambda inner: f"<p><kbd>{inner}</kbd></p>", None),
]
LENGTHS = [
    ("just past the cut", MAX_MESSAGE_HTML + 5_000),
    ("1 MB", 1_000_000),
    ("3 MB", 3_000_000),
]


@pytest.mark.parametrize(
    ("box", "why", "size"),
    [(box, why, size) for _, box, why in BOXES for _, size in LENGTHS],
    ids=[f"{name}-{length}" for name, _, _ in BOXES for length, _ in LENGTHS],
)
def test_a_command_in_a_box_never_counts_however_long_the_box(box, why, size: int) -> None:
    """A box opened more than `MAX_MESSAGE_HTML` characters before the post's end still
    holds the bold "!Lynch" at its end: no command, and the box's own answer."""
    body = parse_message(box(_filled(size) + "<p><strong>!Lynch Bernd</strong></p>"))
    assert body.commands == ()
    assert [(s.line, s.why) for s in body.strays] == ([("!Lynch Bernd", why)] if why else [])
    if why == "quote":
        assert body.strays[0].author == "Anna"


def test_a_command_in_a_long_quote_of_few_tags_never_counts() -> None:
    """500 KB of text in one paragraph: few tags, the same cut."""
    body = parse_message(quote6("<p>" + "Bla. " * 100_000 + "</p>" + LYNCH_ANNA))
    assert (body.commands, [(s.line, s.why) for s in body.strays]) == (
        (),
        [("!Lynch Anna", "quote")],
    )


def test_a_long_post_still_counts_its_own_commands_after_a_long_quote() -> None:
    body = parse_message(quote6(_filled(1_000_000)) + "<p>Nein.</p>" + LYNCH_ANNA)
    assert body.commands == ("!Lynch Anna",)


# -- Nesting deeper than libxml2 reads (issue 34.1) -----------------------------------------
def _nested(kind: str, depth: int, inner: str) -> str:
    """`depth` boxes of `kind` in each other, each with a line of its own, `inner` in the last."""
    for _ in range(depth):
        if kind == "quotes":
            inner = quote6("<p>Ebene</p>" + inner)
        elif kind == "spoilers":
            inner = spoiler6("<p>Ebene</p>" + inner)
        else:
            inner = f"<ul><li>Ebene{inner}</li></ul>"
    return inner


DEEP = [(kind, depth) for kind in ("quotes", "spoilers", "lists") for depth in (130, 300, 3000)]


@pytest.mark.parametrize(("kind", "depth"), DEEP, ids=[f"{d}-{k}" for k, d in DEEP])
def test_a_deeply_nested_post_is_read_to_its_end(kind: str, depth: int) -> None:
    """libxml2 reads 255 levels and drops the rest: what follows the nest still counts,
    and what the innermost box holds still does not."""
    inner = "<p><strong>!Lynch Bernd</strong></p>" if kind != "lists" else "tief"
    body = parse_message(_nested(kind, depth, inner) + "<p>Danach.</p>" + LYNCH_ANNA)
    assert body.commands == ("!Lynch Anna",)
    assert body.unread is None
    assert body.text.endswith("Danach.\n!Lynch Anna")
    held = [(s.line, s.why) for s in body.strays]
    assert held == ([("!Lynch Bernd", "quote")] if kind == "quotes" else [])
    if kind == "lists":
        assert body.text.count("Ebene") == depth and "tief" in body.text


def test_a_command_at_the_end_of_a_deep_list_counts() -> None:
    """Below the depth the list's tags go, but not the weight and the lines they give."""
    nest = _nested("lists", 3000, "<strong>!Lynch Anna</strong>")
    assert parse_message(nest).commands == ("!Lynch Anna",)


def test_a_message_libxml2_cannot_read_whole_is_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flattened and still too deep (here: no flattening at all): no text, no command, and
    the end of the post to quote back to its author."""
    monkeypatch.setattr(message, "flatten_deep", lambda html, depth: html)
    body = parse_message(_nested("quotes", 300, "") + "<p>Und tschüss</p>" + LYNCH_ANNA)
    assert (body.text, body.commands, body.unread) == ("", (), "Und tschüss !Lynch Anna")


INLINE = ["strong", "em", "span", "kbd", "a", "b"]
BLOCKS = [
    "p",
    "div",
    "li",
    "pre",
    "blockquote",
    "details",
    'div class="quoteBox"',
    'div class="spoilerBox"',
    'span class="inlineCode"',
    'span style="font-weight:normal"',
    'span style="font-weight:700"',
    'a class="userMention"',
    'blockquote class="quoteBox" data-author="Bob"',
]
WORDS = st.sampled_from(["!Lynch Anna", "!Sehen Bernd", "Text", " ", "<br>", '<img alt="a">'])


def _well_formed(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    def build(tag: str, inner: list[str]) -> str:
        return f"<{tag}>{''.join(inner)}</{tag.split()[0]}>"

    return st.builds(build, st.sampled_from(INLINE + BLOCKS), st.lists(children, max_size=3))


NESTS = st.recursive(WORDS, _well_formed, max_leaves=40)


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(NESTS, min_size=1, max_size=3), st.integers(1, 8))
def test_flattening_keeps_what_is_read(parts: list[str], depth: int) -> None:
    """Whatever lies below the depth, the flattened markup gives the same commands and the
    same answers for what looks like one (in quotes, spoilers, with text after …)."""
    html = "".join(parts) + LYNCH_ANNA
    body, flat = parse_message(html), parse_message(flatten_deep(html, depth))
    assert flat.commands == body.commands
    assert [(s.line, s.why) for s in flat.strays] == [(s.line, s.why) for s in body.strays]
