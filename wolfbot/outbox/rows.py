"""The write queue's work on its table: validating and reading rows (`listed`: in sending
order, also for the drafts and `wolfbot status`), the due query, the no-request
`before_mark`, the participant limit and the superseding of edits. Used by
`wolfbot.outbox.queue` and `wolfbot.outbox.drafts`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, select, tuple_, update
from sqlalchemy.orm import Session, aliased

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.outbox import bodies
from wolfbot.outbox.values import (
    KINDS,
    PENDING,
    SUPERSEDED,
    QueuedMessage,
    TooManyParticipants,
)
from wolfbot.spelling import name_key
from wolfbot.store.batch import RowBatch
from wolfbot.store.models import OutgoingMessage as Row


def utc(t: datetime) -> datetime:
    if t.tzinfo is None or t.utcoffset() is None:
        raise ValueError(f"naive datetime {t!r}: the outbox's clock must give aware times")
    return t.astimezone(UTC)


def validate(
    key: str,
    kind: str,
    channel: ChannelRef | str | None,
    html: str,
    title: str | None,
    participants: Sequence[str],
    parent: str | None,
    target: int | None = None,
) -> tuple[str | None, list[str]]:
    """The channel as text and the participants (stripped, without repeats), or ValueError.
    `target`: the post an `edit` changes (only there)."""
    if not key or len(key) > 200:
        raise ValueError("key: 1 to 200 characters")
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r}: one of {', '.join(KINDS)}")
    if isinstance(participants, str):
        raise TypeError("participants: a list of names, not a string")
    people = list(dict.fromkeys(p.strip() for p in participants if p.strip()))
    ref = ChannelRef.parse(str(channel)) if channel is not None else None
    if kind == "conversation":
        if ref is not None or parent is not None:
            raise ValueError("a new conversation has no channel and no parent")
        if not (title and title.strip() and html.strip() and people):
            raise ValueError("a new conversation needs a title, a message and participants")
    elif (ref is None) == (parent is None):
        raise ValueError(f"a {kind} needs either a channel or a parent conversation")
    if kind in ("post", "edit") and not html.strip():
        raise ValueError(f"a {kind} needs a message")
    if (kind == "edit") != (target is not None):
        raise ValueError("an edit, and only an edit, names the post it changes (target)")
    if kind == "edit" and (
        ref is None or people or title or not isinstance(target, int) or target < 1
    ):
        raise ValueError(
            "an edit needs the channel and the id of its post, no participants and no title"
        )
    if kind == "add_participants":
        if not people:
            raise ValueError("add_participants needs participants")
        if ref is not None and ref.kind != "conversation":
            raise ValueError(f"participants are added to a conversation, not to {ref}")
    return (str(ref) if ref else None), people


def snapshot(row: Row, known: dict[int, str] | None = None) -> QueuedMessage:
    """The message of `row` (in a session: an older edit's text is rebuilt from the newer;
    `known` as for `html_of`)."""
    return QueuedMessage(
        id=row.id,
        key=row.key,
        kind=row.kind,  # type: ignore[arg-type]
        channel=row.channel,
        title=row.title,
        html=html_of(row, known),
        participants=tuple(row.participants or ()),
        priority=row.priority,
        state=row.state,  # type: ignore[arg-type]
        attempts=row.attempts,
        not_before=row.not_before,
        created_at=row.created_at,
        attempted_at=row.attempted_at,
        sent_at=row.sent_at,
        forum_id=row.forum_id,
        before_mark=dict(row.before_mark) if row.before_mark else None,
        last_error=row.last_error,
        parent_id=row.parent_id,
    )


def html_of(row: Row, known: dict[int, str] | None = None) -> str:
    """The whole message of `row`: its `html`, or for an edit a newer edit of its post
    followed, that edit's text with the middle `row` keeps (`bodies`); the newer rows are
    read in `row`'s session. `known`: the whole texts rebuilt so far, by row id – a listing
    passes one, so that each edit is rebuilt once."""
    texts = {} if known is None else known
    older: list[Row] = []
    while row.html_base_id is not None and row.id not in texts:
        older.append(row)
        session = Session.object_session(row)
        if session is None:
            raise ValueError(f"{row.key}: an edit kept as a difference is read in a session")
        row = session.get_one(Row, row.html_base_id)
    text = texts.get(row.id, row.html)
    for edit in reversed(older):
        kept = bodies.Difference(edit.html_head or 0, edit.html, edit.html_tail or 0)
        text = texts[edit.id] = bodies.restore(text, kept)
    return text


def by_key(session: Session, key: str) -> Row | None:
    return session.scalar(select(Row).where(Row.key == key))


def listed(
    session: Session, prefix: str | None = None, states: Iterable[str] | None = None
) -> list[QueuedMessage]:
    """The messages (with keys starting with `prefix`, in `states`) in the order they would
    be sent: lowest priority number first, then the oldest."""
    query = select(Row).order_by(Row.priority, Row.created_at, Row.id)
    if prefix:
        query = query.where(Row.key.startswith(prefix, autoescape=True))
    if states is not None:
        query = query.where(Row.state.in_(list(states)))
    known: dict[int, str] = {}
    return [snapshot(row, known) for row in session.scalars(query)]


def pending_query() -> Select[tuple[Row]]:
    """Pending messages whose conversation (if they wait for one) is open, in sending order:
    lowest priority number first, then the oldest."""
    parent = aliased(Row)
    return (
        select(Row)
        .outerjoin(parent, Row.parent_id == parent.id)
        .where(Row.state.in_(PENDING))
        .where((Row.parent_id.is_(None)) | (parent.state == "sent"))
        .order_by(Row.priority, Row.created_at, Row.id)
    )


def due_query(now: datetime) -> Select[tuple[Row]]:
    """Pending messages whose time has come – and of each channel's posts only those that
    no earlier post (in sending order) to the same channel waits before: a post that failed
    once and waits for its retry holds the later ones of its thread or conversation, so the
    forum shows them in the order they were queued."""
    earlier = aliased(Row)
    held = (
        select(earlier.id)
        .where(
            Row.kind == "post",
            earlier.kind == "post",
            earlier.state.in_(PENDING),
            earlier.channel == Row.channel,
            earlier.not_before > now,
            tuple_(earlier.priority, earlier.created_at, earlier.id)
            < tuple_(Row.priority, Row.created_at, Row.id),
        )
        .exists()
    )
    return pending_query().where((Row.not_before.is_(None)) | (Row.not_before <= now), ~held)


def before_mark(session: Session, msg: QueuedMessage, reader: ReadMark | None) -> dict[str, Any]:
    """The best lower bound of the channel's last post, at no request (`ReadMark.bound`):
    the bot reader's mark, the marks recorded for earlier messages in the channel, the ids of
    our own posts there (with the place of the mark recorded before sending them). Any post
    that existed is a valid bound (post ids only grow); a higher one only makes the
    appeared-check read less. With nothing known: the channel's start."""
    candidates = [] if reader is None else [reader.bound()]
    if msg.before_mark:
        candidates.append(ReadMark.from_json(msg.before_mark))
    rows = session.execute(
        select(Row.before_mark, Row.forum_id, Row.state, Row.kind)
        .where(Row.channel == msg.channel, Row.before_mark.is_not(None))
        .order_by(Row.id.desc())
        .limit(20)
    )
    for data, forum_id, state, kind in rows:
        mark = ReadMark.from_json(data)
        candidates.append(mark)
        if state == "sent" and kind == "post" and forum_id:
            candidates.append(replace(mark, last_post_id=forum_id))
    # the first of the highest: a mark that read that post knows its place best
    best = max(candidates, key=lambda mark: mark.last_post_id, default=ReadMark())
    return best.bound().to_json()


def known_ids(session: Session, msg: QueuedMessage) -> set[int]:
    """Forum ids the queue already gave to other messages like `msg` (never 'found' again)."""
    query = select(Row.forum_id).where(
        Row.kind == msg.kind, Row.forum_id.is_not(None), Row.id != msg.id
    )
    if msg.kind == "post":
        query = query.where(Row.channel == msg.channel)
    return set(session.scalars(query))


def mark_sent(
    session: Session, row: Row, forum_id: int | None, at: datetime, url: str | None = None
) -> None:
    """`sent` (where it can be read: `url`); a new conversation's waiting messages learn
    their channel."""
    row.state, row.forum_id, row.sent_at, row.not_before = "sent", forum_id, at, None
    row.url = url
    if row.kind == "conversation" and forum_id is not None:
        session.execute(
            update(Row)
            .where(Row.parent_id == row.id, Row.channel.is_(None))
            .values(channel=f"conversation:{forum_id}")
        )


# -- staging (in a RowBatch) --------------------------------------------------------------------
_KEY = "outbox key"


@dataclass(frozen=True, slots=True)
class Queued:
    """What queueing needs to know of a message queued already."""

    id: int
    kind: str
    html: str
    state: str
    forum_id: int | None


def queued(batch: RowBatch, key: str) -> Queued | None:
    """The message queued under `key`: staged in `batch`, or in the table – an optimistic
    batch does not look there (its write fails if the key is taken)."""
    known = batch.cache.get((_KEY, key))
    if known is None and not batch.optimistic:
        known = _remember(batch, key)
    return known


def parent_of(batch: RowBatch, key: str) -> Queued:
    """The "conversation" message `key` (staged, or read once per batch)."""
    known = batch.cache.get((_KEY, key)) or _remember(batch, key)
    if known is None or known.kind != "conversation":
        raise ValueError(f"parent {key!r}: no conversation message with this key is queued")
    return known


def _remember(batch: RowBatch, key: str) -> Queued | None:
    """What the queue needs of the message `key`, read as plain columns (a row object costs
    more to make than the query to find it); an edit kept as a difference is rebuilt."""
    found = batch.session.execute(
        select(Row.id, Row.kind, Row.html, Row.state, Row.forum_id, Row.html_base_id).where(
            Row.key == key
        )
    ).first()
    if found is None:
        return None
    html = found.html
    if found.html_base_id is not None:
        html = html_of(batch.session.get_one(Row, found.id))
    known = Queued(found.id, found.kind, html, found.state, found.forum_id)
    batch.cache[_KEY, key] = known
    return known


def stage(
    batch: RowBatch,
    *,
    key: str,
    kind: str,
    channel: str | None,
    title: str | None,
    html: str,
    participants: list[str],
    priority: int,
    state: str,
    forum_id: int | None,
    not_before: datetime | None,
    created_at: datetime,
    parent_id: int | None,
) -> int:
    """Stage a new message's row; returns its id."""
    row_id = batch.add(
        Row,
        {
            "key": key,
            "kind": kind,
            "channel": channel,
            "title": title,
            "html": html,
            "participants": participants,
            "priority": priority,
            "state": state,
            "attempts": 0,
            "not_before": not_before,
            "created_at": created_at,
            "attempted_at": None,
            "sent_at": None,
            "forum_id": forum_id,
            "before_mark": None,
            "last_error": None,
            "parent_id": parent_id,
        },
    )
    batch.cache[_KEY, key] = Queued(row_id, kind, html, state, forum_id)
    return row_id


def check_participants(
    limit: int, title: str, present: Iterable[str], new: Iterable[str] = ()
) -> None:
    everyone = {name_key(p) for p in present} | {name_key(p) for p in new}
    if len(everyone) > limit:
        raise TooManyParticipants(
            f"conversation {title!r} would have {len(everyone)} participants; the forum "
            f"allows {limit} (forum.limits.max_participants). Raise the limit of the bot's "
            "user group on the forum and in the configuration, or split the conversation."
        )


def check_added(
    session: Session, limit: int, channel: str | None, parent: Row | None, new: list[str]
) -> None:
    """Refuse adding participants beyond the limit to a conversation the queue opened
    (for one it did not open it cannot count: the forum will tell)."""
    opening = parent
    if opening is None and channel is not None:
        opening = session.scalar(
            select(Row).where(
                Row.kind == "conversation", Row.forum_id == ChannelRef.parse(channel).id
            )
        )
    if opening is None:
        return
    added = session.scalars(
        select(Row.participants).where(
            Row.kind == "add_participants",
            Row.state.not_in(("failed", "blocked")),
            (Row.parent_id == opening.id)
            | (Row.channel == f"conversation:{opening.forum_id or -1}"),
        )
    )
    present = [*opening.participants, *(p for people in added for p in people)]
    check_participants(limit, opening.title or "", present, new)


SUPERSEDABLE = ("queued", "uncertain", "draft", "blocked")


def supersede(session: Session, row: Row) -> None:
    """Only the newest edit of a post is ever sent: the older edits of `row`'s post that are
    not out (and not being sent) become `failed` with "superseded by KEY". One that failed
    already (given up, or a draft the Spielleitung discarded) keeps its reason."""
    older = session.scalars(
        select(Row).where(
            Row.kind == "edit",
            Row.channel == row.channel,
            Row.forum_id == row.forum_id,
            Row.id < row.id,
            Row.state.in_(SUPERSEDABLE),
        )
    ).all()
    for old in older:
        old.state, old.not_before = "failed", None
        old.last_error = f"{SUPERSEDED}{row.key} (not sent: a newer edit of the post replaces it)"


def keep_difference(session: Session, row: Row) -> None:
    """The edit of `row`'s post before it (the newest so far, kept whole) keeps only what
    differs from `row`'s text (`bodies`): the store holds a post's text once, not once per
    edit. Whatever its state – it is rebuilt whole wherever it is read (`html_of`)."""
    before = session.scalars(
        select(Row)
        .where(
            Row.kind == "edit",
            Row.channel == row.channel,
            Row.forum_id == row.forum_id,
            Row.id < row.id,
        )
        .order_by(Row.id.desc())
        .limit(1)
    ).first()
    if before is None or before.html_base_id is not None:
        return
    kept = bodies.difference(before.html, row.html)
    before.html, before.html_head, before.html_tail = kept.middle, kept.head, kept.tail
    before.html_base_id = row.id
