"""The conversation list (``index.php?conversation-list/``, ``ConversationListPage`` and
``conversationList.tpl`` of the conversation package): the bot's conversations, with the
participant summary and the time of each one's last message.

``ConversationListPage`` is a ``SortablePage``: ``sortField=lastPostTime&sortOrder=DESC``
(also its default, which an administrator may change, so it is always asked for) lists the
conversation with the newest message first, ``CONVERSATIONS_PER_PAGE`` (10) or the user's
"Konversationen pro Seite" (up to 40) a page. Each row shows its last message's time in
``li.messageGroupLastPostTimeMobile`` (the column ``columnLastPost`` only with replies). The
page's ``Last-Modified`` is the time of the request (6.0 sends it with ``no-cache``), the
forum's own clock: the one the messages are dated by.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx

from wolfbot.forum.base import Activity, Conversation, ForumError
from wolfbot.forum.woltlab.http import WoltLabSession
from wolfbot.forum.woltlab.pages import Page

BY_LAST_MESSAGE = "index.php?conversation-list/&sortField=lastPostTime&sortOrder=DESC"


def server_time(response: httpx.Response) -> datetime | None:
    """The forum's time of an answer: ``Last-Modified`` of a page, else ``Date``."""
    for name in ("last-modified", "date"):
        value = response.headers.get(name)
        if not value:
            continue
        try:
            parsed = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            continue
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None


def list_pages(session: WoltLabSession, max_pages: int) -> Iterator[tuple[httpx.Response, Page]]:
    """The list's pages in order, newest message first, up to ``max_pages``."""
    url: str | None = session.url(BY_LAST_MESSAGE)
    for _ in range(max_pages):
        if url is None:
            return
        response, page = session.get_page(url)
        if page is None or page.kind not in ("conversation_list", "unknown"):
            raise ForumError(f"not the conversation list ({page.kind if page else 304})")
        yield response, page
        url = None if page.is_last_page else page.next_url


def all_conversations(session: WoltLabSession, max_pages: int) -> list[Conversation]:
    found: dict[int, Conversation] = {}
    for _, page in list_pages(session, max_pages):
        for conversation in page.conversations:
            found.setdefault(conversation.id, conversation)
    return list(found.values())


def activity(session: WoltLabSession, since: datetime | None, max_pages: int) -> Activity:
    """The list read until a row's last message is no later than ``since`` (or to its end).
    A row without a time makes the answer unknown: then every conversation is read."""
    start = session.request_count
    last_post: dict[int, datetime] = {}
    now: datetime | None = None
    listed_after: datetime | None = None
    for response, page in list_pages(session, max_pages):
        now = now or server_time(response)
        oldest: datetime | None = None
        for conversation in page.conversations:
            if conversation.last_post_time is None:
                return Activity.unknown(session.request_count - start)
            last_post.setdefault(conversation.id, conversation.last_post_time)
            oldest = conversation.last_post_time
        if page.is_last_page or not page.next_url:
            listed_after = None
            break
        if oldest is None:  # an empty page that is not the last: nothing to go by
            return Activity.unknown(session.request_count - start)
        listed_after = oldest
        if since is not None and oldest <= since:
            break
    used = session.request_count - start
    if now is None:
        return Activity.unknown(used)
    return Activity(last_post, listed_after, now, used)
