"""A stored message as the local forum shows it: WoltLab's `HtmlOutputProcessor` in small.

The look-alike stores a message's HTML as it was sent (WoltLab's stored form:
`<woltlab-spoiler data-label>`, `<woltlab-metacode data-name="user">`, a typed "@Name").
A person's browser knows none of these elements, so the pages show them as WoltLab does:

* a spoiler as WoltLab 6.0's `spoilerMetaCode.tpl` (`details.spoilerBox` with
  `summary.spoilerSummary` – the label, else "Spoiler anzeigen" – and `div.spoilerContent`),
  in 5.x markup as 5.4's `div.spoilerBox.jsSpoilerBox` with the label on its header button;
* a mention of a user of the forum as a link to the user's profile: the stored metacode (its
  attribute is the user id) and the typed "@Name" / "@'Frau Holle'" (a known user's name,
  as WoltLab links it when the message is saved; the quotes are hidden by the stylesheet).

What the client reads does not change: both spoiler shapes are spoilers to WoltLab's
dialect (`wolfbot.forum.woltlab.markup`), and a mention link has the class `localMention`,
not WoltLab's `userMention` (which the dialect reads as "@Name" where the stored metacode
reads "Name"), with the text it had – so every message has the same text, commands and content
hash as stored (`tests/forum/test_local_look.py` checks it on a played demo round).
"""

from __future__ import annotations

import base64
import binascii
import functools
import html
import json
import re
from collections.abc import Callable, Sequence
from typing import Protocol

SPOILER_DEFAULT = "Spoiler anzeigen"  # wcf.bbcode.spoiler.show

_SPOILER_OPEN = re.compile(r"<woltlab-spoiler\b([^>]*)>", re.IGNORECASE)
_SPOILER_CLOSE = re.compile(r"</woltlab-spoiler\s*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
_METACODE = re.compile(
    r"<woltlab-metacode\b([^>]*)>(.*?)</woltlab-metacode\s*>", re.IGNORECASE | re.DOTALL
)
# text between tags; elements whose text is never a mention (links, code, scripts, …)
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][\w-]*)")
_QUOTE = '<span class="localMentionQuote">\'</span>'
_NO_MENTIONS = frozenset({"a", "code", "kbd", "pre", "samp", "script", "style", "textarea"})


class Person(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...


class Users(Protocol):
    """What the display needs of the forum's users."""

    def user(self, user_id: int) -> Person | None: ...
    def users(self) -> Sequence[Person]: ...


ProfileLink = Callable[[int, str], str]


def attributes(tag_inside: str) -> dict[str, str]:
    """The attributes of a start tag's inside (`data-label="…"`), unescaped."""
    found = {}
    for name, double, single, bare in _ATTRIBUTE.findall(tag_inside):
        found[name.lower()] = html.unescape(double or single or bare)
    return found


def show(html_text: str, markup: str, users: Users | None, profile: ProfileLink) -> str:
    """`html_text` (a stored message) as the page shows it; unchanged when it has no
    spoiler and no mention."""
    if "woltlab-spoiler" in html_text.lower():
        html_text = spoilers(html_text, markup)
    if users is not None and ("<woltlab-metacode" in html_text or "@" in html_text):
        html_text = mentions(html_text, users, profile)
    return html_text


def spoilers(html_text: str, markup: str) -> str:
    def opened(match: re.Match[str]) -> str:
        label = html.escape(attributes(match.group(1)).get("data-label") or SPOILER_DEFAULT)
        if markup == "5":
            return (
                '<div class="spoilerBox jsSpoilerBox"><div class="jsOnly spoilerBoxHeader">'
                f'<a href="#" role="button" class="button small jsSpoilerToggle">{label}</a>'
                '</div><div class="spoilerBoxContent">'
            )
        return (
            f'<details class="spoilerBox"><summary class="spoilerSummary">{label}</summary>'
            '<div class="spoilerContent">'
        )

    closing = "</div></div>" if markup == "5" else "</div></details>"
    return _SPOILER_CLOSE.sub(closing, _SPOILER_OPEN.sub(opened, html_text))


def _link(person: Person, text: str, profile: ProfileLink, typed: bool) -> str:
    classes = "localMention localMentionTyped" if typed else "localMention"
    href = html.escape(profile(person.id, person.name))
    return f'<a href="{href}" class="{classes}" data-object-id="{person.id}">{text}</a>'


def _metacode_user(tag_inside: str) -> int | None:
    found = attributes(tag_inside)
    if found.get("data-name") != "user":
        return None
    try:
        value = json.loads(base64.b64decode(found.get("data-attributes", ""), validate=True))
    except (ValueError, binascii.Error):
        return None
    if isinstance(value, list) and value and isinstance(value[0], int | str):
        try:
            return int(value[0])
        except ValueError:
            return None
    return None


@functools.lru_cache(maxsize=32)
def _typed(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """ "@Name" or "@'Na''me'" of one of `names` (as escaped HTML text), the longest first,
    not followed by a letter or digit."""
    if not names:
        return None
    ordered = sorted(names, key=len, reverse=True)
    quoted = "|".join(re.escape(html.escape(n.replace("'", "''"), quote=False)) for n in ordered)
    bare = "|".join(re.escape(html.escape(n, quote=False)) for n in ordered)
    return re.compile(rf"(?<!\w)@(?:'(?P<quoted>{quoted})'|(?P<bare>{bare}))(?!\w)", re.IGNORECASE)


def mentions(html_text: str, users: Users, profile: ProfileLink) -> str:
    def stored(match: re.Match[str]) -> str:
        user_id = _metacode_user(match.group(1))
        person = users.user(user_id) if user_id is not None else None
        return _link(person, match.group(2), profile, False) if person else match.group(0)

    html_text = _METACODE.sub(stored, html_text)
    if "@" not in html_text:
        return html_text
    people = {p.name.casefold(): p for p in users.users()}
    pattern = _typed(tuple(sorted(p.name for p in people.values())))
    if pattern is None:
        return html_text

    def typed(match: re.Match[str]) -> str:
        quoted = match.group("quoted")
        name = html.unescape(match.group("bare") or quoted.replace("''", "'"))
        person = people.get(name.casefold())
        if person is None:
            return match.group(0)
        # WoltLab shows "@Frau Holle": the quotes stay in the text (the client reads it as
        # typed) but are hidden by the stylesheet
        text = f"@{_QUOTE}{quoted}{_QUOTE}" if quoted is not None else match.group(0)
        return _link(person, text, profile, True)

    pieces = _TAG.split(html_text)
    closed: list[str] = []  # the open elements whose text is never a mention
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            tag = _TAG_NAME.match(piece)
            if tag and tag.group(2).lower() in _NO_MENTIONS and not piece.endswith("/>"):
                if tag.group(1):
                    if tag.group(2).lower() in closed:
                        closed.remove(tag.group(2).lower())
                else:
                    closed.append(tag.group(2).lower())
        elif not closed and "@" in piece:
            pieces[index] = pattern.sub(typed, piece)
    return "".join(pieces)
