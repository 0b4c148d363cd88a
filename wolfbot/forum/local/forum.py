"""`LocalForum`: the storage plus WoltLab's rules (flood control, participant limits), the
admin API tests and the demo use (no HTTP), and fault injection for the server
(`faults.py`).

Flood control follows `ConversationHandler::enforceFloodControl()`: starting a conversation
checks the 24-hour count first, then the wait between conversation messages; a started
conversation registers both a conversation and a conversation message. Thread posts have
their own wait (WBB's, not public). Writes through the admin API bypass and do not register
flood control ("a player posting").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from wolfbot.forum.local import texts
from wolfbot.forum.local.faults import FLOOD_WAIT, FaultMode, Faults
from wolfbot.forum.local.rules import LIMIT_NAMES, Denied, Flooded, Invalid, Rules
from wolfbot.forum.local.store import (
    ConversationRow,
    LogEntry,
    Message,
    Post,
    Store,
    User,
    password_matches,
)
from wolfbot.forum.local.urls import slugify

DAY = 86400
# this request meets an injected flood refusal: a context variable, since the server sets it
# in its event loop and the request is handled in a worker thread (which copies the context)
_FLOODING: ContextVar[bool] = ContextVar("local_forum_flooding", default=False)
_TAGS = re.compile(r"<[^>]*>")


@dataclass(frozen=True, slots=True)
class ConversationView:
    id: int
    title: str
    author: str
    participants: tuple[str, ...]
    messages: tuple[Message, ...]


def html_is_empty(html: str) -> bool:
    return not _TAGS.sub("", html).replace("&nbsp;", "").strip() and "<img" not in html


class LocalForum:
    def __init__(
        self,
        db: str = ":memory:",
        *,
        clock: Callable[[], datetime] | None = None,
        rules: Rules | None = None,
    ) -> None:
        self.store = Store(db)
        self.clock = clock or (lambda: datetime.now(UTC))
        self.rules = rules or Rules()
        self._limits: dict[int, dict[str, int]] = {}  # user id → the rights of its group
        self.faults = Faults()

    def now(self) -> int:
        return int(self.clock().timestamp())

    def _time(self, time: datetime | None) -> int:
        return int(time.timestamp()) if time is not None else self.now()

    def _user(self, who: str | int) -> User:
        user = self.store.user(who) if isinstance(who, int) else self.store.user_by_name(who)
        if user is None:
            raise KeyError(f"no user {who!r}")
        return user

    # --- admin API -----------------------------------------------------------------
    def add_user(self, name: str, password: str, signature: str | None = None) -> int:
        return self.store.add_user(name, password, signature)

    def set_limits(self, user: str | int, **limits: int) -> None:
        """Give `user` the rights of another group: any of `post_wait`, `message_wait`
        (seconds, 0 = none), `conversations_per_day`, `max_participants` (-1 = no limit);
        the others stay the forum's `rules`. For a bot account the Spielleitung's group:
        `set_limits(name, **SPIELLEITUNG)`; an administrator: `**ADMINISTRATORS`."""
        unknown = set(limits) - set(LIMIT_NAMES)
        if unknown:
            raise ValueError(f"unknown limits {sorted(unknown)} (one of {LIMIT_NAMES})")
        self._limits.setdefault(self._user(user).id, {}).update(limits)

    def limits_of(self, user_id: int) -> Rules:
        """The rules that hold for `user_id`: the forum's with the user's group's limits."""
        return replace(self.rules, **self._limits.get(user_id, {}))

    def user_id(self, name: str) -> int | None:
        user = self.store.user_by_name(name)
        return user.id if user else None

    def add_thread(
        self, title: str, author: str | int, html: str | None = None, time: datetime | None = None
    ) -> int:
        """A thread; with `html` also its first post (an empty thread otherwise)."""
        user, at = self._user(author), self._time(time)
        with self.store.transaction():
            thread_id = self.store.add_thread(title, slugify(title), user.id, at)
            if html is not None:
                self.store.add_post(thread_id, user.id, at, html)
        return thread_id

    def add_post(
        self,
        thread_id: int,
        author: str | int,
        html: str,
        time: datetime | None = None,
        subject: str = "",
    ) -> int:
        """A post by anyone, bypassing flood control."""
        if self.store.thread(thread_id) is None:
            raise KeyError(f"no thread {thread_id}")
        return self.store.add_post(
            thread_id, self._user(author).id, self._time(time), html, subject
        )

    def edit_post(
        self, post_id: int, html: str, editor: str | int, time: datetime | None = None
    ) -> None:
        with self.store.transaction():
            post = self.store.post(post_id)
            if post is None:
                raise KeyError(f"no post {post_id}")
            self.store.update_post(
                post_id,
                html=html,
                edit_count=post.edit_count + 1,
                last_editor=self._user(editor).name,
                edited_time=self._time(time),
            )

    def delete_post(self, post_id: int) -> None:
        """Into the trash: still shown to logged-in users, as `wbbPostDeleted messageDeleted`."""
        self.store.update_post(post_id, deleted=1)

    def restore_post(self, post_id: int) -> None:
        self.store.update_post(post_id, deleted=0)

    def disable_post(self, post_id: int) -> None:
        """Waiting for moderation: shown to logged-in users as `messageDisabled`."""
        self.store.update_post(post_id, disabled=1)

    def enable_post(self, post_id: int) -> None:
        self.store.update_post(post_id, disabled=0)

    def remove_post(self, post_id: int) -> None:
        """Deleted for good: the post is gone from every page."""
        self.store.remove_post(post_id)

    def log_thread_action(
        self,
        thread_id: int,
        actor: str | int,
        text: str = "Thema wurde verschoben",
        time: datetime | None = None,
    ) -> int:
        """A modification-log row shown between the posts (no `data-post-id`)."""
        return self.store.add_log("thread", thread_id, self._user(actor).id, self._time(time), text)

    def posts(self, thread_id: int) -> list[Post]:
        return self.store.posts(thread_id)

    def post(self, post_id: int) -> Post | None:
        return self.store.post(post_id)

    def add_conversation(
        self,
        title: str,
        author: str | int,
        participants: list[str],
        html: str,
        time: datetime | None = None,
    ) -> int:
        """A conversation started outside the web (no flood control, no limits)."""
        user, at = self._user(author), self._time(time)
        others = [self._user(name) for name in participants]
        with self.store.transaction():
            conversation_id = self.store.add_conversation(title, slugify(title), user.id, at)
            for member in [user, *others]:
                self.store.add_participant(conversation_id, member.id, at)
            self.store.add_message(conversation_id, user.id, at, html)
        return conversation_id

    def add_conversation_message(
        self, conversation_id: int, author: str | int, html: str, time: datetime | None = None
    ) -> int:
        if self.store.conversation(conversation_id) is None:
            raise KeyError(f"no conversation {conversation_id}")
        return self.store.add_message(
            conversation_id, self._user(author).id, self._time(time), html
        )

    def conversation(self, conversation_id: int) -> ConversationView:
        row = self.store.conversation(conversation_id)
        if row is None:
            raise KeyError(f"no conversation {conversation_id}")
        names = tuple(user.name for user in self.store.participants(conversation_id))
        return ConversationView(
            row.id, row.title, row.author, names, tuple(self.store.messages(conversation_id))
        )

    def conversations(self, user: str | int) -> list[ConversationRow]:
        return self.store.conversations_of(self._user(user).id)

    def thread_log(self, thread_id: int) -> list[LogEntry]:
        return self.store.log("thread", thread_id)

    # --- fault injection -------------------------------------------------------------
    def fail_next(self, path_contains: str, mode: FaultMode) -> None:
        """The next request whose target contains `path_contains` fails once in `mode`
        (see `faults.py`: "500", "timeout_after_commit", "drop", "garbage", "flood")."""
        self.faults.fail_next(path_contains, mode)

    def take_fault(self, target: str, method: str = "GET") -> FaultMode | None:
        return self.faults.take(target, method)

    @contextmanager
    def flooding(self) -> Iterator[None]:
        """While handling this request every write meets flood control."""
        token = _FLOODING.set(True)
        try:
            yield
        finally:
            _FLOODING.reset(token)

    def _flood_injected(self, text: Callable[[int, int], str]) -> None:
        if _FLOODING.get():
            raise Flooded(text(FLOOD_WAIT, FLOOD_WAIT), FLOOD_WAIT)

    # --- the rules, used by the HTTP side ------------------------------------------------
    def login(self, name: str, password: str) -> User:
        """The user, or `Invalid` on the field WoltLab marks ("username" or "password")."""
        if not name.strip():
            raise Invalid(texts.EMPTY, "username")
        user = self.store.user_by_name(name.strip())
        if user is None:
            raise Invalid(texts.unknown_user(name.strip()), "username")
        if not password:
            raise Invalid(texts.EMPTY, "password")
        if not password_matches(self.store.password_of(user.id), password):
            raise Invalid(texts.WRONG_PASSWORD, "password")
        return user

    def _wait(self, user_id: int, kind: str, limit: int) -> int:
        now = self.now()
        times = self.store.flood_times(user_id, kind, now - limit)
        return times[-1] + limit - now if times and limit > 0 else 0

    def check_post_flood(self, user_id: int) -> None:
        self._flood_injected(texts.post_flood)
        limit = self.limits_of(user_id).post_wait
        if wait := self._wait(user_id, "post", limit):
            raise Flooded(texts.post_flood(limit, wait), wait)

    def check_message_flood(self, user_id: int, starting: bool = False) -> None:
        self._flood_injected(texts.message_flood)
        rules = self.limits_of(user_id)
        if starting and rules.conversations_per_day >= 0:
            started = self.store.flood_times(user_id, "conversation", self.now() - DAY)
            if len(started) >= rules.conversations_per_day:
                not_before = (started[0] if started else self.now()) + DAY
                text = texts.conversation_flood(len(started), texts.german_datetime(not_before))
                raise Flooded(text, max(1, not_before - self.now()))
        if wait := self._wait(user_id, "conversation.message", rules.message_wait):
            raise Flooded(texts.message_flood(rules.message_wait, wait), wait)

    def reply_in_thread(self, user_id: int, thread_id: int, html: str, subject: str = "") -> int:
        """A post through the web: flood-checked and registered."""
        with self.store.transaction():
            self.check_post_flood(user_id)
            if html_is_empty(html):
                raise Invalid(texts.EMPTY, "text")
            post_id = self.store.add_post(thread_id, user_id, self.now(), html, subject.strip())
            self.store.register_flood(user_id, "post", self.now())
        return post_id

    def edit_own_post(self, user_id: int, thread_id: int, post_id: int, html: str) -> None:
        """An edit through the web (the inline editor's `save`), checked like WoltLab's
        `validateSave()`: the thread (`containerID`), the post in it (`objectID`), the user
        its author, a message. Then like `edit_post`: counted as an edit ("bereits N mal
        editiert, zuletzt von …"). No flood control: WoltLab has none for edits."""
        with self.store.transaction():
            if self.store.thread(thread_id) is None:
                raise Invalid(texts.invalid_parameter("containerID"), "containerID")
            post = self.store.post(post_id)
            if post is None or post.thread_id != thread_id:
                # like ConversationMessageAction::validateSave(): UserInputException
                # ("objectID", "empty") – 400, code 412, "Bitte füllen Sie …"
                raise Invalid(texts.EMPTY, "objectID", "empty")
            if post.user_id != user_id:
                raise Denied(texts.AJAX_PERMISSION_DENIED)
            if html_is_empty(html):
                raise Invalid(texts.EMPTY, "message")
            self.edit_post(post_id, html, user_id)

    def edit_own_message(
        self, user_id: int, conversation_id: int, message_id: int, html: str
    ) -> None:
        """`ConversationMessageAction::validateSave()`, in its order: the conversation
        (`containerID`, 412), the user one of its participants (403), the message
        (`objectID`, 412 "empty"), the user its author (403: "Access denied"), a message.
        Like 6.0 the message need not be in `containerID`'s conversation. Counted as an
        edit ("… hat diese Nachricht N Mal editiert, zuletzt: …"); no flood control."""
        with self.store.transaction():
            if self.store.conversation(conversation_id) is None:
                raise Invalid(texts.EMPTY, "containerID", "empty")
            if not self.is_participant(user_id, conversation_id):
                raise Denied(texts.AJAX_PERMISSION_DENIED)
            message = self.store.message(message_id)
            if message is None:
                raise Invalid(texts.EMPTY, "objectID", "empty")
            if message.user_id != user_id:
                raise Denied(texts.AJAX_PERMISSION_DENIED)
            if html_is_empty(html):
                raise Invalid(texts.EMPTY, "message")
            self.store.update_message(message_id, html, message.edit_count + 1, self.now())

    def is_participant(self, user_id: int, conversation_id: int) -> bool:
        return any(u.id == user_id for u in self.store.participants(conversation_id))

    def reply_in_conversation(self, user_id: int, conversation_id: int, html: str) -> int:
        with self.store.transaction():
            if not self.is_participant(user_id, conversation_id):
                raise Denied(texts.AJAX_PERMISSION_DENIED)
            self.check_message_flood(user_id)
            if html_is_empty(html):
                raise Invalid(texts.EMPTY, "message")
            message_id = self.store.add_message(conversation_id, user_id, self.now(), html)
            self.store.register_flood(user_id, "conversation.message", self.now())
        return message_id

    def validate_participants(
        self, author_id: int, names: list[str], existing: set[int], field: str = "participants"
    ) -> list[int]:
        """`Conversation::validateParticipants()`: every name must exist, not be the author,
        not be in already; all errors are reported together."""
        ids: list[int] = []
        errors: list[str] = []
        for name in names:
            user = self.store.user_by_name(name)
            if user is None:
                errors.append(texts.PARTICIPANT_ERRORS["notFound"].format(name=name))
            elif user.id == author_id:
                errors.append(texts.PARTICIPANT_ERRORS["isAuthor"])
            elif user.id in existing or user.id in ids:
                errors.append(texts.PARTICIPANT_ERRORS["duplicate"].format(name=name))
            else:
                ids.append(user.id)
        if errors:
            raise Invalid(" ".join(errors), field)
        return ids

    def too_many(self, user_id: int, count: int) -> Invalid | None:
        limit = self.limits_of(user_id).max_participants
        if limit < 0 or count <= limit:
            return None
        return Invalid(
            texts.PARTICIPANT_ERRORS["tooManyParticipants"].format(limit=limit), "participants"
        )

    def start_conversation(self, user_id: int, title: str, names: list[str], html: str) -> int:
        """`ConversationAddForm`: flood first, then subject, participants, text."""
        with self.store.transaction():
            self.check_message_flood(user_id, starting=True)
            if not title.strip():
                raise Invalid(texts.EMPTY, "subject")
            if not names:
                raise Invalid(texts.EMPTY, "participants")
            ids = self.validate_participants(user_id, names, set())
            if error := self.too_many(user_id, len(ids)):
                raise error
            if html_is_empty(html):
                raise Invalid(texts.EMPTY, "text")
            now = self.now()
            conversation_id = self.store.add_conversation(
                title.strip(), slugify(title), user_id, now
            )
            for member in [user_id, *ids]:
                self.store.add_participant(conversation_id, member, now)
            self.store.add_message(conversation_id, user_id, now, html)
            self.store.register_flood(user_id, "conversation", now)
            self.store.register_flood(user_id, "conversation.message", now)
        return conversation_id

    def invite(self, user_id: int, conversation_id: int, names: list[str]) -> list[int]:
        """`ConversationAction::addParticipants()`; only the author may invite here."""
        with self.store.transaction():
            row = self.store.conversation(conversation_id)
            if row is None or row.user_id != user_id:
                raise Denied(texts.AJAX_PERMISSION_DENIED)
            existing = {u.id for u in self.store.participants(conversation_id)}
            ids = self.validate_participants(user_id, names, existing)
            if error := self.too_many(user_id, len(existing) - 1 + len(ids)):
                raise error
            now = self.now()
            for member in ids:
                self.store.add_participant(conversation_id, member, now)
            if ids:
                added = ", ".join(self._user(member).name for member in ids)
                text = f"hat {added} zur Konversation hinzugefügt"
                self.store.add_log("conversation", conversation_id, user_id, now, text)
        return ids
