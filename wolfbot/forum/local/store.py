"""SQLite storage of the local forum: users, threads and their posts, conversations with
participants and messages, modification-log rows and the flood-control register.

A page of a thread or conversation reads only its own posts: the count, a post's place and
the page's slice come from the indexes in the display order (time, then id), so a page of a
thread of 8,000 posts costs what a page of a short one does (`posts_page`, `post_place`,
`post_count`, `last_post_time`; the same for messages).

Times are Unix seconds (UTC), like WoltLab's `time` columns. IDs come from AUTOINCREMENT,
so they are global per kind and only ever increase. One connection, guarded by a lock: the
HTTP server's threads and the admin API share it.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password TEXT NOT NULL,
    signature TEXT
);
CREATE TABLE IF NOT EXISTS threads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    time INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id INTEGER NOT NULL REFERENCES threads(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    time INTEGER NOT NULL,
    subject TEXT NOT NULL DEFAULT '',
    html TEXT NOT NULL,
    edit_count INTEGER NOT NULL DEFAULT 0,
    last_editor TEXT,
    edited_time INTEGER,
    deleted INTEGER NOT NULL DEFAULT 0,
    disabled INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS posts_by_thread ON posts(thread_id, time, id);
CREATE INDEX IF NOT EXISTS visible_posts_by_thread ON posts(thread_id, deleted, disabled, time, id);
CREATE TABLE IF NOT EXISTS conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    time INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS participants (
    conversation_id INTEGER NOT NULL REFERENCES conversations(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    joined INTEGER NOT NULL,
    PRIMARY KEY (conversation_id, user_id)
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id INTEGER NOT NULL REFERENCES conversations(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    time INTEGER NOT NULL,
    html TEXT NOT NULL,
    edit_count INTEGER NOT NULL DEFAULT 0,
    edited_time INTEGER
);
CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages(conversation_id, time, id);
CREATE TABLE IF NOT EXISTS modlog (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    time INTEGER NOT NULL,
    text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS flood (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    time INTEGER NOT NULL
);
"""


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    signature: str | None


@dataclass(frozen=True, slots=True)
class Thread:
    id: int
    title: str
    slug: str
    user_id: int
    time: int


@dataclass(frozen=True, slots=True)
class Post:
    """A thread post as stored; `author` is the user's name (joined in)."""

    id: int
    thread_id: int
    user_id: int
    author: str
    time: int
    subject: str
    html: str
    edit_count: int
    last_editor: str | None
    edited_time: int | None
    deleted: bool
    disabled: bool
    signature: str | None = None

    @property
    def at(self) -> datetime:
        return datetime.fromtimestamp(self.time, UTC)


@dataclass(frozen=True, slots=True)
class Message:
    """A conversation message as stored."""

    id: int
    conversation_id: int
    user_id: int
    author: str
    time: int
    html: str
    signature: str | None = None
    edit_count: int = 0  # the inline editor's saves ("hat diese Nachricht N Mal editiert")
    edited_time: int | None = None

    @property
    def at(self) -> datetime:
        return datetime.fromtimestamp(self.time, UTC)


@dataclass(frozen=True, slots=True)
class ConversationRow:
    id: int
    title: str
    slug: str
    user_id: int
    author: str
    time: int


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A modification-log row ("Thema wurde verschoben") shown between posts."""

    id: int
    user_id: int
    author: str
    time: int
    text: str


def hash_password(password: str, salt: str | None = None) -> str:
    salt = salt or secrets.token_hex(8)
    digest = hashlib.sha256((salt + "\x00" + password).encode("utf-8")).hexdigest()
    return f"{salt}${digest}"


def password_matches(stored: str, password: str) -> bool:
    salt, _, _digest = stored.partition("$")
    return secrets.compare_digest(hash_password(password, salt), stored)


_POST_COLUMNS = (
    "p.id, p.thread_id, p.user_id, u.name, p.time, p.subject, p.html, p.edit_count, "
    "p.last_editor, p.edited_time, p.deleted, p.disabled, u.signature"
)
_MESSAGE_COLUMNS = (
    "m.id, m.conversation_id, m.user_id, u.name, m.time, m.html, u.signature, m.edit_count, "
    "m.edited_time"
)


def _post(row: tuple) -> Post:
    return Post(*row[:10], bool(row[10]), bool(row[11]), row[12])


@dataclass(frozen=True, slots=True)
class _Listing:
    """A thread's posts or a conversation's messages as the pages list them: the table (as
    `alias` where its rows are read with their author), the column naming the thread or
    conversation, the columns read and the row made of them, and the flags that hide a row
    from a guest. The pages' queries (count, page, place, since, last time) are one each
    for both (`Store._count` …)."""

    table: str
    alias: str
    parent: str
    columns: str
    row: Callable[[tuple], Any]
    guest_hidden: tuple[str, ...] = ()

    def hidden(self, visible_only: bool, alias: str = "") -> str:
        """The condition that leaves out what a guest does not see (nothing otherwise)."""
        flags = self.guest_hidden if visible_only else ()
        return "".join(f" AND {alias}{flag} = 0" for flag in flags)

    def of(self, visible_only: bool) -> str:
        """The rows of one thread or conversation (`?`), from their index."""
        return f"FROM {self.table} WHERE {self.parent} = ?{self.hidden(visible_only)}"

    def read(self, where: str) -> str:
        """The rows with their author's name and signature, `where` they are, in order."""
        a = self.alias
        return (
            f"SELECT {self.columns} FROM {self.table} {a} JOIN users u ON u.id = {a}.user_id "
            f"WHERE {where} ORDER BY {a}.time, {a}.id"
        )


_POSTS = _Listing("posts", "p", "thread_id", _POST_COLUMNS, _post, ("deleted", "disabled"))
_MESSAGES = _Listing(
    "messages", "m", "conversation_id", _MESSAGE_COLUMNS, lambda row: Message(*row)
)


class Store:
    """Plain queries; no rules. Every method holds the lock for its statements."""

    def __init__(self, path: str = ":memory:") -> None:
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        self.lock = threading.RLock()
        with self.lock:
            self._db.executescript(SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(messages)")}
            for column, kind in (("edit_count", "INTEGER NOT NULL DEFAULT 0"),
                                 ("edited_time", "INTEGER")):  # fmt: skip
                if column not in columns:  # a forum file of an older version
                    self._db.execute(f"ALTER TABLE messages ADD COLUMN {column} {kind}")

    def close(self) -> None:
        with self.lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Atomic group of statements (reentrant through the lock, not nested in SQL)."""
        with self.lock:
            if self._db.in_transaction:
                yield
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.lock:
            return self._db.execute(sql, args).fetchall()

    def _one(self, sql: str, args: tuple = ()) -> tuple | None:
        with self.lock:
            return self._db.execute(sql, args).fetchone()

    def _insert(self, sql: str, args: tuple) -> int:
        with self.lock:
            cursor = self._db.execute(sql, args)
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def _update(self, sql: str, args: tuple) -> int:
        with self.lock:
            return self._db.execute(sql, args).rowcount

    # users
    def add_user(self, name: str, password: str, signature: str | None) -> int:
        return self._insert(
            "INSERT INTO users (name, password, signature) VALUES (?, ?, ?)",
            (name, hash_password(password), signature),
        )

    def user(self, user_id: int) -> User | None:
        row = self._one("SELECT id, name, signature FROM users WHERE id = ?", (user_id,))
        return User(*row) if row else None

    def users(self) -> list[User]:
        return [User(*row) for row in self._all("SELECT id, name, signature FROM users", ())]

    def user_by_name(self, name: str) -> User | None:
        row = self._one("SELECT id, name, signature FROM users WHERE name = ?", (name,))
        return User(*row) if row else None

    def password_of(self, user_id: int) -> str:
        row = self._one("SELECT password FROM users WHERE id = ?", (user_id,))
        return row[0] if row else ""

    def users_starting_with(self, prefix: str, limit: int = 10) -> list[User]:
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = self._all(
            "SELECT id, name, signature FROM users WHERE name LIKE ? ESCAPE '\\' "
            "ORDER BY name LIMIT ?",
            (escaped + "%", limit),
        )
        return [User(*row) for row in rows]

    # threads and posts
    def add_thread(self, title: str, slug: str, user_id: int, time: int) -> int:
        return self._insert(
            "INSERT INTO threads (title, slug, user_id, time) VALUES (?, ?, ?, ?)",
            (title, slug, user_id, time),
        )

    def thread(self, thread_id: int) -> Thread | None:
        row = self._one(
            "SELECT id, title, slug, user_id, time FROM threads WHERE id = ?", (thread_id,)
        )
        return Thread(*row) if row else None

    def threads(self) -> list[Thread]:
        return [Thread(*r) for r in self._all("SELECT id, title, slug, user_id, time FROM threads")]

    def add_post(
        self, thread_id: int, user_id: int, time: int, html: str, subject: str = ""
    ) -> int:
        return self._insert(
            "INSERT INTO posts (thread_id, user_id, time, html, subject) VALUES (?, ?, ?, ?, ?)",
            (thread_id, user_id, time, html, subject),
        )

    def post(self, post_id: int) -> Post | None:
        row = self._one(
            f"SELECT {_POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ?",
            (post_id,),
        )
        return _post(row) if row else None

    def posts(self, thread_id: int, visible_only: bool = False) -> list[Post]:
        return self._listed(_POSTS, thread_id, visible_only)

    def post_count(self, thread_id: int, visible_only: bool = False) -> int:
        return self._count(_POSTS, thread_id, visible_only)

    def posts_page(
        self, thread_id: int, offset: int, limit: int, visible_only: bool = False
    ) -> list[Post]:
        """The thread's posts `offset` to `offset + limit - 1` (from 0) in display order."""
        return self._page(_POSTS, thread_id, offset, limit, visible_only)

    def post_place(self, thread_id: int, post_id: int, visible_only: bool = False) -> int | None:
        """How many posts of the thread come before `post_id` in display order; None if it
        is not one of them."""
        return self._place(_POSTS, thread_id, post_id, visible_only)

    def posts_since(self, thread_id: int, time: int, post_id: int) -> list[Post]:
        """The thread's posts later than `time`, and `post_id`, in display order."""
        return self._since(_POSTS, thread_id, time, post_id)

    def last_post_time(self, thread_id: int, visible_only: bool = False) -> int | None:
        return self._last_time(_POSTS, thread_id, visible_only)

    def update_post(self, post_id: int, **fields: object) -> None:
        columns = ", ".join(f"{name} = ?" for name in fields)
        if not self._update(
            f"UPDATE posts SET {columns} WHERE id = ?", (*fields.values(), post_id)
        ):
            raise KeyError(f"no post {post_id}")

    def remove_post(self, post_id: int) -> None:
        if not self._update("DELETE FROM posts WHERE id = ?", (post_id,)):
            raise KeyError(f"no post {post_id}")

    # conversations
    def add_conversation(self, title: str, slug: str, user_id: int, time: int) -> int:
        return self._insert(
            "INSERT INTO conversations (title, slug, user_id, time) VALUES (?, ?, ?, ?)",
            (title, slug, user_id, time),
        )

    def conversation(self, conversation_id: int) -> ConversationRow | None:
        row = self._one(
            "SELECT c.id, c.title, c.slug, c.user_id, u.name, c.time FROM conversations c "
            "JOIN users u ON u.id = c.user_id WHERE c.id = ?",
            (conversation_id,),
        )
        return ConversationRow(*row) if row else None

    def conversations_of(self, user_id: int) -> list[ConversationRow]:
        """Newest activity first, like the conversation list's default sort (lastPostTime)."""
        rows = self._all(
            "SELECT c.id, c.title, c.slug, c.user_id, u.name, c.time FROM conversations c "
            "JOIN users u ON u.id = c.user_id "
            "JOIN participants p ON p.conversation_id = c.id AND p.user_id = ? "
            "ORDER BY (SELECT MAX(time) FROM messages m WHERE m.conversation_id = c.id) DESC, "
            "c.id DESC",
            (user_id,),
        )
        return [ConversationRow(*row) for row in rows]

    def add_participant(self, conversation_id: int, user_id: int, time: int) -> None:
        with self.lock:
            self._db.execute(
                "INSERT OR IGNORE INTO participants (conversation_id, user_id, joined) "
                "VALUES (?, ?, ?)",
                (conversation_id, user_id, time),
            )

    def participants(self, conversation_id: int) -> list[User]:
        rows = self._all(
            "SELECT u.id, u.name, u.signature FROM participants p JOIN users u ON u.id = p.user_id "
            "WHERE p.conversation_id = ? ORDER BY u.name COLLATE NOCASE",
            (conversation_id,),
        )
        return [User(*row) for row in rows]

    def add_message(self, conversation_id: int, user_id: int, time: int, html: str) -> int:
        return self._insert(
            "INSERT INTO messages (conversation_id, user_id, time, html) VALUES (?, ?, ?, ?)",
            (conversation_id, user_id, time, html),
        )

    def message(self, message_id: int) -> Message | None:
        row = self._one(
            f"SELECT {_MESSAGE_COLUMNS} FROM messages m JOIN users u ON u.id = m.user_id "
            "WHERE m.id = ?",
            (message_id,),
        )
        return Message(*row) if row else None

    def update_message(self, message_id: int, html: str, edit_count: int, time: int) -> None:
        if not self._update(
            "UPDATE messages SET html = ?, edit_count = ?, edited_time = ? WHERE id = ?",
            (html, edit_count, time, message_id),
        ):
            raise KeyError(f"no message {message_id}")

    def messages(self, conversation_id: int) -> list[Message]:
        return self._listed(_MESSAGES, conversation_id)

    def message_count(self, conversation_id: int) -> int:
        return self._count(_MESSAGES, conversation_id)

    def messages_page(self, conversation_id: int, offset: int, limit: int) -> list[Message]:
        """The conversation's messages `offset` to `offset + limit - 1` (from 0), in order."""
        return self._page(_MESSAGES, conversation_id, offset, limit)

    def message_place(self, conversation_id: int, message_id: int) -> int | None:
        """How many messages of the conversation come before `message_id`; None if it is
        not one of them."""
        return self._place(_MESSAGES, conversation_id, message_id)

    def messages_since(self, conversation_id: int, time: int, message_id: int) -> list[Message]:
        """The conversation's messages later than `time`, and `message_id`, in order."""
        return self._since(_MESSAGES, conversation_id, time, message_id)

    def last_message_time(self, conversation_id: int) -> int | None:
        return self._last_time(_MESSAGES, conversation_id)

    # the listings of a thread's posts and a conversation's messages (`_Listing`)
    def _listed(self, of: _Listing, parent_id: int, visible_only: bool = False) -> list:
        where = f"{of.alias}.{of.parent} = ?{of.hidden(visible_only, of.alias + '.')}"
        return [of.row(row) for row in self._all(of.read(where), (parent_id,))]

    def _count(self, of: _Listing, parent_id: int, visible_only: bool = False) -> int:
        row = self._one(f"SELECT count(*) {of.of(visible_only)}", (parent_id,))
        return row[0] if row else 0

    def _page(
        self, of: _Listing, parent_id: int, offset: int, limit: int, visible_only: bool = False
    ) -> list:
        page = f"SELECT id {of.of(visible_only)} ORDER BY time, id LIMIT ? OFFSET ?"
        rows = self._all(of.read(f"{of.alias}.id IN ({page})"), (parent_id, limit, offset))
        return [of.row(row) for row in rows]

    def _place(
        self, of: _Listing, parent_id: int, item_id: int, visible_only: bool = False
    ) -> int | None:
        """How many rows come before `item_id` in display order (earlier, or as early with
        a lower id: two ranges of the index); None if it is not one of them."""
        rows, a = of.of(visible_only), of.alias
        row = self._one(
            f"SELECT (SELECT count(*) {rows} AND time < {a}.time) "
            f"+ (SELECT count(*) {rows} AND time = {a}.time AND id < {a}.id) "
            f"FROM {of.table} {a} WHERE {a}.id = ? AND {a}.{of.parent} = ?"
            f"{of.hidden(visible_only, a + '.')}",
            (parent_id, parent_id, item_id, parent_id),
        )
        return row[0] if row else None

    def _since(self, of: _Listing, parent_id: int, time: int, item_id: int) -> list:
        a = of.alias
        where = f"{a}.{of.parent} = ? AND ({a}.time > ? OR {a}.id = ?)"
        return [of.row(row) for row in self._all(of.read(where), (parent_id, time, item_id))]

    def _last_time(self, of: _Listing, parent_id: int, visible_only: bool = False) -> int | None:
        row = self._one(
            f"SELECT time {of.of(visible_only)} ORDER BY time DESC, id DESC LIMIT 1",
            (parent_id,),
        )
        return row[0] if row else None

    # modification log and flood register
    def add_log(self, kind: str, channel_id: int, user_id: int, time: int, text: str) -> int:
        return self._insert(
            "INSERT INTO modlog (kind, channel_id, user_id, time, text) VALUES (?, ?, ?, ?, ?)",
            (kind, channel_id, user_id, time, text),
        )

    def log(self, kind: str, channel_id: int) -> list[LogEntry]:
        rows = self._all(
            "SELECT l.id, l.user_id, u.name, l.time, l.text FROM modlog l "
            "JOIN users u ON u.id = l.user_id WHERE l.kind = ? AND l.channel_id = ? "
            "ORDER BY l.time, l.id",
            (kind, channel_id),
        )
        return [LogEntry(*row) for row in rows]

    def register_flood(self, user_id: int, kind: str, time: int) -> None:
        with self.lock:
            self._db.execute(
                "INSERT INTO flood (user_id, kind, time) VALUES (?, ?, ?)", (user_id, kind, time)
            )

    def flood_times(self, user_id: int, kind: str, since: int) -> list[int]:
        rows = self._all(
            "SELECT time FROM flood WHERE user_id = ? AND kind = ? AND time > ? ORDER BY time",
            (user_id, kind, since),
        )
        return [row[0] for row in rows]
