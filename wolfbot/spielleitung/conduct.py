"""`wolfbot conduct`: the conduct flags of the round for the Spielleitung – each post that
seems to break a conduct rule, with the rule's text and the evidence beside what it quotes
– and what the Spielleitung decides about them.

    wolfbot conduct --db F [--game N] [--all]          # the open flags (--all: every one)
    wolfbot conduct dismiss NR --reason "…" --db F     # no breach: closed, with the reason
    wolfbot conduct record PLAYER --rule ausserhalb --what "…" [--link URL] --db F
                                                        # a breach the bot cannot see

A flag decides nothing ("Die Spielleitung entscheidet nach eigenem Ermessen"): it is never
shown to the players. `wolfbot warn` and `wolfbot sanction` act on a breach. The decisions
are `wolfbot.spielleitung.decisions.dismiss_flag` and `.record_breach` (the web console's
too). Exit codes: 0; 2 for bad input (with the reason on stderr)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from wolfbot.spielleitung.options import DEFAULT_ZONE, Db, GameId, Zone, guarded, store_path, tell

# `--db` of the listing, read when it runs: the group's options are parsed before a
# subcommand (`conduct dismiss`), which has its own
LazyDb = Annotated[
    Path | None,
    typer.Option("--db", envvar="WOLFBOT_DB", show_envvar=True, help="die SQLite-Datei der Runde"),
]
Reason = Annotated[str, typer.Option("--reason", help="warum (steht im Audit)")]
By = Annotated[str, typer.Option("--by", help="wer entscheidet (steht im Audit)")]


def register(app: typer.Typer) -> None:
    """Add `conduct` (with `dismiss` and `record`) to the main Typer app."""
    conduct = typer.Typer(
        help="Verhalten: Meldungen zu Zitaten aus Konversationen, Rollenoffenbarungen und "
        "Spielrelevantem außerhalb der Runde – mit Beleg, zur Entscheidung der Spielleitung.",
        rich_markup_mode="markdown",
        invoke_without_command=True,
    )
    app.add_typer(conduct, name="conduct")

    @conduct.callback(invoke_without_command=True)
    def show(
        ctx: typer.Context,
        db: LazyDb = None,
        game: GameId = None,
        every: Annotated[
            bool, typer.Option("--all", help="auch die entschiedenen Meldungen zeigen")
        ] = False,
        timezone: Zone = DEFAULT_ZONE,
    ) -> None:
        """Die offenen Meldungen der Runde: Regel, Spieler, Link zum Beitrag, Beleg."""
        if ctx.invoked_subcommand is not None:
            return
        from rich.console import Console

        from wolfbot.spielleitung import flags as work
        from wolfbot.spielleitung.rounds import open_store, pick_game, zone_of

        with guarded():
            path = store_path(db)
            with open_store(path) as sessions:
                zone = zone_of(timezone)
                chosen = pick_game(sessions, game, path)
                found = work.load(sessions, chosen, every=every)
        work.render(Console(), chosen, found, zone, every=every)

    @conduct.command("dismiss")
    def dismiss(
        flag_id: Annotated[int, typer.Argument(metavar="NR", help="die Nr. der Meldung")],
        reason: Reason,
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Eine Meldung schließen: die Spielleitung sieht darin keinen Verstoß."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.dismiss_flag(sessions, chosen, flag_id, reason=reason, by=by)
        tell(done.said)

    @conduct.command("record")
    def record(
        player: Annotated[str, typer.Argument(help="der Spieler, wie in der Spielerliste")],
        rule: Annotated[
            str,
            typer.Option(
                "--rule", help="zitat, offenbarung, andeutung oder ausserhalb (die Regel)"
            ),
        ],
        what: Annotated[str, typer.Option("--what", help="was geschah (der Beleg)")],
        link: Annotated[str, typer.Option("--link", help="wo es zu sehen ist")] = "",
        db: Db = None,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Einen Verstoß festhalten, den der Bot nicht sehen kann (eine Konversation ohne
        ihn, ein anderes Thema, ein Profilbesuch): er zählt wie eine Meldung des Bots."""
        from wolfbot.spielleitung import decisions
        from wolfbot.spielleitung.rounds import open_store, pick_game

        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            done = decisions.record_breach(
                sessions, chosen, player, rule=rule, what=what, link=link, by=by
            )
        tell(done.said)
