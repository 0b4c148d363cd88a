"""The Spielleitung's read-only controls over the store: `wolfbot status`, `wolfbot audit`
and `wolfbot replay`.

    from wolfbot.spielleitung import readonly
    readonly.register(app)                 # in wolfbot/cli.py: adds the three commands
    readonly.register(app, context=f)      # f(StoredRound) -> PostContext: the context the
                                           # bot publishes with, for `replay`'s messages

    wolfbot status --db wolfbot.sqlite [--game 2]
    wolfbot audit  --db wolfbot.sqlite [--game 2] [--player Anna] [--phase "day 2"]
    wolfbot replay --db wolfbot.sqlite [--game 2] [--templates DIR] [--events-only]

None of them writes to the store (they may run while the bot runs). Exit codes: 0; 1 when
`replay` finds a difference; 2 for an error (no file, no such round, several rounds and
no `--game` – then they are listed). The work is done in `status`, `audit` and `replay`
(usable without the command line); `rounds` opens the file and chooses the round.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from wolfbot.bot.stored import RoundNotFound, StoredRound
from wolfbot.posts.context import PostContext
from wolfbot.spielleitung.audit import AuditFilter, load_audit, render_audit
from wolfbot.spielleitung.options import DEFAULT_ZONE, Db, GameId, Zone, guarded
from wolfbot.spielleitung.replay import ReplayReport, replay_round
from wolfbot.spielleitung.rounds import (
    ControlError,
    GameInfo,
    engine_phase,
    open_store,
    pick_game,
    zone_of,
)
from wolfbot.spielleitung.status import load_status, render_status

__all__ = ["register", "ControlError"]

def register(
    app: typer.Typer, *, context: Callable[[StoredRound], PostContext] | None = None
) -> None:
    """Add `status`, `audit` and `replay` to the main Typer app. `context` makes the
    `PostContext` the bot publishes the round with (from its configuration); without it
    `replay` uses the bot's default, `PostContext()`."""

    @app.command("status")
    def status(db: Db, game: GameId = None, timezone: Zone = DEFAULT_ZONE) -> None:
        """Where the round stands: phase, next deadlines, tally, open questions and
        commands, the night's actions, the write queue."""
        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            chosen = pick_game(sessions, game, db)
            render_status(out, load_status(sessions, chosen), zone, datetime.now(UTC))

    @app.command("audit")
    def audit(
        db: Db,
        game: GameId = None,
        player: Annotated[str | None, typer.Option(help="only this player's commands")] = None,
        phase: Annotated[
            str | None, typer.Option(help='only this phase: "day 2", "Tag 2", "Nacht 1"')
        ] = None,
        timezone: Zone = DEFAULT_ZONE,
    ) -> None:
        """Who did what, when: every command in order with its verdict, reason and link."""
        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            only = AuditFilter(player=player, phase=_phase(phase))
            chosen = pick_game(sessions, game, db)
            render_audit(out, chosen, load_audit(sessions, chosen, only), only, zone)

    @app.command("replay")
    def replay(
        db: Db,
        game: GameId = None,
        templates: Annotated[
            Path | None, typer.Option(help="the Spielleitung's template folder, as the bot's")
        ] = None,
        events_only: Annotated[
            bool, typer.Option("--events-only", help="compare the events, not the messages")
        ] = False,
    ) -> None:
        """Rebuild the round from its stored inputs and seed and compare it with the stored
        events and the published messages: "identisch" (exit 0) or the first difference
        (exit 1)."""
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


def _phase(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return engine_phase(value)
    except ValueError as error:
        raise ControlError(str(error)) from None


def render_replay(console: Console, game: GameInfo, report: ReplayReport) -> None:
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
