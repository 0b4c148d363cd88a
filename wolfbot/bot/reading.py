"""One poll's reading: every channel of the round since its mark, the new posts of all of
them in the order they were written.

What becomes an input of the engine (`RoundBot._take`): every new post of another author
in a channel of the round, with or without commands – "Auch das Nutzen einer Konversation
ist das Nutzen einer Fähigkeit!", so a night's chat in the Wolfshöhle counts too. Not:

- an edit of a post processed already: "Das Bearbeiten von Beiträgen ist nur erlaubt, um
  unwesentliche Fehler zu korrigieren" – the first version counts, the edit is logged for
  the Spielleitung (who may restore the earlier state "auf Antrag");
- a deletion: "Das Löschen von Beiträgen ist verboten. Die Spielleitung stellt gelöschte
  Beiträge wieder her." – what the post did stands; the store marks it `deleted`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from wolfbot.bot.channels import Reading
from wolfbot.forum.base import ChannelRef, Forum, ForumError, ForumPost, ReadMark, ReadResult
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
    failed: dict[ChannelRef, str] = field(default_factory=dict)  # channel → the forum's error
    deleted: list[tuple[ChannelRef, int]] = field(default_factory=list)
    marks: dict[ChannelRef, ReadMark] = field(default_factory=dict)
    requests: int = 0


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


def read_channels(
    forum: Forum,
    readings: Sequence[Reading],
    mark_of: Callable[[Reading], ReadMark],
    until: datetime | None = None,
) -> tuple[list[tuple[ForumPost, Reading]], PollReport]:
    """The new posts of every channel, oldest first (posts of the same second keep the
    order of the channels and of each channel), and the report with the next marks. A read
    that fails is logged and that channel tried again next time; the others go on."""
    report = PollReport()
    batch: list[tuple[ForumPost, Reading]] = []
    for reading in readings:
        try:
            result = read_on(forum, reading.ref, mark_of(reading))
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
                "%s: post %d by %s was edited (%d×); edits are not processed",
                reading.ref,
                post.post_id,
                post.author,
                post.edit_count,
            )
        report.deleted.extend((reading.ref, post_id) for post_id in result.deleted)
        posts = [p for p in result.new if p.post_id > reading.floor]
        now = [p for p in posts if until is None or p.time <= until]
        report.deferred += len(posts) - len(now)
        if len(now) == len(posts):
            report.marks[reading.ref] = result.mark
        batch.extend((post, reading) for post in now)
    batch.sort(key=lambda item: item[0].time)
    return batch, report
