"""What the Spielleitung's commands share on the command line: the `--db`, `--game` and
`--timezone` options, `ControlError` and `guarded` (a `ControlError` → its message, and the
rounds to choose from, on stderr; exit 2).

Light on purpose: the command line imports it to declare its commands, so it imports
neither the store nor rich at the top (`wolfbot --help` stays fast).

Which store file a command reads (`store_path`): `--db FILE`, else the environment variable
WOLFBOT_DB, else `[store] path` of the round's configuration – `--config`, the variable
WOLFBOT_CONFIG or `config.toml` in the current folder."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from wolfbot.spielleitung.errors import ControlError

if TYPE_CHECKING:
    from rich.table import Table

    from wolfbot.spielleitung.labels import GameInfo

GameId = Annotated[
    int | None,
    typer.Option("--game", help="die Nummer der Runde (nötig, wenn die Datei mehrere hat)"),
]
Zone = Annotated[str, typer.Option("--timezone", help="Zeiten in dieser Zeitzone zeigen")]
DEFAULT_ZONE = "Europe/Berlin"
DEFAULT_CONFIG = Path("config.toml")


def store_path(db: Path | None, config: Path | None = None) -> Path:
    """The store file: `db` (the option or WOLFBOT_DB, typer reads both), else the
    configuration's `[store] path` (relative to the configuration's folder). Only the TOML
    is read: the password variable need not be set to look at a round."""
    if db is not None:
        return db
    chosen = config or Path(os.environ.get("WOLFBOT_CONFIG") or DEFAULT_CONFIG)
    if not chosen.is_file():
        raise ControlError(
            "Welche Datenbank? Gib --db DATEI an, setze die Umgebungsvariable WOLFBOT_DB "
            f"oder lege die config.toml der Runde hierher (gesucht: {chosen})."
        )
    from wolfbot.setup.file_errors import config_unreadable, toml_trouble  # standard library

    try:
        text = chosen.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        raise ControlError(config_unreadable(chosen, error)) from None
    except tomllib.TOMLDecodeError as error:
        raise ControlError(toml_trouble(error, chosen, text)) from None
    store = data.get("store", {})
    value = store.get("path", "wolfbot.sqlite") if isinstance(store, dict) else None
    if not isinstance(value, str) or not value:
        raise ControlError(f"{chosen}: [store] path muss ein Dateiname sein, nicht {value!r}")
    path = Path(value).expanduser()
    return path if path.is_absolute() else chosen.resolve().parent / path


def _db(value: Path | None) -> Path:
    return store_path(value)


Db = Annotated[
    Path,
    typer.Option(
        "--db",
        envvar="WOLFBOT_DB",
        show_envvar=True,
        show_default=False,
        callback=_db,
        help="die SQLite-Datei der Runde; ohne --db und WOLFBOT_DB: [store] path der "
        "config.toml (oder der Datei in WOLFBOT_CONFIG)",
    ),
]


@contextmanager
def guarded() -> Iterator[None]:
    """A ControlError → the message (and the rounds to choose from) on stderr, exit 2."""
    try:
        yield
    except ControlError as error:
        from rich.console import Console
        from rich.markup import escape

        err = Console(stderr=True)
        err.print(f"[red]Fehler:[/red] {escape(str(error))}", highlight=False)
        if error.games:
            err.print(games_table(error.games))
        raise typer.Exit(2) from None


def tell(text: str, *, highlight: bool = False) -> None:
    """What a command did (a decision's `said`: plain text) on stdout, markup escaped."""
    from rich.console import Console
    from rich.markup import escape

    Console().print(escape(text), highlight=highlight)


def games_table(games: list[GameInfo]) -> Table:
    from rich.markup import escape
    from rich.table import Table

    from wolfbot.spielleitung.labels import STATUS_WORDS, phase_label

    table = Table(title="Runden")
    for column in ("--game", "Titel", "Phase", "Status", "angelegt"):
        table.add_column(column)
    for g in games:
        table.add_row(
            str(g.id),
            escape(g.title),
            phase_label(g.phase),
            STATUS_WORDS.get(g.status, g.status),
            f"{g.created_at:%d.%m.%Y}",
        )
    return table
