"""What the Spielleitung's commands share on the command line: the `--db`, `--game` and
`--timezone` options, and `guarded` (a `ControlError` → its message, and the rounds to
choose from, on stderr; exit 2)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wolfbot.spielleitung.rounds import STATUS_WORDS, ControlError, GameInfo, phase_label

Db = Annotated[Path, typer.Option("--db", help="the round's SQLite file (store.path)")]
GameId = Annotated[
    int | None, typer.Option("--game", help="the round's number (needed if the file has several)")
]
Zone = Annotated[str, typer.Option("--timezone", help="show times in this time zone")]
DEFAULT_ZONE = "Europe/Berlin"


@contextmanager
def guarded() -> Iterator[None]:
    """A ControlError → the message (and the rounds to choose from) on stderr, exit 2."""
    try:
        yield
    except ControlError as error:
        err = Console(stderr=True)
        err.print(f"[red]Fehler:[/red] {escape(str(error))}", highlight=False)
        if error.games:
            err.print(games_table(error.games))
        raise typer.Exit(2) from None


def games_table(games: list[GameInfo]) -> Table:
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
