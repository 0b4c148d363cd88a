"""An outgoing message: a post in the game thread or a message in a conversation."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from bs4 import BeautifulSoup


@dataclass(frozen=True, slots=True)
class Message:
    channel: str  # thread, private, wolves, lovers, dead
    recipients: tuple[str, ...]  # who reads it privately; () for the thread
    title: str
    html: str

    @property
    def text(self) -> str:
        """The text with the markup removed (spoiler content included; a mention as a
        reader sees it, "@Name")."""
        soup = BeautifulSoup(f"<body>{self.html}</body>", "lxml")
        _mentions_as_read(soup)
        return " ".join(f"{self.title} {soup.get_text(' ')}".split())

    def lines(self) -> list[str]:
        """The body as lines of text, for a terminal."""
        return html_lines(self.html)


_TAG = re.compile(r"<[^>]+>")


def plain_text(message: Message) -> str:
    """Its title and words without the markup, cheaply (no parse: what the words are is
    all that is wanted – the conduct watch's secrets, a few per post)."""
    return " ".join(f"{message.title} {html.unescape(_TAG.sub(' ', message.html))}".split())


# a spoiler in neutral markup (`spoiler title=…`) or, in a queued message, as the forum's
# dialect wrote it (WoltLab: `woltlab-spoiler data-label=…`)
_SPOILER = re.compile(r"spoiler$")
_BLOCKS = ["p", "li", "br", "ul", "ol", "div", "blockquote", "tr", _SPOILER]
_BLOCKS += ["h1", "h2", "h3", "h4", "h5", "h6"]


def html_lines(html: str) -> list[str]:
    """A message's HTML as lines of text, as a reader sees it (for a terminal): blocks on
    lines of their own, list items with "•", a spoiler with its label, links as
    "text <URL>"; no empty lines."""
    soup = BeautifulSoup(f"<body>{html}</body>", "lxml")
    _mentions_as_read(soup)
    for item in soup.find_all("li"):
        item.insert(0, "• ")
    for spoiler in soup.find_all(_SPOILER):
        label = spoiler.get("title") or spoiler.get("data-label") or "Spoiler"
        spoiler.insert(0, f"[Spoiler: {label}]\n")
    for link in soup.find_all("a", href=True):
        link.insert_after(f" <{link['href']}>")
    for block in soup.find_all(_BLOCKS):
        block.insert_after("\n")
    text = soup.get_text("")
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def _mentions_as_read(soup: BeautifulSoup) -> None:
    """A neutral mention (`<mention>Name</mention>`) as the forum shows it: "@Name"."""
    for mention in soup.find_all("mention"):
        mention.string = "@" + mention.get_text()
