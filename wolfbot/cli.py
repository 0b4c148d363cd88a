"""`wolfbot …` – the Spielleitung's command line.

Quick to start: this module and the modules that declare the commands import only typer
at the top; each command imports what it needs when it runs (`wolfbot --help` and
`wolfbot status` never load the engine, Jinja2 or httpx, and `status` reads the store with
sqlite3, without SQLAlchemy; `tests/test_cli.py`, `benchmarks/cli_startup.py`).

German throughout: the help and the usage errors too – click's and Typer's own words
(`spielleitung.typer_setup`, which also converts plain option values without pydantic).

No traceback for the Spielleitung (`Friendly`): a known error – an invalid configuration,
an unknown ruleset, a forum that cannot be reached, a file that cannot be read – is one
German message and exit code 2 (the input is wrong) or 1 (something outside failed); an
unexpected one a short German message that says how to see the traceback: `--debug` or
WOLFBOT_DEBUG=1."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from wolfbot.console.command import register as register_console
from wolfbot.console.command import start_console
from wolfbot.forum.cli import forum_app
from wolfbot.spielleitung import (
    check_config,
    interventions,
    readonly,
    run,
    sanctions,
    typer_setup,
)
from wolfbot.spielleitung.conduct import register as register_conduct
from wolfbot.spielleitung.drafts import register as register_drafts
from wolfbot.spielleitung.explain.command import register as register_explain
from wolfbot.spielleitung.setups import setup_app

DEBUG_ENV = "WOLFBOT_DEBUG"
typer_setup.install()  # German help and errors; plain values without pydantic


def debugging() -> bool:
    return os.environ.get(DEBUG_ENV, "").strip().casefold() not in ("", "0", "no", "false", "nein")


def _known(error: BaseException, module: str, name: str) -> bool:
    """`error` is a `module.name` – asked without importing `module` (if it was never
    imported, nothing raised its errors)."""
    found = sys.modules.get(module)
    kind = getattr(found, name, None) if found is not None else None
    return isinstance(kind, type) and isinstance(error, kind)


def explain_error(error: BaseException) -> tuple[int, str]:
    """(exit code, the German message) for an exception no command caught."""
    if _known(error, "wolfbot.setup.config", "ConfigError"):
        return 2, f"Fehler in der Konfiguration:\n{error}"
    if _known(error, "wolfbot.rulesets.loader", "RulesetError"):
        return 2, f"Fehler im Regelwerk: {error}"
    if _known(error, "wolfbot.spielleitung.errors", "ControlError"):
        return 2, f"Fehler: {error}"
    if _known(error, "wolfbot.forum.base", "LoginFailed"):
        return 1, (
            f"Die Anmeldung beim Forum ist gescheitert: {error}\nStimmen forum.username und "
            "das Passwort? (Der Bot versucht es nicht von selbst noch einmal: zehn "
            "Fehlversuche sperren die Anmeldung für zwei Stunden.)"
        )
    if _known(error, "wolfbot.forum.base", "ForumError") or _known(error, "httpx", "HTTPError"):
        why = str(error) or type(error).__name__
        return 1, (
            f"Das Forum ist nicht erreichbar oder antwortet nicht wie erwartet: {why}\n"
            "Läuft es, und stimmt forum.base_url? `wolfbot run` setzt beim nächsten Start fort, "
            "wo es stand."
        )
    if isinstance(error, OSError):
        from wolfbot.setup.file_errors import file_trouble

        name = getattr(error, "filename", None)
        what = f"Die Datei {name}" if name else "Eine Datei"
        return 1, (
            f"{what} {file_trouble(error)} – prüfe den Pfad und die Rechte (ls -l), dann "
            "noch einmal; `wolfbot --debug …` zeigt die ganze Meldung."
        )
    return 1, (
        f"Unerwarteter Fehler ({type(error).__name__}): {error}\n"
        f"Das ist ein Fehler in wolfbot. Die ganze Meldung (Traceback) zeigt `wolfbot --debug …` "
        f"oder {DEBUG_ENV}=1; bitte mit ihr melden."
    )


class Friendly(TyperGroup):
    """The command group that turns an exception into a German message and an exit code
    (see the module docstring); with --debug or WOLFBOT_DEBUG=1 it lets it through."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.TyperException, typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            typer.echo("Abgebrochen.", err=True)
            raise typer.Exit(130) from None
        except Exception as error:
            if debugging():
                raise
            code, text = explain_error(error)
            typer.echo(text, err=True)
            raise typer.Exit(code) from None


app = typer.Typer(
    cls=Friendly,
    help="wolfbot – der Assistent der Spielleitung für Werwolf im Forum (play-by-post).",
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode="markdown",
    no_args_is_help=True,
)
scenario_app = typer.Typer(
    help="Szenariodateien ausführen (die Spezifikation der Regeln).", rich_markup_mode="markdown"
)
rules_app = typer.Typer(help="Regelwerke ansehen.", rich_markup_mode="markdown")
app.add_typer(scenario_app, name="scenario")
app.add_typer(rules_app, name="rules")
app.add_typer(forum_app, name="forum")
app.add_typer(setup_app, name="setup")
readonly.register(app)
interventions.register(app)
sanctions.register(app)
register_drafts(app)
register_conduct(app)
register_explain(app)
check_config.register(app)
run.register(app, console_starter=start_console)
register_console(app)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("wolfbot")
        except PackageNotFoundError:  # pragma: no cover - run from a bare source tree
            number = "unbekannt"
        typer.echo(f"wolfbot {number}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="die Version zeigen und beenden"
        ),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug",
            help=f"bei einem Fehler die ganze Meldung (Traceback) zeigen; auch {DEBUG_ENV}=1",
        ),
    ] = False,
) -> None:
    """wolfbot – der Assistent der Spielleitung für Werwolf im Forum (play-by-post)."""
    if debug:
        os.environ[DEBUG_ENV] = "1"


@scenario_app.command("run")
def scenario_run(
    paths: Annotated[list[Path], typer.Argument(help="Szenariodateien oder Ordner")],
    as_json: Annotated[bool, typer.Option("--json", help="auch den Endzustand ausgeben")] = False,
) -> None:
    """Szenarien ausführen; Exit 0, wenn alle bestehen, sonst die erste Abweichung jedes
    fehlgeschlagenen."""
    from rich.console import Console

    from wolfbot.scenario.model import ScenarioError, load
    from wolfbot.scenario.runner import run_scenario, scenario_files

    console = Console()
    missing = [path for path in paths if not path.exists()]
    if missing:
        named = ", ".join(map(str, missing))
        typer.echo(
            f"Fehler: Die Szenariodatei {named} gibt es nicht – prüfe den Pfad (ein Ordner "
            "führt alle Szenarien darin aus).",
            err=True,
        )
        raise typer.Exit(2)
    files = scenario_files(paths)
    if not files:
        console.print("[red]keine Szenariodateien gefunden[/red]")
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
    players: Annotated[int, typer.Option(help="die Zahl der simulierten Spieler (5–40)")] = 12,
    seed: Annotated[int, typer.Option(help="der Seed der Rollen, der Engine und der Spieler")] = 2,
    directory: Annotated[
        Path, typer.Option("--dir", help="wohin die SQLite-Dateien des Forums und des Bots gehen")
    ] = Path("wolfbot-demo"),
    markup: Annotated[
        str, typer.Option(help="das WoltLab-Markup des lokalen Forums: 6 oder 5")
    ] = "6",
    serve: Annotated[
        bool, typer.Option(help="das Forum nach der Runde weiter bereitstellen, bis Strg+C")
    ] = False,
    ruleset: Annotated[
        str, typer.Option(help="das Regelwerk der Runde: duesterliga, wolfvillage, …")
    ] = "duesterliga",
    breaches: Annotated[
        bool,
        typer.Option(
            "--breaches",
            help="Verstöße gegen die Verhaltensregeln einstreuen (Zitate aus Konversationen, "
            "eine Rollenoffenbarung, eine eigene Konversation): wolfbot conduct zeigt sie",
        ),
    ] = False,
    console: Annotated[
        bool,
        typer.Option(
            "--console",
            help="die Konsole der Spielleitung dazu öffnen; die Runde läuft langsamer (--pace) "
            "und das Forum bleibt danach offen, bis Strg+C",
        ),
    ] = False,
    pace: Annotated[
        float | None,
        typer.Option(help="Sekunden zwischen zwei Abschnitten der Runde (mit --console: 2)"),
    ] = None,
    console_port: Annotated[int, typer.Option(help="der Port der Konsole")] = 8765,
) -> None:
    """Eine ganze Runde gegen das eingebaute lokale Forum spielen, in gestraffter Zeit:
    simulierte Spieler posten Befehle, wolfbot liest, entscheidet und schreibt jeden
    Beitrag; dann steht da, wo man nachsehen kann (Adresse des Forums, SQLite-Dateien)."""
    from wolfbot.demo.round import MAX_PLAYERS, MIN_PLAYERS, run_demo

    if markup not in ("5", "6"):
        raise typer.BadParameter("6 oder 5", param_hint="--markup")
    from wolfbot.rulesets import loader

    if ruleset not in loader.available():
        known = ", ".join(loader.available())
        raise typer.BadParameter(f"eines von {known}", param_hint="--ruleset")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise typer.BadParameter(f"{MIN_PLAYERS} bis {MAX_PLAYERS} Spieler", param_hint="--players")
    panels: list = []

    def open_console(demo) -> None:  # once the round is in the store
        from wolfbot.demo.settings import ZONE

        panels.append(
            start_console(demo.bot_db, ZONE, typer.echo, clock=demo.clock, port=console_port)
        )

    try:
        run_demo(
            players,
            seed,
            directory,
            "5" if markup == "5" else "6",
            serve=serve or console,
            out=typer.echo,
            ruleset=ruleset,
            breaches=breaches,
            pace=pace if pace is not None else (2.0 if console else 0.0),
            on_started=open_console if console else None,
        )
    finally:
        for panel in panels:
            panel.stop()


@forum_app.command("screenshots")
def forum_screenshots(
    directory: Annotated[Path, typer.Argument(help="wohin die .png (und .html) kommen")],
    db: Annotated[
        Path | None, typer.Option(help="die SQLite-Datei des lokalen Forums (ohne: eine Demo)")
    ] = None,
    players: Annotated[int, typer.Option(help="Spieler der Demorunde")] = 12,
    seed: Annotated[int, typer.Option(help="der Seed der Demorunde")] = 2,
    timezone: Annotated[str, typer.Option(help="die Zeitzone der Zeiten")] = "Europe/Berlin",
) -> None:
    """Bildschirmfotos des lokalen Forums mit Chromium ohne Fenster (`apt-get install
    chromium`): das Thema, ein Beitrag mit geöffnetem Spoiler, eine Konversation und die
    Konversationsliste – des Forums in --db oder einer Demorunde, die zuerst nach
    VERZEICHNIS/demo gespielt wird."""
    from wolfbot.demo.round import MAX_PLAYERS, MIN_PLAYERS, run_demo
    from wolfbot.demo.screenshots import ScreenshotError, find_chromium, take
    from wolfbot.forum.local import timezone_named

    try:
        timezone_named(timezone)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--timezone") from exc
    if db is not None and not db.is_file():
        raise typer.BadParameter(f"{db} ist keine Datei", param_hint="--db")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise typer.BadParameter(f"{MIN_PLAYERS} bis {MAX_PLAYERS} Spieler", param_hint="--players")
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
    name: Annotated[str, typer.Argument(help="das Regelwerk (ein Ordner unter rules/)")] = (
        "duesterliga"
    ),
    as_markdown: Annotated[bool, typer.Option("--markdown", help="als Markdown-Tabelle")] = False,
    language: Annotated[
        str | None,
        typer.Option("--lang", help="Sprache der Tabelle: de, nl oder en (sonst des Regelwerks)"),
    ] = None,
    role: Annotated[
        str | None,
        typer.Option(
            "--role",
            help="nur diese Rolle: wo sie steht (Datei, Verhalten, Parameter, Meldungen, "
            "Szenarien)",
        ),
    ] = None,
) -> None:
    """Die umgesetzten Rollen mit Fraktion, Befehlen, Stufe der Nachtreihenfolge und
    Optionen zeigen, und die Rollen des Regeltexts, die noch fehlen; mit --role, wo eine
    Rolle im Code und in den Regeldateien steht."""
    from rich.console import Console
    from rich.table import Table

    from wolfbot.rulesets import loader
    from wolfbot.rulesets.table import TABLE_WORDS, markdown, rows, table_words
    from wolfbot.setup.config_errors import did_you_mean

    console = Console()
    known = loader.available()
    if name not in known:
        typer.echo(
            f"Fehler: Kein Regelwerk heißt „{name}“.{did_you_mean(name, known)} "
            f"Vorhanden: {', '.join(known) or 'keins'}.",
            err=True,
        )
        raise typer.Exit(2)
    if language is not None and language not in TABLE_WORDS:
        typer.echo(
            f"Fehler: Die Tabelle gibt es auf {', '.join(TABLE_WORDS)}, nicht auf „{language}“.",
            err=True,
        )
        raise typer.Exit(2)
    rules = loader.load(name)
    if role is not None:
        from wolfbot.rulesets.role_view import show_role

        raise typer.Exit(show_role(rules, role, console))
    if as_markdown:
        print(markdown(rules, language), end="")
        return
    words = table_words(rules, language)
    about = rules.about.get(language or rules.language)
    if about:
        console.print(" ".join(about.split()))
    done, everything = len(rules.roles), len(rules.role_headings)
    table = Table(title=words.count.format(title=rules.title, done=done, all=everything))
    for column in words.columns:
        table.add_column(column)
    for row in rows(rules, words):
        table.add_row(*row)
    console.print(table)
    missing = rules.missing_roles()
    console.print(f"{words.missing}: {', '.join(missing) if missing else words.none.lower()}")
    for variant_name, variant in rules.variants.items():
        own = [r.name for r in rules.roles.values() if r.variant == variant_name]
        with_roles = words.variant_roles.format(roles=", ".join(own)) if own else ""
        line = words.variant_line.format(name=variant_name, heading=variant.heading)
        console.print(line + with_roles)


if __name__ == "__main__":  # pragma: no cover
    app()
