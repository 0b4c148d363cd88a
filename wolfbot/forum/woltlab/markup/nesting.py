"""How libxml2 nests, and markup nested deeper than it reads written again flatter.

libxml2 (lxml) stops at a nesting depth of 256 ("Excessive depth in document") and drops the
rest of the document without raising: one post of ~125 nested quote boxes would hide every
post after it on its page. `flatten_deep` walks such markup as a stream of `tokens` and
writes it again, flatter, with libxml2's facts below (2.14, HTMLparser.c: htmlStartClose,
htmlEndPriority): which elements hold nothing (`VOID`), which hold raw text (`RAW_TEXT`),
which end tag may close which open elements (`END_PRIORITY`), which start tag closes which
open element first (`CLOSED_BY`). `tests/forum/test_woltlab_markup_nesting.py` checks each
against the installed libxml2.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import unescape
from typing import Any, NamedTuple

from wolfbot.forum.woltlab.markup import elements

# elements libxml2 never gives content (HTML5's `wbr`, `source`, `track`, `embed` are not)
VOID = frozenset("area base basefont br col frame hr img input isindex link meta param".split())
# elements whose content is text up to their end tag; `plaintext` runs to the document's end
RAW_TEXT = frozenset("iframe noembed noframes script style textarea title xmp".split())
PLAINTEXT = "plaintext"
# a second <html>, <head> or <body> is merged into the first; their end tags wait for the end
DOCUMENT = frozenset({"html", "head", "body"})
# an end tag closes the open elements above its element only if none of them ranks higher;
# otherwise it is ignored (htmlAutoCloseOnClose). Unlisted elements rank 100.
END_PRIORITY = {
    "div": 150,
    "td": 160,
    "th": 160,
    "tr": 170,
    "thead": 180,
    "tbody": 180,
    "tfoot": 180,
    "table": 190,
    "head": 200,
    "body": 200,
    "html": 220,
}
DEFAULT_PRIORITY = 100
# the start tags that close an open element first (htmlAutoClose: while the element on top
# of the open ones is one of these, it is closed); no other element is closed by a start tag
_CLOSES = {
    "a": "a fieldset table td th",
    "address": "dd dl dt form li ul",
    "b": "center p td th",
    "big": "p",
    "caption": "col colgroup tbody tfoot thead tr",
    "colgroup": "colgroup tbody tfoot thead tr",
    "dd": "dt",
    "dir": "dd dl dt form ul",
    "dl": "form li",
    "dt": "dd dl",
    "font": "center td th",
    "form": "form",
    "i": "center p td th",
    "legend": "fieldset",
    "li": "li",
    "menu": "dd dl dt form ul",
    "ol": "form",
    "option": "optgroup option",
    "p": "address blockquote caption center col colgroup dd dir div dl dt fieldset form"
    " frameset h1 h2 h3 h4 h5 h6 hr li menu ol p pre table tbody td tfoot th title tr ul xmp",
    "pre": "dd dl dt fieldset form li table ul",
    "s": "p",
    "small": "p",
    "span": "td th",
    "strike": "p",
    "tbody": "tbody tfoot",
    "td": "tbody td tfoot th tr",
    "tfoot": "tbody",
    "th": "tbody td tfoot th tr",
    "thead": "tbody tfoot",
    "tr": "tbody tfoot tr",
    "tt": "p",
    "u": "p td th",
    "ul": "address form menu pre",
} | dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), "fieldset form li p table")
CLOSED_BY = {name: frozenset(names.split()) for name, names in _CLOSES.items()}


def closes(start: str, open_element: str) -> bool:
    """Whether a start tag `start` closes the element `open_element` on top of the open ones."""
    closing = CLOSED_BY.get(open_element)
    return closing is not None and start in closing


def stays_open(name: str) -> bool:
    """An element no start tag closes: only its end tag, or an enclosing element's, does."""
    return name not in CLOSED_BY


class Token(NamedTuple):
    """One piece of markup: `kind` is "text", "start", "end", "raw" (an element of
    `RAW_TEXT` with its text and end tag) or "other" (a comment, a doctype); `source` is
    the piece as written, `name` the tag's name in lower case, `attrs` what stands between
    the name and the tag's end, `closed` whether the tag ends in "/>"."""

    kind: str
    source: str
    name: str = ""
    attrs: str = ""
    closed: bool = False


# HTML5's tokenizer, which libxml2 2.14 follows: an attribute's value is quoted only right
# after its "="; a "/" that ends a tag closes it, one inside an unquoted value does not
_ATTR = r"""[^\s/>][^\s/>=]*+(?:\s*+=\s*+(?:"[^"]*+"|'[^']*+'|[^\s>]++))?"""
_MARKUP = re.compile(
    r"(?P<comment><!--(?:-?>|.*?--!?>|.*\Z))"
    r"|(?P<bogus><(?:!|\?|/(?![A-Za-z]))[^>]*+>?)"
    rf"|</(?P<end>[A-Za-z][^\s/>]*+)(?:\s++|/|{_ATTR})*+>"
    rf"|<(?P<start>[A-Za-z][^\s/>]*+)(?P<attrs>(?:\s++|/(?!>)|{_ATTR})*+)(?P<closed>/?)>",
    re.DOTALL,
)


# the end tag of a raw-text element: "</script" followed by a space, "/" or ">"
_RAW_ENDS = {name: re.compile(rf"</{name}(?=[\s/>])[^>]*+>?", re.IGNORECASE) for name in RAW_TEXT}


def tokens(markup: str) -> Iterator[Token]:
    """The markup as libxml2 tokenizes it; a "<" that starts no tag is text."""
    position = 0
    search = _MARKUP.search
    while (found := search(markup, position)) is not None:
        if found.start() > position:
            yield Token("text", markup[position : found.start()])
        position = found.end()
        if found["end"] is not None:
            yield Token("end", found.group(), found["end"].lower())
            continue
        name = found["start"]
        if name is None:
            yield Token("other", found.group())
            continue
        name = name.lower()
        if name in RAW_TEXT or name == PLAINTEXT:
            closing = _RAW_ENDS[name].search(markup, position) if name != PLAINTEXT else None
            position = closing.end() if closing is not None else len(markup)
            yield Token("raw", markup[found.start() : position], name)
            continue
        yield Token("start", found.group(), name, found["attrs"], bool(found["closed"]))
    if position < len(markup):
        yield Token("text", markup[position:])


def end_priority(name: str) -> int:
    return END_PRIORITY.get(name, DEFAULT_PRIORITY)


def stopped_early(errors: Iterable[Any]) -> str | None:
    """Why libxml2 stopped before the document's end, from a parser's `error_log`: "depth"
    (nested deeper than it reads), "limit" (another of its limits, such as a text of more
    than 10 MB), None when it read all of it."""
    why = None
    for error in errors:
        if error.type_name == "ERR_RESOURCE_LIMIT" or error.level_name == "FATAL":
            if "depth" in error.message.lower():
                return "depth"
            why = "limit"
    return why


# -- Nesting libxml2 cannot read ------------------------------------------------------------
# libxml2 reads 255 levels of nesting and drops the rest of the document
# (above). `flatten_deep` writes such markup again, what lies deeper than
# MAX_DEPTH flattened, so that everything after it is read; of the flattened part stays what
# `_render` reads: the text, its weight, where its lines end, what a quote, spoiler or
# code hides, mentions.
MAX_DEPTH = 200  # the flattening adds at most 4 levels, the document 2: libxml2 reads them
_BREAK = f'<br class="{elements.SOFT_BREAK}">'
_NOT_BOLD = '<span style="font-weight:normal">'
_READ, _QUOTED, _SPOILED, _HIDDEN = "read", "quoted", "spoiled", "hidden"


def _inside(outer: str, name: str, kind: str | None) -> str:
    """Where the content of an element lies – read as the message's own text (`_READ`), as
    a quote's text, as a spoiler's, or never – within an element whose content lies
    `outer` (`_render` reads a quote or spoiler of the message as its text, and in it
    a quote as text too and every other box not at all)."""
    if outer == _HIDDEN or name in elements.SKIP:
        return _HIDDEN
    if kind is None or (kind == "quote" and outer != _READ):
        return outer
    if kind == "quote":
        return _QUOTED
    return _SPOILED if kind == "spoiler" and outer == _READ else _HIDDEN


@dataclass(slots=True)
class _Open:
    """An element open at a point of the markup, as `flatten_deep` follows it. `sure`: where
    its content lies in libxml2's tree for certain, by the boxes written that only their own
    end tag closes (`stays_open`); `shown`: the weight libxml2 gives its content (of the
    elements written); `written`: the elements of the output it opened (0: flattened
    away); `flat`: opened below the depth, its end is written as `end`."""

    name: str
    where: str
    sure: str
    bold: bool
    shown: bool
    written: int = 0
    flat: bool = True
    end: str = ""
    mention: bool = False  # its content is a mention's: text only (`_visit`)


_ATTRIBUTE = re.compile(
    r"""\s++|/|([^\s/>][^\s/>=]*+)(?:\s*+=\s*+(?:"([^"]*+)"|'([^']*+)'|([^\s>]++)))?"""
)


def _attributes(attrs: str) -> tuple[set[str], str]:
    """The classes and the style of a start tag's attributes (the first of a name counts)."""
    found: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(attrs):
        name = (match.group(1) or "").lower()
        if name in ("class", "style") and name not in found:
            found[name] = unescape(match.group(2) or match.group(3) or match.group(4) or "")
    return set(found.get("class", "").split()), found.get("style", "")


class _Flattening:
    """`flatten_deep`'s walk: the elements open (`stack`, the document at the bottom), the
    output, and how many of the output's elements are open (`written`)."""

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.out: list[str] = []
        self.stack = [_Open("", _READ, _READ, False, False, flat=False)]
        self.written = 0

    def _put(self, *pieces: str) -> None:
        """Write `pieces`; a line break right after one is none (it ends no line)."""
        for piece in pieces:
            if piece and not (piece == _BREAK and self.out and self.out[-1] == _BREAK):
                self.out.append(piece)

    def text(self, source: str) -> None:
        top = self.stack[-1]
        if not top.flat or top.mention or (top.bold == top.shown and top.where != _HIDDEN):
            self.out.append(source)
        elif top.where != _HIDDEN:  # its weight, where the elements written give another
            self.out.append(f"<b>{source}</b>" if top.bold else f"{_NOT_BOLD}{source}</span>")

    def leaf(self, token: Token) -> None:
        """A comment, a doctype, a raw-text element, an element without content."""
        top = self.stack[-1]
        if not top.flat:
            self.out.append(token.source)
        elif top.where == _HIDDEN or top.mention or token.kind == "other":
            return
        elif token.kind == "raw":
            if token.name not in elements.SKIP:
                self.out.append(token.source)
        elif token.name in ("br", "img"):
            self.out.append(token.source)
        elif token.name in elements.BLOCK:  # <hr>
            self._put(_BREAK)

    def start(self, token: Token) -> None:
        top, name = self.stack[-1], token.name
        classes, style = _attributes(token.attrs)
        kind = elements.kind(name, classes)
        where, bold = _inside(top.where, name, kind), elements.bold(name, style, top.bold)
        if top.where == _READ and where in (_QUOTED, _SPOILED):  # read on its own (`_Boxes`),
            # not bold at first
            bold = elements.bold(name, style, False) if where == _QUOTED else False
        mention = top.mention or "userMention" in classes
        if not top.flat and self.written < self.depth:
            sure = _inside(top.sure, name, kind) if stays_open(name) else top.sure
            shown = bold if where != top.where else elements.bold(name, style, top.shown)
            opened = _Open(name, where, sure, bold, shown, 1, False, mention=mention)
            self.out.append(token.source)
        else:
            opened = self._flattened(top, token, kind, where, bold, classes, style)
        self.stack.append(opened)
        self.written += opened.written
        if token.closed:  # "<div/>": libxml2 closes it at once
            self._close(len(self.stack) - 1, None)

    def _flattened(
        self,
        top: _Open,
        token: Token,
        kind: str | None,
        where: str,
        bold: bool,
        classes: set[str],
        style: str,
    ) -> _Open:
        """An element below the depth: its tags go, what `_render` reads of it stays."""
        name, attrs = token.name, token.attrs
        away = _Open(name, where, top.sure, bold, top.shown, mention=top.mention)
        if top.where == _HIDDEN or top.mention:  # never read, or a mention's text
            return away
        if where == _HIDDEN:  # code, inline code, a spoiler in a quote: a box of nothing
            if name not in elements.SKIP:
                box = "<kbd></kbd>"
                self._put(*((box,) if kind == "inline" else (_BREAK, box, _BREAK)))
            return away
        if where != top.where or (kind == "quote" and top.sure != where):
            # a quote or spoiler begins: as an element that only its own end tag closes
            tag = name if stays_open(name) else ("blockquote" if kind == "quote" else "div")
            self.out.append(f"<{tag}{attrs}>")
            shown = bold if top.where == _READ else elements.bold(tag, style, top.shown)
            return _Open(name, where, where, bold, shown, 1, True, f"</{tag}>")
        if kind == "quote":  # a quote in a quote: read as its text, on lines of its own
            self._put(_BREAK)
            away.end = _BREAK
            return away
        if "userMention" in classes:
            wrap = "" if top.bold == top.shown else ("<b>" if top.bold else _NOT_BOLD)
            unwrap = "" if not wrap else ("</b>" if top.bold else "</span>")
            self.out.append(f"{wrap}<{name}{attrs}>")
            end = f"</{name}>{unwrap}"
            return _Open(name, where, top.sure, bold, bold, 1 + bool(wrap), True, end, True)
        if name in elements.BLOCK:  # a block still ends a line
            self._put(_BREAK)
            away.end = _BREAK
        elif name in ("td", "th"):
            self.out.append(" ")
        return away

    def opening(self, name: str) -> None:
        """A start tag `name` comes: the elements on top that it closes close (`closes`)."""
        while len(self.stack) > 1 and closes(name, self.stack[-1].name):
            self._close(len(self.stack) - 1, None)

    def end(self, token: Token) -> None:
        """An end tag closes its element and all open above it – unless one of those
        ranks higher (`END_PRIORITY`) or none is open: then libxml2 ignores it."""
        for index in range(len(self.stack) - 1, 0, -1):
            name = self.stack[index].name
            if name == token.name:
                self._close(index, token.source)
                return
            if end_priority(name) > end_priority(token.name):
                break
        if not self.stack[-1].flat:
            self.out.append(token.source)

    def _close(self, index: int, source: str | None) -> None:
        """Close the element at `index` (by its end tag `source`) and those above it; libxml2
        closes an element it read itself, the flattening those it wrote."""
        for above in reversed(self.stack[index + 1 :]):
            if above.flat:
                self._put(above.end)
        closed = self.stack[index]
        self._put(closed.end if closed.flat else source or "")
        self.written -= sum(element.written for element in self.stack[index:])
        del self.stack[index:]


def flatten_deep(markup: str, depth: int = MAX_DEPTH) -> str:
    """`markup` written again with what lies deeper than `depth` elements flattened, for
    libxml2 to read whole: below the depth an element's tags go and its text stays, in
    its weight (`<b>` or a normal-weight span where the elements written give another);
    a block or hidden box leaves a line break (`elements.SOFT_BREAK`), a hidden box an empty
    `<kbd>`; a quote or spoiler that begins there, or a mention, stays as an element.
    What a quote, spoiler or code box hides stays hidden. Above the depth, the markup
    is written as it was."""
    flattening = _Flattening(depth)
    for token in tokens(markup):
        if token.kind == "text":
            flattening.text(token.source)
        elif token.kind == "end":
            if token.name in DOCUMENT:  # libxml2 waits for the document's end
                flattening.leaf(token)
            else:
                flattening.end(token)
        elif token.kind == "other" or token.name in DOCUMENT:
            flattening.leaf(token)
        else:
            flattening.opening(token.name)
            if token.kind == "start" and token.name not in VOID:
                flattening.start(token)
            else:
                flattening.leaf(token)
    return "".join(flattening.out)
