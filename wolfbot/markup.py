"""Forum message HTML (inner HTML of WoltLab's ``.messageText``) -> :class:`MessageBody`.

League rule: "Alle Befehle beginnen mit einem Ausrufezeichen und sind in fetter schwarzer
Schrift zu erteilen ... Befehle müssen am Ende eines Beitrages stehen. Der Beitrag darf unter
dem Befehl keinen weiteren Text enthalten."

Shapes handled (WoltLab Suite 3.x-6.x output templates): quotes ``blockquote.quoteBox`` with
``div.quoteBoxIcon``/``div.quoteBoxTitle``/``div.quoteBoxContent``; spoilers 6.x
``details.spoilerBox`` > ``summary`` + ``div.spoilerContent``, 5.x ``div.spoilerBox.jsSpoilerBox``;
code ``div.codeBox`` > ``pre.codeBoxCode``, inline code ``<kbd>``; mentions
``a.userMention`` (name without "@", the "@" is CSS ``::before``; old shapes carry "@").
The color ("schwarz") is not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import lxml.html

from wolfbot.spelling import normalize_text

__all__ = ["MessageBody", "normalize_text", "parse_message"]


@dataclass(frozen=True, slots=True)
class MessageBody:
    """``text``: visible text without quotes/spoilers/code, one normalised line per line;
    ``commands``: the trailing bold "!" lines; ``quotes``: text of each top-level quote."""

    text: str
    commands: tuple[str, ...]
    quotes: tuple[str, ...]


_HTML_WS = re.compile(r"[\t\n\r\f\v\x85\u2028\u2029]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_SPLIT = re.compile(r"(?<=\s)(?=![^\W\d_])")
_WEIGHT = re.compile(r"font-weight\s*:\s*([^;!]+)", re.IGNORECASE)

_SKIP = frozenset({"script", "style", "template", "noscript", "head", "title", "iframe", "object"})
_BLOCK = frozenset(
    "address article aside blockquote body caption center dd details dialog div dl dt fieldset"
    " figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main nav ol p"
    " pre section summary table tbody tfoot thead tr ul".split()
)
_TEXT, _MENTION, _IMG, _BOX = "text", "mention", "img", "box"


class _Seg(NamedTuple):
    kind: str  # _TEXT, _MENTION (text = bare name), _IMG (text = alt) or _BOX (ignored content)
    text: str
    bold: bool


Tag = Any  # an lxml element (`lxml.html.HtmlElement`); text nodes are plain `str`


def _classes(tag: Tag) -> set[str]:
    return set((tag.get("class") or "").split())


def _contents(tag: Tag) -> list[object]:
    """The children in document order, text included: ``text``, then each child element
    followed by its ``tail`` (lxml keeps the text after an element on the element)."""
    items: list[object] = [tag.text] if tag.text else []
    for child in tag:
        items.append(child)
        if child.tail:
            items.append(child.tail)
    return items


def _font_weight(tag: Tag) -> bool | None:
    """Bold per inline style (last declaration wins); ``None`` when the style says nothing."""
    found = _WEIGHT.findall(str(tag.get("style") or ""))
    value = found[-1].strip().lower() if found else ""
    if value in ("bold", "bolder"):
        return True
    if value in ("normal", "lighter"):
        return False
    try:
        return float(value) >= 600
    except ValueError:
        return None


def _is_bold(tag: Tag, inherited: bool) -> bool:
    """``<strong>``, ``<b>`` or ``font-weight: bold|600..900``; an explicit normal weight wins."""
    weight = _font_weight(tag)
    if weight is not None:
        return weight
    return inherited or tag.tag in ("strong", "b")


def _box_kind(tag: Tag) -> str | None:
    """Content that is never a command and never part of ``text``."""
    name, classes = tag.tag, _classes(tag)
    if name in ("blockquote", "woltlab-quote") or "quoteBox" in classes:
        return "quote"
    if name in ("details", "woltlab-spoiler") or classes & {"spoilerBox", "jsSpoilerBox"}:
        return "spoiler"
    if name == "pre" or "codeBox" in classes:
        return "code"
    if name in ("code", "kbd", "samp") or "inlineCode" in classes:
        return "inline"
    return None


class _Lines:
    """Collects segments into lines; blocks end a non-empty line, ``<br>`` always ends one."""

    def __init__(self) -> None:
        self.lines: list[list[_Seg]] = []
        self.current: list[_Seg] = []

    def add(self, seg: _Seg) -> None:
        self.current.append(seg)

    def soft_break(self) -> None:
        if any(seg.kind != _TEXT or normalize_text(seg.text) for seg in self.current):
            self.lines.append(self.current)
        self.current = []

    def hard_break(self) -> None:
        self.lines.append(self.current)
        self.current = []


def _is_blank(seg: _Seg) -> bool:
    return seg.kind == _IMG or (seg.kind == _TEXT and not normalize_text(seg.text))


def _is_blank_line(line: list[_Seg]) -> bool:
    return all(_is_blank(seg) for seg in line)


def _quote_content(tag: Tag) -> Tag:
    for child in tag:
        if isinstance(child.tag, str) and "quoteBoxContent" in _classes(child):
            return child
    return tag


def _render(root: Tag, quotes: list[str] | None) -> list[list[_Seg]]:
    """Walk ``root`` iteratively into lines. With ``quotes`` (the message itself) quote boxes
    become _BOX segments and their text is appended to ``quotes``; without (a quote's audit
    text) nested quotes are flattened to their content, headers dropped."""
    out = _Lines()
    stack: list[tuple[object, bool]] = [(root, False)]
    while stack:
        node, bold = stack.pop()
        if node is None:  # end-of-block marker
            out.soft_break()
        elif isinstance(node, str):
            out.add(_Seg(_TEXT, _HTML_WS.sub(" ", node), bold))
        elif isinstance(node.tag, str) and node.tag not in _SKIP:  # not a comment
            _visit(node, bold, out, stack, quotes)
    out.soft_break()
    return out.lines


def _visit(tag: Tag, bold: bool, out: _Lines, stack: list, quotes: list[str] | None) -> None:
    kind, children = _box_kind(tag), _contents(tag)
    if kind == "inline":
        out.add(_Seg(_BOX, "", False))
        return
    if kind == "quote" and quotes is None:
        children = _contents(_quote_content(tag))
    elif kind is not None:
        out.soft_break()
        out.add(_Seg(_BOX, "", False))
        out.soft_break()
        if kind == "quote":
            quotes.append(_join(_render(_quote_content(tag), None)))
        return
    if "userMention" in _classes(tag):
        name = normalize_text(_HTML_WS.sub(" ", tag.text_content())).removeprefix("@").strip()
        if name:
            out.add(_Seg(_MENTION, name, _is_bold(tag, bold)))
    elif tag.tag == "img":
        out.add(_Seg(_IMG, _HTML_WS.sub(" ", str(tag.get("alt") or "")), bold))
    elif tag.tag == "br":
        out.hard_break()
    else:
        if tag.tag in ("td", "th"):
            out.add(_Seg(_TEXT, " ", False))
        if tag.tag in _BLOCK or kind == "quote":
            out.soft_break()
            stack.append((None, False))
        inner = _is_bold(tag, bold)
        stack.extend((child, inner) for child in reversed(children))


def _text_of(seg: _Seg) -> str:
    if seg.kind == _MENTION:
        return f"@{seg.text}"
    return f" {seg.text} " if seg.kind == _IMG else seg.text


def _box_only(line: list[_Seg]) -> bool:
    return any(seg.kind == _BOX for seg in line) and all(
        seg.kind == _BOX or _is_blank(seg) for seg in line
    )


def _join(lines: list[list[_Seg]]) -> str:
    """Visible text; lines holding only ignored boxes are dropped, edges trimmed."""
    texts = [normalize_text("".join(map(_text_of, line))) for line in lines if not _box_only(line)]
    return "\n".join(texts).strip("\n")


def _trailing_bold(line: list[_Seg]) -> tuple[str, bool]:
    """The maximal trailing bold part of ``line`` ("bold segments plus whitespace between
    them"), normalised, and whether it makes up the whole line. Images are neutral."""
    start = len(line)
    while start and (_is_blank(line[start - 1]) or _bold_content(line[start - 1])):
        start -= 1
    part = "".join(" " if seg.kind == _IMG else seg.text for seg in line[start:])
    return normalize_text(part), start == 0


def _bold_content(seg: _Seg) -> bool:
    return seg.bold and seg.kind in (_TEXT, _MENTION)


def _split_commands(text: str) -> list[str]:
    """``!Alpha Bernd !Fressen Dora`` -> two commands: split before every "!" that follows
    whitespace and is followed by a letter."""
    return [part.strip() for part in _SPLIT.split(text) if part.strip()]


def _commands(lines: list[list[_Seg]]) -> tuple[str, ...]:
    """Scan from the last non-empty line backwards: "Befehle müssen am Ende eines Beitrages
    stehen. Der Beitrag darf unter dem Befehl keinen weiteren Text enthalten." A line whose
    trailing bold part starts with "!" yields commands; only if that part is the whole line
    does the scan continue upwards. Image-only and empty lines are skipped."""
    found: list[list[str]] = []
    for line in reversed(lines):
        if _is_blank_line(line):
            continue
        text, whole = _trailing_bold(line)
        if not text.startswith("!"):
            break
        found.append(_split_commands(text))
        if not whole:
            break
    return tuple(command for group in reversed(found) for command in group)


# WoltLab lets a user write 10,000 characters in a message (user.conversation.maxLength;
# administrators 100,000): a message's HTML longer than this is read from its end only,
# where its commands stand, so a megabyte of markup costs what 200 KB cost.
MAX_MESSAGE_HTML = 200_000


@lru_cache(maxsize=512)
def parse_message(html: str) -> MessageBody:
    """Parse a rendered message body; never raises (worst case an empty body). The body is
    immutable, so a post read, hashed, recorded and given to the engine is parsed once
    (the last 512 bodies are kept). Of a longer body only the last `MAX_MESSAGE_HTML`
    characters are read."""
    html = html[-MAX_MESSAGE_HTML:]
    try:
        markup = _SURROGATES.sub("\ufffd", html.replace("\x00", ""))
        root = lxml.html.document_fromstring("<html><body>" + markup, parser=_PARSER)
        quotes: list[str] = []
        lines = _render(root, quotes)
        return MessageBody(_join(lines), _commands(lines), tuple(quotes))
    except Exception:  # contract: garbage in, empty body out
        return MessageBody("", (), ())


_PARSER = lxml.html.HTMLParser(remove_comments=True, remove_pis=True)
