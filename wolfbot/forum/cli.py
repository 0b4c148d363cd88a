"""`wolfbot forum …`: the local forum and debugging against saved pages of the real one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

forum_app = typer.Typer(
    help="Das Forum: das lokale Forum bereitstellen, gespeicherte Seiten lesen.",
    rich_markup_mode="markdown",
)


@forum_app.command("serve")
def serve(
    db: Annotated[str, typer.Option(help="die SQLite-Datei des lokalen Forums")] = "forum.sqlite",
    host: Annotated[str, typer.Option(help="die Adresse, auf der es lauscht")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="der Port (0: irgendein freier)")] = 8080,
    markup: Annotated[str, typer.Option(help="das WoltLab-Markup: 6 oder 5")] = "6",
    demo: Annotated[
        bool, typer.Option(help="mit einer Spielleitung, 12 Spielern und einem Thema anlegen")
    ] = False,
    timezone: Annotated[
        str, typer.Option(help="die Zeitzone der Zeiten auf den Seiten (IANA-Name, z. B. UTC)")
    ] = "Europe/Berlin",
) -> None:
    """Ein lokales Forum bereitstellen, das wie WoltLab aussieht (für die Demo und
    End-to-End-Tests)."""
    from wolfbot.forum.local import serve_main, timezone_named

    try:
        timezone_named(timezone)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--timezone") from exc
    serve_main(db, host, port, markup, demo, timezone)


@forum_app.command("parse")
def parse(
    page: Annotated[
        Path, typer.Argument(help="eine gespeicherte Themen- oder Konversationsseite (.html)")
    ],
    base_url: Annotated[str, typer.Option(help="die Adresse des Forums, für Links")] = "",
) -> None:
    """Die Beiträge einer gespeicherten Seite als JSON-Zeilen ausgeben (id, author, time,
    edited, deleted, text, commands)."""
    from wolfbot.forum.woltlab.pages import parse_file

    if not page.is_file():
        raise typer.BadParameter(f"{page} ist keine Datei")
    for record in parse_file(page, base_url):
        print(json.dumps(record, ensure_ascii=False))
