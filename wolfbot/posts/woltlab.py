"""WoltLab message HTML the posts need beyond plain tags: user mentions, and text that
WoltLab's BBCode parser leaves alone.

WoltLab (5.x/6.x) stores a mention as a metacode element whose only attribute is the user id,
base64-encoded JSON (``[123]``), with the user name as its text. When the bot does not know a
user's id it writes the mention as a user types it, "@Name" (or "@'Frau Holle'" for a name
with a blank or a comma); WoltLab turns it into the stored form when the message is saved."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Mapping

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


def mentioner(user_ids: Mapping[str, int]) -> Callable[[str], Markup]:
    """`mention` with the ids the bot knows (by exact name, else by case-folded name)."""
    folded = {name.casefold(): uid for name, uid in user_ids.items()}

    def _mention(name: str) -> Markup:
        uid = user_ids.get(name)
        if uid is None:
            uid = folded.get(name.casefold())
        return mention(name, uid)

    return _mention


def without_bbcode(html: str) -> str:
    """`html` with every "[" written as "&#91;". WoltLab runs its BBCode parser over the
    message HTML as a string when it saves a message (`HtmlInputProcessor::process` →
    `HtmlBBCodeParser::parse`), so a "[b]" or "[url=…]" in a name or a command the bot
    repeats would become markup in its post. "&#91;" is the same "[" to every reader (in
    text and in attribute values alike) but no tag to the parser."""
    return html.replace("[", "&#91;")


def mentioned_user_ids(html: str) -> list[int]:
    """The user ids of the stored mentions in `html` (for tests and checks)."""
    ids = []
    for value in re.findall(r'data-name="user" data-attributes="([^"]*)"', html):
        ids.extend(int(v) for v in json.loads(base64.b64decode(value)))
    return ids
