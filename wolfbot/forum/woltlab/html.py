"""WoltLab's message HTML as wolfbot writes it: the neutral markup of the posts
(`wolfbot.forum.dialect`) rendered in WoltLab's tags (`rendered`), user mentions, text that
WoltLab's BBCode parser leaves alone, and a read post in neutral markup to quote it.

WoltLab (5.x/6.x) stores a mention as a metacode element whose only attribute is the user id,
base64-encoded JSON (``[123]``), with the user name as its text. When the bot does not know a
user's id it writes the mention as a user types it, "@Name" (or "@'Frau Holle'" for a name
with a blank or a comma); WoltLab turns it into the stored form when the message is saved."""

from __future__ import annotations

import base64
import json
import re
from html import unescape
from typing import Any

import lxml.html
from markupsafe import Markup, escape

_NEEDS_QUOTES = re.compile(r"[\s,]|^'")


def mention(name: str, user_id: int | None = None) -> Markup:
    """The stored form of a mention of `name` (or the typed form without an id)."""
    if user_id is not None:
        attributes = base64.b64encode(json.dumps([int(user_id)]).encode()).decode("ascii")
        return Markup(
            f'<woltlab-metacode data-name="user" data-attributes="{attributes}">'
            f"{escape(name)}</woltlab-metacode>"
        )
    if _NEEDS_QUOTES.search(name) and len(name) >= 3:
        quoted = name.replace("'", "''")
        return Markup(f"@'{escape(quoted)}'")
    return Markup(f"@{escape(name)}")


def without_bbcode(html: str) -> str:
    """`html` with every "[" written as "&#91;". WoltLab runs its BBCode parser over the
    message HTML as a string when it saves a message (`HtmlInputProcessor::process` →
    `HtmlBBCodeParser::parse`), so a "[b]" or "[url=…]" in a name or a command the bot
    repeats would become markup in its post. "&#91;" is the same "[" to every reader (in
    text and in attribute values alike) but no tag to the parser."""
    return html.replace("[", "&#91;")


_NEUTRAL = re.compile(
    r'<(/?)(spoiler|quote)\b([^>]*)>|<mention(?: user="(\d+)")?>([^<]*)</mention>'
)
_ATTRIBUTES = {"title": "data-label", "author": "data-author", "link": "data-link"}
_ATTRIBUTE = re.compile(r'(?<![\w-])(title|author|link)="')
_TAGS = {"spoiler": "woltlab-spoiler", "quote": "woltlab-quote"}


def rendered(html: str) -> str:
    """Neutral markup as WoltLab stores it: `woltlab_tags`, then `without_bbcode`."""
    return without_bbcode(woltlab_tags(html))


def woltlab_tags(html: str) -> str:
    """The neutral elements in WoltLab's: a spoiler as `woltlab-spoiler` (its title as
    `data-label`), a quote as `woltlab-quote` (`data-author`, `data-link`), a mention in its
    stored form (`mention`)."""

    def _tag(match: re.Match[str]) -> str:
        closing, name, attributes, user, text = match.groups()
        if name is None:
            return str(mention(unescape(text), int(user) if user else None))
        written = _ATTRIBUTE.sub(lambda m: f'{_ATTRIBUTES[m[1]]}="', attributes)
        return f"<{closing}{_TAGS[name]}{written}>"

    return _NEUTRAL.sub(_tag, html)


def mentioned_user_ids(html: str) -> list[int]:
    """The user ids of the stored mentions in `html` (for tests and checks)."""
    ids = []
    for value in re.findall(r'data-name="user" data-attributes="([^"]*)"', html):
        ids.extend(int(v) for v in json.loads(base64.b64decode(value)))
    return ids


# -- a kept post quoted back ------------------------------------------------------------------
Element = Any  # an lxml element (`lxml.html.HtmlElement`)
_KEPT_TAGS = frozenset(
    "p strong b em i u s del ins sub sup ul ol li pre code kbd h1 h2 h3 h4 h5 h6".split()
)
_DROPPED = frozenset({"script", "style", "template", "noscript", "iframe", "object", "button"})
_BOX_PARTS = frozenset({"quoteBoxIcon", "quoteBoxTitle", "spoilerBoxHeader", "spoilerSummary"})
_QUOTE_TITLE = re.compile(r"^(?:Zitat von|Quote from)\s+(.+?)$|^(.+?)\s+(?:schrieb|wrote):?$")


def quotable(html: str) -> Markup:
    """A post as the bot read it (WoltLab's rendered HTML) in neutral markup, to quote it:
    plain formatting kept without attributes, a link with its address, a quote (with its
    author), a spoiler (with its label), a mention by name (WoltLab writes it as the typed
    "@Name"), a smiley as its text; any other element is left out around its text, scripts
    and styles altogether."""
    if not html.strip():
        return Markup("")
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    return Markup("".join(_inside(root)))


def _classes(element: Element) -> set[str]:
    return set(str(element.get("class") or "").split())


def _text(element: Element) -> str:
    return " ".join(element.text_content().split())


def _inside(element: Element) -> list[str]:
    parts = [str(escape(element.text or ""))]
    for child in element:
        parts.append(_element(child))
        parts.append(str(escape(child.tail or "")))
    return parts


def _element(element: Element) -> str:
    if not isinstance(element.tag, str):
        return ""  # a comment or processing instruction
    tag, classes = element.tag.lower(), _classes(element)
    inner = "".join(_inside(element))
    if tag in _DROPPED or tag == "summary" or classes & _BOX_PARTS:
        return ""
    if tag in ("blockquote", "woltlab-quote") or "quoteBox" in classes:
        author = element.get("data-author") or _titled(element, "quoteBoxTitle")
        match = _QUOTE_TITLE.match(author)
        author = (match.group(1) or match.group(2)) if match else author
        named = f' author="{escape(author)}"' if author else ""
        return f"<quote{named}>{inner}</quote>"
    if tag in ("details", "woltlab-spoiler") or "spoilerBox" in classes:
        label = element.get("data-label") or _titled(element, "spoilerSummary", "summary")
        label = label or _titled(element, "jsSpoilerToggle")
        named = f' title="{escape(label)}"' if label and label != "Spoiler anzeigen" else ""
        return f"<spoiler{named}>{inner}</spoiler>"
    if (
        tag == "a"
        and "userMention" in classes
        or (tag == "woltlab-metacode" and element.get("data-name") == "user")
    ):
        name = _text(element).lstrip("@")
        return f"<mention>{escape(name)}</mention>" if name else ""
    if tag == "img":
        return str(escape(element.get("alt") or ""))
    if tag == "a":
        href = str(element.get("href") or "")
        return f'<a href="{escape(href)}">{inner}</a>' if href.startswith("http") else inner
    if tag in ("br", "hr"):
        return f"<{tag}>"
    return f"<{tag}>{inner}</{tag}>" if tag in _KEPT_TAGS else inner


def _titled(element: Element, css_class: str, tag: str = "") -> str:
    """The text of the first element inside with this class (or tag), "" if none."""
    for item in element.iter():
        if isinstance(item.tag, str) and (css_class in _classes(item) or item.tag == tag):
            return _text(item)
    return ""
