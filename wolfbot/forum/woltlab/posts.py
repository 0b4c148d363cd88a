"""One post or message of a saved WoltLab page -> :class:`ForumPost` (pure; used by
:mod:`wolfbot.forum.woltlab.pages`).

Markup (WoltLab/WCF and WoltLab/com.woltlab.wcf.conversation, 5.4 and 6.0; wbb per issue 3):
author ``.messageAuthor a.username.userLink[data-object-id]``, guests ``span.username``
(messageSidebar.tpl); time from attributes only: 6.x ``<woltlab-core-date-time date>``
(TimeFunctionTemplatePlugin), 5.x ``<time datetime data-timestamp>``
(TimeModifierTemplatePlugin), inside ``a.permalink.messagePublicationTime``; body
``.messageBody > .messageText`` (``.messageSignature`` never part of it); edit note
``p.messageFooterNote``: wbb "Dieser Beitrag wurde bereits N mal editiert, zuletzt von X
(Datum)" / "This post was edited N times, last by X", conversations (language item
wcf.conversation.message.editNote) "X hat diese Nachricht N Mal editiert, zuletzt: Datum." /
"X edited this message N times, last: …"; trash ``wbbPostDeleted``/``messageDeleted``,
moderation ``messageDisabled`` (and wbb's ``data-is-deleted``/``data-is-disabled``).
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime
from html import escape
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from wolfbot.forum.base import ChannelKind, ChannelRef, ForumPost
from wolfbot.forum.woltlab.markup.elements import drop_tree, text_content
from wolfbot.forum.woltlab.markup.message import parse_message

log = logging.getLogger(__name__)


def has_class(name: str) -> str:
    """An XPath predicate: the element's class list contains ``name``. The plain `contains`
    first is the same test's cheap half: most elements fail it, and libxml2 stops there
    (the whole test costs about ten times as much per element)."""
    return (
        f"contains(@class, '{name}') and "
        f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"
    )


xpath = etree.XPath
_has = has_class
_X = xpath
_DIGITS = re.compile(r"\d+")
_IS_EDIT = re.compile(r"editiert|bearbeitet|edited", re.IGNORECASE)
_EDIT_COUNT = re.compile(r"(\d+(?:[.,\u00a0\u202f]\d{3})*)\s*-?\s*(?:mal|times?)\b", re.I)
_EDIT_WORDS = {"einmal": 1, "once": 1, "zweimal": 2, "twice": 2, "dreimal": 3, "thrice": 3}
_EDIT_WORD = re.compile(r"\b(" + "|".join(_EDIT_WORDS) + r")\b", re.IGNORECASE)
_EDITOR_BY = re.compile(
    r"(?:zuletzt\s+von|last(?:\s+edit(?:ed)?)?\s+by)\s+(.+?)\s*(?:(?:bearbeitet|editiert)\s*)?"
    r"(?:\([^()]*\))?\s*[.:]?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_EDITOR_SELF = re.compile(
    r"^(.+?)\s+(?:hat\s+diese\s+Nachricht|edited\s+this\s+message)", re.IGNORECASE | re.DOTALL
)
_QUOTES = "\"'„“”‚‘’«»‹›"
_EPOCH = datetime.fromtimestamp(0, UTC)


def classes(el: Any) -> set[str]:
    return set((el.get("class") or "").split())


def text_of(el: Any) -> str:
    return " ".join(text_content(el).split())


def to_int(value: Any, default: int = 0) -> int:
    found = _DIGITS.search(str(value or ""))
    return int(found.group()) if found else default


def flag(value: str | None) -> bool | None:
    if value is None:
        return None
    return value.strip().lower() in ("1", "true", "yes")


def inner_html(el: Any) -> str:
    parts = [escape(el.text, quote=False)] if el.text else []
    parts.extend(etree.tostring(child, encoding="unicode", method="html") for child in el)
    return "".join(parts).strip()


# an absolute http(s) address of ASCII that `urljoin` gives back as it is: no space or control
# character (it would strip them), no ";" (params), "[" or "]" (an IPv6 host it checks), no
# empty host, query or fragment (it would take the base's host, drop the "?" or "#")
_PLAIN_URL = re.compile(
    r"https?://[^\x00-\x20;?#\[\]/][^\x00-\x20;?#\[\]]*(?:\?[^\x00-\x20;#\[\]]+)?(?:#[^\x00-\x20;\[\]]+)?"
)


def absolute_url(base: str, href: str) -> str:
    """`urljoin(base, href)` – at once where `href` is a plain absolute address, as a
    permalink is (urllib takes it apart and puts it together again)."""
    return href if href.isascii() and _PLAIN_URL.fullmatch(href) else urljoin(base, href)


def _parse_iso(value: str) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _time_of(el: Any) -> datetime | None:
    """6.x ``woltlab-core-date-time[date]``, 5.x ``time[datetime]``/``[data-timestamp]``."""
    if el.tag == "woltlab-core-date-time":
        return _parse_iso(el.get("date", ""))
    parsed = _parse_iso(el.get("datetime", "")) if el.get("datetime") else None
    if parsed is None and (el.get("data-timestamp") or "").strip().isdigit():
        parsed = datetime.fromtimestamp(int(el.get("data-timestamp")), UTC)
    return parsed


def time_in(scope: Any) -> datetime | None:
    """The first time element inside `scope` (`_is_time`)."""
    for el in scope.iter(*_TIME_TAGS):
        if el is not scope and _is_time(el) and (parsed := _time_of(el)) is not None:
            return parsed
    return None


_TIME_TAGS = ("woltlab-core-date-time", "time")


def _is_time(el: Any) -> bool:
    """``woltlab-core-date-time[@date]`` or ``time[@datetime or @data-timestamp]``."""
    if el.tag == "woltlab-core-date-time":
        return el.get("date") is not None
    return el.tag == "time" and (
        el.get("datetime") is not None or el.get("data-timestamp") is not None
    )


def _inside(el: Any, scope: Any) -> bool:
    """Whether `el` is a descendant of `scope` (not `scope` itself)."""
    return any(ancestor is scope for ancestor in el.iterancestors())


class _Article:
    """The parts of one post's markup `parse_post` reads, found in one walk over the
    article in document order: the elements of each class it looks for, the time elements
    and the ``meta[itemprop=datePublished]`` elements. (An XPath per part walked the article
    once each, and they were a third of reading a page.)"""

    WANTED = frozenset(
        "messageAuthor username messageText messageSignature"
        " messagePublicationTime messageHeader messageFooterNote".split()
    )

    def __init__(self, article: Any) -> None:
        self.article = article
        self.by_class: dict[str, list[Any]] = {}
        self.times: list[Any] = []
        self.published: list[Any] = []  # ``meta[itemprop=datePublished]``
        wanted, by_class = self.WANTED, self.by_class
        walk = article.iter(etree.Element)  # elements only: no comment, no instruction
        next(walk)  # the article itself: every part is inside it
        for el in walk:
            if names := el.get("class"):
                for name in wanted.intersection(names.split()):
                    by_class.setdefault(name, []).append(el)
            if _is_time(el):
                self.times.append(el)
            elif el.tag == "meta" and el.get("itemprop") == "datePublished":
                self.published.append(el)

    def having(self, name: str, tag: str | None = None) -> list[Any]:
        """The elements with class `name` (and tag `tag`), in document order."""
        found = self.by_class.get(name, [])
        return [el for el in found if el.tag == tag] if tag else found

    def authors(self) -> list[Any]:
        """``.messageAuthor .username``: a name inside the author's box."""
        boxes = self.having("messageAuthor")
        return [el for el in self.having("username") if any(_inside(el, box) for box in boxes)]

    def texts(self) -> list[Any]:
        """``.messageBody > .messageText``, else any ``.messageText``."""
        inside_body = [
            el
            for el in self.having("messageText")
            if (parent := el.getparent()) is not None
            and parent is not self.article
            and "messageBody" in classes(parent)
        ]
        return inside_body or self.having("messageText")

    def signatures_in(self, text: Any) -> list[Any]:
        return [el for el in self.having("messageSignature") if _inside(el, text)]

    def still_here(self, elements: list[Any]) -> list[Any]:
        """Those of `elements` a dropped signature did not take away."""
        return [el for el in elements if _inside(el, self.article)]

    def time(self) -> datetime | None:
        """The first readable time inside the permalink, else inside the header, else the
        ``datePublished`` meta."""
        times = self.still_here(self.times)
        scopes = self.having("messagePublicationTime", "a") + self.having("messageHeader")
        for scope in self.still_here(scopes):
            for el in times:
                if _inside(el, scope) and (parsed := _time_of(el)) is not None:
                    return parsed
        for meta in self.still_here(self.published):
            if (parsed := _parse_iso(meta.get("content") or "")) is not None:
                return parsed
        return None

    def edit_info(self) -> tuple[int, str | None]:
        """(edit count, editor) of the first edit note (``p.messageFooterNote``)."""
        for note in self.still_here(self.having("messageFooterNote", "p")):
            links = [el for el in note.iter("a") if {"userLink", "username"} & classes(el)]
            parsed = parse_edit_note(text_of(note), text_of(links[0]) if links else None)
            if parsed:
                return parsed
        return 0, None


def parse_edit_note(note: str, editor_link: str | None = None) -> tuple[int, str | None] | None:
    """(edit count, editor) from an edit note's text; None when it is no edit note."""
    if not _IS_EDIT.search(note):
        return None
    if found := _EDIT_COUNT.search(note):
        count = int(re.sub(r"\D", "", found.group(1)))
    elif found := _EDIT_WORD.search(note):
        count = _EDIT_WORDS[found.group(1).lower()]
    else:
        count = 1
    editor = editor_link
    if not editor and (match := _EDITOR_BY.search(note) or _EDITOR_SELF.search(note)):
        editor = match.group(1)
    editor = editor.strip().strip(_QUOTES).strip() if editor else None
    return count, editor or None


def parse_post(article: Any, kind: ChannelKind, channel: ChannelRef, page: int, base: str) -> Any:
    """A ForumPost, or None for rows that are no post (log entries, the quick reply)."""
    own = classes(article)
    if kind == "thread":
        raw_id = article.get("data-post-id")
    elif "jsMessage" in own or (
        article.getparent() is not None
        and str(article.getparent().get("id", "")).startswith("message")
    ):
        raw_id = article.get("data-object-id")
    else:
        raw_id = None
    post_id = to_int(raw_id, 0) if raw_id and raw_id.strip().isdigit() else 0
    if post_id <= 0:
        return None
    parts = _Article(article)
    authors = parts.authors()
    author = text_of(authors[0]) if authors else ""
    user_id = to_int(authors[0].get("data-object-id") if authors else None, 0) or to_int(
        article.get("data-user-id"), 0
    )
    texts = parts.texts()
    html = ""
    if texts:
        for signature in parts.signatures_in(texts[0]):
            drop_tree(signature)
        html = inner_html(texts[0])
    time = parts.time()
    if time is None:
        log.warning("post %s has no machine-readable time", post_id)
    edits, editor = parts.edit_info()
    outer = own | (classes(article.getparent()) if article.getparent() is not None else set())
    links = parts.still_here(parts.having("messagePublicationTime", "a"))
    return ForumPost(
        post_id=post_id,
        channel=channel,
        author=author,
        author_id=user_id or None,
        time=time or _EPOCH,
        html=html,
        edit_count=edits,
        edited_by=editor,
        deleted=bool(outer & {"wbbPostDeleted", "messageDeleted"})
        or bool(flag(article.get("data-is-deleted"))),
        disabled="messageDisabled" in outer or bool(flag(article.get("data-is-disabled"))),
        url=absolute_url(base, links[0].get("href")) if links and links[0].get("href") else "",
        parsed=parse_message(html),
        page=page,
    )
