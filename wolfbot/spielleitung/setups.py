"""`wolfbot setup RULESET`: the roles of a round before it starts, as each ruleset's text
offers them – one subcommand per ruleset with ready-made setups or role advice:

    wolfbot setup wolfvillage [--players N] [--setup NAME]   # the setups, the lobby's rating
    wolfbot setup wolfvillage --roles "Werwolf, Seherin, 3x Dorfbewohner" [--hausregel hauptmann]
    wolfbot setup duesterliga --players N [--seed S]         # the "Rollenverteilung"
    wolfbot setup duesterliga --roles "…" [--players N]      # a list checked
    wolfbot setup rate --ruleset R --players N [--roles … | --setup S] [--games N] [--json]
                       [--plot file.png]                     # win rates from simulated games

A wrong input (a player count a setup does not take, an unknown setup or role) is a German
message and exit code 2. Light to import (`wolfbot --help`): only typer here; the
rulesets, pydantic and rich come with `setup_view` when a command runs."""

from __future__ import annotations

from pathlib import Path
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


@setup_app.command("rate")
def rate(
    ruleset: Annotated[str, typer.Option("--ruleset", help="das Regelwerk")] = "duesterliga",
    players: Players = None,
    roles: Roles = None,
    setup: Annotated[
        str | None, typer.Option("--setup", help="eine fertige Zusammenstellung (Wolf Village)")
    ] = None,
    games: Annotated[
        int | None,
        typer.Option("--games", help="so viele Spiele (Standard: so viele wie in etwa 25 s)"),
    ] = None,
    seed: Annotated[int, typer.Option(help="der Seed des ersten Spiels")] = 1,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            help="auf so vielen Kernen (Standard: auf allen) – dieselben Zahlen wie auf einem",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="das Ergebnis als JSON")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="die Siege je Seite über der Spielerzahl einer Familie als Grafik (PNG): "
            "--setup bei jeder Spielerzahl, sonst der Vorschlag für 8 bis 24 Spieler",
        ),
    ] = None,
) -> None:
    """Die Siegchancen jeder Seite einer Rollenliste aus simulierten Spielen (mit
    95-%-Intervall) und die Länge eines Spiels im Median, daneben die Faustregel des
    Regelwerks und die Warnungen – für eine eigene Liste (--roles), eine fertige
    Zusammenstellung (--setup) oder den Vorschlag für --players Spieler. Die Spiele laufen
    auf allen Kernen des Rechners; am Ende steht, wie viel schneller das war."""
    from wolfbot.spielleitung import rate_view

    rate_view.run(ruleset, players, roles, setup, games, seed, as_json, plot, jobs)
