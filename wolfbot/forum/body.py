"""What a post says, read out of its markup by the forum's dialect: the visible text, the
bold command lines at its end, the quotes, and the command-like lines that do not count.

League rule: "Alle Befehle beginnen mit einem Ausrufezeichen und sind in fetter schwarzer
Schrift zu erteilen ... Befehle müssen am Ende eines Beitrages stehen." Every forum's
dialect gives its posts in this shape; the intake, the edits and the store read only it."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from wolfbot.spelling import normalize_text


@dataclass(frozen=True, slots=True)
class Stray:
    """A line that looks like a command but does not count, and why: ``text_after`` (bold,
    but text follows it), ``not_bold``, ``quote`` (bold, in a quote – ``author`` is the
    quoted one, None when the quote names nobody) or ``spoiler`` (bold, in a spoiler)."""

    line: str
    why: str
    author: str | None = None


@dataclass(frozen=True, slots=True)
class MessageBody:
    """``text``: visible text without quotes/spoilers/code, one normalised line per line;
    ``commands``: the trailing bold "!" lines; ``quotes``: text of each top-level quote;
    ``strays``: what looks like a command elsewhere in the post, in document order."""

    text: str
    commands: tuple[str, ...]
    quotes: tuple[str, ...]
    strays: tuple[Stray, ...] = ()
    # not None: the message could not be read (nested too deep even flattened, or broken);
    # the end of its text, tags stripped, to quote it back to its author
    unread: str | None = None


@functools.lru_cache(maxsize=4096)  # a post is hashed when read, checked and recorded
def body_hash(body: MessageBody) -> str:
    """A hash of a post's visible content that ignores markup noise (whitespace, nbsp): an
    edit that changes only the markup is the same post."""
    text = normalize_text(body.text) + "\x00" + "\x00".join(body.commands)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
