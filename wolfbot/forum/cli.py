"""`wolfbot forum …`: the local forum and debugging against saved pages of the real one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

forum_app = typer.Typer(help="The forum: serve the local forum, parse saved pages.")


@forum_app.command("serve")
def serve(
    db: Annotated[str, typer.Option(help="SQLite file of the local forum")] = "forum.sqlite",
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port (0: any free one)")] = 8080,
    markup: Annotated[str, typer.Option(help="WoltLab markup: 6 or 5")] = "6",
    demo: Annotated[bool, typer.Option(help="seed a Spielleitung, 12 players, a thread")] = False,
    timezone: Annotated[
        str, typer.Option(help="time zone of the times on the pages (IANA name, e.g. UTC)")
    ] = "Europe/Berlin",
) -> None:
    """Serve a local WoltLab look-alike forum (for the demo and end-to-end tests)."""
    from wolfbot.forum.local import serve_main, timezone_named

    try:
        timezone_named(timezone)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--timezone") from exc
    serve_main(db, host, port, markup, demo, timezone)


@forum_app.command("parse")
def parse(
    page: Annotated[Path, typer.Argument(help="a saved thread or conversation page (.html)")],
    base_url: Annotated[str, typer.Option(help="the forum's address, for links")] = "",
) -> None:
    """Print the posts of a saved page as JSON lines (id, author, time, edited, deleted, text,
    commands)."""
    from wolfbot.forum.woltlab.pages import parse_file

    if not page.is_file():
        raise typer.BadParameter(f"{page} is not a file")
    for record in parse_file(page, base_url):
        print(json.dumps(record, ensure_ascii=False))
