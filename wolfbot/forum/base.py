"""The `Forum` protocol and the values that cross it.

Everything above this layer (the bot, the store) sees forums only through `Forum`: the
WoltLab client implements it over HTTP, tests use the local forum or an in-memory fake.
What a post's markup says, and how wolfbot's neutral markup is written in it, is the
forum's `dialect` (`wolfbot.forum.dialect`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from wolfbot.forum.body import MessageBody, body_hash
from wolfbot.forum.dialect import Dialect

ChannelKind = Literal["thread", "conversation"]


@dataclass(frozen=True, slots=True, order=True)
class ChannelRef:
    """A game thread or a conversation, by its forum id."""

    kind: ChannelKind
    id: int

    def __str__(self) -> str:
        return f"{self.kind}:{self.id}"

    @classmethod
    def parse(cls, text: str) -> ChannelRef:
        kind, _, number = text.partition(":")
        if kind not in ("thread", "conversation"):
            raise ValueError(f"not a channel: {text!r} (thread:ID or conversation:ID)")
        return cls(kind, int(number))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class ForumPost:
    """One post of a thread or message of a conversation, as the forum shows it."""

    post_id: int
    channel: ChannelRef
    author: str
    author_id: int | None
    time: datetime  # timezone-aware, from the markup's attributes
    html: str  # inner HTML of `.messageText` (signature not included)
    edit_count: int = 0
    edited_by: str | None = None
    deleted: bool = False  # in the trash (`wbbPostDeleted`, `messageDeleted`)
    disabled: bool = False  # waiting for moderation (`messageDisabled`)
    url: str = ""
    page: int = 1
    # `html` read by the forum's dialect when the page was read (a post is hashed,
    # recorded and given to the engine: each asks for its body)
    parsed: MessageBody | None = field(default=None, compare=False, repr=False)

    @property
    def body(self) -> MessageBody:
        if self.parsed is None:
            raise ValueError(f"post {self.post_id}: not read by a dialect (ForumPost.parsed)")
        return self.parsed

    @property
    def content_hash(self) -> str:
        return body_hash(self.body)


# the JSON of an adapter's own part of a read mark
Json = dict[str, Any]
NEUTRAL_KEYS = ("last_post_id", "seen_until", "last_time")


@dataclass(frozen=True, slots=True)
class ReadMark:
    """Where reading a channel continues. Everyone may read the neutral part:

    - `last_post_id`: the newest post read (a post after it is new);
    - `seen_until`: every post the forum dated up to this time was read (set by the bot from
      the conversation list's time, see `Activity`); None: unknown, the channel must be read;
    - `last_time`: the time of the newest post read.

    `place` and `memory` are the adapter's, as JSON: the bot stores them and hands them back
    (`to_json`), nothing outside the adapter reads them (WoltLab: `woltlab.cursor`).
    `place` says where in the channel the adapter reads on and is small; a mark with only
    `last_post_id` and `place` (`bound`) is a valid start, and so is the place of an earlier
    mark with the id of a post that came later. `memory` is what makes the next read cheap and shows
    edits and deletions (WoltLab: the page's validators, the recent posts' hashes)."""

    last_post_id: int = 0
    seen_until: datetime | None = None
    last_time: datetime | None = None
    place: Json = field(default_factory=dict)
    memory: Json = field(default_factory=dict)

    def bound(self) -> ReadMark:
        """Only where the channel was: a read from it sees every post after `last_post_id`
        without trusting the adapter's memory (WoltLab: a conditional request could answer
        "not modified" for a page our own post did not change while it started the next
        one). The write queue's lower bound (`outbox.checks`), small enough to keep per
        message."""
        return ReadMark(self.last_post_id, place=self.place)

    def to_json(self) -> Json:
        """The mark as the store keeps it (a `read_marks` row, a message's `before_mark`)."""
        return {
            "last_post_id": self.last_post_id,
            "seen_until": self.seen_until.isoformat() if self.seen_until else None,
            "last_time": self.last_time.isoformat() if self.last_time else None,
            "place": self.place,
            "memory": self.memory,
        }

    @classmethod
    def from_json(cls, data: Json) -> ReadMark:
        """A stored mark back (`to_json`). A mark stored before the idle polls has no
        `seen_until` and no `last_time`; one stored before the adapter's part had keys of its
        own kept that part beside the neutral keys: the adapter finds it in `place` and in
        `memory` alike, and the next read writes it apart."""
        until, last = data.get("seen_until"), data.get("last_time")
        if "place" in data:
            place, memory = data["place"], data.get("memory", {})
        else:
            place = memory = {k: v for k, v in data.items() if k not in NEUTRAL_KEYS}
        return cls(
            int(data["last_post_id"]),
            datetime.fromisoformat(until) if until else None,
            datetime.fromisoformat(last) if last else None,
            dict(place),
            dict(memory),
        )


@dataclass(frozen=True, slots=True)
class ReadResult:
    new: list[ForumPost]  # posts after the mark, oldest first
    edited: list[ForumPost]  # posts seen before whose content or edit count changed
    deleted: list[int]  # ids of posts seen before that are gone or now in the trash
    mark: ReadMark  # where the next read continues
    requests: int = 0  # HTTP requests this read cost
    more: bool = False  # the read stopped at its page limit: read on from `mark` now


@dataclass(frozen=True, slots=True)
class Conversation:
    """A conversation as a list of them shows it. `participants` may be a summary (WoltLab's
    list: at most five others, never the starter `author`): then `participants_complete` is
    False and a name missing from it may still be in the conversation."""

    id: int
    title: str
    participants: tuple[str, ...]
    author: str = ""
    participants_complete: bool = True
    last_post_time: datetime | None = None  # of its newest message, as the list shows it


@dataclass(frozen=True, slots=True)
class Activity:
    """What one look at the conversation list tells about the bot's conversations, so that
    a poll reads only those with something new. How the forum lists them is the adapter's
    business (WoltLab: by the time of their last message, newest first, page by page:
    `woltlab.conversation_list`); the bot reads only this.

    - `last_post`: conversation id → the time of its last message, for those listed;
    - `listed_after`: every conversation whose last message is later than this is listed;
      None: the list was read to its end, every conversation of the bot is in it;
    - `now`: the forum's time when it answered (its `Last-Modified`/`Date`); None when it
      did not say – then nothing may be skipped."""

    last_post: dict[int, datetime] = field(default_factory=dict)
    listed_after: datetime | None = None
    now: datetime | None = None
    requests: int = 0

    @classmethod
    def unknown(cls, requests: int = 0) -> Activity:
        """No listing: every conversation is read."""
        return cls(requests=requests)


@dataclass(frozen=True, slots=True)
class AccountView:
    """What the bot's account may do, as far as the forum shows it to the account itself
    (`wolfbot check-config --login`); None: not shown."""

    username: str
    add_form: str | None  # None: the conversation-add form opens; else the forum's reason
    max_participants: int | None
    conversations: int | None
    max_conversations: int | None


class ForumError(Exception):
    """The forum did not do what was asked. `retry_after` (seconds) when it is a flood limit."""

    def __init__(
        self, message: str, *, status: int | None = None, retry_after: float | None = None
    ):
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class Refused(ForumError):
    """The forum said no and stored nothing (a form or validation error, a refused
    participant): sending the same again will not help; the Spielleitung must look."""


class FloodLimited(ForumError):
    """The forum's flood control refused a write; try again after `retry_after` seconds."""


class LoginFailed(ForumError):
    """Wrong credentials or a locked account: never retried automatically."""


class Forum(Protocol):
    """What wolfbot needs from a forum."""

    @property
    def dialect(self) -> Dialect:
        """How the forum's message HTML reads and how neutral markup is written in it."""
        ...

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        """Posts of `channel` after `mark`, plus edits and deletions of posts seen before."""
        ...

    def post(self, channel: ChannelRef, html: str, title: str | None = None) -> int:
        """Reply in a thread or conversation; returns the new post's id. A `title` (the
        Düsterliga's "Titelfunktion": "Morgen des ersten Tages") needs the full reply form
        instead of the quick reply."""
        ...

    def edit_post(self, channel: ChannelRef, post_id: int, html: str) -> None:
        """Replace the content of the bot's own post `post_id` in `channel` (the forum
        counts the edit and shows "edited"; the title stays). Sending the same edit twice
        is harmless: the second changes nothing visible but the edit counter. The channel
        is needed: WoltLab's editor names the thread or conversation of the post
        (`containerID`)."""
        ...

    def post_url(self, thread_id: int, post_id: int) -> str:
        """A link to post `post_id` of thread `thread_id` that never depends on what was read
        before (the same after a restart)."""
        ...

    def link(self, channel: ChannelRef, message_id: int | None = None) -> str:
        """A link to message `message_id` of a thread or conversation (None: to the channel),
        built from ids alone like `post_url`."""
        ...

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        """Start a conversation; returns its id."""
        ...

    def add_participants(self, conversation_id: int, participants: list[str]) -> None:
        """Add `participants` to a conversation; names already in it count as added (a
        retry after a lost answer is harmless)."""
        ...

    def conversations(self) -> list[Conversation]:
        """The conversations the bot's account is in (for finding one it may have opened)."""
        ...

    def activity(self, since: datetime | None) -> Activity:
        """The last message time of the bot's conversations, at least of every one whose
        last message is later than `since` (None: of all). One page when little happened."""
        ...

    @property
    def username(self) -> str:
        """The bot's own forum name (its posts are recognised by it)."""
        ...

    def resolve_user(self, name: str) -> int | None:
        """The user id of a forum user name, None if there is no such user."""
        ...


class ForumClient(Forum, Protocol):
    """A `Forum` connected from the config (`wolfbot.forum.software`): it also shows what
    the account may do, and it is closed when done."""

    def account(self) -> AccountView:
        """What the bot's account may do (logs in; writes nothing)."""
        ...

    def close(self) -> None: ...
