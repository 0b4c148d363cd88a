"""Jinja2 rendering of the WoltLab shapes, and the pieces the templates need: rows of a
page (posts interleaved with modification-log rows), page windows for 5.x pagination,
dates as attributes (ISO 8601 / Unix) and as German text.

The CSRF token is rendered as a placeholder and filled in afterwards; `render()` also
returns a hash of the page without the token (the server sends no ETag, like WoltLab 6.0).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from wolfbot.forum.local import display, texts
from wolfbot.forum.local.store import LogEntry, Message, Post
from wolfbot.forum.local.urls import Links

TEMPLATES = Path(__file__).parent / "templates"
TOKEN_PLACEHOLDER = "\ue000xsrf-token\ue000"
STATIC = Path(__file__).parent / "static"
STYLESHEET = "style/local.css"  # under the forum's base URL, like WoltLab's style/style-1.css


@dataclass(frozen=True, slots=True)
class Row:
    """One `li` of a message list: a post/message (with its running number) or a log row."""

    kind: str  # "post" | "message" | "log"
    item: Post | Message | LogEntry
    index: int = 0


def interleave(
    items: list[Post] | list[Message],
    log: list[LogEntry],
    after_time: int | None,
    first_index: int,
    is_last_page: bool,
    kind: str,
) -> list[Row]:
    """`conversationMessageListLog`: before each message the log rows up to its time that
    earlier pages did not show (those up to `after_time`); on the last page the rest."""
    rows: list[Row] = []
    pending = [entry for entry in log if after_time is None or entry.time > after_time]
    for offset, item in enumerate(items):
        while pending and pending[0].time <= item.time:
            rows.append(Row("log", pending.pop(0)))
        rows.append(Row(kind, item, first_index + offset))
    if is_last_page:
        rows.extend(Row("log", entry) for entry in pending)
    return rows


def page_window(page: int, pages: int, around: int = 2) -> list[int | None]:
    """Page numbers a 5.x `nav.pagination` lists; None where it shows "…"."""
    shown = sorted({1, pages, *range(max(1, page - around), min(pages, page + around) + 1)})
    window: list[int | None] = []
    for number in shown:
        if window and isinstance(window[-1], int) and number - window[-1] > 1:
            window.append(None)
        window.append(number)
    return window


def component_window(page: int, pages: int) -> list[int | None]:
    """The page numbers 6.0's `<woltlab-core-pagination>` web component shows on a wide
    screen (`#render`): the first, a gap ("⋯", None) when it hides three or more, the
    neighbours of the current page (never a gap of one: `1 2 3`, not `1 ⋯ 3`), a gap, the
    last."""
    start, end = page - 1, page + 1
    if start == 3:
        start -= 1
    if end == pages - 2:
        end += 1
    window: list[int | None] = [1]
    if page > 4:
        window.append(None)
    window.extend(n for n in range(start, end + 1) if 1 < n < pages)
    if pages - page > 3:
        window.append(None)
    window.append(pages)
    return window


def page_url(url: str, page: int) -> str:
    """`getLinkUrl()` of the web component: `pageNo` appended with "&" or "?"."""
    return f"{url}{'&' if '?' in url else '?'}pageNo={page}"


def etag_of(html: str) -> str:
    return '"' + hashlib.sha256(html.encode("utf-8")).hexdigest()[:32] + '"'


class Renderer:
    def __init__(self, markup: str, links: Links, tz: tzinfo = UTC, site: str = "Düsterliga"):
        if markup not in ("5", "6"):
            raise ValueError(f"markup must be '5' or '6', not {markup!r}")
        self.markup = markup
        self.tz = tz
        self.links = links
        self.users: display.Users | None = None  # for mention links (set by the app)
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=StrictUndefined,
        )
        self.env.globals.update(
            markup=markup,
            links=links,
            site=site,
            stylesheet=STYLESHEET,
            token=TOKEN_PLACEHOLDER,
            iso=self.iso,
            de_datetime=lambda ts: texts.german_datetime(ts, tz),
            de_date=lambda ts: texts.german_date(ts, tz),
            de_time=lambda ts: f"{datetime.fromtimestamp(ts, tz):%H:%M}",
            utc_offset=self.utc_offset,
            page_window=page_window,
            component_window=component_window,
            page_url=page_url,
        )
        self.env.filters["shown"] = self.shown

    def shown(self, html: str) -> Markup:
        """A stored message as the page shows it (`display.show`): spoilers with their
        label, mentions as profile links."""
        return Markup(display.show(html, self.markup, self.users, self.links.user))

    def iso(self, timestamp: int) -> str:
        """PHP's `DateTime::format('c')`: `2024-01-05T14:03:00+00:00`."""
        return datetime.fromtimestamp(timestamp, self.tz).isoformat()

    def utc_offset(self, timestamp: int) -> int:
        offset = datetime.fromtimestamp(timestamp, self.tz).utcoffset()
        return int(offset.total_seconds()) if offset else 0

    def render(self, template: str, token: str, **context: Any) -> tuple[str, str]:
        """(page with the token filled in, ETag of the page without the token)."""
        html = self.env.get_template(template).render(**context)
        return html.replace(TOKEN_PLACEHOLDER, token), etag_of(html)
