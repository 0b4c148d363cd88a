"""The appeared-check of the write queue: did a try whose outcome is unknown (a timeout, a
5xx, a crash) publish the message after all? Looked up on the forum, never guessed.

Cost: a post or conversation reply is looked for with ONE `forum.read(channel, mark)` from
the mark recorded just before the try (a `ReadMark.bound`; WoltLab: one GET of that page,
which is normally the last one, plus one per page the channel grew since); a new
conversation or added participants with ONE `forum.conversations()` (WoltLab: the first
page of the conversation list, newest first). Nothing is read before a normal send: the
mark comes from what is already known (see `rows.before_mark`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from wolfbot.forum.base import ChannelRef, Conversation, Forum, ForumPost, ReadMark
from wolfbot.forum.dialect import content_hash
from wolfbot.outbox.values import QueuedMessage
from wolfbot.spelling import name_key, normalize_text


def stored_mark(data: dict[str, Any] | None) -> ReadMark:
    """The lower bound stored in `before_mark` (`ReadMark.bound`); none: the channel's start."""
    return ReadMark.from_json(data) if data else ReadMark()


@dataclass(frozen=True, slots=True)
class PostCheck:
    found: ForumPost | None
    mark: ReadMark  # where the channel ends now: the next try's lower bound
    requests: int


def find_post(
    forum: Forum, channel: ChannelRef, since: ReadMark, html: str, exclude: Iterable[int]
) -> PostCheck:
    """A post by the bot after `since` with the message's content hash, skipping posts the
    queue already knows as other messages (the same receipt may legitimately be sent
    twice)."""
    result = forum.read(channel, since.bound())
    want, me, known = content_hash(forum.dialect, html), name_key(forum.username), set(exclude)
    for post in result.new:
        if post.post_id in known or post.post_id <= since.last_post_id:
            continue
        if name_key(post.author) == me and post.content_hash == want:
            return PostCheck(post, result.mark, result.requests)
    return PostCheck(None, result.mark, result.requests)


def find_conversation(
    forum: Forum, title: str, participants: Iterable[str], exclude: Iterable[int]
) -> Conversation | None:
    """A conversation the bot started with this title whose listed participants are among
    the wanted ones. A subset, not equality: WoltLab's list shows only the first few
    participants of a conversation."""
    me, known = name_key(forum.username), set(exclude)
    wanted = {name_key(p) for p in participants} - {me}
    matches = [
        c
        for c in forum.conversations()
        if c.id not in known
        and normalize_text(c.title) == normalize_text(title)
        and (not c.author or name_key(c.author) == me)
        and {name_key(p) for p in c.participants} - {me} <= wanted
    ]
    return min(matches, key=lambda c: c.id) if matches else None


def missing_participants(
    forum: Forum, conversation_id: int, participants: Iterable[str]
) -> list[str] | None:
    """Those of `participants` not yet in the conversation; None if the bot cannot see it
    or the list shows only a summary of its participants that lacks some of them (then all
    of them are asked for again: the forum takes names already in the conversation as
    added, see `Forum.add_participants`)."""
    for conversation in forum.conversations():
        if conversation.id == conversation_id:
            present = {name_key(p) for p in conversation.participants}
            missing = [p for p in participants if name_key(p) not in present]
            return missing if conversation.participants_complete or not missing else None
    return None


@dataclass(frozen=True, slots=True)
class Look:
    """What the appeared-check saw: `found` (the post, conversation or – for added
    participants – conversation id) and when; else where the channel ends now (`mark`)
    and which participants are still missing (`missing`, None: unknown)."""

    found: int | None
    at: datetime | None = None
    mark: ReadMark | None = None
    missing: list[str] | None = None


def look(forum: Forum, msg: QueuedMessage, exclude: set[int]) -> Look:
    """Did `msg` appear on the forum? One read or one conversation list (see above)."""
    if msg.kind == "post":
        since = stored_mark(msg.before_mark)
        check = find_post(forum, ChannelRef.parse(msg.channel or ""), since, msg.html, exclude)
        if check.found is not None:
            return Look(check.found.post_id, check.found.time)
        return Look(None, mark=check.mark)
    if msg.kind == "conversation":
        conv = find_conversation(forum, msg.title or "", msg.participants, exclude)
        return Look(conv.id if conv is not None else None)
    conversation = ChannelRef.parse(msg.channel or "").id
    missing = missing_participants(forum, conversation, msg.participants)
    return Look(conversation if missing == [] else None, missing=missing)
