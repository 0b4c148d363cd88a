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

A held message learns why in the Spielleitung's words (`Gate.reason`, German, naming the
setting of `[forum.limits]`; `wolfbot status` shows it). `paced` plans the same rules
ahead: when each of a row of conversation messages would go out (`wolfbot check-config`
asks it whether the start of a round is out before its first deadline).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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


FLOOD_REASON = "die Flood-Sperre des Forums verlangt eine Pause"


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
        what = "Beiträgen im Thema" if cls == "thread" else "Konversationsnachrichten"
        gates.append(
            Gate(
                last + interval,
                name,
                f"{interval.total_seconds():g} s Abstand zwischen {what} (forum.limits.{name})",
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
                    f"schon {len(opened)} neue Konversationen in 24 Stunden, erlaubt sind "
                    f"{limits.conversations_per_day} (forum.limits.conversations_per_day)",
                )
            )
    if (flood := flood_until.get(cls)) is not None and now < flood:
        gates.append(Gate(flood, "forum_flood_control", FLOOD_REASON))
    return max(gates, key=lambda g: g.until) if gates else None


def paced(
    opens: Sequence[bool],
    limits: FloodLimits,
    start: datetime,
    *,
    wake: float = 0.0,
    cost: float = 0.0,
) -> list[datetime]:
    """When each of a row of conversation messages would go out, sent in this order from
    `start` under the rules above (True: the message opens a new conversation). `wake`:
    the seconds between the bot's passes – a message whose time comes between two waits
    for the next; `cost`: the seconds one message's requests take."""
    interval = timedelta(seconds=limits.conversation_message_interval)
    per_day = limits.conversations_per_day
    times: list[datetime] = []
    opened: list[datetime] = []
    for opening in opens:
        ready = times[-1] + timedelta(seconds=cost) if times else start  # the pass goes on
        due = times[-1] + interval if times else start
        if opening and per_day != NO_LIMIT and len(opened) >= per_day:
            due = max(due, opened[-per_day] + DAY)
        at = max(ready, due)
        if due > ready and wake > 0:  # held by a limit: sent by the first pass after it
            passes = math.ceil((due - start).total_seconds() / wake - 1e-9)
            at = max(ready, start + timedelta(seconds=passes * wake))
        times.append(at)
        if opening:
            opened.append(at)
    return times
