"""An in-memory forum implementing `wolfbot.forum.base.Forum`, with fault injection, flood
control on its own clock and counters of every call – for the write queue's tests."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Literal

import httpx

from wolfbot.forum.base import (
    Activity,
    ChannelRef,
    Conversation,
    FloodLimited,
    ForumError,
    ForumPost,
    LoginFailed,
    ReadMark,
    ReadResult,
)
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.outbox.values import FloodLimits

PAGE = 20

Fault = Literal[
    "timeout_after_store",  # the forum stored it, the answer never came
    "timeout_before_store",  # the request died on the way
    "server_error",  # 500, nothing stored
    "server_error_after_store",  # 500 after the post was stored
    "flood",  # 409 with retry_after
    "login_failed",
    "refused",  # 403
    "httpx_timeout",  # an unwrapped httpx.ReadTimeout after storing
    "crash_after_store",  # the bot's process dies after the forum stored it
    "crash_before_store",  # … before the request left
]
ReadFault = Literal["timeout", "login_failed"]


class Crash(BaseException):
    """The bot's process is killed (not an Exception: nothing may catch it)."""


@dataclass
class FakeConversation:
    id: int
    title: str
    author: str
    participants: list[str]
    messages: list[ForumPost] = field(default_factory=list)


class FakeForum:
    """`username` is the bot. Writes take their fault from `faults` (one per write call),
    reads from `read_faults`. With `limits`, the forum enforces flood control itself and
    counts in `self_floods` every time the bot tripped it (never expected)."""

    def __init__(
        self,
        clock: Callable[[], datetime],
        *,
        username: str = "Spielleitung",
        limits: FloodLimits | None = None,
        flood_retry_after: float = 45.0,
    ) -> None:
        self.clock = clock
        self._username = username
        self.limits = limits
        self.flood_retry_after = flood_retry_after
        self.threads: dict[int, list[ForumPost]] = {12: []}
        self.convs: dict[int, FakeConversation] = {}
        self.users = {"Spielleitung": 1, "Anna": 2, "Bert": 3}
        self.faults: deque[Fault] = deque()
        self.read_faults: deque[ReadFault] = deque()
        self.calls: Counter[str] = Counter()
        self.read_marks: list[ReadMark] = []
        self.read_requests = 0
        self.stored: list[str] = []  # html of every post / first message stored, in order
        self.edits: list[tuple[int, str]] = []  # (post id, new html) of every edit stored
        self.self_floods = 0
        self._next_post = 100
        self._next_conv = 7
        self._last_thread_post: datetime | None = None
        self._last_conv_message: datetime | None = None
        self._opened: list[datetime] = []

    # -- test helpers --------------------------------------------------------------------
    def add_conversation(self, title: str, participants: list[str], author: str = "") -> int:
        conv = FakeConversation(self._next_conv, title, author or self._username, participants)
        self.convs[conv.id] = conv
        self._next_conv += 1
        return conv.id

    def post_as(self, author: str, channel: ChannelRef, html: str) -> int:
        return self._store(channel, author, html)

    @property
    def writes(self) -> int:
        return self.calls["post"] + self.calls["open_conversation"] + self.calls["add_participants"]

    @property
    def forum_calls(self) -> int:
        return sum(self.calls.values())

    def posts_in(self, channel: ChannelRef) -> list[ForumPost]:
        if channel.kind == "thread":
            return list(self.threads[channel.id])
        return list(self.convs[channel.id].messages)

    # -- the protocol --------------------------------------------------------------------
    dialect = WOLTLAB

    @property
    def username(self) -> str:
        return self._username

    def resolve_user(self, name: str) -> int | None:
        return self.users.get(name)

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        self.calls["read"] += 1
        self.read_marks.append(mark)
        if self.read_faults:
            fault = self.read_faults.popleft()
            if fault == "login_failed":
                raise LoginFailed("wrong password")
            raise ForumError("timed out reading")
        posts = self.posts_in(channel)
        new = [p for p in posts if p.post_id > mark.last_post_id]
        last_page = max(1, (len(posts) + PAGE - 1) // PAGE)
        last_id = posts[-1].post_id if posts else mark.last_post_id
        requests = max(1, last_page - mark.place.get("page", 1) + 1)
        self.read_requests += requests
        return ReadResult(
            new, [], [], ReadMark(last_id, place={"page": last_page}), requests=requests
        )

    def post(self, channel: ChannelRef, html: str, title: str | None = None) -> int:
        self.calls["post"] += 1
        fault = self._before(channel.kind)
        post_id = self._store(channel, self._username, html)
        self._after(fault)
        return post_id

    def edit_post(self, channel: ChannelRef, post_id: int, html: str) -> None:
        """No flood control (WoltLab has none for edits); faults as for any write."""
        self.calls["edit_post"] += 1
        fault = self._before(None)
        posts = self.threads[channel.id] if channel.kind == "thread" else None
        posts = posts if posts is not None else self.convs[channel.id].messages
        for index, old in enumerate(posts):
            if old.post_id == post_id:
                posts[index] = replace(old, html=html, edit_count=old.edit_count + 1)
                self.edits.append((post_id, html))
                break
        else:
            raise ForumError(f"no post {post_id}", status=400)
        self._after(fault)

    def post_url(self, thread_id: int, post_id: int) -> str:
        return f"https://forum.example/index.php?thread/{thread_id}/&postID={post_id}#post{post_id}"

    def link(self, channel: ChannelRef, message_id: int | None = None) -> str:
        anchor = f"&postID={message_id}#post{message_id}" if message_id else ""
        return f"https://forum.example/index.php?{channel.kind}/{channel.id}/{anchor}"

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        self.calls["open_conversation"] += 1
        fault = self._before("new_conversation")
        if self.limits and len(participants) > self.limits.max_participants:
            raise ForumError("too many participants", status=400)
        conv_id = self.add_conversation(title, list(participants))
        self._store(ChannelRef("conversation", conv_id), self._username, html)
        self._opened.append(self.clock())
        self._after(fault)
        return conv_id

    def add_participants(self, conversation_id: int, participants: list[str]) -> None:
        self.calls["add_participants"] += 1
        fault = self._before(None)
        conv = self.convs[conversation_id]
        already = [p for p in participants if p in conv.participants]
        if already:
            raise ForumError(f"already participants: {already}", status=400)
        if self.limits and len(conv.participants) + len(participants) > (
            self.limits.max_participants
        ):
            raise ForumError("too many participants", status=400)
        conv.participants.extend(participants)
        self._after(fault)

    def conversations(self) -> list[Conversation]:
        self.calls["conversations"] += 1
        if self.read_faults:
            fault = self.read_faults.popleft()
            if fault == "login_failed":
                raise LoginFailed("wrong password")
            raise ForumError("timed out reading")
        return [
            Conversation(c.id, c.title, tuple(c.participants), c.author)
            for c in sorted(self.convs.values(), key=lambda c: -c.id)
        ]

    # -- internals -----------------------------------------------------------------------

    def activity(self, since: datetime | None) -> Activity:
        return Activity.unknown()  # no conversation list: every conversation is read

    def _before(self, what: str | None) -> Fault | None:
        fault = self.faults.popleft() if self.faults else None
        match fault:
            case "timeout_before_store":
                raise ForumError("timed out")
            case "server_error":
                raise ForumError("internal server error", status=500)
            case "flood":
                raise FloodLimited("flood control", status=409, retry_after=self.flood_retry_after)
            case "login_failed":
                raise LoginFailed("wrong password")
            case "refused":
                raise ForumError("you may not post here", status=403)
            case "crash_before_store":
                raise Crash()
        self._flood_control(what)
        return fault

    def _after(self, fault: Fault | None) -> None:
        match fault:
            case "timeout_after_store":
                raise ForumError("timed out")
            case "server_error_after_store":
                raise ForumError("internal server error", status=502)
            case "httpx_timeout":
                raise httpx.ReadTimeout("read timed out")
            case "crash_after_store":
                raise Crash()

    def _flood_control(self, what: str | None) -> None:
        if self.limits is None or what is None:
            return
        now = self.clock()
        if what == "thread":
            last, wait = self._last_thread_post, self.limits.thread_post_interval
        else:
            last, wait = self._last_conv_message, self.limits.conversation_message_interval
        refused = last is not None and now < last + timedelta(seconds=wait)
        if what == "new_conversation":
            recent = [t for t in self._opened if t > now - timedelta(hours=24)]
            per_day = self.limits.conversations_per_day
            refused = refused or (per_day != -1 and len(recent) >= per_day)
        if refused:
            self.self_floods += 1
            raise FloodLimited("flood control", status=409, retry_after=self.flood_retry_after)

    def _store(self, channel: ChannelRef, author: str, html: str) -> int:
        posts = self.threads[channel.id] if channel.kind == "thread" else None
        if posts is None:
            posts = self.convs[channel.id].messages
        post_id = self._next_post
        self._next_post += 1
        page = len(posts) // PAGE + 1
        posts.append(
            ForumPost(
                post_id,
                channel,
                author,
                None,
                self.clock(),
                html,
                page=page,
                parsed=WOLTLAB.read(html),
            )
        )
        if author == self._username:
            self.stored.append(html)
            if channel.kind == "thread":
                self._last_thread_post = self.clock()
            else:
                self._last_conv_message = self.clock()
        return post_id


class Clock:
    """An injectable clock: `clock()` is now; `advance` moves it."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now

    def set(self, when: datetime) -> None:
        self.now = max(self.now, when)
