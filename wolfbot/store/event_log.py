"""The game's event log: events recorded without gaps, each at its index in the engine's log
(`SequenceError` otherwise), and what they change in the same transaction – the game's
phase and status, role changes, questions. `record_events`, `load_events` and `next_seq`
are transactions of their own (part of the store's repository, `records`); `check_next`
and `add_events` work inside the caller's (`inputs.record_input`), staging the events in
its `RowBatch`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from wolfbot.engine import events as ev
from wolfbot.engine.spec import Ruleset
from wolfbot.posts.wording import worded
from wolfbot.rulesets.loader import load
from wolfbot.store.batch import RowBatch
from wolfbot.store.errors import SequenceError
from wolfbot.store.lookups import (
    add_role_change,
    game_row,
    open_question,
    player_row,
    schedule_entry,
    utc_now,
)
from wolfbot.store.models import CommandRow, EventRow, GameRow, QuestionRow
from wolfbot.store.results import event_from_payload, event_payload


# -- events ------------------------------------------------------------------------------------
def record_events(
    session: Session,
    game_id: int,
    events: Sequence[ev.Event],
    start_seq: int,
    *,
    now: datetime | None = None,
    done: str | None = None,
) -> int:
    """Record events no post caused (the start of the game, an advance at a deadline, an
    override); `start_seq` is the index of the first in the engine's log. `done` names a
    schedule entry this advance carried out: it is marked done in the same transaction.

    Returns how many were recorded: 0 when exactly these events are stored already (a
    repeated call), `SequenceError` when other events are, or the batch would leave a gap."""
    now = now or utc_now()
    with session.begin():
        game = game_row(session, game_id)
        following = _next_seq(session, game_id)
        if not events:
            added = 0
        elif start_seq < following:
            stored = session.scalars(
                select(EventRow)
                .where(EventRow.game_id == game_id, EventRow.seq >= start_seq)
                .where(EventRow.seq < start_seq + len(events))
                .order_by(EventRow.seq)
            ).all()
            if [event_from_payload(r.type, r.payload) for r in stored] != list(events):
                raise SequenceError(f"game {game_id} holds other events from seq {start_seq} on")
            added = 0
        else:
            batch = RowBatch(session)
            batch.cache[_NEXT_SEQ, game_id] = following
            check_next(batch, game_id, start_seq)
            add_events(batch, game, events, start_seq, now, None)
            batch.write()
            added = len(events)
        if done is not None:
            schedule_entry(session, game_id, done).done_at = now
        return added


def load_events(session: Session, game_id: int) -> list[ev.Event]:
    """The game's log as recorded (compare it with a replay)."""
    with session.begin():
        rows = session.execute(
            select(EventRow.type, EventRow.payload)
            .where(EventRow.game_id == game_id)
            .order_by(EventRow.seq)
        ).all()
        return [event_from_payload(type_name, payload) for type_name, payload in rows]


def next_seq(session: Session, game_id: int) -> int:
    """The index the game's next event will have (the number of events recorded)."""
    with session.begin():
        return _next_seq(session, game_id)


# -- inside a transaction ----------------------------------------------------------------------
_NEXT_SEQ = "next event"


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """An event just added: its row's id and the phase it happened in."""

    id: int
    phase: str


def _next_seq(session: Session, game_id: int) -> int:
    last = session.scalar(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id))
    return 0 if last is None else last + 1


def check_next(batch: RowBatch, game_id: int, start_seq: int) -> None:
    """`SequenceError` unless `start_seq` is the index of the game's next event (counting
    the events staged in `batch`)."""
    key = (_NEXT_SEQ, game_id)
    if key not in batch.cache:
        batch.cache[key] = _next_seq(batch.session, game_id)
    following = batch.cache[key]
    if start_seq != following:
        raise SequenceError(
            f"game {game_id}: the next event is number {following}, not {start_seq} "
            "(every event of the engine's log is recorded, in order)"
        )


def add_events(
    batch: RowBatch,
    game: GameRow,
    events: Sequence[ev.Event],
    start_seq: int,
    now: datetime,
    input_id: int | None,
) -> dict[int, LoggedEvent]:
    """Stage the events (call `check_next` first), then do what they change: the game's
    phase and status at once; role changes and questions after writing the batch (their
    rows point to the events'). Returns the events by seq."""
    logged: dict[int, LoggedEvent] = {}
    phase = game.phase
    for offset, event in enumerate(events):
        if isinstance(event, ev.GameStarted) and game.status == "signup":
            game.status = "running"
        elif isinstance(event, ev.PhaseBegan):
            phase = event.phase
        elif isinstance(event, ev.GameOver):
            phase = "over"
            game.status = "finished"
        seq = start_seq + offset
        values = {
            "game_id": game.id,
            "seq": seq,
            "phase": phase,
            "type": type(event).__name__,
            "payload": event_payload(event),
            "at": now,
            "input_id": input_id,
        }
        logged[seq] = LoggedEvent(batch.add(EventRow, values), phase)
    game.phase = phase
    batch.cache[_NEXT_SEQ, game.id] = start_seq + len(events)
    changing = [(seq, e) for seq, e in zip(logged, events, strict=True) if _changes_rows(e)]
    if changing:
        batch.write()
        rules = load(game.ruleset)
        for seq, event in changing:
            _apply(batch.session, game.id, rules, event, logged[seq].id, now)
    return logged


def _changes_rows(event: ev.Event) -> bool:
    return isinstance(
        event, ev.RoleChanged | ev.QuestionAsked | ev.QuestionAnswered | ev.CommandOverturned
    )


def _apply(
    session: Session, game_id: int, rules: Ruleset, event: ev.Event, event_id: int, now: datetime
) -> None:
    match event:
        case ev.CommandOverturned(actor=actor, text=text, reason=reason):
            command = session.scalars(
                select(CommandRow)
                .where(CommandRow.game_id == game_id, CommandRow.actor == actor)
                .where(CommandRow.text == text, CommandRow.verdict == "accepted")
                .where(CommandRow.overturned_event_id.is_(None))
                .order_by(CommandRow.id.desc())
                .limit(1)
            ).first()
            if command is not None:
                command.overturned_reason = worded(rules, reason)
                command.overturned_event_id = event_id
                session.flush()
        case ev.RoleChanged(player=name, role=role):
            add_role_change(session, game_id, name, role, now, event_id=event_id)
            session.flush()
        case ev.QuestionAsked(player=name, kind=kind, prompt=prompt, options=options):
            session.add(
                QuestionRow(
                    game_id=game_id,
                    player_id=player_row(session, game_id, name).id,
                    kind=kind,
                    prompt=worded(rules, prompt),  # for the Spielleitung, in the round's words
                    options=list(options),
                    asked_at=now,
                    asked_event_id=event_id,
                )
            )
            session.flush()
        case ev.QuestionAnswered(player=name, kind=kind, answer=answer, by_lot=by_lot):
            player_id = player_row(session, game_id, name).id
            question = open_question(session, game_id, player_id, kind)
            if question is None:  # decided without asking (a single option, an excluded player)
                question = QuestionRow(
                    game_id=game_id,
                    player_id=player_id,
                    kind=kind,
                    prompt="",
                    options=[answer],
                    asked_at=now,
                )
                session.add(question)
            question.answered_at = now
            question.answer = answer
            question.by_lot = by_lot
            question.answered_event_id = event_id
            session.flush()
        case _:
            pass
