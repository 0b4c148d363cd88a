"""What an element of a post means to a reader of commands: hidden (`SKIP`), a block
that ends a line (`BLOCK`), bold (`bold`), a box whose content is never a command (`kind`:
a quote, a spoiler, code), and the soft line break the flattening writes (`SOFT_BREAK`)."""

from __future__ import annotations

import re
from typing import Any

Tag = Any  # an lxml element (`lxml.etree._Element`); text nodes are plain `str`

_WEIGHT = re.compile(r"font-weight\s*:\s*([^;!]+)", re.IGNORECASE)

SKIP = frozenset({"script", "style", "template", "noscript", "head", "title", "iframe", "object"})
BLOCK = frozenset(
    "address article aside blockquote body caption center dd details dialog div dl dt fieldset"
    " figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main nav ol p"
    " pre section summary table tbody tfoot thead tr ul".split()
)
SOFT_BREAK = "wolfbotSoftBreak"  # a `<br>` of this class ends a line only if it has text


def classes(tag: Tag) -> set[str]:
    return set((tag.get("class") or "").split())


def text_content(tag: Tag) -> str:
    """All the text inside `tag` (comments and processing instructions are none)."""
    return "".join(tag.itertext())


def drop_tree(tag: Tag) -> None:
    """Take `tag` and what it holds out of its tree; the text after it stays."""
    parent = tag.getparent()
    if parent is None:
        return
    if tag.tail:
        previous = tag.getprevious()
        if previous is None:
            parent.text = (parent.text or "") + tag.tail
        else:
            previous.tail = (previous.tail or "") + tag.tail
    parent.remove(tag)


def font_weight(style: str) -> bool | None:
    """Bold per inline style (last declaration wins); ``None`` when the style says nothing."""
    if not style:  # most elements have none
        return None
    found = _WEIGHT.findall(style)
    value = found[-1].strip().lower() if found else ""
    if value in ("bold", "bolder"):
        return True
    if value in ("normal", "lighter"):
        return False
    try:
        return float(value) >= 600
    except ValueError:
        return None


def bold(name: str, style: str, inherited: bool) -> bool:
    """``<strong>``, ``<b>`` or ``font-weight: bold|600..900``; an explicit normal weight wins."""
    weight = font_weight(style)
    if weight is not None:
        return weight
    return inherited or name in ("strong", "b")


def kind(name: str, classes: set[str]) -> str | None:
    """Content that is never a command and never part of ``text``."""
    if name in ("blockquote", "woltlab-quote") or "quoteBox" in classes:
        return "quote"
    if name in ("details", "woltlab-spoiler") or classes & {"spoilerBox", "jsSpoilerBox"}:
        return "spoiler"
    if name == "pre" or "codeBox" in classes:
        return "code"
    if name in ("code", "kbd", "samp") or "inlineCode" in classes:
        return "inline"
    return None
