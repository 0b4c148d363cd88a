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

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Dialect, Table, func, insert, select
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
            rows = self._rows[table]
            _Insert.of(table, tuple(rows[0]), connection.dialect).run(connection, rows)
        self._rows.clear()
        self._next_id.clear()


@dataclass(frozen=True, slots=True)
class _Insert:
    """One table's INSERT of the columns `keys`, compiled once, with each column's own
    conversion of a value (the column type's bind processor: a time as the store writes
    times, a list as JSON). `execute(insert(table), rows)` converted and checked every
    value of every row through SQLAlchemy's general path, a fifth of the intake's time;
    this is the same conversion, one loop per batch."""

    sql: str
    keys: tuple[str, ...]  # in the statement's order; a key the rows lack takes its default
    converts: tuple[Callable[[Any], Any] | None, ...]
    defaults: dict[str, Callable[[], Any]]

    @staticmethod
    def of(table: Table, keys: tuple[str, ...], dialect: Dialect) -> _Insert:
        known = _INSERTS.get((table, keys, dialect.name))
        if known is None:
            compiled = insert(table).compile(dialect=dialect, column_keys=list(keys))
            order = tuple(compiled.positiontup or ())
            converts = tuple(
                table.c[key].type.dialect_impl(dialect).bind_processor(dialect) for key in order
            )
            defaults = {key: _default(table, key) for key in order if key not in keys}
            known = _Insert(str(compiled), order, converts, defaults)
            _INSERTS[table, keys, dialect.name] = known
        return known

    def run(self, connection: Connection, rows: list[dict[str, Any]]) -> None:
        if self.defaults:
            rows = [{key: make() for key, make in self.defaults.items()} | row for row in rows]
        columns = []
        for key, convert in zip(self.keys, self.converts, strict=True):
            column = [row[key] for row in rows]
            columns.append(column if convert is None else [convert(value) for value in column])
        connection.exec_driver_sql(self.sql, list(zip(*columns, strict=True)))


def _default(table: Table, key: str) -> Callable[[], Any]:
    """The column's default, made anew for each row (the models' defaults are values and
    `list`/`dict`, none of which reads the statement)."""
    default = table.c[key].default
    if default is not None and default.is_scalar:
        value = default.arg  # type: ignore[attr-defined]
        return lambda: value
    if default is not None and default.is_callable:
        make = default.arg  # type: ignore[attr-defined]
        return lambda: make(None)
    raise ValueError(f"{table.name}.{key}: no value and no default to insert")


# the compiled inserts, by table, columns and database (`_Insert.of`)
_INSERTS: dict[tuple[Table, tuple[str, ...], str], _Insert] = {}
