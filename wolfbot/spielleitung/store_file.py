"""A round's store file opened read-only with the standard library's `sqlite3`: is it a
wolfbot store at this wolfbot's schema revision, and which round does a command mean.
`wolfbot status` reads the store with it alone (no SQLAlchemy, no Alembic: quick to start);
the other commands check the file with `check` before they open it with SQLAlchemy
(`rounds.open_store`).

    with open_readonly(db) as connection:          # ControlError if db is no store
        game = pick_game(connection, game_id, db)  # the round `game_id`, or the only one

Nothing here writes to the store: it may be read while the bot runs (WAL journal)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path

from wolfbot.spielleitung.errors import ControlError
from wolfbot.spielleitung.labels import GameInfo, parse_utc
from wolfbot.store.revision import HEAD

TABLES = {"games", "commands", "events", "outgoing_messages"}
UPGRADE = "`wolfbot run` bringt sie beim Start auf den Stand, oder `alembic upgrade head`"


def connect(db: Path) -> sqlite3.Connection:
    """A read-only connection on the existing file `db` (ControlError if there is none);
    rows as `sqlite3.Row`."""
    if not db.exists():
        raise ControlError(f"Datei nicht gefunden: {db}")
    if not db.is_file():
        raise ControlError(f"Keine Datei: {db}")
    try:
        connection = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error as error:
        raise ControlError(f"{db} lässt sich nicht öffnen ({error})") from None
    connection.row_factory = sqlite3.Row
    return connection


def check(connection: sqlite3.Connection, db: Path) -> None:
    """ControlError unless `connection` holds a wolfbot store at revision `HEAD`."""
    try:
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    except sqlite3.DatabaseError as error:
        raise ControlError(f"{db} ist keine SQLite-Datenbank ({error})") from None
    if not TABLES <= tables:
        raise ControlError(
            f"{db} ist keine wolfbot-Datenbank (Tabellen fehlen; `alembic upgrade head`?)"
        )
    found = None
    if "alembic_version" in tables:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        found = row[0] if row else None
    if found == HEAD:
        return
    if found is not None and found > HEAD:  # the revisions are numbers: "0001", "0002", …
        raise ControlError(
            f"{db} hat den Datenbankstand {found}, neuer als dieses wolfbot ({HEAD}): "
            "bitte wolfbot aktualisieren."
        )
    raise ControlError(
        f"{db} hat den Datenbankstand {found or 'unbekannt'}, dieses wolfbot braucht {HEAD}: "
        f"{UPGRADE}."
    )


@contextmanager
def open_readonly(db: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection on the wolfbot store `db`, checked (`check`); closed after."""
    with closing(connect(db)) as connection:
        check(connection, db)
        yield connection


def check_file(db: Path) -> None:
    """ControlError unless `db` is a wolfbot store at revision `HEAD` (opened and closed)."""
    with open_readonly(db):
        pass


def list_games(connection: sqlite3.Connection) -> list[GameInfo]:
    rows = connection.execute(
        "SELECT id, title, ruleset, seed, phase, status, created_at, thread_id "
        "FROM games ORDER BY id"
    ).fetchall()
    return [
        GameInfo(r[0], r[1], r[2], r[3], r[4], r[5], parse_utc(r[6]) or datetime.min, r[7])
        for r in rows
    ]


def choose(games: list[GameInfo], game_id: int | None, db: Path) -> GameInfo:
    """The round `game_id` of `games`, or the only round of the file (ControlError else)."""
    if game_id is not None:
        for game in games:
            if game.id == game_id:
                return game
        known = ", ".join(str(g.id) for g in games) or "keine"
        raise ControlError(f"Keine Runde {game_id} in {db} (vorhanden: {known})", games)
    if not games:
        raise ControlError(f"{db} enthält noch keine Runde")
    if len(games) > 1:
        raise ControlError(f"{db} enthält {len(games)} Runden; wähle eine mit --game:", games)
    return games[0]


def pick_game(connection: sqlite3.Connection, game_id: int | None, db: Path) -> GameInfo:
    """The round `game_id`, or the only round of the file (ControlError otherwise)."""
    return choose(list_games(connection), game_id, db)
