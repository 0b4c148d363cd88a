"""The Spielleitung's read-only controls over the store: `wolfbot status`, `wolfbot audit`,
`wolfbot deleted` and `wolfbot replay`.

    from wolfbot.spielleitung import readonly
    readonly.register(app)                 # in wolfbot/cli.py: adds the three commands
    readonly.register(app, context=f)      # f(StoredRound) -> PostContext: the context the
                                           # bot publishes with, for `replay`'s messages

    wolfbot status --db wolfbot.sqlite [--game 2]
    wolfbot audit  --db wolfbot.sqlite [--game 2] [--player Anna] [--phase "day 2"]
    wolfbot deleted --db wolfbot.sqlite [--game 2]   # deleted and edited posts, kept text
    wolfbot replay --db wolfbot.sqlite [--game 2] [--templates DIR] [--events-only]

None of them writes to the store (they may run while the bot runs). Exit codes: 0; 1 when
`replay` finds a difference; 2 for an error (no file, no such round, several rounds and
no `--game` – then they are listed). The work is done in `status`, `audit` and `replay`
(usable without the command line); `rounds` opens the file and chooses the round.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from wolfbot.spielleitung.options import DEFAULT_ZONE, ControlError, Db, GameId, Zone, guarded

if TYPE_CHECKING:
    from rich.console import Console

    from wolfbot.bot.stored import StoredRound
    from wolfbot.posts.context import PostContext
    from wolfbot.spielleitung.replay import ReplayReport
    from wolfbot.spielleitung.rounds import GameInfo

__all__ = ["register", "ControlError"]


def register(
    app: typer.Typer, *, context: Callable[[StoredRound], PostContext] | None = None
) -> None:
    """Add `status`, `audit`, `deleted` and `replay` to the main Typer app. `context` makes the
    `PostContext` the bot publishes the round with (from its configuration); without it
    `replay` uses the bot's default, `PostContext()`."""

    @app.command("status")
    def status(db: Db = None, game: GameId = None, timezone: Zone = DEFAULT_ZONE) -> None:
        """Wo die Runde steht: Phase, nächste Fristen, Abstimmung, offene Fragen und
        Befehle, die Aktionen der Nacht, die Warteschlange."""
        from datetime import UTC, datetime

        from rich.console import Console

        from wolfbot.spielleitung.labels import zone_of
        from wolfbot.spielleitung.status.loading import load_status
        from wolfbot.spielleitung.status.rendering import render_status
        from wolfbot.spielleitung.store_file import open_readonly, pick_game

        out = Console()
        with guarded(), open_readonly(db) as connection:
            zone = zone_of(timezone)
            chosen = pick_game(connection, game, db)
            render_status(out, load_status(connection, chosen), zone, datetime.now(UTC))

    @app.command("audit")
    def audit(
        db: Db = None,
        game: GameId = None,
        player: Annotated[str | None, typer.Option(help="nur die Befehle dieses Spielers")] = None,
        phase: Annotated[
            str | None, typer.Option(help='nur diese Phase: "Tag 2", "Nacht 1", "day 2"')
        ] = None,
        verdict: Annotated[
            str | None,
            typer.Option(help="nur Befehle mit diesem Urteil: angenommen, abgelehnt oder offen"),
        ] = None,
        timezone: Zone = DEFAULT_ZONE,
    ) -> None:
        """Wer was wann tat: jeder Befehl der Reihe nach mit Urteil, Grund und Link."""
        from rich.console import Console

        from wolfbot.spielleitung.audit import AuditFilter, load_audit, render_audit
        from wolfbot.spielleitung.rounds import open_store, pick_game, zone_of

        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            only = AuditFilter.of(player=player, phase=phase, verdict=verdict)
            chosen = pick_game(sessions, game, db)
            render_audit(out, chosen, load_audit(sessions, chosen, only), only, zone)

    @app.command("deleted")
    def deleted(db: Db = None, game: GameId = None, timezone: Zone = DEFAULT_ZONE) -> None:
        """Gelöschte und bearbeitete Beiträge mit dem Text, den der Bot gelesen hat, und
        ihrer Nr. für `wolfbot restore`."""
        from rich.console import Console

        from wolfbot.spielleitung.deleted import load_changed, render_changed
        from wolfbot.spielleitung.rounds import open_store, pick_game, zone_of

        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            chosen = pick_game(sessions, game, db)
            render_changed(out, chosen, load_changed(sessions, chosen), zone)

    @app.command("replay")
    def replay(
        db: Db = None,
        game: GameId = None,
        templates: Annotated[
            Path | None,
            typer.Option(help="der Vorlagenordner der Spielleitung, wie ihn der Bot nutzt"),
        ] = None,
        events_only: Annotated[
            bool,
            typer.Option("--events-only", help="nur die Ereignisse vergleichen, nicht die Texte"),
        ] = False,
    ) -> None:
        """Die Runde aus ihren gespeicherten Eingaben und dem Seed nachbauen und mit den
        gespeicherten Ereignissen und veröffentlichten Nachrichten vergleichen: „identisch“
        (Exit 0) oder der erste Unterschied (Exit 1)."""
        from rich.console import Console

        from wolfbot.bot.stored import RoundNotFound
        from wolfbot.spielleitung.replay import replay_round
        from wolfbot.spielleitung.rounds import open_store, pick_game

        out = Console()
        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            try:
                report = replay_round(
                    sessions,
                    chosen.id,
                    context=context,
                    templates=templates,
                    messages=not events_only,
                )
            except RoundNotFound as error:
                message = f"Runde {chosen.id} lässt sich nicht nachbauen: {error}"
                raise ControlError(message) from None
        render_replay(out, chosen, report)
        raise typer.Exit(0 if report.identical else 1)


def render_replay(console: Console, game: GameInfo, report: ReplayReport) -> None:
    from rich.markup import escape

    head = (
        f"Runde {game.id} ({escape(game.title)}): {report.inputs} Eingaben, "
        f"{report.events} gespeicherte Ereignisse, {report.rebuilt} nachgebaut"
    )
    if report.compared:
        head += f", {report.messages} veröffentlichte Nachrichten verglichen"
    console.print(head)
    for note in report.notes:
        console.print(escape(note))
    diff = report.difference
    if diff is None:
        console.print("[green]identisch[/green]")
        if report.unpublished:
            console.print(f"{report.unpublished} Nachrichten sind noch nicht veröffentlicht.")
        return
    if diff.what == "event":
        where = f"Ereignis {diff.index}" if diff.index is not None else "Ereignisse"
    else:
        where = f"Nachricht {diff.key}"
        if diff.detail:
            where += f" ({diff.detail})"
        if diff.index is not None:
            where += f", aus Ereignis {diff.index}"
    console.print(f"[red]Unterschied[/red] bei {escape(where)}", highlight=False)
    console.print(f"  erwartet (gespeichert): {escape(diff.expected)}", highlight=False)
    console.print(f"  gefunden (Nachbau):     {escape(diff.found)}", highlight=False)
    if diff.what == "message":
        console.print(
            "Hinweis: der Text hängt auch vom PostContext der Runde und von den Vorlagen ab "
            "(--templates); --events-only vergleicht nur die Ereignisse."
        )
