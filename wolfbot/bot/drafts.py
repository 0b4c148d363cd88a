"""Draft mode: with `games.draft` on, every new thread post the bot queues – the phase posts
(Morgen, Dämmerung, Abend, the Abschlussbeitrag), the Zwischenstände and reminders in the
thread, the Eröffnungsbeitrag and its edits – is stored as a `draft` and waits for
`wolfbot approve` (the Spielleitung reads it first, e.g. a Morgen beside `wolfbot explain`).

Not held: conversations and their messages – the Rollenmitteilungen, receipts
("Angenommen"/"Abgelehnt"), questions, and the private information of the night (Seherin,
Hexe, …). Those have deadlines the players must meet the same night; holding them would
hold the game, and they reveal nothing to the public. The public side of a night – who died,
with which role – is the Morgen, which is held.

The `Desk` (`wolfbot.bot.writing`) decides: it reads the mode from the store at each new
thread post it queues, so `wolfbot draft on|off` (beside the running bot) takes effect at
once; switching it off releases nothing already held.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.store.models import GameRow


def is_draft(session: Session, game_id: int) -> bool:
    """Whether round `game_id` is in draft mode (in the caller's session)."""
    return bool(session.scalar(select(GameRow.draft).where(GameRow.id == game_id)))


def set_draft_mode(sessions: sessionmaker[Session], game_id: int, on: bool) -> bool:
    """Switch draft mode of round `game_id`; False if there is no such round."""
    with sessions.begin() as session:
        changed = session.execute(
            update(GameRow).where(GameRow.id == game_id).values(draft=on)
        ).rowcount
    return bool(changed)
