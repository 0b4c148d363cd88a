"""Rows staged in memory and inserted together: the bot's intake writes a few statements
per batch of posts instead of a few per post.

`RowBatch.add(model, values)` gives the row its id at once – the one SQLite would give it
(after the table's highest id, read once in the transaction) – so that rows staged later
can point to it; `write()` inserts every staged row, one `executemany` per table in the
order of their foreign keys. It works in the caller's transaction: written with what the
caller writes, gone if that rolls back.

While rows are staged, nothing else may insert into their tables in the same transaction
(it would take their ids): code that needs the ORM for a table (`session.add`) calls
`write()` first; the ids are read again after it. `cache` keeps what the transaction read
once and may keep (its snapshot does not change): the next event's index, the queue's
conversations.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from sqlalchemy import Table, func, insert, select
from sqlalchemy.orm import Session

from wolfbot.store.models import Base, metadata

_ORDER = {table: n for n, table in enumerate(metadata.sorted_tables)}


class RowBatch:
    """`optimistic`: the staged rows are expected to be new – code that stages a row with
    a unique key need not look for it first; a row that exists already makes `write()`
    fail (the table's UNIQUE constraint), and the caller does its work again with a batch
    that is not optimistic."""

    def __init__(self, session: Session, *, optimistic: bool = False) -> None:
        self.session = session
        self.optimistic = optimistic
        self.cache: dict[Hashable, Any] = {}
        self._rows: dict[Table, list[dict[str, Any]]] = {}
        self._next_id: dict[Table, int] = {}

    def add(self, model: type[Base], values: dict[str, Any]) -> int:
        """Stage a row of `model`'s table (every column it sets, the same for each row of
        a table); returns its id."""
        table = model.__table__
        assert isinstance(table, Table)
        if table not in self._next_id:
            highest = self.session.scalar(select(func.max(table.c.id)))
            self._next_id[table] = (highest or 0) + 1
        row_id = self._next_id[table]
        self._next_id[table] = row_id + 1
        self._rows.setdefault(table, []).append({"id": row_id, **values})
        return row_id

    def write(self) -> None:
        """Insert the staged rows (parents before the rows that point to them)."""
        if not self._rows:
            return
        self.session.flush()  # the ORM's pending changes first: staged rows may point to them
        connection = self.session.connection()
        for table in sorted(self._rows, key=_ORDER.__getitem__):
            connection.execute(insert(table), self._rows[table])
        self._rows.clear()
        self._next_id.clear()
