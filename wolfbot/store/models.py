"""The tables of wolfbot's store (SQLAlchemy 2.0 declarative).

Names are plain English so a moderator can read the file with `sqlite3`; times are UTC,
stored as ISO text without offset (`UTCDateTime`); lists and marks are JSON text. Every
constraint is named by `NAMING_CONVENTION`, so Alembic's batch mode can rebuild tables.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING_CONVENTION)

MESSAGE_KINDS = ("post", "conversation", "add_participants", "edit")
MESSAGE_STATES = ("queued", "sending", "uncertain", "sent", "failed", "blocked", "draft")


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware datetime stored as naive UTC (SQLite has no time zones). Naive
    values are refused: every time in wolfbot is aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: wolfbot stores aware UTC times only")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = metadata


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class OutgoingMessage(Base):
    """Every message the bot will publish, and what became of it (the write queue).

    `state`: queued → sending → sent; `uncertain` after a timeout/5xx/crash (it may be on
    the forum: checked before any retry); `failed` after the configured attempts; `blocked`
    when the forum refused it outright (4xx) and the Spielleitung must decide."""

    __tablename__ = "outgoing_messages"
    __table_args__ = (
        CheckConstraint(_in("kind", MESSAGE_KINDS), name="kind"),
        CheckConstraint(_in("state", MESSAGE_STATES), name="state"),
        Index("ix_outgoing_messages_state_not_before", "state", "not_before"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # idempotency key chosen by the caller, e.g. "game1/morgen/2"
    key: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(20))
    # "thread:12" / "conversation:7"; NULL for a new conversation, and for a message into a
    # conversation that `parent_id` still has to open (filled in once it is open)
    channel: Mapped[str | None] = mapped_column(String(40))
    title: Mapped[str | None] = mapped_column(String(255))
    # the message; of an edit a newer edit of its post follows, only what differs from that
    # one's text (`wolfbot.outbox.bodies`): the newer row `html_base_id`'s first `html_head`
    # characters, then `html`, then its last `html_tail` characters (`outbox.rows.html_of`)
    html: Mapped[str] = mapped_column(Text, default="")
    html_base_id: Mapped[int | None] = mapped_column(Integer)
    html_head: Mapped[int | None] = mapped_column(Integer)
    html_tail: Mapped[int | None] = mapped_column(Integer)
    participants: Mapped[list[str]] = mapped_column(JSON, default=list)
    # lower = sooner: Morgen/Abend 0, questions 1, private information 2, receipts 3
    priority: Mapped[int] = mapped_column(Integer, default=2)
    state: Mapped[str] = mapped_column(String(12), default="queued")
    # failed tries so far (errors, timeouts, interruptions; flood refusals do not count)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    not_before: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # when it was last handed to the forum (the pacing counts from here)
    attempted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # the post id, or the conversation id for kind "conversation", once published
    forum_id: Mapped[int | None] = mapped_column(Integer)
    # where the sent message can be read (the forum's link to the post or conversation)
    url: Mapped[str | None] = mapped_column(Text)
    # the channel's last post known just before sending: a read mark's bound as JSON
    # (`ReadMark.bound`, `to_json`; the forum's place of it is opaque here)
    before_mark: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    last_error: Mapped[str | None] = mapped_column(Text)
    # the "conversation" message whose conversation this message goes into
    parent_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("outgoing_messages.id"), index=True
    )


# -- a round and what happened in it ----------------------------------------------------------
# The tables below record a round so that it can be audited with plain `sqlite3` and rebuilt
# (replayed) from its inputs: the game, its players, every input post, every command with its
# verdict, every engine event, the questions and the schedule. `wolfbot/store/README.md`
# documents each column; `wolfbot/store/views.py` the views over them.

GAME_STATUSES = ("signup", "running", "finished", "cancelled")
PLAYER_KINDS = ("player", "reserve", "observer")
VERDICTS = ("accepted", "rejected", "pending")
DECIDERS = ("engine", "spielleitung")


class JSONText(TypeDecorator[Any]):
    """JSON stored as readable text: umlauts stay umlauts (`"Jürgen"`, not `"J\\u00fcrgen"`),
    so `sqlite3` shows what the players wrote. Python None is SQL NULL."""

    impl = JSON
    cache_ok = True

    def bind_processor(self, dialect: Any) -> Any:
        def process(value: Any) -> str | None:
            if value is None:
                return None
            return json.dumps(value, ensure_ascii=False)

        return process


class GameRow(Base):
    """One round ("Runde"): its rules, seed and where it is played. `phase` and `status`
    follow the engine's events (PhaseBegan, GameStarted, GameOver) as they are recorded."""

    __tablename__ = "games"
    __table_args__ = (CheckConstraint(_in("status", GAME_STATUSES), name="status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(50))
    seed: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSONText, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # "signup" before the game starts, then the engine's "night 1", "day 1", "dusk 1", …, "over"
    phase: Mapped[str] = mapped_column(String(20), default="signup")
    status: Mapped[str] = mapped_column(String(12), default="signup")
    thread_id: Mapped[int | None] = mapped_column(Integer)
    signup_thread_id: Mapped[int | None] = mapped_column(Integer)
    # the round's PostContext (wolfbot.posts.context) as JSON: replay renders with it
    context: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # draft mode: every new thread post waits for `wolfbot approve`
    draft: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # the ruleset's words of the day's ballots (`Ruleset.ballot_words`), canonical: wherever
    # one is given, it is a vote of the day (`v_votes`; the Weerwolven vote privately)
    ballot_words: Mapped[list[str] | None] = mapped_column(JSONText)


class PlayerRow(Base):
    """Someone in the round: a player (position in the Spielerliste), a Reservespieler or a
    Beobachter. `role` is the starting role; later changes are in `role_changes`."""

    __tablename__ = "players"
    __table_args__ = (
        CheckConstraint(_in("kind", PLAYER_KINDS), name="kind"),
        UniqueConstraint("game_id", "name", name="uq_players_game_name"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    position: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(100))
    forum_user_id: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10), default="player")
    signed_up_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    withdrawn_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    role: Mapped[str | None] = mapped_column(String(60))
    # the conversation of his Rollenmitteilung (also his private channel for commands)
    conversation_id: Mapped[int | None] = mapped_column(Integer)


class InputPost(Base):
    """A forum post (thread post or conversation message) the bot read and processed. An
    edited post whose content changed is a new row (same post_id, other content_hash)."""

    __tablename__ = "input_posts"
    __table_args__ = (
        CheckConstraint("channel LIKE 'thread:%' OR channel LIKE 'conversation:%'", name="channel"),
        UniqueConstraint(
            "game_id", "channel", "post_id", "content_hash", name="uq_input_posts_post"
        ),
        Index("ix_input_posts_game_id_processed_at", "game_id", "processed_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    post_id: Mapped[int] = mapped_column(Integer)
    channel: Mapped[str] = mapped_column(String(40))  # "thread:12" / "conversation:7"
    url: Mapped[str] = mapped_column(Text, default="")
    author: Mapped[str] = mapped_column(String(100))
    author_id: Mapped[int | None] = mapped_column(Integer)
    posted_at: Mapped[datetime] = mapped_column(UTCDateTime)
    content_hash: Mapped[str] = mapped_column(String(64))
    edit_count: Mapped[int] = mapped_column(Integer, default=0)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    html: Mapped[str] = mapped_column(Text, default="")
    # the channel as the engine knows it ("thread", "private", "wolves"); NULL: not an
    # input of the engine (a sign-up post)
    engine_channel: Mapped[str | None] = mapped_column(String(40))
    # the length of the engine's log when the post was processed (where replay applies it)
    log_position: Mapped[int | None] = mapped_column(Integer)
    first_seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    processed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class EventRow(Base):
    """One entry of the engine's log: `seq` is its index in `game.state.log`, `type` the
    event class, `payload` its fields (`dataclasses.asdict`)."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        Index("ix_events_game_id_type", "game_id", "type"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(20))
    type: Mapped[str] = mapped_column(String(40))
    payload: Mapped[dict[str, Any]] = mapped_column(JSONText)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    # the post that caused it; NULL for an advance (a deadline) or the start of the game
    input_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("input_posts.id"), index=True)


class CommandRow(Base):
    """A command line of an input post and its verdict."""

    __tablename__ = "commands"
    __table_args__ = (
        CheckConstraint(_in("verdict", VERDICTS), name="verdict"),
        CheckConstraint(_in("decided_by", DECIDERS), name="decided_by"),
        UniqueConstraint("input_id", "position", name="uq_commands_input_position"),
        Index("ix_commands_game_id_phase", "game_id", "phase"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    input_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("input_posts.id"))
    position: Mapped[int] = mapped_column(Integer)  # 1 = the first command line of the post
    actor: Mapped[str] = mapped_column(String(100))
    channel: Mapped[str] = mapped_column(String(40))  # engine channel: thread, private, wolves
    phase: Mapped[str] = mapped_column(String(20))
    word: Mapped[str | None] = mapped_column(String(40))  # canonical word; NULL: not parsed
    targets: Mapped[list[str] | None] = mapped_column(JSONText)
    text: Mapped[str] = mapped_column(Text)
    typed: Mapped[str | None] = mapped_column(Text)  # repr: Lynch(actor='Anna', target='Bernd')
    verdict: Mapped[str] = mapped_column(String(10))
    reason: Mapped[str | None] = mapped_column(Text)
    decided_by: Mapped[str] = mapped_column(String(12), default="engine")
    at: Mapped[datetime] = mapped_column(UTCDateTime)  # when it was posted
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # the CommandAccepted / CommandRejected event of the verdict
    event_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("events.id"), index=True)
    # an accepted night command the night did not carry out: why, and its CommandOverturned
    overturned_reason: Mapped[str | None] = mapped_column(Text)
    overturned_event_id: Mapped[int | None] = mapped_column(Integer)  # an events.id


class RoleChangeRow(Base):
    """A player plays another role from now on (RoleChanged event, or the Spielleitung)."""

    __tablename__ = "role_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"), index=True)
    player_id: Mapped[int] = mapped_column(Integer, ForeignKey("players.id"), index=True)
    from_role: Mapped[str | None] = mapped_column(String(60))
    to_role: Mapped[str] = mapped_column(String(60))
    reason: Mapped[str | None] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    event_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("events.id"))


class QuestionRow(Base):
    """A question that holds the game (Jäger's shot, successor, tie) and its answer."""

    __tablename__ = "questions"
    __table_args__ = (Index("ix_questions_game_id_answered_at", "game_id", "answered_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(Integer, ForeignKey("players.id"), index=True)
    kind: Mapped[str] = mapped_column(String(30))
    prompt: Mapped[str] = mapped_column(Text, default="")
    options: Mapped[list[str]] = mapped_column(JSONText, default=list)
    asked_at: Mapped[datetime] = mapped_column(UTCDateTime)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime)
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    answer: Mapped[str | None] = mapped_column(String(100))
    by_lot: Mapped[bool | None] = mapped_column(Boolean)
    asked_event_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("events.id"))
    answered_event_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("events.id"))


class ScheduleEntry(Base):
    """A moment the bot acts at ("dusk 2", "evening 2", "zwischenstand 2/1"), in UTC."""

    __tablename__ = "schedule"
    __table_args__ = (
        UniqueConstraint("game_id", "name", name="uq_schedule_game_name"),
        Index("ix_schedule_done_at_due_at", "done_at", "due_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    name: Mapped[str] = mapped_column(String(60))
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # why a due moment is not carried out yet (the forum could not be read up to it), since
    waiting: Mapped[str | None] = mapped_column(Text)
    waiting_since: Mapped[datetime | None] = mapped_column(UTCDateTime)


class ReadMarkRow(Base):
    """Where the bot's reading of a channel ("thread:12") continues, as it stood after the
    last poll that read it completely (`wolfbot.forum.base.ReadMark` as JSON, the forum
    adapter's part of it opaque): a restart resumes there instead of re-reading every page."""

    __tablename__ = "read_marks"
    __table_args__ = (UniqueConstraint("game_id", "channel", name="uq_read_marks_game_channel"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    channel: Mapped[str] = mapped_column(String(40))
    mark: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


INTERVENTION_KINDS = (
    "accept",
    "reject",
    "kill",
    "exclude",
    "revive",
    "role",
    "replace",
    "expire",
    "victim",  # the night's victim of the Schwarze Pest
    "win",  # the Spielleitung awards a faction the win (argument: the faction)
    "restore",  # a deleted post, or an edited one's earlier state, quoted back (no engine)
    "warn",  # an Ermahnung in the player's conversation (argument: the sanction threatened)
    "sanction",  # the announced sanction imposed (argument: the sanction; the exclusion too)
)
# kinds the bot carries out without the rules engine: no events, not replayed (an
# Ermahnung and a Sanktion are the engine's: `WarnPlayer`, `SanctionPlayer`)
POST_INTERVENTIONS = ("restore",)
INTERVENTION_STATES = ("pending", "applied", "refused")


class InterventionRow(Base):
    """A decision of the Spielleitung that changes the round (`wolfbot accept|reject|
    override`), or a question whose time ran out ("expire", requested by "schedule"). The
    CLI writes it `pending`; the running bot applies it in order (or refuses it, with the
    engine's reason) and records where in the engine's log it did, for replay. A
    `restore` (`wolfbot restore`: `argument` is the `input_posts` id) changes nothing in
    the game: the bot quotes the kept post back into the thread; it is never replayed."""

    __tablename__ = "interventions"
    __table_args__ = (
        CheckConstraint(_in("kind", INTERVENTION_KINDS), name="kind"),
        CheckConstraint(_in("state", INTERVENTION_STATES), name="state"),
        Index("ix_interventions_game_id_state", "game_id", "state"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(20))
    player: Mapped[str | None] = mapped_column(String(100))
    argument: Mapped[str | None] = mapped_column(String(200))
    command_text: Mapped[str | None] = mapped_column(Text)
    command_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("commands.id"))
    reason: Mapped[str] = mapped_column(Text)
    requested_by: Mapped[str] = mapped_column(String(100))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime)
    state: Mapped[str] = mapped_column(String(10), default="pending")
    applied_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    refusal: Mapped[str | None] = mapped_column(Text)
    log_position: Mapped[int | None] = mapped_column(Integer)


CONDUCT_RULES = ("zitat", "offenbarung", "andeutung", "ausserhalb")
FLAG_STATES = ("open", "dismissed", "warned", "sanctioned")


class ConductFlag(Base):
    """A post that seems to break a conduct rule of the round (`wolfbot.conduct.Flag`), for
    the Spielleitung to decide: `open` until dismissed (`wolfbot conduct dismiss`, with a
    reason) or acted on (an Ermahnung or a Sanktion, `intervention_id`). Written by the bot
    as it reads the post (`found_by` "bot"), or by the Spielleitung for a breach the bot
    cannot see (`wolfbot conduct record`: no post, `input_id` NULL)."""

    __tablename__ = "conduct_flags"
    __table_args__ = (
        CheckConstraint(_in("rule", CONDUCT_RULES), name="rule"),
        CheckConstraint(_in("state", FLAG_STATES), name="state"),
        UniqueConstraint("game_id", "input_id", "key", name="uq_conduct_flags_post_key"),
        Index("ix_conduct_flags_game_id_state", "game_id", "state"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id"))
    # the post (NULL: a breach the Spielleitung put on record)
    input_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("input_posts.id"))
    key: Mapped[str] = mapped_column(String(200))  # which flag of the post (`Flag.key`)
    rule: Mapped[str] = mapped_column(String(20))
    player: Mapped[str] = mapped_column(String(100))
    channel: Mapped[str] = mapped_column(String(40))  # "thread:12" / "conversation:7" / ""
    url: Mapped[str] = mapped_column(Text, default="")  # the post's link
    posted_at: Mapped[datetime] = mapped_column(UTCDateTime)  # when the breach happened
    phase: Mapped[str] = mapped_column(String(20))
    clause: Mapped[str] = mapped_column(Text)  # the rule's text
    evidence: Mapped[str] = mapped_column(Text)  # the matched words, as the post writes them
    source: Mapped[str] = mapped_column(Text, default="")  # what it quotes or concerns
    source_text: Mapped[str] = mapped_column(Text, default="")  # that text, beside the post
    found_by: Mapped[str] = mapped_column(String(100), default="bot")
    found_at: Mapped[datetime] = mapped_column(UTCDateTime)
    state: Mapped[str] = mapped_column(String(12), default="open")
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    decided_by: Mapped[str | None] = mapped_column(String(100))
    decision: Mapped[str | None] = mapped_column(Text)  # the reason given
    intervention_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("interventions.id"))
