"""Draft mode for the Spielleitung: every thread post of a round in draft mode waits for
approval (see `wolfbot.bot.drafts` for what is held and why).

    wolfbot draft on|off --db F [--game N]      switch draft mode (off releases nothing)
    wolfbot drafts --db F [--game N]            the drafts waiting: key, title, created, start
    wolfbot show KEY --db F                     one message in full, as readable text
    wolfbot approve KEY… | --all --db F         release drafts: the bot sends them next tick
    wolfbot discard KEY --reason … --db F       never send this draft

They only write to the store and may run beside the bot. A discarded phase post is missing
from the round (the thread goes on without that Morgen): the Spielleitung writes it by hand
or tells the players in the next post; the Eröffnungsbeitrag does not link it. The
Eröffnungsbeitrag itself cannot be discarded (the bot reads the thread from it on).
Exit codes: 0; 2 for an error (no file, no such round or key, not a draft). `draft`,
`approve` and `discard` are `wolfbot.spielleitung.decisions`' (the web console's too).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from wolfbot.spielleitung.options import (
    DEFAULT_ZONE,
    ControlError,
    Db,
    GameId,
    Zone,
    guarded,
    tell,
)

if TYPE_CHECKING:
    from sqlalchemy.orm import Session, sessionmaker

    from wolfbot.outbox.values import QueuedMessage

PREVIEW_LINES = 3


def preview(message: QueuedMessage, lines: int = PREVIEW_LINES) -> str:
    from wolfbot.posts.messages import html_lines

    shown = html_lines(message.html)
    more = " …" if len(shown) > lines else ""
    return " / ".join(shown[:lines]) + more


def _prefix(sessions: sessionmaker[Session], game: int | None, db: Path) -> str | None:
    from wolfbot.bot.channels import Keys
    from wolfbot.spielleitung.rounds import pick_game

    return Keys(pick_game(sessions, game, db).id).prefix if game is not None else None


def register(app: typer.Typer) -> None:
    """Add `draft`, `drafts`, `show`, `approve` and `discard` to the main Typer app."""

    @app.command("draft")
    def draft(
        mode: Annotated[str, typer.Argument(help="on (an) | off (aus)")],
        db: Db = None,
        game: GameId = None,
    ) -> None:
        """Entwurfsmodus an- oder ausschalten: jeder neue Beitrag im Spielthread wartet auf
        `wolfbot approve`."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            if mode not in ("on", "off"):
                raise ControlError(f"on oder off, nicht {mode!r}")
            chosen = pick_game(sessions, game, db)
            done = decisions.draft_mode(sessions, chosen, on=mode == "on")
        tell(done.said, highlight=True)

    @app.command("drafts")
    def drafts(db: Db = None, game: GameId = None, timezone: Zone = DEFAULT_ZONE) -> None:
        """Die Entwürfe, die auf Freigabe warten, in der Reihenfolge, in der sie gesendet
        würden."""
        from rich.console import Console
        from rich.table import Table

        from wolfbot.outbox import drafts as outbox_drafts
        from wolfbot.spielleitung.rounds import local, open_store, plain, zone_of

        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            waiting = outbox_drafts.drafts(sessions, _prefix(sessions, game, db))
        if not waiting:
            out.print("Keine Entwürfe.")
            return
        table = Table(title=f"Entwürfe ({len(waiting)}): wolfbot show KEY / approve KEY")
        for column in ("Schlüssel", "Titel", "angelegt", "Anfang"):
            table.add_column(column, overflow="fold")
        for m in waiting:
            title = m.title or ("Änderung des Beitrags" if m.kind == "edit" else "")
            table.add_row(plain(m.key), plain(title), local(m.created_at, zone), plain(preview(m)))
        out.print(table)

    @app.command("show")
    def show(
        key: Annotated[str, typer.Argument(help="der Schlüssel der Nachricht (wolfbot drafts)")],
        db: Db = None,
        timezone: Zone = DEFAULT_ZONE,
    ) -> None:
        """Eine Nachricht der Warteschlange ganz, als lesbarer Text."""
        from rich.console import Console
        from rich.markup import escape

        from wolfbot.outbox import drafts as outbox_drafts
        from wolfbot.posts.messages import html_lines
        from wolfbot.spielleitung.rounds import local, open_store, zone_of

        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            try:
                m = outbox_drafts.message(sessions, key)
            except outbox_drafts.DraftError as error:
                raise ControlError(str(error)) from None
        out.print(f"[bold]{escape(m.title or m.key)}[/bold]", highlight=False)
        out.print(
            f"{escape(m.key)} – {m.kind}, {m.state}, {escape(m.channel or '')}, "
            f"angelegt {local(m.created_at, zone)}",
            highlight=False,
        )
        out.print()
        out.print(escape("\n".join(html_lines(m.html))), highlight=False, soft_wrap=True)

    @app.command("approve")
    def approve(
        db: Db = None,
        keys: Annotated[list[str] | None, typer.Argument(help="die Schlüssel der Entwürfe")] = None,
        every: Annotated[
            bool, typer.Option("--all", help="alle Entwürfe (der Runde --game)")
        ] = False,
        game: GameId = None,
    ) -> None:
        """Entwürfe freigeben: der laufende Bot sendet sie bei seinem nächsten Durchgang, in
        ihrer Reihenfolge."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            # a key names its round: --game matters to --all alone (and is looked up only
            # when the arguments are right, as ever)
            chosen = None
            if every and not keys and game is not None:
                chosen = pick_game(sessions, game, db)
            done = decisions.approve(sessions, chosen, keys or [], every=every)
        tell(done.said, highlight=True)

    @app.command("discard")
    def discard(
        key: Annotated[str, typer.Argument(help="der Schlüssel des Entwurfs")],
        db: Db = None,
        reason: Annotated[str, typer.Option(help="warum (bleibt bei der Nachricht)")] = "",
    ) -> None:
        """Diesen Entwurf nie senden (ein verworfener Phasenbeitrag fehlt der Runde)."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store

        with guarded(), open_store(db) as sessions:
            done = decisions.discard(sessions, None, key, reason=reason)
        tell(done.said, highlight=True)
