"""The Spielleitung's interventions from the command line: `wolfbot accept`, `reject`,
`override …`, `restore` and `interventions`.

    wolfbot accept 17 --as "!Lynch Frau Holle" --reason "Tippfehler im Namen" --db F
    wolfbot reject 23 --reason "nach Fristende gepostet" --db F
    wolfbot override kill|exclude|revive PLAYER --reason "…" --db F
    wolfbot override role PLAYER ROLE --reason "…" --db F
    wolfbot override replace PLAYER RESERVE --reason "…" --db F
    wolfbot restore NR --reason "gelöscht" --db F   # quote a kept post back (wolfbot deleted)
    wolfbot interventions --db F        # what became of them

The command line runs beside the bot: it only checks what it can without the rules engine
(the round runs, the player plays, the reserve is a Reservespieler, the command is one of
the round's with the right verdict, a reason is given) and writes a `pending` row; the
running bot applies it at its next tick (or refuses it with the engine's reason – see
`wolfbot interventions`). COMMAND_ID is the number `wolfbot audit` shows ("Nr.").
Exit codes: 0; 2 for bad input (with the reason on stderr). The checks and the rows are
`wolfbot.spielleitung.decisions`' (the web console calls the same functions), imported when
a command runs; a command here parses its options and prints what was done.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from wolfbot.spielleitung.options import DEFAULT_ZONE, Db, GameId, guarded, tell

Reason = Annotated[str, typer.Option("--reason", help="warum (steht im Audit)")]
By = Annotated[str, typer.Option("--by", help="wer entscheidet (steht im Audit)")]
Player = Annotated[str, typer.Argument(help="der Name des Spielers wie in der Spielerliste")]
CommandId = Annotated[int, typer.Argument(help="die Nr. des Befehls (wolfbot audit)")]


def register(app: typer.Typer) -> None:
    """Add `accept`, `reject`, `override …`, `restore` and `interventions` to the main
    Typer app."""
    override = typer.Typer(
        help="Die Runde nach der Entscheidung der Spielleitung ändern.",
        rich_markup_mode="markdown",
    )
    app.add_typer(override, name="override")

    @app.command("accept")
    def accept(
        command_id: CommandId,
        reason: Reason,
        db: Db = None,
        game: GameId = None,
        as_text: Annotated[
            str | None,
            typer.Option("--as", help='der Befehl, wie er gilt, z. B. "!Lynch Frau Holle"'),
        ] = None,
        by: By = "Spielleitung",
    ) -> None:
        """Einen abgelehnten („fehlerhaften“) Befehl doch gelten lassen – wie geschrieben
        oder mit --as berichtigt; der Bot prüft ihn jetzt nach den Regeln."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.accept(
                sessions, chosen, command_id, reason=reason, by=by, as_text=as_text
            )
        tell(done.said)

    @app.command("reject")
    def reject(
        command_id: CommandId,
        reason: Reason,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Einen angenommenen Befehl nicht gelten lassen – solange er der gültige des
        Spielers ist (eine Stimme wird zurückgenommen, eine Nachtaktion gestrichen)."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.reject(sessions, chosen, command_id, reason=reason, by=by)
        tell(done.said)

    def _override_player(kind: str, player: str, reason: str, db: Path, game: int | None, by: str):
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        decide = {
            "kill": decisions.override_kill,
            "victim": decisions.override_victim,
            "exclude": decisions.override_exclude,
            "revive": decisions.override_revive,
        }[kind]
        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decide(sessions, chosen, player, reason=reason, by=by)
        tell(done.said)

    @override.command("kill")
    def kill(
        player: Player, reason: Reason, db: Db = None, game: GameId = None, by: By = "Spielleitung"
    ):
        """Der Spieler stirbt jetzt (mit seiner Rolle im nächsten Phasenbeitrag verkündet)."""
        _override_player("kill", player, reason, db, game, by)

    @override.command("victim")
    def victim(
        player: Player, reason: Reason, db: Db = None, game: GameId = None, by: By = "Spielleitung"
    ):
        """Die Schwarze Pest: der Spieler, den die Pest der Nacht tötet, „wie es die Werwölfe
        tun würden“ (ohne Wahl bis zum Ende der Nacht entscheidet das Los)."""
        _override_player("victim", player, reason, db, game, by)

    @override.command("exclude")
    def exclude(
        player: Player, reason: Reason, db: Db = None, game: GameId = None, by: By = "Spielleitung"
    ):
        """Den Spieler nach den Regeln über inaktive Dorfbewohner ausschließen (er stirbt am
        folgenden Morgen, seine Rolle wird nicht verraten)."""
        _override_player("exclude", player, reason, db, game, by)

    @override.command("revive")
    def revive(
        player: Player, reason: Reason, db: Db = None, game: GameId = None, by: By = "Spielleitung"
    ):
        """Ein toter Spieler lebt wieder."""
        _override_player("revive", player, reason, db, game, by)

    @override.command("role")
    def role(
        player: Player,
        new_role: Annotated[str, typer.Argument(metavar="ROLLE", help="die neue Rolle")],
        reason: Reason,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ):
        """Der Spieler spielt von jetzt an eine andere Rolle."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.override_role(sessions, chosen, player, new_role, reason=reason, by=by)
        tell(done.said)

    @override.command("win")
    def win(
        faction: Annotated[
            str, typer.Argument(metavar="FRAKTION", help="die Fraktion, z. B. Dorf oder Rudel")
        ],
        reason: Reason,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ):
        """Einer Fraktion den Sieg zusprechen, „wenn es für alle anderen Fraktionen absolut
        unmöglich ist, den Sieg noch zu erringen“: die Runde endet mit dem
        Abschlussbeitrag."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.override_win(sessions, chosen, faction, reason=reason, by=by)
        tell(done.said)

    @override.command("replace")
    def replace(
        player: Player,
        reason: Reason,
        reserve: Annotated[
            str | None,
            typer.Argument(help="der Reservespieler, der seinen Platz nimmt (ohne: der nächste)"),
        ] = None,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ):
        """Ein Reservespieler nimmt den Platz des Spielers ein (gleiche Rolle, gleicher Platz)
        und erfährt alles, was die Spielleitung dem Spieler bisher mitgeteilt hat; ohne Namen
        der nächste Reservespieler der Anmeldung."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.override_replace(
                sessions, chosen, player, reserve, reason=reason, by=by
            )
        tell(done.said)

    @app.command("restore")
    def restore(
        input_id: Annotated[
            int,
            typer.Argument(
                metavar="NR", help="die Nr. des Beitrags, wie ihn `wolfbot deleted` zeigt"
            ),
        ],
        reason: Reason,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Die Spielleitung stellt einen gelöschten Beitrag wieder her – oder auf Antrag den
        früheren Zustand eines bearbeiteten: der laufende Bot zitiert ihn, wie er ihn gelesen
        hat, dorthin zurück, wo er stand (die Befehle darin zählen nicht noch einmal)."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.restore(sessions, chosen, input_id, reason=reason, by=by)
        tell(done.said)

    @app.command("interventions")
    def interventions(
        db: Db = None,
        game: GameId = None,
        timezone: Annotated[
            str, typer.Option("--timezone", help="Zeiten in dieser Zeitzone zeigen")
        ] = DEFAULT_ZONE,
    ) -> None:
        """Die Eingriffe der Spielleitung in die Runde und was aus ihnen wurde."""
        from rich.console import Console

        from wolfbot.spielleitung import intervening as work
        from wolfbot.spielleitung.rounds import open_store, pick_game, zone_of
        from wolfbot.store import interventions as store

        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = zone_of(timezone)
            chosen = pick_game(sessions, game, db)
            with sessions() as session:
                found = store.load(session, chosen.id)
        work.render_interventions(out, chosen, found, zone)
