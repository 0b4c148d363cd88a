"""`wolfbot …` – the Spielleitung's command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from wolfbot.forum.cli import forum_app
from wolfbot.rulesets import loader
from wolfbot.scenario.model import ScenarioError, load
from wolfbot.scenario.runner import run_scenario, scenario_files
from wolfbot.spielleitung import check_config, interventions, readonly, run
from wolfbot.spielleitung.drafts import register as register_drafts
from wolfbot.spielleitung.explain.command import register as register_explain

app = typer.Typer(help="wolfbot – the Spielleitung's assistant for play-by-post Werwolf.")
scenario_app = typer.Typer(help="Run scenario files (the rules engine's specification).")
rules_app = typer.Typer(help="Inspect rulesets.")
app.add_typer(scenario_app, name="scenario")
app.add_typer(rules_app, name="rules")
app.add_typer(forum_app, name="forum")
readonly.register(app)
interventions.register(app)
register_drafts(app)
register_explain(app)
check_config.register(app)
run.register(app)
console = Console()


@scenario_app.command("run")
def scenario_run(
    paths: Annotated[list[Path], typer.Argument(help="scenario files or folders")],
    as_json: Annotated[bool, typer.Option("--json", help="also print the final state")] = False,
) -> None:
    """Run scenarios; exit 0 when all pass, print the first mismatch of each failure."""
    files = scenario_files(paths)
    if not files:
        console.print("[red]no scenario files found[/red]")
        raise typer.Exit(2)
    failed = 0
    for path in files:
        try:
            result = run_scenario(load(path))
        except ScenarioError as exc:
            failed += 1
            console.print(f"[red]INVALID[/red] {exc}")
            continue
        if result.passed:
            console.print(f"[green]PASS[/green] {path}")
        else:
            failed += 1
            console.print(f"[red]FAIL[/red] {path}: {result.failure or result.error}")
        if as_json and result.game is not None:
            print(json.dumps(state_json(result.game), ensure_ascii=False, indent=2))
    console.print(f"{len(files) - failed} passed, {failed} failed")
    raise typer.Exit(1 if failed else 0)


def state_json(game) -> dict:
    """The game state as JSON-able data, the event log as `{"event": name, ...}` entries."""
    state = dataclasses.asdict(game.state)
    state["phase"] = str(game.state.phase)
    state["log"] = [{"event": type(e).__name__, **dataclasses.asdict(e)} for e in game.state.log]
    state["night"]["actions"] = {
        actor: {word: repr(cmd) for word, cmd in words.items()}
        for actor, words in game.state.night.actions.items()
    }
    for name in ("blocked", "used", "talked", "offered"):
        state["night"][name] = sorted(getattr(game.state.night, name))
    state["day"]["voters_at_dusk"] = sorted(game.state.day.voters_at_dusk)
    state["day"]["mayor_voters_at_dusk"] = sorted(game.state.day.mayor_voters_at_dusk)
    return state


@app.command()
def demo(
    players: Annotated[int, typer.Option(help="number of simulated players (5–40)")] = 12,
    seed: Annotated[int, typer.Option(help="seed of the roles, the engine and the players")] = 7,
    directory: Annotated[
        Path, typer.Option("--dir", help="where the forum's and the bot's SQLite files go")
    ] = Path("wolfbot-demo"),
    markup: Annotated[str, typer.Option(help="the local forum's WoltLab markup: 6 or 5")] = "6",
    serve: Annotated[
        bool, typer.Option(help="keep serving the forum after the round, until Ctrl+C")
    ] = False,
) -> None:
    """Play a whole round against the built-in local forum, in compressed time: simulated
    players post commands, wolfbot reads, decides and writes every post; then print where
    to look (forum URL, SQLite files)."""
    from wolfbot.demo.round import MAX_PLAYERS, MIN_PLAYERS, run_demo

    if markup not in ("5", "6"):
        raise typer.BadParameter("markup must be 6 or 5", param_hint="--markup")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise typer.BadParameter(f"{MIN_PLAYERS} to {MAX_PLAYERS} players", param_hint="--players")
    run_demo(
        players,
        seed,
        directory,
        "5" if markup == "5" else "6",
        serve=serve,
        out=typer.echo,
    )


@forum_app.command("screenshots")
def forum_screenshots(
    directory: Annotated[Path, typer.Argument(help="where the .png (and saved .html) go")],
    db: Annotated[
        Path | None, typer.Option(help="the local forum's SQLite file (default: play a demo)")
    ] = None,
    players: Annotated[int, typer.Option(help="players of the demo round played first")] = 12,
    seed: Annotated[int, typer.Option(help="seed of that demo round")] = 7,
    timezone: Annotated[str, typer.Option(help="time zone of the times shown")] = "Europe/Berlin",
) -> None:
    """Screenshots of the local forum in headless Chromium (`apt-get install chromium`): the
    thread, a post with its spoiler opened, a conversation and the conversation list – of
    the forum in --db, or of a demo round played first into DIRECTORY/demo."""
    from wolfbot.demo.round import MAX_PLAYERS, MIN_PLAYERS, run_demo
    from wolfbot.demo.screenshots import ScreenshotError, find_chromium, take
    from wolfbot.forum.local import timezone_named

    try:
        timezone_named(timezone)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--timezone") from exc
    if db is not None and not db.is_file():
        raise typer.BadParameter(f"{db} is not a file", param_hint="--db")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise typer.BadParameter(f"{MIN_PLAYERS} to {MAX_PLAYERS} players", param_hint="--players")
    chromium = find_chromium()
    if chromium is None:
        typer.echo("Kein Chromium gefunden: apt-get install chromium (oder WOLFBOT_CHROMIUM=…)")
        raise typer.Exit(1)
    if db is None:
        typer.echo(f"Eine Demorunde mit {players} Spielern wird gespielt …")
        db = run_demo(players, seed, directory / "demo", out=lambda _: None).forum_db
    try:
        shots = take(db, directory, chromium=chromium, timezone=timezone)
    except ScreenshotError as exc:
        typer.echo(f"Fehler: {exc}")
        raise typer.Exit(1) from exc
    for shot in shots:
        size = shot.path.stat().st_size
        typer.echo(f"{shot.path}  ({size // 1024} KB)  {shot.source}")


@rules_app.command("show")
def rules_show(
    name: Annotated[str, typer.Argument()] = "duesterliga",
    as_markdown: Annotated[bool, typer.Option("--markdown", help="as a Markdown table")] = False,
) -> None:
    """List the implemented roles with faction, commands, night-order stage and options, and
    the roles of the rule text still missing."""
    from wolfbot.rulesets.table import COLUMNS, markdown, rows

    rules = loader.load(name)
    if as_markdown:
        print(markdown(rules), end="")
        return
    table = Table(title=f"{rules.title}: {len(rules.roles)} von {len(rules.role_headings)} Rollen")
    for column in COLUMNS:
        table.add_column(column)
    for row in rows(rules):
        table.add_row(*row)
    console.print(table)
    missing = rules.missing_roles()
    console.print(f"Noch nicht umgesetzt: {', '.join(missing) if missing else 'keine'}")
    for variant_name, variant in rules.variants.items():
        own = [r.name for r in rules.roles.values() if r.variant == variant_name]
        with_roles = f" – Rollen: {', '.join(own)}" if own else ""
        console.print(f"Spielvariante {variant_name}: {variant.heading}{with_roles}")


if __name__ == "__main__":  # pragma: no cover
    app()
