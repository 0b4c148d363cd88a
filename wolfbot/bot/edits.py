"""Edits and deletions of posts the bot had processed ("Das Löschen von Beiträgen ist
verboten. Die Spielleitung stellt gelöschte Beiträge wieder her. Das Bearbeiten von
Beiträgen ist nur erlaubt, um unwesentliche Fehler zu korrigieren."). The first version
counts; the engine never sees an edit or a deletion. What the bot does instead:

- an **edit** (`note_edit`): the new version is kept (`input_posts`, not processed: the
  Spielleitung sees it in `v_edited` and `wolfbot deleted`, and may restore the earlier
  state). When its command lines differ from every version seen before, the author is told
  once in his conversation that the first version counts, and what the edit added or
  changed is recorded as `rejected` command rows of the new version (so `wolfbot accept`
  may still let one count). An edit of the text alone changes nothing else, and an edit
  by someone else (a moderator, as the forum names the last editor) is told to nobody.
- a **deletion** (`note_deletion`): every kept version is marked `deleted`; when the
  processed one had commands, its author is told once that they stand.

Both are staged in the caller's transaction (its `RowBatch`): the kept version, its rows
and the message are stored together or not at all. The message's key names the kept
version (`g12/beitrag/{input id}/bearbeitet`, `…/geloescht`): an edit or a deletion read
again – after a restart, from an older mark – queues nothing new.
"""

from __future__ import annotations

import logging
from datetime import datetime

from wolfbot.bot.writing import Desk
from wolfbot.engine.spec import Ruleset
from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.forum.dialect import Dialect
from wolfbot.posts.edits import Answered, KeptPost, deletion_notice, edit_notice
from wolfbot.spelling import name_key
from wolfbot.store import records
from wolfbot.store.batch import RowBatch
from wolfbot.store.models import InputPost

log = logging.getLogger("wolfbot.bot.edits")

NOT_COUNTED = (
    "Der Befehl kam erst durch eine Bearbeitung in den Beitrag; es gilt die erste Fassung."
)


def command_lines(dialect: Dialect, html: str) -> tuple[str, ...]:
    """What of a post the bot answers as commands: the bold lines at its end, then the
    lines of the right form elsewhere (not bold, text after them, in a quote or spoiler)."""
    body = dialect.read(html)
    return body.commands + tuple(stray.line for stray in body.strays)


def kept(row: InputPost, channel: str | None = None) -> KeptPost:
    return KeptPost(row.author, row.posted_at, row.url, channel or row.engine_channel)


def _first(rows: list[InputPost]) -> InputPost | None:
    """The version that counts: the one processed (the first read)."""
    processed = [row for row in rows if row.processed_at is not None]
    return min(processed, key=lambda row: row.id) if processed else None


def note_edit(
    desk: Desk,
    rules: Ruleset,
    game_id: int,
    phase: str,
    post: ForumPost,
    batch: RowBatch,
    earlier: list[InputPost],
    now: datetime,
) -> bool:
    """An edited version of a processed post (`earlier`: its recorded versions): kept, and
    answered when its command lines changed (see the module docstring). True when the
    author is told now; a version kept before does nothing."""
    first = _first(earlier)
    if first is None:
        return False
    version_id, new = records.add_version(batch, game_id, post, now=now, earlier=earlier)
    if not new:
        return False
    lines = command_lines(desk.dialect, post.html)
    if lines in {command_lines(desk.dialect, row.html) for row in earlier}:
        return False  # the text alone changed, or the post is as it was once before
    first_lines = set(command_lines(desk.dialect, first.html))
    added = [line for line in lines if line not in first_lines]
    channel = first.engine_channel or "thread"
    if added:
        records.add_not_counted(
            batch,
            game_id,
            version_id,
            added,
            actor=first.author,
            channel=channel,
            phase=phase,
            reason=NOT_COUNTED,
            at=now,
        )
    if post.edited_by and name_key(post.edited_by) != name_key(first.author):
        log.warning("%s: post %d of %s was edited by %s; nobody is told", post.channel,
                    post.post_id, first.author, post.edited_by)  # fmt: skip
        return False  # a moderator's edit: the author did nothing
    counted = records.commands_of(batch.session, [first.id]).get(first.id, [])
    answered = [Answered(c.text, c.verdict) for c in counted]
    message = edit_notice(desk.publisher, rules, desk.context, kept(first), answered, added)
    desk.tell(desk.book.keys.post_note(version_id, "bearbeitet"), message, batch)
    log.info("%s: post %d edited; %s told the first version counts", post.channel,
             post.post_id, first.author)  # fmt: skip
    return True


def note_deletion(
    desk: Desk,
    rules: Ruleset,
    game_id: int,
    channel: ChannelRef,
    post_id: int,
    batch: RowBatch,
) -> bool:
    """A processed post is gone or in the trash: its versions marked `deleted`, and its
    author told that its commands stand (if it had any). True when a version was kept."""
    rows = records.deleted_versions(batch.session, game_id, channel, post_id)
    first = _first(rows)
    if first is None:
        return bool(rows)
    counted = records.commands_of(batch.session, [first.id]).get(first.id, [])
    if counted:
        answered = [Answered(c.text, c.verdict) for c in counted]
        message = deletion_notice(desk.publisher, rules, desk.context, kept(first), answered)
        desk.tell(desk.book.keys.post_note(first.id, "geloescht"), message, batch)
    return True
