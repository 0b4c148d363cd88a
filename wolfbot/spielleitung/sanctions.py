"""The Ermahnung and the Sanktion from the command line: `wolfbot warn` and `wolfbot sanction`.

    wolfbot warn Anna --reason "zitiert aus der Wolfshöhle" --flag 3 \
        --sanction "Ausschluss aus der Runde"
    wolfbot sanction Anna --reason "erneut zitiert"          # the sanction announced
    wolfbot sanction Anna --reason "…" --replace [RESERVE]  # the exclusion; a reserve plays on

"Bevor die Spielleitung eine Sanktion ausspricht, ist der entsprechende Spieler zu ermahnen
und auf die ihm drohende Sanktion hinzuweisen. Hier muss die Spielleitung schon erklären,
welche Gestalt die Sanktion haben wird und darf später davon nicht abweichen, es sei denn,
der Spieler verhält sich erneut verboten." The command line checks what it can – the round
runs, its rules have that clause, the player plays, reason and sanction are given, each
flag is an open one of his, a sanction was announced to him (and differs from it only after
a new breach on record) – and writes a `pending` row; the running bot applies it like any
intervention (`WarnPlayer`, `SanctionPlayer` of the engine). Exit codes: 0; 2 for what the
rules or the input do not allow, with the clause and what to do instead. The checks and the
rows are `wolfbot.spielleitung.decisions.warn` and `.sanction` (the web console's too),
imported when a command runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from wolfbot.spielleitung.interventions import By, Player, Reason
from wolfbot.spielleitung.options import Db, GameId, guarded, tell


def register(app: typer.Typer) -> None:
    """Add `warn` and `sanction` to the main Typer app."""

    @app.command("warn")
    def warn(
        player: Player,
        reason: Reason,
        sanction: Annotated[
            str,
            typer.Option(
                "--sanction",
                help='die Sanktion, die ihm droht, z. B. "Ausschluss aus der Runde" (bindet '
                "die Spielleitung)",
            ),
        ],
        flag: Annotated[
            list[int] | None,
            typer.Option("--flag", help="die Nr. einer Meldung (wolfbot conduct), mehrfach"),
        ] = None,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Den Spieler ermahnen und auf die ihm drohende Sanktion hinweisen: der laufende Bot
        schickt die Ermahnung in seine Konversation mit der Spielleitung."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.warn(
                sessions, chosen, player, reason=reason, sanction=sanction, flags=flag or [], by=by
            )
        tell(done.said)

    @app.command("sanction")
    def sanction(
        player: Player,
        reason: Reason,
        sanction: Annotated[
            str | None,
            typer.Option(
                "--sanction",
                help="nur nach einem neuen Verstoß eine andere als die angekündigte (ohne: "
                "die zuletzt angekündigte)",
            ),
        ] = None,
        reserve: Annotated[
            str | None,
            typer.Argument(help="mit --replace: der Reservespieler (ohne: der nächste)"),
        ] = None,
        replace: Annotated[
            bool,
            typer.Option(
                "--replace",
                help="beim Ausschluss nimmt ein Reservespieler seinen Platz ein: RESERVE, "
                "ohne Namen der nächste der Anmeldung",
            ),
        ] = False,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Die Sanktion verhängen, die dem Spieler in einer Ermahnung angekündigt wurde. Der
        Ausschluss aus der Runde folgt den Regelungen über inaktive Dorfbewohner (er
        verstirbt am darauffolgenden Morgen, seine Rolle wird nicht offenbart); jede andere
        teilt der Bot ihm mit, ausführen muss sie die Spielleitung."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.sanction(
                sessions,
                chosen,
                player,
                reason=reason,
                by=by,
                sanction=sanction,
                replace=replace,
                reserve=reserve,
            )
        tell(done.said)
