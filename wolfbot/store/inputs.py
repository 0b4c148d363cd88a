"""The posts the bot read: each processed post recorded once with its commands and events
(`record_input`, `is_processed`), posts gone from the forum, the Spielleitung's verdict on a
command, and the posts again for replay (`load_inputs`). Part of the store's repository
(`records`): every function is one transaction of its own, but `versions`, `versions_of`
and `add_input`, which work in the caller's (the bot takes a batch of posts in one
transaction: what was recorded of them before, the engine's results, the answers queued;
`add_input` stages its rows in the caller's `RowBatch`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.store.batch import RowBatch
from wolfbot.store.errors import StoreError
from wolfbot.store.event_log import LoggedEvent, add_events, check_next
from wolfbot.store.lookups import game_row, utc_now
from wolfbot.store.models import CommandRow, GameRow, InputPost
from wolfbot.store.results import CommandResult, PostResults, Verdict


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


# -- inputs ------------------------------------------------------------------------------------
def is_processed(session: Session, game_id: int, post: ForumPost) -> bool:
    """Whether this post (same channel, id and content) was recorded already: then it must
    not be given to the engine again."""
    with session.begin():
        row = _input_row(session, game_id, post)
        return row is not None and row.processed_at is not None


def versions(session: Session, game_id: int, post: ForumPost) -> list[InputPost]:
    """Every recorded version of this post (same channel and id), in the caller's
    transaction. Processed under its own hash → recorded already; under others only → it
    was edited since (the first version counts). Hand them to `add_input` (`earlier`)."""
    return versions_of(session, game_id, [post]).get((str(post.channel), post.post_id), [])


def versions_of(
    session: Session, game_id: int, posts: Sequence[ForumPost]
) -> dict[tuple[str, int], list[InputPost]]:
    """`versions` of many posts in one query: by (channel, post id), only those recorded."""
    found: dict[tuple[str, int], list[InputPost]] = {}
    by_channel: dict[str, list[int]] = {}
    for post in posts:
        by_channel.setdefault(str(post.channel), []).append(post.post_id)
    for channel, ids in by_channel.items():
        for start in range(0, len(ids), _IN_LIMIT):
            query = select(InputPost).where(
                InputPost.game_id == game_id,
                InputPost.channel == channel,
                InputPost.post_id.in_(ids[start : start + _IN_LIMIT]),
            )
            for row in session.scalars(query):
                found.setdefault((channel, row.post_id), []).append(row)
    return found


_IN_LIMIT = 500  # post ids per query (SQLite allows some thousand parameters)


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
    with session.begin():
        batch = RowBatch(session)
        recorded = add_input(batch, game_id, post, results, now=now, seen_at=seen_at)
        batch.write()
        return recorded


def add_input(
    batch: RowBatch,
    game_id: int,
    post: ForumPost,
    results: PostResults,
    *,
    now: datetime | None = None,
    seen_at: datetime | None = None,
    earlier: list[InputPost] | None = None,
) -> Recorded:
    """`record_input` in the caller's transaction, its rows staged in `batch` (the caller
    writes it); `earlier`: the post's `versions`, if the caller looked them up already."""
    session = batch.session
    now = now or utc_now()
    if earlier is None:
        earlier = versions(session, game_id, post)
    same = [row for row in earlier if row.content_hash == post.content_hash]
    existing = same[0] if same else None
    if existing is not None and existing.processed_at is not None:
        return Recorded(existing.id, already=True)
    game = batch.cache.get((GameRow, game_id))
    if game is None:  # read once per transaction: the session keeps the same row
        game = batch.cache[GameRow, game_id] = game_row(session, game_id)
    if results.channel is None:
        if results.events:
            raise StoreError("a post that is no input of the engine has no events")
    elif results.start_seq is None:
        raise StoreError("an input of the engine needs start_seq (the log's length)")
    else:
        check_next(batch, game_id, results.start_seq)
    values = {
        "url": post.url,
        "author": post.author,
        "author_id": post.author_id,
        "posted_at": post.time,
        "edit_count": post.edit_count,
        "deleted": post.deleted,
        "html": post.html,
        "engine_channel": results.channel,
        "log_position": results.start_seq if results.channel is not None else None,
        "processed_at": now,
    }
    if existing is not None:  # seen before, never processed: it is processed now
        for name, value in values.items():
            setattr(existing, name, value)
        session.flush()
        input_id = existing.id
    else:
        input_id = batch.add(
            InputPost,
            {
                "game_id": game_id,
                "post_id": post.post_id,
                "channel": str(post.channel),
                "content_hash": post.content_hash,
                "first_seen_at": seen_at or now,
                **values,
            },
        )
    phase_before = game.phase
    logged: dict[int, LoggedEvent] = {}
    if results.events and results.start_seq is not None:
        logged = add_events(batch, game, results.events, results.start_seq, now, input_id)
    for position, command in enumerate(results.commands, start=1):
        batch.add(
            CommandRow,
            command_values(
                game_id,
                command,
                logged,
                phase_before,
                input_id=input_id,
                position=position,
                at=post.time,
            ),
        )
    return Recorded(input_id, False, len(results.commands), len(results.events))


def add_version(
    batch: RowBatch,
    game_id: int,
    post: ForumPost,
    *,
    now: datetime | None = None,
    earlier: list[InputPost] | None = None,
) -> tuple[int, bool]:
    """Keep a later version of a processed post (an edit) in the caller's transaction: a
    row that is no input of the engine (`processed_at`, `engine_channel` and
    `log_position` NULL), so that the Spielleitung can see it and restore the earlier
    state. Returns (its input id, whether it is new now); a version kept before is not
    kept again."""
    if earlier is None:
        earlier = versions(batch.session, game_id, post)
    for row in earlier:
        if row.content_hash == post.content_hash:
            return row.id, False
    now = now or utc_now()
    input_id = batch.add(
        InputPost,
        {
            "game_id": game_id,
            "post_id": post.post_id,
            "channel": str(post.channel),
            "content_hash": post.content_hash,
            "first_seen_at": now,
            "url": post.url,
            "author": post.author,
            "author_id": post.author_id,
            "posted_at": post.time,
            "edit_count": post.edit_count,
            "deleted": post.deleted,
            "html": post.html,
            "engine_channel": None,
            "log_position": None,
            "processed_at": None,
        },
    )
    return input_id, True


def add_not_counted(
    batch: RowBatch,
    game_id: int,
    input_id: int,
    lines: Sequence[str],
    *,
    actor: str,
    channel: str,
    phase: str,
    reason: str,
    at: datetime,
) -> None:
    """Command lines of a kept version that do not count (an edit added them: the first
    version counts), staged as `rejected` rows of that version, decided by the engine's
    side without an event – listed with the other "fehlerhafte Befehle", so that
    `wolfbot accept` can still let one count."""
    for position, line in enumerate(lines, start=1):
        batch.add(
            CommandRow,
            {
                "game_id": game_id,
                "input_id": input_id,
                "position": position,
                "actor": actor,
                "channel": channel,
                "phase": phase,
                "word": None,
                "targets": None,
                "text": line,
                "typed": None,
                "verdict": "rejected",
                "reason": reason,
                "decided_by": "engine",
                "at": at,
                "decided_at": None,
                "event_id": None,
            },
        )


def mark_deleted(session: Session, game_id: int, channel: ChannelRef | str, post_id: int) -> int:
    """The post is gone or in the trash now; returns how many recorded versions it had."""
    with session.begin():
        return len(deleted_versions(session, game_id, channel, post_id))


def deleted_versions(
    session: Session, game_id: int, channel: ChannelRef | str, post_id: int
) -> list[InputPost]:
    """`mark_deleted` in the caller's transaction: the post's recorded versions (oldest
    first), each marked `deleted` now."""
    rows = session.scalars(
        select(InputPost)
        .where(
            InputPost.game_id == game_id,
            InputPost.channel == str(channel),
            InputPost.post_id == post_id,
        )
        .order_by(InputPost.id)
    ).all()
    for row in rows:
        row.deleted = True
    return list(rows)


def commands_of(session: Session, input_ids: Sequence[int]) -> dict[int, list[CommandRow]]:
    """The command rows of these input posts, by input id, in the order of their lines
    (in the caller's transaction)."""
    found: dict[int, list[CommandRow]] = {}
    if not input_ids:
        return found
    query = (
        select(CommandRow)
        .where(CommandRow.input_id.in_(list(input_ids)))
        .order_by(CommandRow.input_id, CommandRow.position)
    )
    for row in session.scalars(query):
        found.setdefault(row.input_id or 0, []).append(row)
    return found


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
        return [_stored_input(r) for r in rows]


def versions_beside(session: Session, game_id: int, input_id: int) -> list[StoredInput]:
    """Every kept version of the post that `input_id` is a version of (oldest first); empty
    when the game has no such input."""
    with session.begin():
        row = session.get(InputPost, input_id)
        if row is None or row.game_id != game_id:
            return []
        rows = session.scalars(
            select(InputPost)
            .where(
                InputPost.game_id == game_id,
                InputPost.channel == row.channel,
                InputPost.post_id == row.post_id,
            )
            .order_by(InputPost.id)
        ).all()
        return [_stored_input(r) for r in rows]


def _stored_input(r: InputPost) -> StoredInput:
    return StoredInput(
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


# -- inside a transaction ----------------------------------------------------------------------
def command_values(
    game_id: int,
    command: CommandResult,
    by_seq: dict[int, LoggedEvent],
    phase: str,
    *,
    input_id: int | None,
    position: int,
    at: datetime,
    decided_at: datetime | None = None,
) -> dict[str, Any]:
    """The `commands` row of a verdict, to stage in a `RowBatch`: dated `at`, in the phase
    of its event (`by_seq`: the events just added, by log index) or, without an event, in
    `phase`. A command that
    names an event not among them is an error (`StoreError`)."""
    event = None
    if command.event_seq is not None:
        event = by_seq.get(command.event_seq)
        if event is None:
            raise StoreError(f"{command.text!r}: no event {command.event_seq} among its events")
    return {
        "game_id": game_id,
        "input_id": input_id,
        "position": position,
        "actor": command.actor,
        "channel": command.channel,
        "phase": event.phase if event is not None else phase,
        "word": command.word,
        "targets": list(command.targets) if command.targets is not None else None,
        "text": command.text,
        "typed": command.typed,
        "verdict": command.verdict,
        "reason": command.reason,
        "decided_by": command.decided_by,
        "at": at,
        "decided_at": decided_at,
        "event_id": event.id if event is not None else None,
    }


def _input_row(session: Session, game_id: int, post: ForumPost) -> InputPost | None:
    return session.scalar(
        select(InputPost).where(
            InputPost.game_id == game_id,
            InputPost.channel == str(post.channel),
            InputPost.post_id == post.post_id,
            InputPost.content_hash == post.content_hash,
        )
    )
