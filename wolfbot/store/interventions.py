"""The Spielleitung's interventions in the store (`interventions` table): the command line
requests them (`request`: a `pending` row), the running bot applies them in id order and
records each – its events, where in the engine's log it applied (`log_position`), and what
it changes in the other tables – in one transaction (`record_applied`), or records why the
rules engine refused it (`refuse`). Replay reads the applied ones again (`applied`).

The audit keeps both verdicts of a command the Spielleitung decided on:

- `accept` adds a **new** `commands` row (`decided_by = 'spielleitung'`, `input_id` NULL,
  `position` 0, `event_id` its CommandAccepted event): the command as the engine read the
  Spielleitung's text, counted from now on (the views take it as the actor's latest). The
  rejected row stays as the engine decided it.
- `reject` **updates** the accepted row (`verdict = 'rejected'`, `decided_by =
  'spielleitung'`, `reason`, `decided_at`; `event_id` stays the engine's CommandAccepted):
  so the views (tally, night actions) no longer count it, as the engine no longer does.

Either way the intervention row links the command (`command_id`) and its events begin at
`log_position`. Every function is one transaction of its own (see `records`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from wolfbot.engine import events as ev
from wolfbot.store import conduct
from wolfbot.store.batch import RowBatch
from wolfbot.store.errors import StoreError
from wolfbot.store.event_log import add_events, check_next
from wolfbot.store.inputs import StoredInput, command_values
from wolfbot.store.intervention_values import LinkedCommand, StoredIntervention
from wolfbot.store.lookups import current_role, game_row, player_row, schedule_entry, utc_now
from wolfbot.store.lookups import find_player as find_player_row
from wolfbot.store.models import (
    INTERVENTION_KINDS,
    POST_INTERVENTIONS,
    CommandRow,
    ConductFlag,
    InterventionRow,
    PlayerRow,
    QuestionRow,
)
from wolfbot.store.results import CommandResult

SCHEDULE = "schedule"  # `requested_by` of a question whose time ran out
FLAG_DEALING = {"warn": "warned", "sanction": "sanctioned"}  # a flag's state once dealt with


@dataclass(frozen=True, slots=True)
class Replacement:
    """The Reservespieler `reserve` took the place of `player`."""

    player: str
    reserve: str


def request(
    session: Session,
    game_id: int,
    kind: str,
    *,
    reason: str,
    requested_by: str,
    player: str | None = None,
    argument: str | None = None,
    command_text: str | None = None,
    command_id: int | None = None,
    now: datetime | None = None,
    flags: Sequence[int] = (),
) -> int:
    """A `pending` intervention for the running bot to apply; returns its id. `flags`: the
    conduct flags an Ermahnung (`warned`) or a Sanktion (`sanctioned`) deals with, marked
    so in the same transaction (open again if the engine refuses it: `refuse`)."""
    if kind not in INTERVENTION_KINDS:
        raise StoreError(f"no intervention kind {kind!r} ({', '.join(INTERVENTION_KINDS)})")
    if not reason.strip():
        raise StoreError("an intervention needs a reason")
    if flags and kind not in FLAG_DEALING:
        raise StoreError(f"an intervention {kind!r} deals with no conduct flags")
    with session.begin():
        game_row(session, game_id)
        if command_id is not None:
            command = session.get(CommandRow, command_id)
            if command is None or command.game_id != game_id:
                raise StoreError(f"no command {command_id} in game {game_id}")
        row = InterventionRow(
            game_id=game_id,
            kind=kind,
            player=player,
            argument=argument,
            command_text=command_text,
            command_id=command_id,
            reason=reason,
            requested_by=requested_by,
            requested_at=now or utc_now(),
            state="pending",
        )
        session.add(row)
        session.flush()
        if flags:
            conduct.mark_dealt_with(
                session,
                game_id,
                flags,
                FLAG_DEALING[kind],
                row.id,
                by=requested_by,
                reason=reason,
                now=row.requested_at,
            )
        return row.id


def get(session: Session, intervention_id: int) -> StoredIntervention:
    """One intervention (`StoreError` if there is none of this id)."""
    with session.begin():
        row = session.get(InterventionRow, intervention_id)
        if row is None:
            raise StoreError(f"no intervention {intervention_id}")
        return _stored(session, row)


def pending(session: Session, game_id: int) -> list[StoredIntervention]:
    """The interventions still to apply, in the order they were requested."""
    return _load(session, game_id, "pending")


def applied(session: Session, game_id: int) -> list[StoredIntervention]:
    """The applied interventions in the order they were applied (by log position), those
    of the engine only (a `restore` is a post of the bot, not an input of the game)."""
    rows = [r for r in _load(session, game_id, "applied") if r.kind not in POST_INTERVENTIONS]
    return sorted(rows, key=lambda r: (r.log_position or 0, r.id))


def load(session: Session, game_id: int) -> list[StoredIntervention]:
    """Every intervention of the game, in id order (for `wolfbot interventions`)."""
    return _load(session, game_id, None)


def refuse(
    session: Session, intervention_id: int, refusal: str, *, now: datetime | None = None
) -> None:
    """The rules engine refused it (`refusal`: its reason); nothing else changed – the
    conduct flags an Ermahnung or a Sanktion was to deal with are open again."""
    with session.begin():
        row = _pending_row(session, intervention_id)
        row.state = "refused"
        row.refusal = refusal
        row.applied_at = now or utc_now()
        for flag in session.scalars(
            select(ConductFlag).where(ConductFlag.intervention_id == intervention_id)
        ):
            flag.state, flag.intervention_id = "open", None
            flag.decided_at = flag.decided_by = flag.decision = None


def record_applied(
    session: Session,
    game_id: int,
    intervention_id: int,
    events: Sequence[ev.Event],
    start_seq: int,
    *,
    now: datetime | None = None,
    accepted: CommandResult | None = None,
    rejected: int | None = None,
    replacement: Replacement | None = None,
    done: str | None = None,
) -> None:
    """Record an applied intervention in one transaction: its events from `start_seq` on
    (continuing the log without a gap), the row `applied` at that log position, and what it
    changes elsewhere – `accepted`: the new commands row of an accept (its `event_seq` is
    its CommandAccepted); `rejected`: the commands row a reject overrules; `replacement`:
    the Reservespieler becomes a player at the old player's position (the old one is
    withdrawn, his open questions pass to the Reservespieler); `done`: a schedule entry
    carried out with it (a question's deadline)."""
    now = now or utc_now()
    with session.begin():
        row = _pending_row(session, intervention_id)
        if row.game_id != game_id:
            raise StoreError(f"intervention {intervention_id} is not one of game {game_id}")
        game = game_row(session, game_id)
        batch = RowBatch(session)
        check_next(batch, game_id, start_seq)
        phase_before = game.phase
        by_seq = add_events(batch, game, events, start_seq, now, None) if events else {}
        row.state = "applied"
        row.applied_at = now
        row.log_position = start_seq
        if accepted is not None:  # not a line of a post (position 0): the Spielleitung's
            decided = dataclasses.replace(accepted, decided_by="spielleitung")
            batch.add(
                CommandRow,
                command_values(
                    game_id,
                    decided,
                    by_seq,
                    phase_before,
                    input_id=None,
                    position=0,
                    at=now,
                    decided_at=now,
                ),
            )
        batch.write()
        if rejected is not None:
            command = session.get(CommandRow, rejected)
            if command is None:
                raise StoreError(f"no command {rejected}")
            command.verdict = "rejected"
            command.reason = row.reason
            command.decided_by = "spielleitung"
            command.decided_at = now
        if replacement is not None:
            _replace(session, game_id, replacement, now)
        if done is not None:
            schedule_entry(session, game_id, done).done_at = now
        session.flush()


def record_restored(
    session: Session,
    game_id: int,
    intervention_id: int,
    queue: Callable[[RowBatch], None],
    *,
    log_position: int,
    now: datetime | None = None,
) -> None:
    """A `restore` carried out, in one transaction: `queue(batch)` stages the bot's post
    (the write queue's row), and the intervention is `applied` (at `log_position`, the
    engine's log length then – for reading only: it is not replayed)."""
    with session.begin():
        row = _pending_row(session, intervention_id)
        if row.game_id != game_id:
            raise StoreError(f"intervention {intervention_id} is not one of game {game_id}")
        batch = RowBatch(session)
        queue(batch)
        batch.write()
        row.state = "applied"
        row.applied_at = now or utc_now()
        row.log_position = log_position
        session.flush()


def restore_of(session: Session, game_id: int, input_id: int) -> StoredIntervention | None:
    """The `restore` of this kept post asked for already (pending or applied), if any."""
    with session.begin():
        row = session.scalar(
            select(InterventionRow)
            .where(
                InterventionRow.game_id == game_id,
                InterventionRow.kind == "restore",
                InterventionRow.argument == str(input_id),
                InterventionRow.state != "refused",
            )
            .order_by(InterventionRow.id)
        )
        return _stored(session, row) if row is not None else None


# -- inside a transaction ----------------------------------------------------------------------
def _load(session: Session, game_id: int, state: str | None) -> list[StoredIntervention]:
    with session.begin():
        query = select(InterventionRow).where(InterventionRow.game_id == game_id)
        if state is not None:
            query = query.where(InterventionRow.state == state)
        rows = session.scalars(query.order_by(InterventionRow.id)).all()
        return [_stored(session, r) for r in rows]


def _stored(session: Session, row: InterventionRow) -> StoredIntervention:
    linked = None
    if row.command_id is not None:
        c = session.get(CommandRow, row.command_id)
        if c is not None:
            linked = LinkedCommand(
                c.id,
                c.actor,
                c.channel,
                c.phase,
                c.word,
                tuple(c.targets or ()),
                c.text,
                c.verdict,
                c.decided_by,
            )
    return StoredIntervention(
        id=row.id,
        game_id=row.game_id,
        kind=row.kind,
        player=row.player,
        argument=row.argument,
        command_text=row.command_text,
        command_id=row.command_id,
        reason=row.reason,
        requested_by=row.requested_by,
        requested_at=row.requested_at,
        state=row.state,
        applied_at=row.applied_at,
        refusal=row.refusal,
        log_position=row.log_position,
        command=linked,
    )


def _pending_row(session: Session, intervention_id: int) -> InterventionRow:
    row = session.get(InterventionRow, intervention_id)
    if row is None:
        raise StoreError(f"no intervention {intervention_id}")
    if row.state != "pending":
        raise StoreError(f"intervention {intervention_id} is {row.state} already")
    return row


def _replace(session: Session, game_id: int, replacement: Replacement, now: datetime) -> None:
    old = player_row(session, game_id, replacement.player)
    new = find_player_row(session, game_id, replacement.reserve)
    if new is None:
        new = PlayerRow(game_id=game_id, name=replacement.reserve, signed_up_at=now)
        session.add(new)
    elif new.kind == "player":
        raise StoreError(f"{replacement.reserve} is a player of game {game_id} already")
    new.kind = "player"
    new.position = old.position
    new.role = current_role(session, old)
    new.withdrawn_at = None
    old.withdrawn_at = now
    session.flush()
    for question in session.scalars(
        select(QuestionRow).where(
            QuestionRow.game_id == game_id,
            QuestionRow.player_id == old.id,
            QuestionRow.answered_at.is_(None),
        )
    ).all():
        question.player_id = new.id


def merge(
    inputs: Sequence[StoredInput], done: Sequence[StoredIntervention]
) -> tuple[StoredInput | StoredIntervention, ...]:
    """The posts and the applied interventions (in the order `applied` gives them) in the
    order the engine was given them.

    Both carry the length of the engine's log before them (`log_position`). At the same
    position the posts come first: an applied intervention adds at least one event, so a
    post processed after it is at a later position, and one at its position was processed
    before it (a post without events). Posts that are no input of the engine keep their
    place among the posts."""
    queue = list(done)
    out: list[StoredInput | StoredIntervention] = []
    for post in inputs:
        if post.log_position is not None:
            while queue and (queue[0].log_position or 0) < post.log_position:
                out.append(queue.pop(0))
        out.append(post)
    out.extend(queue)
    return tuple(out)
