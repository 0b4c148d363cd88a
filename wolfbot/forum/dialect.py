"""A forum's dialect: how its message HTML reads and how wolfbot's neutral markup is
written in it. The transport (`Forum`) moves posts; the dialect knows what they say.

Reading: `read` turns a post's HTML as the forum shows it into a `MessageBody` (text, bold
command lines, quotes); `quotable` gives a read post back in neutral markup, to quote it.

Writing: the templates and `wolfbot.posts` write HTML with three neutral elements, and
`render` turns them into the forum's own markup when a message is queued:

    <spoiler title="Label">…</spoiler>          a box shut until opened (title optional)
    <quote author="Name" link="URL">…</quote>   a quote of a post (both attributes optional)
    <mention user="12">Name</mention>           a user mention (user: the forum's id, if known)

Attribute values and text are HTML-escaped as usual; everything else is plain HTML
(p, strong, ul, a …) that every forum takes as it is."""

from __future__ import annotations

from typing import Protocol

from wolfbot.forum.body import MessageBody, body_hash


class Dialect(Protocol):
    """What wolfbot needs to know of a forum's markup."""

    def read(self, html: str) -> MessageBody:
        """A post's HTML, as the forum shows it, read: its text and command lines."""
        ...

    def quotable(self, html: str) -> str:
        """A post's HTML, as the forum shows it, in neutral markup, to quote it back."""
        ...

    def render(self, html: str) -> str:
        """HTML in neutral markup → the HTML the forum stores."""
        ...


def content_hash(dialect: Dialect, html: str) -> str:
    """A hash of a message's visible content that ignores markup noise (whitespace, nbsp)."""
    return body_hash(dialect.read(html))
