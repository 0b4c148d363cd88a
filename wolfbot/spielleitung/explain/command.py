"""`wolfbot explain`: a night or a lynch of a stored round, each stage of its resolution in
the round's language – who acted on whom, what was blocked, redirected, protected, healed,
and why each player died or survived – so the Spielleitung can check a draft before
approving it.

    from wolfbot.spielleitung.explain import command
    command.register(app)        # in wolfbot/cli.py: adds `wolfbot explain`

    wolfbot explain --db wolfbot.sqlite [--game 2] --night 2
    wolfbot explain --db wolfbot.sqlite [--game 2] --lynch 1

    explain_night(game, 2)       # the pure functions, on an engine `Game`
    explain_lynch(game, 1)       # (night.py, lynch.py); stored.py rebuilds a stored round

The round is rebuilt from its stored inputs (`wolfbot.bot.replay`) up to right after that
night's resolution (the step that began the next day, or ended the game) – the engine keeps
a night's record only until the next night begins – or after that day's evening (the step
that began the next night). Read-only. Exit codes: 0; 2 with an error when the file
or round is missing or the phase did not happen yet.
"""

from __future__ import annotations

from typing import Annotated

import typer

from wolfbot.spielleitung.options import Db, GameId, guarded

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add `explain` to the main Typer app."""

    @app.command("explain")
    def explain(
        db: Db = None,
        game: GameId = None,
        night: Annotated[int | None, typer.Option("--night", help="die Nacht N erklären")] = None,
        lynch: Annotated[
            int | None,
            typer.Option("--day", "--lynch", help="wie der Tag N am Abend entschieden wurde"),
        ] = None,
    ) -> None:
        """Eine Nacht oder einen Lynch Stufe für Stufe erklären: wer auf wen wirkte, was
        blockiert, umgeleitet, geschützt, geheilt wurde, und warum jeder starb oder überlebte."""
        from rich.console import Console
        from rich.markup import escape

        from wolfbot.spielleitung.explain.stored import explain_stored
        from wolfbot.spielleitung.rounds import open_store, pick_game

        out = Console()
        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            lines = explain_stored(sessions, chosen.id, night=night, lynch=lynch)
        out.print(f"[bold]Runde {chosen.id} ({escape(chosen.title)})[/bold]")
        for line in lines:
            out.print(escape(line), highlight=False)
