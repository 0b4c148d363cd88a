"""The :class:`~wolfbot.forum.base.Forum` of a WoltLab Suite forum (5.x/6.x, Burning Board and
the conversation package), on a synchronous ``httpx.Client``.

Endpoints (WoltLab source each follows, WoltLab/WCF and WoltLab/com.woltlab.wcf.conversation):

- read: ``index.php?thread/ID/&pageNo=N`` (the forum redirects to its canonical URL, which is
  remembered: ``/thread/ID-slug/?pageNo=N`` or ``index.php?thread/ID-slug/&pageNo=N``),
  ``index.php?conversation/ID/&pageNo=N`` (``ConversationPage``). The first GET of
  ``…/ID/`` is a 301 to the slug URL (``…/ID-slug/``); the slug URL is remembered (also from
  the redirect of a new conversation), so later reads cost one request a page. WoltLab 6.0
  sends no ETag and ``Last-Modified`` is always the time of the request (``no-cache``): it
  never answers 304, the conditional headers cost nothing but save nothing either. A
  ``pageNo`` past the end is **not** a 404 in 6.0: ``MultipleLinkPage`` clamps it and answers
  200 with the last page (whose canonical link still names the asked ``pageNo``); the page
  number read from the page (``woltlab-core-pagination``) is the one used. A 404 (5.x, or a
  thread gone) starts the read over from page 1's page count.
  A board that sorts posts newest first (``ul.wbbThreadPostList[data-sort-order=DESC]``,
  before 5.5 the quick reply above the posts) is refused with the reason: its new posts
  land on page 1, which an oldest-first read never visits again.
- quick reply: ajax-proxy ``wbb\\data\\post\\PostAction`` /
  ``wcf\\data\\conversation\\message\\ConversationMessageAction``, ``quickReply``,
  ``interfaceName=wcf\\data\\IMessageQuickReplyAction``, ``parameters[objectID|lastPostTime|
  pageNo]``, ``parameters[data][message]`` (``QuickReplyManager``, ``Ui/Message/Reply.ts``);
  the answer's ``returnValues.objectID`` is the new id (``{isVisible: false}`` when it awaits
  moderation: then 0 is returned).
- reply with a title: ``index.php?post-add/THREADID/`` (``subject``, ``text``, ``t``; wbb's
  ``MessageForm``), the id from the redirect ``…?postID=ID#postID``.
- new conversation: ``index.php?conversation-add/`` (``ConversationAddForm``: ``subject``,
  ``participants`` comma-separated, ``text``, ``t``), the id from the redirect.
- participants: ajax-proxy ``addParticipants``, in ``participants`` (someone already in the
  conversation counts as added).
- edit a post/message: ajax-proxy ``wbb\\data\\post\\PostAction`` /
  ``ConversationMessageAction``, ``save``, ``interfaceName=wcf\\data\\IMessageInlineEditorAction``,
  ``parameters[containerID]`` (thread/conversation id), ``parameters[objectID]`` (post/message
  id), ``parameters[data][message]`` – what the message inline editor sends
  (``Ui/Message/InlineEditor.ts``: ``beginEdit`` fetches the editor's template, ``save``
  stores). ``ConversationMessageAction::validateSave()`` (conversation package) reads
  ``data[message]`` (empty: UserInputException, 400/412), then runs ``validateBeginEdit()``
  itself (container, participant, ``canEdit()`` – else PermissionDeniedException, 403), so
  ``save`` alone suffices; ``save()`` raises ``editCount``, sets ``lastEditTime`` and answers
  ``returnValues {actionName: "save", message: <formatted HTML>}``. wbb's ``PostAction`` is
  not public; its inline editor is the same generic class with the thread as container.
  Neither ``validateSave`` nor ``save`` calls flood control (only ``validateQuickReply`` and
  the add forms do), so edits are not paced like new posts. The editor changes the message
  only (a new title would need the full edit form ``index.php?post-edit/POSTID/``; the bot
  never changes one). Only the author (or a moderator) may edit, and the forum may limit
  the time for editing one's own posts: the bot's user group needs "edit own posts"
  without a time limit, or the Eröffnungsbeitrag's links stop after a while (403, the edit
  is blocked).
- post link: ``index.php?thread/ID/&postID=P#postP`` (the forum redirects it to the canonical
  thread URL, keeping ``postID``): built from ids alone, so it is the same after a restart.
- conversation list: ``index.php?conversation-list/`` (``conversationList.tpl``), newest
  message first: :mod:`wolfbot.forum.woltlab.conversation_list`. Its participants are
  ``getParticipantSummary()``: at most 5 others, never the starter nor invisible ones;
  ``Conversation.participants_complete`` says whether the list holds all.
- user search: ajax-proxy ``wcf\\data\\user\\UserAction`` / ``getSearchResultList``,
  ``interfaceName=wcf\\data\\ISearchAction``, ``parameters[data][searchString]``
  (``UserAction::getSearchResultList``: up to 10 users whose name starts with it).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import httpx

from wolfbot.forum.base import (
    Activity,
    ChannelRef,
    Conversation,
    ForumError,
    ReadMark,
    ReadResult,
    Refused,
)
from wolfbot.forum.dialect import Dialect
from wolfbot.forum.woltlab import conversation_list
from wolfbot.forum.woltlab.account import AccountView, account_view
from wolfbot.forum.woltlab.cursor import PageCursor
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.forum.woltlab.http import WoltLabSession
from wolfbot.forum.woltlab.pages import Page
from wolfbot.forum.woltlab.participants import add_participants
from wolfbot.forum.woltlab.read import SEEN_CAP, merge_pages, remembered_first
from wolfbot.spelling import name_key

log = logging.getLogger(__name__)

POST_ACTION = "wbb\\data\\post\\PostAction"
MESSAGE_ACTION = "wcf\\data\\conversation\\message\\ConversationMessageAction"
USER_ACTION = "wcf\\data\\user\\UserAction"
QUICK_REPLY = "wcf\\data\\IMessageQuickReplyAction"
INLINE_EDITOR = "wcf\\data\\IMessageInlineEditorAction"
SEARCH = "wcf\\data\\ISearchAction"
VERSION = "0.1"

_PAGE_PARAM = re.compile(r"([?&])pageNo=\d+&?")
_POST_ID = re.compile(r"(?:[?&]postID=|#post)(\d+)")
_CONVERSATION_ID = re.compile(r"(?:^|[/?])conversation/(\d+)")


def default_user_agent(username: str) -> str:
    return (
        f"wolfbot/{VERSION} (Werwolf game-master bot, polite polling; "
        f"contact: forum user {username})"
    )


def strip_page(url: str) -> str:
    """A page URL without ``pageNo`` and fragment: the channel's base URL."""
    url = url.split("#", 1)[0]
    url = _PAGE_PARAM.sub(lambda m: m.group(1), url)
    return url.rstrip("?&")


def page_url(base: str, page: int) -> str:
    return base if page <= 1 else f"{base}{'&' if '?' in base else '?'}pageNo={page}"


@dataclass(slots=True)
class _ReplyState:
    last_post_time: int = 0
    page_no: int = 1


class WoltLabForum:
    """``Forum`` over HTTP. ``min_interval`` seconds pass between two requests (default 1 s);
    every public method holds the session lock, so requests never overlap."""

    def __init__(
        self,
        base_url: str,
        username: str,
        password: str,
        *,
        client: httpx.Client | None = None,
        user_agent: str | None = None,
        timeout: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        min_interval: float = 1.0,
        forum_url: str | None = None,
        max_pages: int = 50,
        seen_cap: int = SEEN_CAP,
        participant_visibility: str = "all",
    ) -> None:
        self._session = WoltLabSession(
            base_url,
            username,
            password,
            client=client,
            user_agent=user_agent or default_user_agent(username),
            timeout=timeout,
            min_interval=min_interval,
            clock=clock,
            sleep=sleep,
        )
        # Burning Board may live in its own directory (``/forum/``) next to the core
        self._forum_url = (forum_url or self._session.base_url).rstrip("/") + "/"
        self._max_pages = max_pages
        self._seen_cap = seen_cap
        self._visibility = participant_visibility
        self._urls: dict[ChannelRef, str] = {}
        self._reply: dict[ChannelRef, _ReplyState] = {}
        self._users: dict[str, int] = {}

    def __repr__(self) -> str:
        return f"WoltLabForum({self._session.base_url!r}, username={self.username!r})"

    @property
    def username(self) -> str:
        return self._session.username

    @property
    def dialect(self) -> Dialect:
        return WOLTLAB

    @property
    def requests(self) -> int:
        """HTTP requests made so far (redirect hops included)."""
        return self._session.request_count

    def set_credentials(self, username: str, password: str) -> None:
        """New credentials end the fail-fast state after a failed login."""
        self._session.set_credentials(username, password)

    def login(self) -> None:
        with self._session.lock:
            self._session.login()

    def close(self) -> None:
        self._session.close()

    def account(self) -> AccountView:
        """What the bot's account may do, as far as the forum shows it to the account
        itself (:mod:`wolfbot.forum.woltlab.account`; nothing is written)."""
        with self._session.lock:
            return account_view(self._session)

    # ------------------------------------------------------------------ reading

    def _channel_url(self, channel: ChannelRef, page: int) -> str:
        known = self._urls.get(channel)
        if known:
            return page_url(known, page)
        root = self._forum_url if channel.kind == "thread" else self._session.base_url
        url = f"{root}index.php?{channel.kind}/{channel.id}/"
        return url if page <= 1 else f"{url}&pageNo={page}"

    def _fetch(
        self, channel: ChannelRef, url: str, headers: dict[str, str] | None = None
    ) -> tuple[httpx.Response, Page | None]:
        response, page = self._session.get_page(url, headers, channel)
        if page is None:
            return response, None
        if page.kind != channel.kind or not page.has_post_list:
            raise ForumError(
                f"not a {channel.kind} page ({page.kind}) at page {page.page} of {channel}",
                status=response.status_code,
            )
        if page.sort_order == "DESC":
            # new posts land on page 1 and the last page holds the oldest: reading on from
            # the mark's last page would never see them
            raise ForumError(
                f"{channel}: the board shows its posts newest first (sortOrder DESC); the bot "
                "reads threads oldest first – set the board's post order to ascending",
                status=response.status_code,
            )
        self._urls[channel] = strip_page(page.canonical_url or str(response.url))
        return response, page

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        """Fetch the page of the mark's cursor (conditionally), follow ``rel=next`` to the
        end."""
        cursor = PageCursor.of(mark)
        with self._session.lock:
            start = self._session.request_count
            headers = {}
            if cursor.etag:
                headers["If-None-Match"] = cursor.etag
            if cursor.last_modified:
                headers["If-Modified-Since"] = cursor.last_modified
            try:
                response, page = self._fetch(
                    channel, self._channel_url(channel, cursor.page), headers
                )
            except ForumError as exc:
                if exc.status != 404 or cursor.page <= 1:
                    raise
                response, page = self._restart(channel)  # the last page is gone
            if page is None:  # 304 Not Modified
                used = self._session.request_count - start
                return ReadResult([], [], [], cursor.on(mark), requests=used)
            pages = [page]
            low = None
            first = remembered_first(cursor, page.page) if page.page == cursor.page else None
            if first is not None and page.posts and page.posts[0].post_id > first:
                # the post that opened this page is gone from it: deleted, or moved to the
                # page before when an earlier post was deleted; that page tells which
                low = first
                if page.page > 1:
                    before = page.prev_url or self._channel_url(channel, page.page - 1)
                    _, previous = self._fetch(channel, before)
                    if previous is not None:
                        pages.insert(0, previous)
            visited = {p.page for p in pages}
            while page.next_url and not page.is_last_page and len(pages) < self._max_pages:
                response, next_page = self._fetch(channel, page.next_url)
                if next_page is None or next_page.page in visited:
                    break
                page = next_page
                visited.add(page.page)
                pages.append(page)
            more = bool(page.next_url) and not page.is_last_page  # stopped at `max_pages`
            # the page it stopped at is no last page: never "not modified" next time
            validators = httpx.Headers() if more else response.headers
            new, edited, deleted, next_mark = merge_pages(
                mark,
                pages,
                etag=validators.get("etag"),
                last_modified=validators.get("last-modified"),
                cap=self._seen_cap,
                low=low,
            )
            self._remember_reply(channel, page)
            used = self._session.request_count - start
            return ReadResult(new, edited, deleted, next_mark, requests=used, more=more)

    def _restart(self, channel: ChannelRef) -> tuple[httpx.Response, Page | None]:
        log.info("%s: the remembered page is gone; reading from the page count", channel)
        response, page = self._fetch(channel, self._channel_url(channel, 1))
        if page is not None and page.page_count > 1:
            response, page = self._fetch(channel, self._channel_url(channel, page.page_count))
        return response, page

    def _remember_reply(self, channel: ChannelRef, page: Page) -> None:
        state = self._reply.setdefault(channel, _ReplyState())
        times = [int(post.time.timestamp()) for post in page.posts]
        if page.quick_reply is not None and page.quick_reply.last_post_time:
            times.append(page.quick_reply.last_post_time)
        state.last_post_time = max([state.last_post_time, *times])
        state.page_no = page.page_count if page.is_last_page else page.page

    # ------------------------------------------------------------------ writing

    def post(self, channel: ChannelRef, html: str, title: str | None = None) -> int:
        """Quick reply; a thread reply with ``title`` goes through the full reply form.
        Conversation messages have no title in WoltLab: it is ignored there. Sent once."""
        with self._session.lock:
            if title and channel.kind == "thread":
                return self._post_form(channel, html, title)
            state = self._reply.get(channel, _ReplyState())
            parameters = {
                "objectID": channel.id,
                "lastPostTime": state.last_post_time or int(time.time()),
                "pageNo": state.page_no or 1,
                "data": {"message": html},
            }
            action = POST_ACTION if channel.kind == "thread" else MESSAGE_ACTION
            answer = self._session.ajax(action, "quickReply", parameters, interface=QUICK_REPLY)
            values = answer.get("returnValues")
            if not isinstance(values, dict):
                raise ForumError("quick reply: the answer has no returnValues", status=200)
            if str(values.get("objectID", "")).isdigit():
                if str(values.get("lastPostTime", "")).isdigit():
                    self._reply.setdefault(channel, _ReplyState()).last_post_time = int(
                        values["lastPostTime"]
                    )
                return int(values["objectID"])
            if values.get("isVisible") is False:
                log.warning("%s: the reply awaits moderation (no id)", channel)
                return 0
            raise ForumError("quick reply: the answer names no new post", status=200)

    def _post_form(self, channel: ChannelRef, html: str, title: str) -> int:
        fields = {"subject": title, "text": html}
        root = self._forum_url.removeprefix(self._session.base_url)
        target = self._session.submit_form(f"{root}index.php?post-add/{channel.id}/", fields)
        if found := _POST_ID.search(target):
            return int(found.group(1))
        log.warning("%s: titled reply saved, but the redirect names no post", channel)
        return 0

    def edit_post(self, channel: ChannelRef, post_id: int, html: str) -> None:
        """The inline editor's ``save`` (the title stays). Sent once (again only after a
        refusal for an expired session)."""
        with self._session.lock:
            action = POST_ACTION if channel.kind == "thread" else MESSAGE_ACTION
            parameters = {"containerID": channel.id, "objectID": post_id, "data": {"message": html}}
            try:
                answer = self._session.ajax(action, "save", parameters, interface=INLINE_EDITOR)
            except Refused as exc:
                if "objectID" in str(exc):
                    raise Refused(
                        f"edit: there is no message {post_id} (in {channel}): {exc}",
                        status=exc.status,
                    ) from None
                if exc.status == 403:
                    raise Refused(
                        f"edit: the bot may not edit message {post_id} in {channel} (not its "
                        f"own, or the group's editing time is over): {exc}",
                        status=exc.status,
                    ) from None
                raise
            if not isinstance(answer.get("returnValues"), dict):
                raise ForumError("edit: the answer has no returnValues", status=200)

    def post_url(self, thread_id: int, post_id: int) -> str:
        return f"{self._forum_url}index.php?thread/{thread_id}/&postID={post_id}#post{post_id}"

    def link(self, channel: ChannelRef, message_id: int | None = None) -> str:
        if channel.kind == "thread" and message_id is not None:
            return self.post_url(channel.id, message_id)
        page = f"{self._forum_url}index.php?{channel.kind}/{channel.id}/"
        if message_id is None:
            return page
        return f"{page}&messageID={message_id}#message{message_id}"

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        with self._session.lock:
            fields = {"subject": title, "participants": ",".join(participants), "text": html}
            target = self._session.submit_form("index.php?conversation-add/", fields)
            if found := _CONVERSATION_ID.search(target):
                conversation_id = int(found.group(1))
                # the redirect names the slug URL: the first read saves the 301
                self._urls[ChannelRef("conversation", conversation_id)] = strip_page(target)
                return conversation_id
            raise ForumError("conversation saved, but the redirect names no conversation")

    def add_participants(self, conversation_id: int, participants: list[str]) -> None:
        """Add ``participants``; those already in the conversation count as added."""
        with self._session.lock:
            add_participants(
                self._session, conversation_id, participants, self.username, self._visibility
            )

    def conversations(self) -> list[Conversation]:
        with self._session.lock:
            return conversation_list.all_conversations(self._session, self._max_pages)

    def activity(self, since: datetime | None) -> Activity:
        with self._session.lock:
            return conversation_list.activity(self._session, since, self._max_pages)

    def resolve_user(self, name: str) -> int | None:
        key = name_key(name)
        if not key:
            return None
        with self._session.lock:
            if key in self._users:
                return self._users[key]
            answer = self._session.ajax(
                USER_ACTION,
                "getSearchResultList",
                {"data": {"searchString": name.strip(), "includeUserGroups": 0}},
                interface=SEARCH,
            )
            values = answer.get("returnValues") or []
            for item in values if isinstance(values, list) else []:
                if (
                    isinstance(item, dict)
                    and item.get("type", "user") == "user"
                    and name_key(str(item.get("label", ""))) == key
                    and str(item.get("objectID", "")).isdigit()
                ):
                    self._users[key] = int(item["objectID"])
                    return self._users[key]
            return None
