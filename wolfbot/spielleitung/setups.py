"""`wolfbot setup RULESET`: the roles of a round before it starts, as each ruleset's text
offers them – one subcommand per ruleset with ready-made setups or role advice:

    wolfbot setup wolfvillage [--players N] [--setup NAME]   # the setups, the lobby's rating
    wolfbot setup wolfvillage --roles "Werwolf, Seherin, 3x Dorfbewohner" [--hausregel hauptmann]
    wolfbot setup duesterliga --players N [--seed S]         # the "Rollenverteilung"
    wolfbot setup duesterliga --roles "…" [--players N]      # a list checked

A wrong input (a player count a setup does not take, an unknown setup or role) is a German
message and exit code 2. Light to import (`wolfbot --help`): only typer here; the
rulesets, pydantic and rich come with `setup_view` when a command runs."""

from __future__ import annotations

from typing import Annotated

import typer

setup_app = typer.Typer(
    help="Die Rollen einer Runde wählen: fertige Zusammenstellungen, Empfehlungen und ihre "
    "Bewertung – je Regelwerk.",
    rich_markup_mode="markdown",
    no_args_is_help=True,
)

Players = Annotated[int | None, typer.Option("--players", help="die Zahl der Spieler")]
Roles = Annotated[
    str | None,
    typer.Option(
        "--roles",
        help="eine eigene Rollenliste, durch Kommas getrennt, Anzahlen wie „3x Dorfbewohner“ "
        "oder „Dorfbewohner*3“",
    ),
]


@setup_app.command("wolfvillage")
def wolfvillage(
    players: Players = None,
    setup: Annotated[
        str | None, typer.Option("--setup", help="nur diese Zusammenstellung (z. B. Klassisch)")
    ] = None,
    roles: Roles = None,
    house_rules: Annotated[
        list[str] | None,
        typer.Option(
            "--hausregel", help="mit --roles: eine Hausregel, die an ist (z. B. hauptmann)"
        ),
    ] = None,
) -> None:
    """Die fertigen Zusammenstellungen von Wolf Village: je Spielerzahl die Rollen, die
    Hausregeln, die sie setzen, die Bewertung der Lobby und die empfohlene Zahl der
    Werwölfe; mit --roles eine eigene Zusammenstellung bewerten."""
    from wolfbot.spielleitung import setup_view

    setup_view.ready_made("wolfvillage", players, setup, roles, house_rules or [])


@setup_app.command("duesterliga")
def duesterliga(
    players: Players = None,
    roles: Roles = None,
    seed: Annotated[
        int, typer.Option(help="der Seed, mit dem die Sonderrollen gezogen werden")
    ] = 1,
) -> None:
    """Die Rollenverteilung der Düsterliga: ein Vorschlag für --players Spieler mit jedem
    Schritt der Empfehlung und den Warnungen „sollten nicht zusammen gespielt werden“; mit
    --roles eine Rollenliste prüfen."""
    from wolfbot.spielleitung import setup_view

    setup_view.advice("duesterliga", players, roles, seed)
