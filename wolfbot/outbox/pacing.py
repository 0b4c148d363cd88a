"""The pacing of the write queue: when may the next message of a kind go out?

Three rules, from the forum's flood control (`FloodLimits`):
- a post in a thread waits `thread_post_interval` after the bot's last thread post;
- a conversation message (a reply in a conversation, or a new conversation, whose first
  message is one) waits `conversation_message_interval` after the last of those;
- a new conversation also waits while `conversations_per_day` conversations were opened in
  the last 24 hours, until the oldest of them is 24 hours old (-1: no such limit).
Adding participants is not a message and is not paced; nor are edits (WoltLab has no
flood control for them). The times are those of the tries (`attempted_at`, and `sent_at`
if later): a try that may have reached the forum counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.orm import Session

from wolfbot.outbox.values import NO_LIMIT, FloodLimits, Limit
from wolfbot.store.models import OutgoingMessage as Row

PaceClass = Literal["thread", "conversation"]
DAY = timedelta(hours=24)


@dataclass(frozen=True, slots=True)
class Gate:
    until: datetime
    limit: Limit
    reason: str


def _channel_class(channel: str | None) -> PaceClass:
    return "thread" if (channel or "").startswith("thread:") else "conversation"


def pace_class(kind: str, channel: str | None) -> PaceClass | None:
    """The pacing a message of `kind` waits for; None: not paced (adding participants, an
    edit)."""
    if kind == "conversation":
        return "conversation"
    if kind == "post" and channel:
        return _channel_class(channel)
    return None


def flood_class(kind: str, channel: str | None) -> PaceClass:
    """Whose pacing the forum's flood control, refusing a message of `kind`, holds back: the
    message's own class, or for one that is not paced that of its channel."""
    return pace_class(kind, channel) or _channel_class(channel)


def _members(cls: PaceClass) -> ColumnElement[bool]:
    if cls == "thread":
        return and_(Row.kind == "post", Row.channel.like("thread:%"))
    return or_(
        Row.kind == "conversation", and_(Row.kind == "post", Row.channel.like("conversation:%"))
    )


def _last_try(session: Session, cls: PaceClass) -> datetime | None:
    attempted, sent = session.execute(
        select(func.max(Row.attempted_at), func.max(Row.sent_at)).where(_members(cls))
    ).one()
    times = [t for t in (attempted, sent) if t is not None]
    return max(times) if times else None


def _fmt(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S UTC")


def gate(
    session: Session,
    kind: str,
    channel: str | None,
    limits: FloodLimits,
    now: datetime,
    flood_until: dict[PaceClass, datetime],
) -> Gate | None:
    """The latest of the limits that hold a message of `kind` in `channel` at `now`."""
    cls = pace_class(kind, channel)
    if cls is None:
        return None
    gates: list[Gate] = []
    interval = timedelta(seconds=limits.interval(cls))
    last = _last_try(session, cls)
    if last is not None and now < last + interval:
        name: Limit = "thread_post_interval" if cls == "thread" else "conversation_message_interval"
        what = "thread post" if cls == "thread" else "conversation message"
        gates.append(
            Gate(
                last + interval,
                name,
                f"{name}: the bot's last {what} was at {_fmt(last)}; the forum wants "
                f"{interval.total_seconds():g} s between them",
            )
        )
    if kind == "conversation" and limits.conversations_per_day != NO_LIMIT:
        # conversations that exist or may exist (an uncertain one counts until checked)
        opened = sorted(
            session.scalars(
                select(Row.attempted_at).where(
                    Row.kind == "conversation",
                    Row.state.in_(("sent", "sending", "uncertain")),
                    Row.attempted_at > now - DAY,
                )
            )
        )
        if len(opened) >= limits.conversations_per_day:
            until = opened[len(opened) - limits.conversations_per_day] + DAY
            gates.append(
                Gate(
                    until,
                    "conversations_per_day",
                    f"conversations_per_day: {len(opened)} conversations opened in the last "
                    f"24 h (the forum allows {limits.conversations_per_day}); the next one "
                    f"when the oldest of them is 24 h old, at {_fmt(until)}",
                )
            )
    if (flood := flood_until.get(cls)) is not None and now < flood:
        gates.append(
            Gate(flood, "forum_flood_control", f"the forum's flood control until {_fmt(flood)}")
        )
    return max(gates, key=lambda g: g.until) if gates else None
