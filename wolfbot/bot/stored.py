"""What the bot reads back from the store: the round to rebuild, and the few questions the
`records` repository does not answer (which game is the latest, how far each channel was
processed, whether a post was recorded with other content, whether a deadline was done).

Read-only: every write goes through `wolfbot.store.records`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.engine import events as ev
from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.store import interventions, records
from wolfbot.store.interventions import StoredIntervention
from wolfbot.store.models import (
    GameRow,
    InputPost,
    PlayerRow,
    QuestionRow,
    ReadMarkRow,
    ScheduleEntry,
)
from wolfbot.store.records import StoredInput

ScheduleState = Literal["missing", "pending", "done"]


class RoundNotFound(LookupError):
    """No such game in the store, or it has no players (its start was interrupted)."""


@dataclass(frozen=True, slots=True)
class StoredRound:
    """A round as the store holds it: enough to rebuild the `Game` and its channels."""

    game_id: int
    title: str
    ruleset: str
    seed: int
    options: dict[str, Any]
    thread_id: int | None
    roster: tuple[tuple[str, str], ...]  # (name, starting role) in the engine's order
    conversations: dict[str, int]  # player → his Rollenmitteilung's conversation id
    events: tuple[ev.Event, ...]  # the recorded log
    # processed posts and applied interventions (`interventions.merge`), in processing order
    inputs: tuple[StoredInput | StoredIntervention, ...]
    context: dict[str, Any] | None = None  # the PostContext it was started with, as JSON


def latest_game(sessions: sessionmaker[Session]) -> int | None:
    """The newest game that has players, finished or not: a round killed right after its
    last deadline still has its Abschlussbeitrag to queue. (A game whose start was
    interrupted before its players were stored is never loaded.)"""
    with sessions() as session:
        return session.scalar(
            select(func.max(GameRow.id)).where(
                GameRow.id.in_(select(PlayerRow.game_id).where(PlayerRow.kind == "player"))
            )
        )


def load_round(sessions: sessionmaker[Session], game_id: int) -> StoredRound:
    with sessions() as session:
        game = session.get(GameRow, game_id)
        if game is None:
            raise RoundNotFound(f"no game {game_id} in the store")
        players = session.scalars(
            select(PlayerRow)
            .where(PlayerRow.game_id == game_id, PlayerRow.kind == "player")
            .order_by(PlayerRow.position, PlayerRow.id)
        ).all()
        row = (game.title, game.ruleset, game.seed, dict(game.options or {}), game.thread_id)
        context = dict(game.context) if game.context is not None else None
    if not players:
        raise RoundNotFound(f"game {game_id} has no players (its start was interrupted)")
    with sessions() as session:
        events = tuple(records.load_events(session, game_id))
        posts = records.load_inputs(session, game_id)
        inputs = interventions.merge(posts, interventions.applied(session, game_id))
    roles = {p.name: p.role for p in players}
    names = [p.name for p in players if p.withdrawn_at is None]
    if events and isinstance(events[0], ev.GameStarted):
        names = list(events[0].players)  # exactly the roster the game was started with
    missing = [name for name in names if not roles.get(name)]
    if missing:
        raise RoundNotFound(f"game {game_id}: no starting role for {', '.join(missing)}")
    return StoredRound(
        game_id=game_id,
        title=row[0],
        ruleset=row[1],
        seed=row[2],
        options=row[3],
        thread_id=row[4],
        roster=tuple((name, str(roles[name])) for name in names),
        conversations={p.name: p.conversation_id for p in players if p.conversation_id},
        events=events,
        inputs=inputs,
        context=context,
    )


def read_floors(session: Session, game_id: int) -> dict[str, int]:
    """Per forum channel ("thread:12"), the highest post id processed: reading continues
    after it on a restart. Posts after it that the bot skipped (its own) are read again and
    skipped again; nothing after it was processed, so nothing is lost."""
    with session.begin():
        rows = session.execute(
            select(InputPost.channel, func.max(InputPost.post_id))
            .where(InputPost.game_id == game_id, InputPost.processed_at.is_not(None))
            .group_by(InputPost.channel)
        ).all()
        return {channel: int(post_id) for channel, post_id in rows}


def read_marks(session: Session, game_id: int) -> dict[ChannelRef, ReadMark]:
    """Where the reading of each channel continues, as the last poll left it."""
    with session.begin():
        rows = session.scalars(select(ReadMarkRow).where(ReadMarkRow.game_id == game_id)).all()
        return {ChannelRef.parse(row.channel): ReadMark.from_json(row.mark) for row in rows}


def save_read_marks(
    session: Session, game_id: int, marks: dict[ChannelRef, ReadMark], now: datetime
) -> None:
    """Store the marks of one poll (one transaction): a restart resumes there."""
    with session.begin():
        rows = {
            row.channel: row
            for row in session.scalars(select(ReadMarkRow).where(ReadMarkRow.game_id == game_id))
        }
        for channel, mark in marks.items():
            data = mark.to_json()
            row = rows.get(str(channel))
            if row is None:
                row = ReadMarkRow(game_id=game_id, channel=str(channel), mark=data, updated_at=now)
                session.add(row)
            elif row.mark != data:
                row.mark, row.updated_at = data, now


def schedule_state(session: Session, game_id: int, name: str) -> ScheduleState:
    """Whether the schedule entry `name` is "done", still to come ("pending") or "missing"."""
    with session.begin():
        done_at = session.execute(
            select(ScheduleEntry.done_at).where(
                ScheduleEntry.game_id == game_id, ScheduleEntry.name == name
            )
        ).first()
        if done_at is None:
            return "missing"
        return "pending" if done_at[0] is None else "done"


@dataclass(frozen=True, slots=True)
class OpenQuestion:
    """A question the store has unanswered, by its deadline's name ("question 7")."""

    player: str
    kind: str
    prompt: str


def open_question(session: Session, game_id: int, name: str) -> OpenQuestion | None:
    """The unanswered question the deadline (or reminder target) `name` is about."""
    words = name.split()
    if len(words) != 2 or words[0] != "question" or not words[1].isdigit():
        return None
    with session.begin():
        found = session.execute(
            select(PlayerRow.name, QuestionRow.kind, QuestionRow.prompt)
            .join(PlayerRow, PlayerRow.id == QuestionRow.player_id)
            .where(QuestionRow.id == int(words[1]), QuestionRow.game_id == game_id)
            .where(QuestionRow.answered_at.is_(None))
        ).first()
    return OpenQuestion(*found) if found is not None else None
