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

Whatever its length or depth, a post is read to its end: of a long one only the end is
rendered, inside the boxes that enclose it (`MAX_MESSAGE_HTML`); one nested deeper than
libxml2 reads is flattened first (`flatten_deep`); one
that still cannot be read is `MessageBody.unread`, never silently empty.
"""

from __future__ import annotations

import hashlib
import logging
import re
from functools import lru_cache
from html import unescape
from typing import NamedTuple

from lxml import etree

from wolfbot.forum.body import MessageBody, Stray
from wolfbot.forum.woltlab.markup import elements
from wolfbot.forum.woltlab.markup.nesting import MAX_DEPTH, flatten_deep, stopped_early
from wolfbot.spelling import normalize_text

log = logging.getLogger(__name__)

_HTML_WS = re.compile(r"[\t\n\r\f\v\x85\u2028\u2029]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_SPLIT = re.compile(r"(?<=\s)(?=![^\W\d_])")

_TEXT, _MENTION, _IMG, _BOX = "text", "mention", "img", "box"


class _Seg(NamedTuple):
    kind: str  # _TEXT, _MENTION (text = bare name), _IMG (text = alt) or _BOX (ignored
    # content; text = the number of a quote's or spoiler's held strays, or "")
    text: str
    bold: bool


def _contents(tag: elements.Tag) -> list[object]:
    """The children in document order, text included: ``text``, then each child element
    followed by its ``tail`` (lxml keeps the text after an element on the element)."""
    items: list[object] = [tag.text] if tag.text else []
    for child in tag:
        items.append(child)
        if child.tail:
            items.append(child.tail)
    return items


def _is_bold(tag: elements.Tag, inherited: bool) -> bool:
    return elements.bold(tag.tag, str(tag.get("style") or ""), inherited)


def _box_kind(tag: elements.Tag) -> str | None:
    return elements.kind(tag.tag, elements.classes(tag))


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


def _quote_content(tag: elements.Tag) -> elements.Tag:
    for child in tag:
        if isinstance(child.tag, str) and "quoteBoxContent" in elements.classes(child):
            return child
    return tag


_QUOTE_TITLE = re.compile(r"^(?:Zitat von|Quote from)\s+(.+?)\s*$|^(.+?)\s+(?:schrieb|wrote)\s*:?$")


def _quote_author(tag: elements.Tag) -> str | None:
    """Whom a quote quotes: the stored form's ``data-author``, else the rendered title
    ("Zitat von Anna", "Anna schrieb:"); None for a quote that names nobody."""
    author = normalize_text(str(tag.get("data-author") or ""))
    if author:
        return author
    for element in tag.iter():
        if isinstance(element.tag, str) and "quoteBoxTitle" in elements.classes(element):
            title = normalize_text(_HTML_WS.sub(" ", elements.text_content(element)))
            match = _QUOTE_TITLE.match(title)
            return (match.group(1) or match.group(2)) if match else None
    return None


class _Boxes:
    """What the message's quotes and spoilers hold: each quote's text, and per box the bold
    "!" lines in it (a box's _BOX segment carries its number)."""

    def __init__(self) -> None:
        self.quotes: list[str] = []
        self.held: list[list[Stray]] = []

    def quote(self, tag: elements.Tag) -> str:
        lines = _render(_quote_content(tag), None)
        self.quotes.append(_join(lines))
        author = _quote_author(tag)
        return self._hold([Stray(c, "quote", author) for c in _bold_commands(lines)])

    def spoiler(self, tag: elements.Tag) -> str:
        lines = _render_nodes(_contents(tag), None)
        return self._hold([Stray(c, "spoiler") for c in _bold_commands(lines)])

    def _hold(self, strays: list[Stray]) -> str:
        self.held.append(strays)
        return str(len(self.held) - 1)


def _render(root: elements.Tag, boxes: _Boxes | None) -> list[list[_Seg]]:
    """Walk ``root`` iteratively into lines. With ``boxes`` (the message itself) quote and
    spoiler boxes become _BOX segments and what they hold goes to ``boxes``; without (a
    quote's audit text) nested quotes are flattened to their content, headers dropped."""
    return _render_nodes([root], boxes)


def _render_nodes(nodes: list[object], boxes: _Boxes | None) -> list[list[_Seg]]:
    out = _Lines()
    stack: list[tuple[object, bool]] = [(node, False) for node in reversed(nodes)]
    while stack:
        node, bold = stack.pop()
        if node is None:  # end-of-block marker
            out.soft_break()
        elif isinstance(node, str):
            out.add(_Seg(_TEXT, _HTML_WS.sub(" ", node), bold))
        elif isinstance(node.tag, str) and node.tag not in elements.SKIP:  # not a comment
            _visit(node, bold, out, stack, boxes)
    out.soft_break()
    return out.lines


def _visit(tag: elements.Tag, bold: bool, out: _Lines, stack: list, boxes: _Boxes | None) -> None:
    kind, children = _box_kind(tag), _contents(tag)
    if kind == "inline":
        out.add(_Seg(_BOX, "", False))
        return
    if kind == "quote" and boxes is None:
        children = _contents(_quote_content(tag))
    elif kind is not None:
        held = ""
        if boxes is not None and kind == "quote":
            held = boxes.quote(tag)
        elif boxes is not None and kind == "spoiler":
            held = boxes.spoiler(tag)
        out.soft_break()
        out.add(_Seg(_BOX, held, False))
        out.soft_break()
        return
    if "userMention" in elements.classes(tag):
        shown = normalize_text(_HTML_WS.sub(" ", elements.text_content(tag)))
        name = shown.removeprefix("@").strip()
        if name:
            out.add(_Seg(_MENTION, name, _is_bold(tag, bold)))
    elif tag.tag == "img":
        out.add(_Seg(_IMG, _HTML_WS.sub(" ", str(tag.get("alt") or "")), bold))
    elif tag.tag == "br" and elements.SOFT_BREAK in elements.classes(tag):
        out.soft_break()  # a block `flatten_deep` took away
    elif tag.tag == "br":
        out.hard_break()
    else:
        if tag.tag in ("td", "th"):
            out.add(_Seg(_TEXT, " ", False))
        if tag.tag in elements.BLOCK or kind == "quote":
            out.soft_break()
            stack.append((None, False))
        inner = _is_bold(tag, bold)
        stack.extend((child, inner) for child in reversed(children))


def _text_of(seg: _Seg) -> str:
    if seg.kind == _MENTION:
        return f"@{seg.text}"
    if seg.kind == _BOX:
        return ""
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


def _commands(lines: list[list[_Seg]]) -> tuple[tuple[str, ...], int]:
    """Scan from the last non-empty line backwards: "Befehle müssen am Ende eines Beitrages
    stehen. Der Beitrag darf unter dem Befehl keinen weiteren Text enthalten." A line whose
    trailing bold part starts with "!" yields commands; only if that part is the whole line
    does the scan continue upwards. Image-only and empty lines are skipped. Also the number
    of lines before the commands (the lines wholly without them)."""
    found: list[list[str]] = []
    before = len(lines)
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if _is_blank_line(line):
            continue
        text, whole = _trailing_bold(line)
        if not text.startswith("!"):
            break
        found.append(_split_commands(text))
        before = index
        if not whole:
            break
    return tuple(command for group in reversed(found) for command in group), before


_COMMANDISH = re.compile(r"^![^\W\d_]")


def _bold_runs(line: list[_Seg]) -> list[str]:
    """The bold parts of a line (bold segments and the blanks between them), normalised."""
    runs, current = [], []
    for seg in line + [_Seg(_TEXT, "x", False)]:  # a plain end closes the last run
        if _bold_content(seg) or (current and _is_blank(seg)):
            current.append(" " if seg.kind == _IMG else seg.text)
        elif current:
            runs.append(normalize_text("".join(current)))
            current = []
    return runs


def _bold_commands(lines: list[list[_Seg]]) -> list[str]:
    """The bold "!" commands anywhere in the lines."""
    return [
        command
        for line in lines
        for run in _bold_runs(line)
        if _COMMANDISH.match(run)
        for command in _split_commands(run)
    ]


def _strays(lines: list[list[_Seg]], boxes: _Boxes) -> list[Stray]:
    """What looks like a command above a post's commands: bold with text after it, a line
    beginning with "!" but not bold, the bold "!" lines of quotes and spoilers."""
    out = []
    for line in lines:
        held = [int(seg.text) for seg in line if seg.kind == _BOX and seg.text]
        if held:
            out.extend(stray for index in held for stray in boxes.held[index])
            continue
        bold = _bold_commands([line])
        if bold:
            out.extend(Stray(command, "text_after") for command in bold)
            continue
        text = normalize_text("".join(map(_text_of, line))).strip()
        if _COMMANDISH.match(text):
            out.append(Stray(text, "not_bold"))
    return out


# WoltLab lets a user write 10,000 characters in a message (user.conversation.maxLength;
# administrators 100,000): of a message's HTML longer than this only the end is rendered,
# where its commands stand, so a megabyte of markup costs little more than 200 KB. libxml2
# parses all of it, and the part before the cut goes, but not what encloses the cut: a
# quote, spoiler or code box open there still holds what follows (`_cut_before`).
MAX_MESSAGE_HTML = 200_000


@lru_cache(maxsize=512)
def parse_message(html: str) -> MessageBody:
    """Parse a rendered message body; never raises. The body is immutable, so a post read,
    hashed, recorded and given to the engine is parsed once (the last 512 bodies are kept).
    Of a longer body only the last `MAX_MESSAGE_HTML` characters are rendered, in whatever
    encloses them. A body libxml2 cannot read whole even flattened (`flatten_deep`), or
    that fails otherwise, is `MessageBody.unread`: no text, no command."""
    try:
        markup = _SURROGATES.sub("\ufffd", html.replace("\x00", ""))
        root = _tree(markup)
        if root is None:
            return _unread(markup)
        boxes = _Boxes()
        lines = _render(root, boxes)
        commands, before = _commands(lines)
        strays = _strays(lines[:before], boxes)
        return MessageBody(_join(lines), commands, tuple(boxes.quotes), tuple(strays))
    except Exception:
        log.exception("a message could not be read")
        return _unread(html)


def _tree(markup: str) -> elements.Tag | None:
    """The message's tree (cut as `_cut_before` says); None when libxml2 cannot read it
    whole, flattened down to a quarter of `MAX_DEPTH` even."""
    root, trouble = _parse(markup)
    depth = MAX_DEPTH
    while trouble == "depth" and depth >= MAX_DEPTH // 4:
        root, trouble = _parse(flatten_deep(markup, depth))
        depth //= 2
    return None if trouble else root


def _parse(markup: str) -> tuple[elements.Tag, str | None]:
    """The tree of `markup` with what comes before its cut taken away, and why libxml2
    stopped before its end (`stopped_early`). Markup of fewer tags than libxml2 nests and
    shorter than its other limits needs no look at the error log: it shares one parser;
    other markup gets a parser of its own, whose log no other thread writes meanwhile."""
    marked, token = _with_cuts(markup)
    if markup.count("<") < _FEW_TAGS and len(markup) < _SHORT:
        root = _document("<html><body>" + marked, _PARSER)
        trouble = None
    else:
        parser = etree.HTMLParser(remove_comments=True, remove_pis=True)
        root = _document("<html><body>" + marked, parser)
        trouble = stopped_early(parser.error_log)
    if token and trouble is None:
        _cut_before(root, token)
    return root, trouble


def _document(markup: str, parser: etree.HTMLParser) -> elements.Tag:
    """The tree of `markup`, with plain elements: lxml.html's asks Python for each element's
    class, and that was a fifth of reading a message."""
    root = etree.fromstring(markup, parser)
    if root is None:
        raise ValueError("the message is empty")
    return root


_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True)
_FEW_TAGS, _SHORT = 250, 1_000_000  # libxml2 nests 255 levels, takes 10 MB of text at once
_CUT = "data-wolfbot-cut"


def _with_cuts(markup: str) -> tuple[str, str]:
    """A long `markup` with a mark before the tag nearest each of four places in its last
    `MAX_MESSAGE_HTML` characters (one may land where libxml2 reads no tag: in a comment,
    a script, an attribute), and the token the marks carry: a hash of the markup, which
    the markup cannot hold. A short one as it is, and no token."""
    if len(markup) <= MAX_MESSAGE_HTML:
        return markup, ""
    token = hashlib.sha256(markup.encode("utf-8", "replace")).hexdigest()[:16]
    places = set()
    for quarter in (4, 3, 2, 1):
        at = len(markup) - MAX_MESSAGE_HTML * quarter // 4
        tag = markup.find("<", at)
        if tag >= 0:
            places.add(tag)
        elif markup.rfind(">", 0, at) >= markup.rfind("<", 0, at):  # in the text at the end
            places.add(at)
    mark, parts, last = f'<img {_CUT}="{token}">', [], 0
    for place in sorted(places):
        parts += [markup[last:place], mark]
        last = place
    return "".join(parts) + markup[last:], token


def _cut_before(root: elements.Tag, token: str) -> None:
    """Take away what comes before the first mark, keeping every element that encloses it:
    a quote, spoiler, code box or bold open there holds what follows it as it did (a
    quote's author is noted on it first), then the marks. No mark (all landed where no
    tag is read): nothing is taken away."""
    marks = root.xpath(f"//img[@{_CUT}=$token]", token=token)
    if not marks:
        return
    node = marks[0]
    for enclosing in node.iterancestors():
        if _box_kind(enclosing) == "quote" and not enclosing.get("data-author"):
            author = _quote_author(enclosing)
            if author:
                enclosing.set("data-author", author)
    while (parent := node.getparent()) is not None:
        del parent[: parent.index(node)]
        parent.text = None
        node = parent
    for mark in marks:
        elements.drop_tree(mark)


_TAG = re.compile(r"<[^>]*>?")


def _unread(markup: str) -> MessageBody:
    """A body that could not be read: the end of its text, tags stripped, to quote back."""
    tail = markup[-2000:]
    if -1 < tail.find(">") < tail.find("<") or "<" not in tail:  # begins inside a tag
        tail = tail[tail.find(">") + 1 :]
    end = normalize_text(_HTML_WS.sub(" ", unescape(_TAG.sub(" ", tail))))
    return MessageBody("", (), (), unread=end if len(end) <= 80 else "…" + end[-79:])
