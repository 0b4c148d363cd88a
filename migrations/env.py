"""Alembic environment of wolfbot's store.

The database: a connection handed in by `wolfbot.store.db` (config.attributes), else
`-x db=URL_OR_PATH`, else the WOLFBOT_DB environment variable, else sqlite:///wolfbot.sqlite.
Batch mode is on: SQLite cannot ALTER most things, so changes rebuild the table.
"""

from __future__ import annotations

import os
from logging.config import fileConfig

from alembic import context

from wolfbot.store.db import engine_for, url_for
from wolfbot.store.models import metadata

config = context.config
target_metadata = metadata
DEFAULT_URL = "sqlite:///wolfbot.sqlite"

# the command line sets up logging from alembic.ini; a program (wolfbot.store.db, the
# tests) keeps its own by handing in a connection or `configure_logger = False`
if (
    config.config_file_name is not None
    and "connection" not in config.attributes
    and config.attributes.get("configure_logger", True)
):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def database_url() -> str:
    chosen = context.get_x_argument(as_dictionary=True).get("db") or os.environ.get("WOLFBOT_DB")
    return url_for(chosen) if chosen else DEFAULT_URL


def _configure(**kwargs: object) -> None:
    context.configure(
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
        **kwargs,  # type: ignore[arg-type]
    )


def run_migrations_offline() -> None:
    _configure(url=database_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = engine_for(database_url())
    with engine.connect() as connection:
        _configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
