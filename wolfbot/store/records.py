"""The store's repository: what the bot calls to record a round. Each function is one
transaction of its own: pass a `Session` that is not inside a transaction (a fresh one, or
one whose last call has returned); it is committed when the function returns and rolled
back, with nothing half-written, when it raises.

Restart safety rests on `record_input`: a post, its commands and its events are written
together, and a post already recorded (same game, channel, post id and content hash) is not
recorded again — the caller is told (`Recorded.already`). The bot asks `is_processed`
*before* it hands a post to the engine, and after a restart rebuilds the game from
`load_inputs` (replay) instead of reading the forum's history again.

Events must be recorded without gaps: their `seq` is their index in the engine's log, and
`record_input` / `record_events` refuse a batch that does not start at the next index
(`SequenceError`). The events keep `games.phase`/`status`, `role_changes` and `questions`
up to date in the same transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from wolfbot.engine import events as ev
from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.store.models import (
    CommandRow,
    EventRow,
    GameRow,
    InputPost,
    PlayerRow,
    QuestionRow,
    RoleChangeRow,
    ScheduleEntry,
)
from wolfbot.store.results import PostResults, Verdict, event_from_payload, event_payload

PlayerKind = Literal["player", "reserve", "observer"]


class StoreError(Exception):
    """The store refused a write; nothing of it was recorded."""


class UnknownGame(StoreError):
    pass


class UnknownPlayer(StoreError):
    pass


class SequenceError(StoreError):
    """Events that would leave a gap in the game's log or contradict what it holds."""


def utc_now() -> datetime:
    return datetime.now(UTC)


# -- values ------------------------------------------------------------------------------------
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
class Recorded:
    """What `record_input` did. `already`: the post was recorded before and nothing was
    written now (its commands and events are those of the first time)."""

    input_id: int
    already: bool
    commands: int = 0
    events: int = 0


@dataclass(frozen=True, slots=True)
class StoredInput:
    """A recorded post, for replay: give `html` to the engine as `author` in
    `engine_channel` once the log has `log_position` events (advances fill the gaps)."""

    id: int
    post_id: int
    channel: str  # "thread:12"
    engine_channel: str | None  # None: not an input of the engine (sign-up)
    author: str
    author_id: int | None
    posted_at: datetime
    html: str
    content_hash: str
    edit_count: int
    deleted: bool
    url: str
    log_position: int | None
    processed_at: datetime | None

    def post(self) -> ForumPost:
        """The post as the forum adapter gave it."""
        return ForumPost(
            post_id=self.post_id,
            channel=ChannelRef.parse(self.channel),
            author=self.author,
            author_id=self.author_id,
            time=self.posted_at,
            html=self.html,
            edit_count=self.edit_count,
            deleted=self.deleted,
            url=self.url,
        )


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
) -> int:
    """A new round in sign-up; returns its id."""
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
        )
        session.add(game)
        session.flush()
        return game.id


def set_threads(
    session: Session, game_id: int, *, thread_id: int | None, signup_thread_id: int | None
) -> None:
    with session.begin():
        game = _game(session, game_id)
        game.thread_id = thread_id
        game.signup_thread_id = signup_thread_id


def add_players(session: Session, game_id: int, players: Iterable[NewPlayer]) -> list[int]:
    """Add players, reserves and observers; returns their ids. A name already in the game
    is refused (`StoreError`), and then none of them is added."""
    with session.begin():
        _game(session, game_id)
        rows = []
        for new in players:
            if _find_player(session, game_id, new.name) is not None:
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
            _player(session, game_id, name).role = role


def set_conversation(session: Session, game_id: int, name: str, conversation_id: int) -> None:
    """The conversation of the player's Rollenmitteilung (his private channel)."""
    with session.begin():
        _player(session, game_id, name).conversation_id = conversation_id


def withdraw_player(session: Session, game_id: int, name: str, at: datetime) -> None:
    with session.begin():
        _player(session, game_id, name).withdrawn_at = at


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
        player = _player(session, game_id, name)
        session.add(
            RoleChangeRow(
                game_id=game_id,
                player_id=player.id,
                from_role=_current_role(session, player),
                to_role=role,
                reason=reason,
                at=now or utc_now(),
            )
        )


# -- inputs ------------------------------------------------------------------------------------
def is_processed(session: Session, game_id: int, post: ForumPost) -> bool:
    """Whether this post (same channel, id and content) was recorded already: then it must
    not be given to the engine again."""
    with session.begin():
        row = _input_row(session, game_id, post)
        return row is not None and row.processed_at is not None


def record_input(
    session: Session,
    game_id: int,
    post: ForumPost,
    results: PostResults,
    *,
    now: datetime | None = None,
    seen_at: datetime | None = None,
) -> Recorded:
    """Record a processed post with its commands and events in one transaction.

    The same post (same channel, post id and content hash) again records nothing and
    returns `Recorded(already=True)`. An edited post whose content changed is a new input.
    `now`: when it was processed; `seen_at`: when the bot first read it (default `now`).
    Commands are dated by the post's time."""
    now = now or utc_now()
    with session.begin():
        existing = _input_row(session, game_id, post)
        if existing is not None and existing.processed_at is not None:
            return Recorded(existing.id, already=True)
        game = _game(session, game_id)
        if results.channel is None:
            if results.events:
                raise StoreError("a post that is no input of the engine has no events")
        elif results.start_seq is None:
            raise StoreError("an input of the engine needs start_seq (the log's length)")
        else:
            _check_next(session, game_id, results.start_seq)
        row = existing or InputPost(
            game_id=game_id,
            post_id=post.post_id,
            channel=str(post.channel),
            content_hash=post.content_hash,
            first_seen_at=seen_at or now,
        )
        row.url = post.url
        row.author = post.author
        row.author_id = post.author_id
        row.posted_at = post.time
        row.edit_count = post.edit_count
        row.deleted = post.deleted
        row.html = post.html
        row.engine_channel = results.channel
        row.log_position = results.start_seq if results.channel is not None else None
        row.processed_at = now
        session.add(row)
        session.flush()
        phase_before = game.phase
        by_seq: dict[int, EventRow] = {}
        if results.events and results.start_seq is not None:
            by_seq = _add_events(session, game, results.events, results.start_seq, now, row.id)
        for position, command in enumerate(results.commands, start=1):
            event = None
            if command.event_seq is not None:
                event = by_seq.get(command.event_seq)
                if event is None:
                    raise StoreError(f"{command.text!r}: no event {command.event_seq} in the post")
            session.add(
                CommandRow(
                    game_id=game_id,
                    input_id=row.id,
                    position=position,
                    actor=command.actor,
                    channel=command.channel,
                    phase=event.phase if event is not None else phase_before,
                    word=command.word,
                    targets=list(command.targets) if command.targets is not None else None,
                    text=command.text,
                    typed=command.typed,
                    verdict=command.verdict,
                    reason=command.reason,
                    decided_by=command.decided_by,
                    at=post.time,
                    event_id=event.id if event is not None else None,
                )
            )
        session.flush()
        return Recorded(row.id, False, len(results.commands), len(results.events))


def mark_deleted(session: Session, game_id: int, channel: ChannelRef | str, post_id: int) -> int:
    """The post is gone or in the trash now; returns how many recorded versions it had."""
    with session.begin():
        rows = session.scalars(
            select(InputPost).where(
                InputPost.game_id == game_id,
                InputPost.channel == str(channel),
                InputPost.post_id == post_id,
            )
        ).all()
        for row in rows:
            row.deleted = True
        return len(rows)


def decide_command(
    session: Session,
    command_id: int,
    verdict: Verdict,
    reason: str | None = None,
    *,
    now: datetime | None = None,
) -> None:
    """The Spielleitung accepts or rejects a command ("fehlerhafter Befehl")."""
    with session.begin():
        row = session.get(CommandRow, command_id)
        if row is None:
            raise StoreError(f"no command {command_id}")
        row.verdict = verdict
        row.reason = reason
        row.decided_by = "spielleitung"
        row.decided_at = now or utc_now()


def load_inputs(session: Session, game_id: int) -> list[StoredInput]:
    """The game's processed posts in the order they were processed (for replay)."""
    with session.begin():
        rows = session.scalars(
            select(InputPost)
            .where(InputPost.game_id == game_id, InputPost.processed_at.is_not(None))
            .order_by(InputPost.id)
        ).all()
        return [
            StoredInput(
                id=r.id,
                post_id=r.post_id,
                channel=r.channel,
                engine_channel=r.engine_channel,
                author=r.author,
                author_id=r.author_id,
                posted_at=r.posted_at,
                html=r.html,
                content_hash=r.content_hash,
                edit_count=r.edit_count,
                deleted=r.deleted,
                url=r.url,
                log_position=r.log_position,
                processed_at=r.processed_at,
            )
            for r in rows
        ]


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
        game = _game(session, game_id)
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
            _check_next(session, game_id, start_seq, following)
            _add_events(session, game, events, start_seq, now, None)
            added = len(events)
        if done is not None:
            _schedule_entry(session, game_id, done).done_at = now
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


# -- questions and the schedule ----------------------------------------------------------------
def set_question_deadline(
    session: Session, game_id: int, player: str, kind: str, deadline: datetime
) -> None:
    """The deadline of the player's open question of this kind (then the lot decides)."""
    with session.begin():
        question = _open_question(session, game_id, _player(session, game_id, player).id, kind)
        if question is None:
            raise StoreError(f"{player} has no open question {kind!r} in game {game_id}")
        question.deadline = deadline


def schedule(session: Session, game_id: int, name: str, due_at: datetime) -> None:
    """Plan (or move) a moment the bot acts at, e.g. "dusk 2". A moment already done is
    left as it is."""
    with session.begin():
        _game(session, game_id)
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


def mark_done(session: Session, game_id: int, name: str, *, now: datetime | None = None) -> None:
    with session.begin():
        _schedule_entry(session, game_id, name).done_at = now or utc_now()


# -- inside a transaction ----------------------------------------------------------------------
def _game(session: Session, game_id: int) -> GameRow:
    game = session.get(GameRow, game_id)
    if game is None:
        raise UnknownGame(f"no game {game_id}")
    return game


def _find_player(session: Session, game_id: int, name: str) -> PlayerRow | None:
    return session.scalar(
        select(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.name == name)
    )


def _player(session: Session, game_id: int, name: str) -> PlayerRow:
    player = _find_player(session, game_id, name)
    if player is None:
        raise UnknownPlayer(f"{name} is not a player of game {game_id} (add_players first)")
    return player


def _current_role(session: Session, player: PlayerRow) -> str | None:
    latest = session.scalar(
        select(RoleChangeRow.to_role)
        .where(RoleChangeRow.player_id == player.id)
        .order_by(RoleChangeRow.id.desc())
        .limit(1)
    )
    return latest if latest is not None else player.role


def _open_question(session: Session, game_id: int, player_id: int, kind: str) -> QuestionRow | None:
    return session.scalar(
        select(QuestionRow)
        .where(QuestionRow.game_id == game_id, QuestionRow.player_id == player_id)
        .where(QuestionRow.kind == kind, QuestionRow.answered_at.is_(None))
        .order_by(QuestionRow.id.desc())
        .limit(1)
    )


def _schedule_entry(session: Session, game_id: int, name: str) -> ScheduleEntry:
    entry = session.scalar(
        select(ScheduleEntry).where(ScheduleEntry.game_id == game_id, ScheduleEntry.name == name)
    )
    if entry is None:
        raise StoreError(f"nothing named {name!r} is scheduled in game {game_id}")
    return entry


def _input_row(session: Session, game_id: int, post: ForumPost) -> InputPost | None:
    return session.scalar(
        select(InputPost).where(
            InputPost.game_id == game_id,
            InputPost.channel == str(post.channel),
            InputPost.post_id == post.post_id,
            InputPost.content_hash == post.content_hash,
        )
    )


def _next_seq(session: Session, game_id: int) -> int:
    last = session.scalar(select(func.max(EventRow.seq)).where(EventRow.game_id == game_id))
    return 0 if last is None else last + 1


def _check_next(
    session: Session, game_id: int, start_seq: int, following: int | None = None
) -> None:
    following = _next_seq(session, game_id) if following is None else following
    if start_seq != following:
        raise SequenceError(
            f"game {game_id}: the next event is number {following}, not {start_seq} "
            "(every event of the engine's log is recorded, in order)"
        )


def _add_events(
    session: Session,
    game: GameRow,
    events: Sequence[ev.Event],
    start_seq: int,
    now: datetime,
    input_id: int | None,
) -> dict[int, EventRow]:
    """Add the events, then what they change: the game's phase and status, role changes,
    questions. Returns the rows by seq."""
    rows: dict[int, EventRow] = {}
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
        rows[seq] = EventRow(
            game_id=game.id,
            seq=seq,
            phase=phase,
            type=type(event).__name__,
            payload=event_payload(event),
            at=now,
            input_id=input_id,
        )
    game.phase = phase
    session.add_all(rows.values())
    session.flush()
    for seq, event in zip(rows, events, strict=True):
        _apply(session, game.id, event, rows[seq], now)
    return rows


def _apply(session: Session, game_id: int, event: ev.Event, row: EventRow, now: datetime) -> None:
    match event:
        case ev.RoleChanged(player=name, role=role):
            player = _player(session, game_id, name)
            session.add(
                RoleChangeRow(
                    game_id=game_id,
                    player_id=player.id,
                    from_role=_current_role(session, player),
                    to_role=role,
                    at=now,
                    event_id=row.id,
                )
            )
            session.flush()
        case ev.QuestionAsked(player=name, kind=kind, prompt=prompt, options=options):
            session.add(
                QuestionRow(
                    game_id=game_id,
                    player_id=_player(session, game_id, name).id,
                    kind=kind,
                    prompt=prompt,
                    options=list(options),
                    asked_at=now,
                    asked_event_id=row.id,
                )
            )
            session.flush()
        case ev.QuestionAnswered(player=name, kind=kind, answer=answer, by_lot=by_lot):
            player_id = _player(session, game_id, name).id
            question = _open_question(session, game_id, player_id, kind)
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
            question.answered_event_id = row.id
            session.flush()
        case _:
            pass
