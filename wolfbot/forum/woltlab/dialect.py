"""WoltLab's dialect (`wolfbot.forum.dialect.Dialect`): its message HTML read by `markup`,
neutral markup written as WoltLab stores a message (`html`)."""

from __future__ import annotations

from wolfbot.forum.body import MessageBody
from wolfbot.forum.woltlab import html
from wolfbot.forum.woltlab.markup.message import parse_message


class WoltLabDialect:
    """The message HTML of WoltLab Suite 5.x/6.x (and of the local look-alike)."""

    def read(self, markup: str) -> MessageBody:
        return parse_message(markup)

    def quotable(self, markup: str) -> str:
        return html.quotable(markup)

    def render(self, markup: str) -> str:
        return html.rendered(markup)


WOLTLAB = WoltLabDialect()
