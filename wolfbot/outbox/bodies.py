"""An edit's text kept once: what an older edit of a post has that the next newer edit of
the same post has not (standard library only).

The Eröffnungsbeitrag is edited again and again (each Morgen, Dämmerung and Abend adds a
link) and each edit is the whole post: kept whole, a round's store would hold the post
once per edit. So the newest edit of a post keeps its whole text, and when a newer one is
queued the one before it keeps only its `Difference` to it – the text the two do not share,
between the newer text's first `head` and last `tail` characters. Every older text is
rebuilt from the newest backwards (`restore`), so each edit can still be shown and sent as
it was; only the store is smaller (`wolfbot.outbox.rows.html_of`, migration 0013).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Difference:
    """An older text as a newer one with its middle replaced: the newer text's first `head`
    characters, then `middle`, then the newer text's last `tail` characters."""

    head: int
    middle: str
    tail: int


def difference(older: str, newer: str) -> Difference:
    """What `older` has that `newer` has not: their common beginning and end are left out."""
    shortest = min(len(older), len(newer))
    head = 0
    while head < shortest and older[head] == newer[head]:
        head += 1
    tail = 0
    while tail < shortest - head and older[-1 - tail] == newer[-1 - tail]:
        tail += 1
    return Difference(head, older[head : len(older) - tail], tail)


def restore(newer: str, kept: Difference) -> str:
    """The older text `kept` was made of (`difference(older, newer)`)."""
    return newer[: kept.head] + kept.middle + newer[len(newer) - kept.tail :]
