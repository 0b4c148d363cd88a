"""WoltLab's markup reader's facts about libxml2 against the installed libxml2 (lxml): the
flattening of markup nested too deep (`wolfbot.forum.woltlab.markup.nesting.flatten_deep`)
follows them, so an lxml whose libxml2 nests otherwise must fail here, not read posts
wrongly."""

from __future__ import annotations

import lxml.html
import pytest

from wolfbot.forum.woltlab.markup.nesting import (
    CLOSED_BY,
    DEFAULT_PRIORITY,
    END_PRIORITY,
    RAW_TEXT,
    VOID,
    Token,
    closes,
    end_priority,
    stopped_early,
    tokens,
)

TAGS = """a abbr acronym address applet article aside audio b bdi bdo big blink blockquote
button canvas caption center cite code col colgroup data datalist dd del details dfn dialog
dir div dl dt em embed fieldset figcaption figure font footer form frameset h1 h2 h3 h4 h5 h6
header hgroup hr i iframe img ins kbd keygen label legend li main map mark marquee menu meter
nav nobr noembed noframes noscript object ol optgroup option output p picture pre progress q
rp rt ruby s samp script search section select slot small source span strike strong style sub
summary sup table tbody td template textarea tfoot th thead time title tr track tt u ul var
video wbr xmp woltlab-quote woltlab-spoiler x-y area base basefont br frame input isindex
link meta param""".split()
CONTAINERS = [tag for tag in TAGS if tag not in VOID and tag not in RAW_TEXT]


def body(markup: str) -> lxml.html.HtmlElement:
    parser = lxml.html.HTMLParser()
    return lxml.html.document_fromstring(f"<html><body>{markup}", parser=parser).find("body")


def inside(root: lxml.html.HtmlElement, inner: str, outer: str) -> bool:
    found = root.xpath(f"//*[@id='{inner}']")
    return bool(found) and any(a.get("id") == outer for a in found[0].iterancestors())


@pytest.mark.parametrize("tag", TAGS)
def test_an_element_holds_content_unless_void_or_raw_text(tag: str) -> None:
    root = body(f"<{tag} id=e><b id=c>x</b>")
    assert inside(root, "c", "e") == (tag not in VOID and tag not in RAW_TEXT)


@pytest.mark.parametrize("open_tag", CONTAINERS)
def test_which_start_tag_closes_an_open_element(open_tag: str) -> None:
    closing = set()
    for tag in TAGS:
        root = body(f"<div><{open_tag} id=o><{tag} id=n>x</{tag}></div>")
        if root.xpath("//*[@id='n']") and not inside(root, "n", "o"):
            closing.add(tag)
    assert closing == CLOSED_BY.get(open_tag, frozenset()) & set(TAGS)
    assert all(closes(tag, open_tag) for tag in closing)


PRIORITIES = [
    (low, high)
    for high in sorted(set(END_PRIORITY) - {"html", "head", "body"})
    for low in ("b", "span", "div", "td", "table")
    if low != high and not closes(high, low)
]


@pytest.mark.parametrize(
    ("low", "high"), PRIORITIES, ids=[f"{low}-{high}" for low, high in PRIORITIES]
)
def test_an_end_tag_does_not_close_an_element_that_ranks_higher(low: str, high: str) -> None:
    """`</low>` with `high` open inside `low`: ignored if `high` ranks higher."""
    root = body(f"<{low} id=l><{high} id=h>x</{low}><i id=after>y</i>")
    assert inside(root, "h", "l")
    assert inside(root, "after", "h") == (end_priority(high) > end_priority(low))


def test_unlisted_elements_rank_by_default() -> None:
    assert end_priority("span") == DEFAULT_PRIORITY


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        ("<div class=a/>x", [("start", "div", False), ("text", "", False)]),
        ("<div class='a'/>x", [("start", "div", True), ("text", "", False)]),
        (
            '<a title="1 > 2">x</a>',
            [("start", "a", False), ("text", "", False), ("end", "a", False)],
        ),
        ("<script>if (a<b) '</div>'</script>", [("raw", "script", False)]),
        ("<!-- <p> --><p>", [("other", "", False), ("start", "p", False)]),
        ("a < b <3", [("text", "", False)]),
        ("<P CLASS=x>", [("start", "p", False)]),
    ],
    ids=["slash-in-value", "self-closed", "gt-in-quotes", "script", "comment", "lt", "case"],
)
def test_tokens_as_libxml2_reads_them(markup: str, expected: list[tuple[str, str, bool]]) -> None:
    got = [(t.kind, t.name, t.closed) for t in tokens(markup)]
    assert got == expected
    assert "".join(t.source for t in tokens(markup)) == markup
    assert isinstance(next(tokens(markup)), Token)


def test_what_stopped_libxml2_early() -> None:
    parser = lxml.html.HTMLParser()
    lxml.html.document_fromstring("<html><body>" + "<b>" * 300, parser=parser)
    assert stopped_early(parser.error_log) == "depth"
    lxml.html.document_fromstring("<html><body><b>x</i>", parser=parser)
    assert stopped_early(parser.error_log) is None
