"""The rounds and who plays them: a game, its players, reserves and observers with their roles
and conversations, the Spielleitung's role changes, the deadlines of open questions and the
schedule of the moments the bot acts at. Part of the store's repository (`records`): every
function is one transaction of its own."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from wolfbot.store.errors import StoreError
from wolfbot.store.lookups import (
    add_role_change,
    find_player,
    game_row,
    open_question,
    player_row,
    schedule_entry,
    utc_now,
)
from wolfbot.store.models import GameRow, PlayerRow, ScheduleEntry

PlayerKind = Literal["player", "reserve", "observer"]


@dataclass(frozen=True, slots=True)
class NewPlayer:
    name: str
    kind: PlayerKind = "player"
    position: int | None = None  # place in the Spielerliste
    forum_user_id: int | None = None
    signed_up_at: datetime | None = None
    role: str | None = None  # the starting role, once distributed
    conversation_id: int | None = None


@dataclass(frozen=True, slots=True)
class Due:
    game_id: int
    name: str
    due_at: datetime


# -- games and players -------------------------------------------------------------------------
def create_game(
    session: Session,
    *,
    title: str,
    ruleset: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    thread_id: int | None = None,
    signup_thread_id: int | None = None,
    now: datetime | None = None,
    context: Mapping[str, Any] | None = None,
    draft: bool = False,
    ballot_words: Sequence[str] = (),
) -> int:
    """A new round in sign-up; returns its id. `context`: the round's PostContext as JSON
    (`wolfbot.posts.context_json`); `draft`: every thread post waits for approval;
    `ballot_words`: the ruleset's `Ruleset.ballot_words` (none: only the thread's commands
    are the day's votes)."""
    with session.begin():
        game = GameRow(
            title=title,
            ruleset=ruleset,
            seed=seed,
            options=dict(options or {}),
            created_at=now or utc_now(),
            phase="signup",
            status="signup",
            thread_id=thread_id,
            signup_thread_id=signup_thread_id,
            context=dict(context) if context is not None else None,
            draft=draft,
            ballot_words=list(ballot_words),
        )
        session.add(game)
        session.flush()
        return game.id


def set_threads(
    session: Session, game_id: int, *, thread_id: int | None, signup_thread_id: int | None
) -> None:
    with session.begin():
        game = game_row(session, game_id)
        game.thread_id = thread_id
        game.signup_thread_id = signup_thread_id


def add_players(session: Session, game_id: int, players: Iterable[NewPlayer]) -> list[int]:
    """Add players, reserves and observers; returns their ids. A name already in the game
    is refused (`StoreError`), and then none of them is added."""
    with session.begin():
        game_row(session, game_id)
        rows = []
        for new in players:
            if find_player(session, game_id, new.name) is not None:
                raise StoreError(f"{new.name} is already in game {game_id}")
            row = PlayerRow(
                game_id=game_id,
                name=new.name,
                kind=new.kind,
                position=new.position,
                forum_user_id=new.forum_user_id,
                signed_up_at=new.signed_up_at,
                role=new.role,
                conversation_id=new.conversation_id,
            )
            session.add(row)
            session.flush()
            rows.append(row.id)
        return rows


def set_roles(session: Session, game_id: int, roles: Mapping[str, str]) -> None:
    """The starting roles (player name → role), once distributed."""
    with session.begin():
        for name, role in roles.items():
            player_row(session, game_id, name).role = role


def set_conversation(session: Session, game_id: int, name: str, conversation_id: int) -> None:
    """The conversation of the player's Rollenmitteilung (his private channel)."""
    with session.begin():
        player_row(session, game_id, name).conversation_id = conversation_id


def withdraw_player(session: Session, game_id: int, name: str, at: datetime) -> None:
    with session.begin():
        player_row(session, game_id, name).withdrawn_at = at


def change_role(
    session: Session,
    game_id: int,
    name: str,
    role: str,
    reason: str,
    *,
    now: datetime | None = None,
) -> None:
    """A role change by the Spielleitung (`override`), with its reason. Role changes by the
    rules come from RoleChanged events and need no call."""
    with session.begin():
        add_role_change(session, game_id, name, role, now or utc_now(), reason=reason)


# -- questions and the schedule ----------------------------------------------------------------
def set_question_deadline(
    session: Session, game_id: int, player: str, kind: str, deadline: datetime
) -> None:
    """The deadline of the player's open question of this kind (then the lot decides)."""
    with session.begin():
        question = open_question(session, game_id, player_row(session, game_id, player).id, kind)
        if question is None:
            raise StoreError(f"{player} has no open question {kind!r} in game {game_id}")
        question.deadline = deadline


def schedule(session: Session, game_id: int, name: str, due_at: datetime) -> None:
    """Plan (or move) a moment the bot acts at, e.g. "dusk 2". A moment already done is
    left as it is."""
    with session.begin():
        game_row(session, game_id)
        entry = session.scalar(
            select(ScheduleEntry).where(
                ScheduleEntry.game_id == game_id, ScheduleEntry.name == name
            )
        )
        if entry is None:
            session.add(ScheduleEntry(game_id=game_id, name=name, due_at=due_at))
        elif entry.done_at is None:
            entry.due_at = due_at


def due(session: Session, now: datetime, game_id: int | None = None) -> list[Due]:
    """The moments due by `now` and not done, oldest first."""
    with session.begin():
        query = select(ScheduleEntry).where(
            ScheduleEntry.done_at.is_(None), ScheduleEntry.due_at <= now
        )
        if game_id is not None:
            query = query.where(ScheduleEntry.game_id == game_id)
        rows = session.scalars(query.order_by(ScheduleEntry.due_at, ScheduleEntry.id)).all()
        return [Due(r.game_id, r.name, r.due_at) for r in rows]


def mark_waiting(
    session: Session, game_id: int, name: str, why: str, *, now: datetime | None = None
) -> None:
    """A due moment that cannot be carried out yet, and why (shown by `wolfbot status`); the
    first time it waited stays."""
    with session.begin():
        entry = schedule_entry(session, game_id, name)
        if entry.waiting_since is None:
            entry.waiting_since = now or utc_now()
        entry.waiting = why


def mark_done(session: Session, game_id: int, name: str, *, now: datetime | None = None) -> None:
    with session.begin():
        schedule_entry(session, game_id, name).done_at = now or utc_now()
