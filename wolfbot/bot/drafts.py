"""Draft mode: with `games.draft` on, every new thread post the bot queues – the phase posts
(Morgen, Dämmerung, Abend, the Abschlussbeitrag), the Zwischenstände and reminders in the
thread, the Eröffnungsbeitrag and its edits – is stored as a `draft` and waits for
`wolfbot approve` (the Spielleitung reads it first, e.g. a Morgen beside `wolfbot explain`).

Not held: conversations and their messages – the Rollenmitteilungen, receipts
("Angenommen"/"Abgelehnt"), questions, and the private information of the night (Seherin,
Hexe, …). Those have deadlines the players must meet the same night; holding them would
hold the game, and they reveal nothing to the public. The public side of a night – who died,
with which role – is the Morgen, which is held.

The mode is read from the store at each new message, so `wolfbot draft on|off` (beside the
running bot) takes effect at once; switching it off releases nothing already held.
"""

from __future__ import annotations

import re

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.forum.outbox_types import NewMessage
from wolfbot.store.models import GameRow

_GAME_KEY = re.compile(r"^g(\d+)/")  # `channels.Keys`: every key of a round starts so


def is_thread_post(message: NewMessage) -> bool:
    """A post or an edit in a thread (what draft mode holds)."""
    return message.kind in ("post", "edit") and (message.channel or "").startswith("thread:")


def draft_mode(sessions: sessionmaker[Session], game_id: int) -> bool:
    with sessions() as session:
        return bool(session.scalar(select(GameRow.draft).where(GameRow.id == game_id)))


def set_draft_mode(sessions: sessionmaker[Session], game_id: int, on: bool) -> bool:
    """Switch draft mode of round `game_id`; False if there is no such round."""
    with sessions.begin() as session:
        changed = session.execute(
            update(GameRow).where(GameRow.id == game_id).values(draft=on)
        ).rowcount
    return bool(changed)


class DraftHold:
    """The write queue's `hold`: a thread post of a round in draft mode is a draft."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._sessions = sessions

    def __call__(self, message: NewMessage) -> bool:
        found = _GAME_KEY.match(message.key)
        if found is None or not is_thread_post(message):
            return False
        return draft_mode(self._sessions, int(found.group(1)))
