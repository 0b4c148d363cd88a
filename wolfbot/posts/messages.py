"""An outgoing message: a post in the game thread or a message in a conversation."""

from __future__ import annotations

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
        """The text with the markup removed (spoiler content included)."""
        plain = BeautifulSoup(f"<body>{self.html}</body>", "lxml").get_text(" ")
        return " ".join(f"{self.title} {plain}".split())

    def lines(self) -> list[str]:
        """The body as lines of text, for a terminal."""
        soup = BeautifulSoup(f"<body>{self.html}</body>", "lxml")
        for item in soup.find_all("li"):
            item.insert(0, "• ")
        for spoiler in soup.find_all("woltlab-spoiler"):
            spoiler.insert(0, f"[Spoiler: {spoiler.get('data-label') or 'Spoiler'}]\n")
        blocks = ["p", "li", "br", "ul", "ol", "div", "h1", "h2", "h3", "h4", "woltlab-spoiler"]
        for block in soup.find_all(blocks):
            block.insert_after("\n")
        text = soup.get_text("")
        return [" ".join(line.split()) for line in text.splitlines() if line.strip()]
