"""The values of the write queue (`wolfbot.outbox.queue`): limits, retry policy, priorities,
a queued message as the caller sees it, and the result of one `send_next`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import IntEnum
from typing import Any, Literal

import httpx

from wolfbot.forum.base import FloodLimited, ForumError, LoginFailed, Refused
from wolfbot.outbox import keys
from wolfbot.outbox.keys import SUPERSEDED as SUPERSEDED  # rows marks replaced edits

MessageKind = Literal["post", "conversation", "add_participants", "edit"]
MessageState = Literal["queued", "sending", "uncertain", "sent", "failed", "blocked", "draft"]
SendStatus = Literal["sent", "appeared", "waiting", "retry", "failed", "blocked", "login_failed"]
Limit = Literal[
    "thread_post_interval",
    "conversation_message_interval",
    "conversations_per_day",
    "forum_flood_control",
    "login",
]

NO_LIMIT = -1  # WoltLab's "infinite" value (maxStartedConversationsPer24Hours = -1)
KINDS: tuple[MessageKind, ...] = ("post", "conversation", "add_participants", "edit")
PENDING: tuple[MessageState, ...] = ("queued", "sending", "uncertain")


class Priority(IntEnum):
    """Lower goes first."""

    PHASE = 0  # Morgen, Dämmerung, Abend, Eröffnungs- and Abschlussbeitrag
    QUESTION = 1  # Jäger, Nachfolger, ties: the game waits for the answer
    PRIVATE = 2  # private information (Seherin, Hexe, Rollenmitteilung …)
    RECEIPT = 3  # "Angenommen: …" / "Abgelehnt: …"


@dataclass(frozen=True, slots=True)
class FloodLimits:
    """The forum's flood control as the bot must respect it: the options of the bot
    account's user group, at WoltLab's defaults for the group "Users" (an admin can give the
    account a group with other values, so they are configuration: `[forum.limits]`).
    WoltLab's rule for conversations: `floodControlTime` seconds between any two messages of
    the account across all its conversations, a new conversation's first message included
    (one shared clock: `conversation_message_interval`); `maxStartedConversationsPer24Hours`
    (`conversations_per_day`, -1 no limit); `maxParticipants` per conversation."""

    thread_post_interval: float = 30.0  # seconds between the bot's posts in threads
    conversation_message_interval: float = 60.0  # … between conversation messages and new ones
    conversations_per_day: int = 10  # new conversations in any rolling 24 hours; -1: no limit
    max_participants: int = 10  # per conversation, the bot (its author) not counted

    def interval(self, pace: Literal["thread", "conversation"]) -> float:
        if pace == "thread":
            return self.thread_post_interval
        return self.conversation_message_interval

    def __post_init__(self) -> None:
        for name in ("thread_post_interval", "conversation_message_interval"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")
        if self.max_participants < 1:
            raise ValueError("max_participants must be at least 1")
        if self.conversations_per_day < 1 and self.conversations_per_day != NO_LIMIT:
            raise ValueError("conversations_per_day must be at least 1, or -1 for no limit")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Backoff after an error: `backoff · 2^(attempts-1)` seconds, at most `backoff_max`;
    after `max_attempts` failed tries the message is `failed`."""

    max_attempts: int = 5
    backoff: float = 30.0
    backoff_max: float = 1800.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.backoff < 0 or self.backoff_max < self.backoff:
            raise ValueError("need 0 <= backoff <= backoff_max")

    def delay(self, attempts: int) -> timedelta:
        exponent = min(max(attempts - 1, 0), 32)
        return timedelta(seconds=min(self.backoff * 2**exponent, self.backoff_max))


class TooManyParticipants(ValueError):
    """A conversation would get more participants than the forum allows. WoltLab checks
    the limit for the whole conversation (opening it and adding later alike), so the outbox
    refuses such a message when it is enqueued instead of queueing one that cannot succeed."""


@dataclass(frozen=True, slots=True)
class QueuedMessage:
    """One row of `outgoing_messages`, detached from the database."""

    id: int
    key: str
    kind: MessageKind
    channel: str | None
    title: str | None
    html: str
    participants: tuple[str, ...]
    priority: int
    state: MessageState
    attempts: int
    not_before: datetime | None
    created_at: datetime
    attempted_at: datetime | None
    sent_at: datetime | None
    forum_id: int | None
    before_mark: dict[str, Any] | None
    last_error: str | None
    parent_id: int | None

    @property
    def superseded(self) -> bool:
        """An edit that a newer edit of the same post replaced before it was sent."""
        return keys.superseded(self.kind, self.last_error)


@dataclass(frozen=True, slots=True)
class SendResult:
    """What one `send_next` did.

    - `sent`: published now (`forum_id`);
    - `appeared`: an earlier, uncertain try had in fact been published: marked sent, not
      posted again;
    - `waiting`: a limit holds the message until `not_before`; `limit` and `blocked_reason`
      say which (tell the Spielleitung);
    - `retry`: an error; it is tried (an uncertain one: checked first) at `not_before`;
    - `failed`: given up after the configured attempts (`error`); `Outbox.retry` revives it;
    - `blocked`: the forum refused it (a 4xx answer); needs the Spielleitung;
    - `login_failed`: the forum refused the bot's login; nothing is sent until the
      credentials are fixed (`Outbox.resume` or a restart).
    """

    status: SendStatus
    key: str | None = None
    message_id: int | None = None
    forum_id: int | None = None
    not_before: datetime | None = None
    limit: Limit | None = None
    blocked_reason: str | None = None
    error: str | None = None
    forum_calls: int = 0  # calls of the `Forum` protocol this send_next made

    @property
    def published(self) -> bool:
        return self.status in ("sent", "appeared")


ErrorClass = Literal["login", "flood", "refused", "uncertain", "bug"]


def classify(exc: Exception) -> ErrorClass:
    """What an exception from a forum call says about the message:
    - `login`: the login was refused (nothing was stored);
    - `flood`: the forum's flood control (409/429, or any `retry_after`): not stored;
    - `refused`: another 4xx answer – the forum said no; repeating will not help;
    - `uncertain`: a timeout, a 5xx, a connection error: it may have been stored;
    - `bug`: not a forum error at all (treated as uncertain, then raised)."""
    if isinstance(exc, LoginFailed):
        return "login"
    if isinstance(exc, Refused):
        return "refused"
    if isinstance(exc, ForumError):
        if isinstance(exc, FloodLimited) or exc.retry_after is not None or exc.status in (409, 429):
            return "flood"
        if exc.status is not None and 400 <= exc.status < 500 and exc.status != 408:
            return "refused"
        return "uncertain"
    if isinstance(exc, httpx.TransportError | TimeoutError | ConnectionError):
        return "uncertain"  # a client that lets transport errors through unwrapped
    return "bug"


def utc_now() -> datetime:
    return datetime.now(UTC)
