"""Engine and session helpers, and `alembic upgrade` run from Python.

`engine_for(path)` opens a SQLite file (or ":memory:", one shared connection) with foreign
keys on, WAL journal (a moderator may read the file while the bot runs) and a busy timeout.
`synchronous = NORMAL` (WAL's usual companion): a commit is not flushed to the disk at once,
so a power cut – never a crash of the bot – may lose the last transactions. Nothing of a
round is lost by that: the read marks are stored after the posts they cover, so the posts
are read again, and a message's row is written before it is sent.
The schema comes from the migrations: `upgrade(path)` runs them to head.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from wolfbot.rulesets.shipped import shipped

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = shipped("migrations")
MEMORY = ":memory:"


def url_for(path: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL of a SQLite file (a URL is passed through)."""
    text = os.fspath(path)
    if "://" in text:
        return text
    if text == MEMORY:
        return "sqlite://"
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def engine_for(path: str | os.PathLike[str]) -> Engine:
    """An engine for the SQLite database at `path` (":memory:" for a private in-memory one)."""
    url = url_for(path)
    memory = url in ("sqlite://", "sqlite:///:memory:")
    kwargs: dict[str, Any] = {}
    if memory:
        kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    engine = create_engine(url, **kwargs)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        # transactions are begun by SQLAlchemy (below), not guessed by the sqlite3 module,
        # so DDL is transactional too and a commit is exactly where the code says
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA busy_timeout = 5000")
        if not memory:
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions whose objects stay readable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for `migrations/` that does not read alembic.ini (so the
    application's logging is left alone); with `connection`, migrations run on it."""
    from alembic.config import Config

    if not (MIGRATIONS / "env.py").is_file():
        raise FileNotFoundError(f"migrations not found at {MIGRATIONS}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _engine(target: str | os.PathLike[str] | Engine) -> Engine:
    return target if isinstance(target, Engine) else engine_for(target)


def upgrade(target: str | os.PathLike[str] | Engine, revision: str = "head") -> Engine:
    """Bring the database at `target` (a path or an engine) to `revision`; returns the
    engine. Runs in one transaction: a failing migration leaves the file as it was."""
    engine = _engine(target)
    with engine.begin() as connection:
        from alembic import command

        command.upgrade(alembic_config(connection), revision)
    return engine


def downgrade(target: str | os.PathLike[str] | Engine, revision: str = "base") -> Engine:
    engine = _engine(target)
    with engine.begin() as connection:
        from alembic import command

        command.downgrade(alembic_config(connection), revision)
    return engine
