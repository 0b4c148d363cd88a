"""The tables of wolfbot's store (SQLAlchemy 2.0 declarative).

Names are plain English so a moderator can read the file with `sqlite3`; times are UTC,
stored as ISO text without offset (`UTCDateTime`); lists and marks are JSON text. Every
constraint is named by `NAMING_CONVENTION`, so Alembic's batch mode can rebuild tables.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
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

MESSAGE_KINDS = ("post", "conversation", "add_participants")
MESSAGE_STATES = ("queued", "sending", "uncertain", "sent", "failed", "blocked")


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
    html: Mapped[str] = mapped_column(Text, default="")
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
    # {"last_post_id": N, "last_page": P}: the channel's last post known just before sending
    before_mark: Mapped[dict[str, int] | None] = mapped_column(JSON)
    last_error: Mapped[str | None] = mapped_column(Text)
    # the "conversation" message whose conversation this message goes into
    parent_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("outgoing_messages.id"), index=True
    )
