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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

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
        hidden = " AND p.deleted = 0 AND p.disabled = 0" if visible_only else ""
        rows = self._all(
            f"SELECT {_POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id "
            f"WHERE p.thread_id = ?{hidden} ORDER BY p.time, p.id",
            (thread_id,),
        )
        return [_post(row) for row in rows]

    def _thread_posts(self, visible_only: bool) -> str:
        """The posts of a thread (`?`), all or those a guest sees, from their index."""
        hidden = " AND deleted = 0 AND disabled = 0" if visible_only else ""
        return f"FROM posts WHERE thread_id = ?{hidden}"

    def post_count(self, thread_id: int, visible_only: bool = False) -> int:
        row = self._one(f"SELECT count(*) {self._thread_posts(visible_only)}", (thread_id,))
        return row[0] if row else 0

    def posts_page(
        self, thread_id: int, offset: int, limit: int, visible_only: bool = False
    ) -> list[Post]:
        """The thread's posts `offset` to `offset + limit - 1` (from 0) in display order."""
        page = f"SELECT id {self._thread_posts(visible_only)} ORDER BY time, id LIMIT ? OFFSET ?"
        rows = self._all(
            f"SELECT {_POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id "
            f"WHERE p.id IN ({page}) ORDER BY p.time, p.id",
            (thread_id, limit, offset),
        )
        return [_post(row) for row in rows]

    def post_place(self, thread_id: int, post_id: int, visible_only: bool = False) -> int | None:
        """How many posts of the thread come before `post_id` in display order (earlier, or
        as early with a lower id: two ranges of the index); None if it is not one of them."""
        posts = self._thread_posts(visible_only)
        shown = " AND p.deleted = 0 AND p.disabled = 0" if visible_only else ""
        row = self._one(
            f"SELECT (SELECT count(*) {posts} AND time < p.time) "
            f"+ (SELECT count(*) {posts} AND time = p.time AND id < p.id) "
            f"FROM posts p WHERE p.id = ? AND p.thread_id = ?{shown}",
            (thread_id, thread_id, post_id, thread_id),
        )
        return row[0] if row else None

    def posts_since(self, thread_id: int, time: int, post_id: int) -> list[Post]:
        """The thread's posts later than `time`, and `post_id`, in display order."""
        rows = self._all(
            f"SELECT {_POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id "
            "WHERE p.thread_id = ? AND (p.time > ? OR p.id = ?) ORDER BY p.time, p.id",
            (thread_id, time, post_id),
        )
        return [_post(row) for row in rows]

    def last_post_time(self, thread_id: int, visible_only: bool = False) -> int | None:
        row = self._one(
            f"SELECT time {self._thread_posts(visible_only)} ORDER BY time DESC, id DESC LIMIT 1",
            (thread_id,),
        )
        return row[0] if row else None

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
        rows = self._all(
            f"SELECT {_MESSAGE_COLUMNS} FROM messages m JOIN users u ON u.id = m.user_id "
            "WHERE m.conversation_id = ? ORDER BY m.time, m.id",
            (conversation_id,),
        )
        return [Message(*row) for row in rows]

    def message_count(self, conversation_id: int) -> int:
        row = self._one(
            "SELECT count(*) FROM messages WHERE conversation_id = ?", (conversation_id,)
        )
        return row[0] if row else 0

    def messages_page(self, conversation_id: int, offset: int, limit: int) -> list[Message]:
        """The conversation's messages `offset` to `offset + limit - 1` (from 0), in order."""
        rows = self._all(
            f"SELECT {_MESSAGE_COLUMNS} FROM messages m JOIN users u ON u.id = m.user_id "
            "WHERE m.id IN (SELECT id FROM messages WHERE conversation_id = ? "
            "ORDER BY time, id LIMIT ? OFFSET ?) ORDER BY m.time, m.id",
            (conversation_id, limit, offset),
        )
        return [Message(*row) for row in rows]

    def message_place(self, conversation_id: int, message_id: int) -> int | None:
        """How many messages of the conversation come before `message_id` (as `post_place`);
        None if it is not one of them."""
        messages = "FROM messages WHERE conversation_id = m.conversation_id"
        row = self._one(
            f"SELECT (SELECT count(*) {messages} AND time < m.time) "
            f"+ (SELECT count(*) {messages} AND time = m.time AND id < m.id) "
            "FROM messages m WHERE m.id = ? AND m.conversation_id = ?",
            (message_id, conversation_id),
        )
        return row[0] if row else None

    def messages_since(self, conversation_id: int, time: int, message_id: int) -> list[Message]:
        """The conversation's messages later than `time`, and `message_id`, in order."""
        rows = self._all(
            f"SELECT {_MESSAGE_COLUMNS} FROM messages m JOIN users u ON u.id = m.user_id "
            "WHERE m.conversation_id = ? AND (m.time > ? OR m.id = ?) ORDER BY m.time, m.id",
            (conversation_id, time, message_id),
        )
        return [Message(*row) for row in rows]

    def last_message_time(self, conversation_id: int) -> int | None:
        row = self._one(
            "SELECT time FROM messages WHERE conversation_id = ? ORDER BY time DESC, id DESC "
            "LIMIT 1",
            (conversation_id,),
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
