"""One poll's reading: every channel of the round since its mark, the new posts of all of
them in the order they were written.

What becomes an input of the engine (`RoundBot._take`): every new post of another author
in a channel of the round, with or without commands – "Auch das Nutzen einer Konversation
ist das Nutzen einer Fähigkeit!", so a night's chat in the Wolfshöhle counts too. Not:

- an edit of a post processed already: "Das Bearbeiten von Beiträgen ist nur erlaubt, um
  unwesentliche Fehler zu korrigieren" – the first version counts; the edit is kept for
  the Spielleitung (who may restore the earlier state "auf Antrag"), and its author told
  when it changed his commands (`wolfbot.bot.edits`);
- a deletion: "Das Löschen von Beiträgen ist verboten. Die Spielleitung stellt gelöschte
  Beiträge wieder her." – what the post did stands; the store marks it `deleted`, its
  author is told so, and `wolfbot restore` quotes it back.

Which channels a poll reads: the thread always; a conversation only when the conversation
list (`Forum.activity`, one page when little happened) shows a message later than the
mark's `seen_until`, or cannot tell. An idle poll of a round with any number of
conversations costs the thread and one list page. A poll up to a deadline (`until`) reads
every channel: a phase closes only on a complete read. An edit of a conversation message is
therefore seen when that conversation is read next, not at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from wolfbot.bot.channels import Reading
from wolfbot.forum.base import (
    Activity,
    ChannelRef,
    Forum,
    ForumError,
    ForumPost,
    LoginFailed,
    ReadMark,
    ReadResult,
)
from wolfbot.spelling import name_key

log = logging.getLogger("wolfbot.bot.reading")


@dataclass
class PollReport:
    """What a poll did. `marks`: where each channel read completely continues next time
    (a channel with posts left for later, or whose read failed, keeps its old mark)."""

    read: int = 0  # new posts seen (the bot's own included)
    processed: int = 0  # given to the engine and recorded now
    deferred: int = 0  # written after `until`: left for the next poll
    edited: int = 0
    # the edited posts of other authors (after the round's first post): the bot keeps each
    # version and answers one whose commands changed (`wolfbot.bot.edits`)
    edits: list[tuple[ForumPost, Reading]] = field(default_factory=list)
    failed: dict[ChannelRef, str] = field(default_factory=dict)  # channel → the forum's error
    deleted: list[tuple[ChannelRef, int]] = field(default_factory=list)
    marks: dict[ChannelRef, ReadMark] = field(default_factory=dict)
    requests: int = 0
    skipped: int = 0  # channels not read: nothing new in the list, or read before (`done`)
    complete: list[ChannelRef] = field(default_factory=list)  # read to their end now
    # the conversation list as this poll saw it (None: not looked at; `wolfbot.bot.foreign`
    # finds there the conversations the bot did not open)
    activity: Activity | None = None


MAX_READS = 40  # of `max_pages` each: a thread of 2,000 pages is read in one poll


def read_on(forum: Forum, channel: ChannelRef, mark: ReadMark) -> ReadResult:
    """`forum.read`, again from its mark while it stopped at its page limit (`more`):
    a thread longer than the reader's page limit is read to its end in one poll."""
    result = forum.read(channel, mark)
    for _ in range(MAX_READS - 1):
        if not result.more:
            break
        later = forum.read(channel, result.mark)
        result = ReadResult(
            result.new + later.new,
            result.edited + later.edited,
            result.deleted + later.deleted,
            later.mark,
            result.requests + later.requests,
            later.more,
        )
    return result


# A message is dated when the forum starts handling it and stored a moment later: one dated
# up to this long before a look at the list may not be in it yet, so it counts as unseen.
STORE_DELAY = timedelta(seconds=15)


def settled(activity: Activity, store_delay: timedelta = STORE_DELAY) -> datetime | None:
    """Every message dated up to this was in the forum when `activity` was read."""
    return activity.now - store_delay if activity.now is not None else None


def has_news(activity: Activity, conversation_id: int, mark: ReadMark) -> bool:
    """Whether a conversation must be read: the list shows a later message than the mark
    has seen, or cannot tell (no time, not listed, listed only down to a later time)."""
    if activity.now is None or mark.seen_until is None:
        return True
    last = activity.last_post.get(conversation_id)
    if last is not None:
        return last > mark.seen_until
    if activity.listed_after is None:
        return True  # not in the bot's list at all (hidden, left): only a read tells
    return activity.listed_after > mark.seen_until


def look_at_list(forum: Forum, marks: Sequence[ReadMark]) -> Activity:
    """The conversation list down to where the marks' common `seen_until` lies; a list
    that cannot be read makes every conversation be read (logged)."""
    known = [mark.seen_until for mark in marks if mark.seen_until is not None]
    try:
        return forum.activity(max(known) if known else None)
    except LoginFailed:
        raise  # not a failed read: the bot may not go on (`bot.live`)
    except ForumError as error:
        log.warning("conversation list failed (%s); every conversation is read", error)
        return Activity.unknown()


def held_after(failed: Sequence[ReadMark]) -> datetime | None:
    """After which forum time posts must wait because channels with these marks could not
    be read: the earliest time up to which one of them is known (its last post read, or
    the list's word that nothing came since); None when none failed."""
    if not failed:
        return None
    known = [
        max([t for t in (mark.last_time, mark.seen_until) if t is not None], default=_NEVER)
        for mark in failed
    ]
    return min(known)


_NEVER = datetime.min.replace(tzinfo=UTC)


def read_channels(
    forum: Forum,
    readings: Sequence[Reading],
    mark_of: Callable[[Reading], ReadMark],
    until: datetime | None = None,
    store_delay: timedelta = STORE_DELAY,
    done: Collection[ChannelRef] = frozenset(),
    broken: Collection[ChannelRef] = frozenset(),
) -> tuple[list[tuple[ForumPost, Reading]], PollReport]:
    """The new posts of every channel, oldest first (posts of the same second keep the
    order of the channels and of each channel), and the report with the next marks. A read
    that fails is logged and that channel tried again next time; the others go on.
    `done`: channels an earlier poll read to their end after `until` – while a deadline
    waits for the others, those are not read again (each read could fail anew). `broken`:
    channels that have failed for long: the others' posts no longer wait for them."""
    report = PollReport()
    batch: list[tuple[ForumPost, Reading]] = []
    conversations = [r for r in readings if r.ref.kind == "conversation"]
    activity = Activity.unknown()
    if until is None and conversations:
        activity = look_at_list(forum, [mark_of(r) for r in conversations])
        report.requests += activity.requests
        report.activity = activity
    seen_until = settled(activity, store_delay)
    read: list[tuple[Reading, ReadResult]] = []
    for reading in readings:
        if reading.ref in done:
            report.skipped += 1
            continue
        mark = mark_of(reading)
        if reading.ref.kind == "conversation" and not has_news(activity, reading.ref.id, mark):
            report.skipped += 1
            report.marks[reading.ref] = replace(mark, seen_until=seen_until)
            continue
        try:
            result = read_on(forum, reading.ref, mark)
        except LoginFailed:
            raise  # not a failed read: the bot may not go on (`bot.live`)
        except ForumError as error:
            log.warning("%s: read failed (%s); tried again next poll", reading.ref, error)
            report.failed[reading.ref] = str(error)
            continue
        report.requests += result.requests
        report.read += len(result.new)
        for post in result.edited:
            if name_key(post.author) == name_key(forum.username):
                continue  # the bot's own edit (the Eröffnungsbeitrag's links)
            report.edited += 1
            log.warning(
                "%s: post %d by %s was edited (%d×); the first version counts",
                reading.ref,
                post.post_id,
                post.author,
                post.edit_count,
            )
            if post.post_id > reading.floor:
                report.edits.append((post, reading))
        report.deleted.extend((reading.ref, post_id) for post_id in result.deleted)
        read.append((reading, result))
    # a channel that could not be read may hold posts written after its last known post:
    # the others' posts after that wait too, so that every post is processed in the order
    # it was written, whichever read failed (the same round as without the failure)
    failed = [r for r in readings if r.ref in report.failed and r.ref not in broken]
    hold = held_after([mark_of(r) for r in failed])
    for reading, result in read:
        posts = [p for p in result.new if p.post_id > reading.floor]
        in_time = [p for p in posts if until is None or p.time <= until]
        now = [p for p in in_time if hold is None or p.time <= hold]
        if not result.more and len(now) == len(in_time):  # nothing held for another channel
            report.complete.append(reading.ref)
        report.deferred += len(posts) - len(now)
        if len(now) == len(posts):
            complete = not result.more and reading.ref.kind == "conversation"
            until_seen = seen_until if complete else None
            report.marks[reading.ref] = replace(result.mark, seen_until=until_seen)
        batch.extend((post, reading) for post in now)
    batch.sort(key=lambda item: item[0].time)
    return batch, report
