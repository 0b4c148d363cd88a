"""Drafts in the write queue: messages stored in state `draft` (`Outbox.enqueue(…,
draft=True)`, the bot's draft mode) wait for the Spielleitung. These functions work on the
table directly – no `Outbox` (whose start would recover the rows a running bot is sending) –
so that `wolfbot drafts|show|approve|discard` can run beside the bot:

- `approve`: `draft` → `queued`; the running bot sends it at its next tick, in its original
  place (priority, then age: an approved Morgen goes before the messages queued after it);
- `discard`: `draft` → `failed` with the reason ("discarded by the Spielleitung: …"): it is
  never sent. `Outbox.retry(key)` would revive it.

A `prefix` chooses the messages whose keys start with it (the caller's keys say which).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.outbox import rows
from wolfbot.outbox.values import QueuedMessage
from wolfbot.store.models import OutgoingMessage as Row

DISCARDED = "discarded by the Spielleitung: "


class DraftError(ValueError):
    """No such message (`problem` "unknown"), not a draft ("not_draft", its `state`), or no
    reason to discard it ("no_reason"); the message says which, in German."""

    def __init__(self, message: str, problem: str, key: str = "", state: str = "") -> None:
        super().__init__(message)
        self.problem, self.key, self.state = problem, key, state


def _row(session: Session, key: str) -> Row:
    row = rows.by_key(session, key)
    if row is None:
        raise DraftError(f"{key}: keine Nachricht mit diesem Schlüssel", "unknown", key)
    return row


def _draft_row(session: Session, key: str) -> Row:
    row = _row(session, key)
    if row.state != "draft":
        raise DraftError(f"{key}: kein Entwurf (Zustand {row.state})", "not_draft", key, row.state)
    return row


def drafts(sessions: sessionmaker[Session], prefix: str | None = None) -> list[QueuedMessage]:
    """The drafts (of the keys starting with `prefix`), in the order they would be sent."""
    with sessions() as session:
        return rows.listed(session, prefix, ["draft"])


def message(sessions: sessionmaker[Session], key: str) -> QueuedMessage:
    """The message `key`, whatever its state (DraftError if there is none)."""
    with sessions() as session:
        return rows.snapshot(_row(session, key))


def earlier_drafts(sessions: sessionmaker[Session], key: str, prefix: str) -> list[QueuedMessage]:
    """Drafts (of the keys starting with `prefix`: the same round) that would go out before
    `key` (approving `key` alone lets it overtake them)."""
    target = message(sessions, key)
    return [
        m
        for m in drafts(sessions, prefix)
        if (m.priority, m.created_at, m.id) < (target.priority, target.created_at, target.id)
    ]


def approve(sessions: sessionmaker[Session], keys: Iterable[str]) -> list[QueuedMessage]:
    """Release the drafts `keys` (all or none: DraftError names the first that is no
    draft); returns them as they are now, in sending order."""
    wanted = list(dict.fromkeys(keys))
    with sessions.begin() as session:
        released = [_draft_row(session, key) for key in wanted]
        for row in released:
            row.state, row.not_before = "queued", None
        released.sort(key=lambda r: (r.priority, r.created_at, r.id))
        return [rows.snapshot(row) for row in released]


def approve_all(sessions: sessionmaker[Session], prefix: str | None = None) -> list[QueuedMessage]:
    """Release every draft (of the keys starting with `prefix`)."""
    return approve(sessions, [m.key for m in drafts(sessions, prefix)])


def discard(sessions: sessionmaker[Session], key: str, reason: str) -> QueuedMessage:
    """Never send the draft `key`: `failed`, with the Spielleitung's reason."""
    if not reason.strip():
        raise DraftError("ein Grund ist nötig (--reason)", "no_reason", key)
    with sessions.begin() as session:
        row = _draft_row(session, key)
        row.state, row.not_before = "failed", None
        row.last_error = (DISCARDED + reason.strip())[:1000]
        return rows.snapshot(row)
