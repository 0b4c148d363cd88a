"""Incremental reading: what a set of freshly read pages means against a :class:`ReadMark`
and its :class:`PageCursor` (pure; the HTTP side is in :mod:`wolfbot.forum.woltlab.client`).

- the cursor's ``seen`` maps each recent post id to (state, edit count). The state is
  ``{content hash}{marker}@{page}``: the marker "~x" for a post in the trash, "~d" for one
  awaiting moderation (so that a restored or newly enabled post is reported like an edit), and
  the page it was on when last read (so that the next read knows which post opened the mark's
  page). Only the ``cap`` highest ids are kept. The page part never counts as a change.
- new: a post after ``last_post_id``, or a post not seen before whose id lies inside the
  remembered window (above the smallest remembered id: a post that became visible late, e.g.
  enabled by a moderator). Posts already in the trash when first seen are never "new".
- edited: a remembered post whose content, marker or edit count changed (and that is not now
  in the trash).
- deleted: a remembered post now in the trash, or missing from the pages read although it
  must be there: its id is at least ``low`` (the first post of the first page read, or the
  post that opened the mark's page last time if that one is gone) and at most the last post
  of the last page read (no upper limit when that is the channel's last page).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from wolfbot.forum.base import ForumPost, ReadMark
from wolfbot.forum.woltlab.cursor import PageCursor
from wolfbot.forum.woltlab.pages import Page

SEEN_CAP = 200
TRASH, PENDING = "~x", "~d"


def state_hash(post: ForumPost) -> str:
    return post.content_hash + (TRASH if post.deleted else PENDING if post.disabled else "")


def _state(value: str) -> str:
    """A remembered state without its page part."""
    head, _, page = value.rpartition("@")
    return head if head and page.isdigit() else value


def _page(value: str) -> int | None:
    head, _, page = value.rpartition("@")
    return int(page) if head and page.isdigit() else None


def remembered_first(cursor: PageCursor, page: int) -> int | None:
    """The post that opened ``page`` when it was read last (None if not remembered)."""
    ids = [post_id for post_id, (value, _) in cursor.seen.items() if _page(value) == page]
    return min(ids) if ids else None


def merge_pages(
    mark: ReadMark,
    pages: Sequence[Page],
    *,
    etag: str | None = None,
    last_modified: str | None = None,
    cap: int = SEEN_CAP,
    low: int | None = None,
) -> tuple[list[ForumPost], list[ForumPost], list[int], ReadMark]:
    """(new, edited, deleted ids, next mark) for ``pages``, read in order from the mark's
    page; the next mark carries the validators given (None: the next read is unconditional).
    ``mark`` itself is not changed."""
    posts: list[ForumPost] = []
    present: set[int] = set()
    for page in pages:
        for post in page.posts:
            if post.post_id not in present:  # a post shifted to the next page while reading
                present.add(post.post_id)
                posts.append(post)
    cursor = PageCursor.of(mark)
    seen = cursor.seen
    floor = min(seen) if seen else None
    new: list[ForumPost] = []
    edited: list[ForumPost] = []
    deleted: list[int] = []
    for post in posts:
        old = seen.get(post.post_id)
        if old is None:
            if not post.deleted and (
                post.post_id > mark.last_post_id or (floor is not None and post.post_id > floor)
            ):
                new.append(post)
        elif (_state(old[0]), old[1]) != (state_hash(post), post.edit_count):
            if post.deleted:
                if not _state(old[0]).endswith(TRASH):
                    deleted.append(post.post_id)
            else:
                edited.append(post)
    gone: set[int] = set()
    firsts = [page.posts[0].post_id for page in pages[:1] if page.posts]
    if firsts:
        low = firsts[0] if low is None else low
        last = pages[-1]
        high = None if last.is_last_page or not last.posts else last.posts[-1].post_id
        for post_id, (old_hash, _) in seen.items():
            if post_id >= low and (high is None or post_id <= high) and post_id not in present:
                gone.add(post_id)
                if not _state(old_hash).endswith(TRASH):
                    deleted.append(post_id)
    next_seen = {k: v for k, v in seen.items() if k not in gone}
    for page in pages:
        for post in page.posts:
            next_seen[post.post_id] = (f"{state_hash(post)}@{page.page}", post.edit_count)
    if len(next_seen) > cap:
        next_seen = {k: next_seen[k] for k in sorted(next_seen)[-cap:]}
    visible = [post.post_id for post in posts if not post.deleted]
    times = [post.time for post in posts if not post.deleted]
    next_cursor = PageCursor(
        pages[-1].page if pages else cursor.page, etag, last_modified, next_seen
    )
    next_mark = replace(
        mark,
        last_post_id=max([mark.last_post_id, *visible]),
        last_time=max([t for t in (mark.last_time, *times) if t is not None], default=None),
    )
    return new, edited, sorted(set(deleted)), next_cursor.on(next_mark)
