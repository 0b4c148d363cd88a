"""The durable write queue: every message the bot publishes goes through here.

A message is enqueued under a key the caller chooses ("game1/morgen/2"); the same key
again is the same message. `send_next(forum)` publishes at most one due message, lowest
`priority` first, then the oldest, paced by the forum's flood limits (`pacing`).

Never twice: before a message is handed to the forum, its row is set to `sending` with
`before_mark` (the channel's last post known at that moment) in a committed transaction
of its own. Success stores `forum_id` and `sent`; a timeout, a 5xx, a connection error or
a crash leaves it `uncertain`, and before any retry the queue looks on the forum whether it
appeared after all (`checks`): found, it is marked sent and not posted again.

Never lost: the queue is a table; a new `Outbox` over the same database continues, and a
row a crash left in `sending` is treated as `uncertain`.

Errors: the forum's flood control (`FloodLimited`) → queued again after `retry_after`;
a refused login (`LoginFailed`) → nothing is sent any more (every message stays queued)
until `resume()` or a restart; a refusal (4xx) → `blocked` for the Spielleitung; other
errors → retried after `RetryPolicy` backoff, `failed` after `max_attempts` tries.

Edits (kind `edit`: new HTML for the published post `forum_id` in `channel`): sending one
twice is harmless, so an edit needs no appeared-check and no `sending` mark – it is simply
sent (again) until it is marked sent, and `failed` after `max_attempts` failed tries. The
mark would be one more commit before each try, and a process killed after every second write
would then never get the edit out (`tests/bot/test_round_crash.py`). Only the newest edit of
a post is ever sent: enqueueing one supersedes the older ones not yet out (`failed`,
"superseded by KEY"; one already failed keeps its reason), and `retry` does not revive a
superseded one. WoltLab has no flood control for edits (`validateSave` does not call it), so
edits are not paced; the HTTP client's minimum interval between requests still applies.
Each edit is the whole post, but the store keeps a post's text once: the edit before a new
one keeps only what differs from it (`bodies`, `rows.keep_difference`, in the transaction
that queues the new one) and is rebuilt whole wherever it is read (`rows.html_of`) – so
it is shown, and (retried after it failed) sent, as it was queued.

Drafts: `enqueue(…, draft=True)` (the caller's draft mode) stores a message as `draft`
instead of `queued`; drafts are never sent until `drafts.approve` makes them
`queued` (they keep their priority and age, so they go out in their original order).

Conversations with more participants than `FloodLimits.max_participants` are refused by
`enqueue` (`TooManyParticipants`): WoltLab checks that limit against the whole conversation,
also when participants are added later, so opening it with the first N and adding the rest
would fail too. Raise the bot's group limit on the forum and in `[forum.limits]`, or split
the conversation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from pydantic import SecretStr
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.forum.base import ChannelRef, Forum, ReadMark
from wolfbot.outbox import checks, keys, rows
from wolfbot.outbox.pacing import FLOOD_REASON, PaceClass, flood_class, gate
from wolfbot.outbox.values import (
    FloodLimits,
    MessageKind,
    Priority,
    QueuedMessage,
    RetryPolicy,
    SendResult,
    SendStatus,
    TooManyParticipants,
    classify,
    utc_now,
)
from wolfbot.store.batch import RowBatch
from wolfbot.store.models import OutgoingMessage as Row

__all__ = ["FloodLimits", "Outbox", "Priority", "QueuedMessage", "RetryPolicy", "SendResult"]
__all__ += ["TooManyParticipants"]

log = logging.getLogger("wolfbot.outbox.queue")
MarkSource = Callable[[ChannelRef], ReadMark | None]


class Outbox:
    """The write queue over `outgoing_messages`: one per database, used from one thread.
    `clock` returns aware datetimes; `marks` (optional) gives the bot reader's latest mark
    of a channel, a free and close `before_mark`; `secrets` are blanked out of every
    stored error text."""

    def __init__(
        self,
        session_factory: sessionmaker[Session],
        limits: FloodLimits | None = None,
        clock: Callable[[], datetime] = utc_now,
        *,
        retry: RetryPolicy | None = None,
        marks: MarkSource | None = None,
        secrets: Iterable[str | SecretStr] = (),
    ) -> None:
        self._sessions = session_factory
        self.limits = limits or FloodLimits()
        self.retry_policy = retry or RetryPolicy()
        self._clock = clock
        self._marks = marks
        self._secrets = [
            s.get_secret_value() if isinstance(s, SecretStr) else s for s in secrets if s
        ]
        self._flood_until: dict[PaceClass, datetime] = {}
        self.login_error: str | None = None
        self._recover()

    # -- the queue ---------------------------------------------------------------------
    def enqueue(
        self,
        key: str,
        kind: MessageKind,
        channel: ChannelRef | str | None = None,
        html: str = "",
        title: str | None = None,
        participants: Sequence[str] = (),
        priority: int = Priority.PRIVATE,
        *,
        parent: str | None = None,
        not_before: datetime | None = None,
        target: int | None = None,
        draft: bool = False,
        batch: RowBatch | None = None,
    ) -> int:
        """Queue a message; returns its row id. The same `key` again returns the existing
        row and changes nothing. `parent` names a queued "conversation" message: this post
        or add_participants then goes into the conversation it opens, once it is open.
        `participants` never include the bot itself. An `edit` names its post (`target`).
        `draft`: stored as a draft, sent only once approved (`drafts`). `batch`: stage it
        in the caller's transaction (written and committed with it, gone if it rolls back;
        an optimistic batch does not look for the key, its write fails if it is queued)."""
        channel_text, people = rows.validate(
            key, kind, channel, html, title, participants, parent, target
        )
        now = self._now()
        if batch is None:  # a transaction of its own
            with self._sessions.begin() as session:
                own = RowBatch(session, optimistic=False)
                row_id = self.enqueue(
                    key, kind, channel, html, title, participants, priority,
                    parent=parent, not_before=not_before, target=target, draft=draft, batch=own,
                )  # fmt: skip
                own.write()
                return row_id
        existing = rows.queued(batch, key)
        if existing is not None:
            if (existing.kind, existing.html) != (kind, html):
                log.warning("outbox: key %s is queued already; the new content is ignored", key)
            return existing.id
        opening = rows.parent_of(batch, parent) if parent else None
        if opening is not None and opening.state == "sent":
            channel_text = f"conversation:{opening.forum_id}"
        if kind == "conversation":
            rows.check_participants(self.limits.max_participants, title or "", people)
        elif kind == "add_participants":
            batch.write()  # the participants queued so far count
            parent_row = batch.session.get(Row, opening.id) if opening else None
            limit = self.limits.max_participants
            rows.check_added(batch.session, limit, channel_text, parent_row, people)
        row_id = rows.stage(
            batch,
            key=key,
            kind=kind,
            channel=channel_text,
            title=title,
            html=html,
            participants=people,
            priority=int(priority),
            state="draft" if draft else "queued",
            forum_id=target,
            not_before=rows.utc(not_before) if not_before else None,
            created_at=now,
            parent_id=opening.id if opening else None,
        )
        if kind == "edit":
            batch.write()
            edit = batch.session.get_one(Row, row_id)
            rows.supersede(batch.session, edit)
            rows.keep_difference(batch.session, edit)
        return row_id

    def get(self, key: str) -> QueuedMessage | None:
        with self._sessions() as session:
            row = rows.by_key(session, key)
            return rows.snapshot(row) if row else None

    def messages(
        self, states: Iterable[str] | None = None, prefix: str | None = None
    ) -> list[QueuedMessage]:
        """Every message (or those in `states`, with keys starting with `prefix`), in the
        order they would be sent."""
        with self._sessions() as session:
            return rows.listed(session, prefix, states)

    def due(self, now: datetime | None = None) -> list[QueuedMessage]:
        """Messages that may be tried at `now` (their time has come and the conversation
        they go into is open), in sending order; the pacing is checked by `send_next`."""
        with self._sessions() as session:
            return [
                rows.snapshot(r)
                for r in session.scalars(rows.due_query(rows.utc(now or self._now())))
            ]

    def next_due(self) -> datetime | None:
        """When the next pending message may be tried (None: nothing pending); the bot
        sleeps until then (or until it enqueues something)."""
        with self._sessions() as session:
            pending = session.scalars(rows.pending_query()).all()
        if not pending:
            return None
        now = self._now()
        return min(r.not_before or now for r in pending)

    def retry(self, key: str) -> None:
        """Give a failed or blocked message a new round of tries. One that may have reached
        the forum is checked before it is sent again."""
        with self._sessions.begin() as session:
            row = rows.by_key(session, key)
            if row is None or row.state not in ("failed", "blocked"):
                raise ValueError(f"{key}: no failed or blocked message with this key")
            if rows.snapshot(row).superseded:
                raise ValueError(f"{key}: {row.last_error}")
            row.state = "uncertain" if row.attempted_at else "queued"
            row.attempts, row.not_before = 0, None

    def resume(self) -> None:
        """After the credentials were fixed: sending may start again."""
        self.login_error = None

    # -- sending -----------------------------------------------------------------------
    def send_next(self, forum: Forum) -> SendResult | None:
        """Publish at most one due message (see the module docstring); None if none is due."""
        if self.login_error is not None:
            return SendResult(
                "login_failed", limit="login", blocked_reason=self.login_error, forum_calls=0
            )
        now = self._now()
        with self._sessions.begin() as session:
            row = session.scalars(rows.due_query(now).limit(1)).first()
            if row is None:
                return None
            msg = rows.snapshot(row)
        only: list[str] | None = None
        calls = 0
        if msg.kind != "edit" and msg.state in ("uncertain", "sending"):
            outcome, only, calls = self._check(forum, msg, now)
            if isinstance(outcome, SendResult):
                return outcome
            msg = outcome
        with self._sessions.begin() as session:
            held = gate(session, msg.kind, msg.channel, self.limits, now, self._flood_until)
            row = session.get_one(Row, msg.id)
            if held is not None:
                row.not_before = held.until
                if row.last_error is None or keys.waiting(row.last_error) is not None:
                    row.last_error = keys.WAITING + held.reason  # for `wolfbot status`
                return self._result(
                    "waiting",
                    msg,
                    calls,
                    not_before=held.until,
                    limit=held.limit,
                    blocked_reason=held.reason,
                )
            if msg.kind != "edit":  # an edit is sent again after a crash (see above)
                row.state, row.attempted_at = "sending", now
            if keys.waiting(row.last_error) is not None:
                row.last_error = None  # it waits no longer
            if msg.kind == "post":
                reader = self._marks(ChannelRef.parse(msg.channel or "")) if self._marks else None
                row.before_mark = rows.before_mark(session, msg, reader)
        try:
            forum_id = self._deliver(forum, msg, only)
        except Exception as exc:
            return self._failed_try(msg, exc, now, calls + 1)
        with self._sessions.begin() as session:
            row = session.get_one(Row, msg.id)
            rows.mark_sent(session, row, forum_id, self._now(), _link(forum, msg, forum_id))
        log.info("outbox: %s sent (%s %s)", msg.key, msg.kind, forum_id)
        return self._result("sent", msg, calls + 1, forum_id=forum_id)

    def _deliver(self, forum: Forum, msg: QueuedMessage, only: list[str] | None) -> int | None:
        if msg.kind == "post":
            return forum.post(ChannelRef.parse(msg.channel or ""), msg.html, msg.title)
        if msg.kind == "conversation":
            return forum.open_conversation(msg.title or "", list(msg.participants), msg.html)
        if msg.kind == "edit":
            assert msg.forum_id is not None
            ref = ChannelRef.parse(msg.channel or "")
            forum.edit_post(ref, msg.forum_id, msg.html)
            return msg.forum_id
        conversation = ChannelRef.parse(msg.channel or "")
        people = list(msg.participants) if only is None else only
        if people:
            forum.add_participants(conversation.id, people)
        return None

    def _check(
        self, forum: Forum, msg: QueuedMessage, now: datetime
    ) -> tuple[QueuedMessage | SendResult, list[str] | None, int]:
        """The appeared-check of an uncertain message: a result if that settles it (found,
        failed, or the check itself failed), else the message, queued again."""
        with self._sessions() as session:
            exclude = rows.known_ids(session, msg)
        try:
            seen = checks.look(forum, msg, exclude)
        except Exception as exc:
            return self._failed_try(msg, exc, now, 1, checking=True), None, 1
        with self._sessions.begin() as session:
            row = session.get_one(Row, msg.id)
            if seen.found is not None:
                forum_id = None if msg.kind == "add_participants" else seen.found
                at = rows.utc(seen.at) if seen.at else msg.attempted_at or now
                rows.mark_sent(session, row, forum_id, at, _link(forum, msg, forum_id))
                log.info("outbox: %s had appeared (%s); not sent again", msg.key, seen.found)
                return self._result("appeared", msg, 1, forum_id=seen.found), None, 1
            if msg.attempts >= self.retry_policy.max_attempts:
                row.state = "failed"
                return self._result("failed", msg, 1, error=row.last_error), None, 1
            row.state = "queued"
            if seen.mark is not None:
                row.before_mark = seen.mark.bound().to_json()
            return rows.snapshot(row), seen.missing, 1

    def _failed_try(
        self, msg: QueuedMessage, exc: Exception, now: datetime, calls: int, checking: bool = False
    ) -> SendResult:
        """Record what an exception from the forum means for the message."""
        error = self._redact(f"{type(exc).__name__}: {exc}")
        kind = classify(exc)
        with self._sessions.begin() as session:
            row = session.get_one(Row, msg.id)
            row.last_error = error
            if kind == "login":
                row.state = "uncertain" if checking else "queued"
                self.login_error = f"the forum refused the login ({error}); fix the credentials"
                log.error("outbox: %s", self.login_error)
                return self._result(
                    "login_failed",
                    msg,
                    calls,
                    limit="login",
                    error=error,
                    blocked_reason=self.login_error,
                )
            if kind == "flood" and not checking:
                pace = flood_class(msg.kind, msg.channel)
                wait = getattr(exc, "retry_after", None)
                until = now + timedelta(
                    seconds=self.limits.interval(pace) if wait is None else wait
                )
                self._flood_until[pace] = until
                row.state, row.not_before = "queued", until
                return self._result(
                    "waiting",
                    msg,
                    calls,
                    not_before=until,
                    error=error,
                    limit="forum_flood_control",
                    blocked_reason=FLOOD_REASON,
                )
            row.attempts += 1
            if kind == "refused" and not checking:
                row.state = "blocked"
                log.error("outbox: %s blocked: %s", msg.key, error)
                return self._result("blocked", msg, calls, error=error)
            if (checking or msg.kind == "edit") and row.attempts >= self.retry_policy.max_attempts:
                row.state = "failed"
                return self._result("failed", msg, calls, error=error)
            # anything else may have reached the forum: checked before the next try, and
            # after the last allowed try one final check decides between sent and failed
            row.state = "uncertain"
            row.not_before = now + self.retry_policy.delay(row.attempts)
            log.warning("outbox: %s try %d: %s", msg.key, row.attempts, error)
            result = self._result("retry", msg, calls, not_before=row.not_before, error=error)
        if kind == "bug":
            raise exc  # not the forum: the row is safe (uncertain); let the bug surface
        return result

    # -- helpers -----------------------------------------------------------------------
    def _recover(self) -> None:
        """Rows a crash left in `sending` may be on the forum: uncertain, checked first
        (not before the backoff after that try, so a slow request has settled). An
        interruption is not the forum's failure: it does not count as an attempt, so a bot
        killed again and again never gives a message up."""
        interrupted = select(Row).where(Row.state == "sending")
        with self._sessions.begin() as session:
            for row in session.scalars(interrupted):
                row.state = "uncertain"
                row.last_error = "interrupted while sending; checking the forum before a retry"
                if row.attempted_at is not None:
                    delay = self.retry_policy.delay(max(row.attempts, 1))
                    row.not_before = row.attempted_at + delay

    def _redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text[:1000]

    def _now(self) -> datetime:
        return rows.utc(self._clock())

    def _result(self, status: SendStatus, msg: QueuedMessage, calls: int, **kw: Any) -> SendResult:
        return SendResult(status, key=msg.key, message_id=msg.id, forum_calls=calls, **kw)


def _link(forum: Forum, msg: QueuedMessage, forum_id: int | None) -> str:
    """Where a sent message can be read: the post, the new conversation, or the
    conversation that got participants."""
    if msg.kind == "conversation":
        return forum.link(ChannelRef("conversation", forum_id or 0))
    channel = ChannelRef.parse(msg.channel or "")
    return forum.link(channel, forum_id if msg.kind in ("post", "edit") else None)
