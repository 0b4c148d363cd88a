"""`wolfbot init` and `wolfbot run`: prepare a round's files, and run the bot.

    wolfbot init config.toml          # no such file: writes the annotated example there;
                                      # a valid one: creates the round's SQLite store
    wolfbot run config.toml           # the loop until the round is over (Ctrl+C stops it)
    wolfbot run config.toml --once    # one pass: read, decide, write; print where it stands

Exit codes: 0; 2 for a configuration that is missing or invalid (every problem is named
with its key)."""

from __future__ import annotations

import logging
import shutil
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from wolfbot.rulesets.shipped import shipped

if TYPE_CHECKING:
    from rich.console import Console

EXAMPLE = shipped("config.example.toml")
ConfigPath = Annotated[Path, typer.Argument(help="die Konfigurationsdatei der Runde")]


def _load(path: Path, console: Console):
    from wolfbot.setup.config import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as error:
        console.print(f"[red]Fehler:[/red] {error}", highlight=False)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    @app.command("init")
    def init(path: ConfigPath = Path("config.toml")) -> None:
        """Die Dateien einer Runde anlegen: die Beispielkonfiguration schreiben (wenn es die
        Datei noch nicht gibt) oder – für eine gültige – ihre SQLite-Datenbank anlegen."""
        from rich.console import Console

        from wolfbot.store.db import upgrade

        console = Console()
        if not path.exists():
            if not EXAMPLE.exists():
                console.print(f"[red]Fehler:[/red] die Beispielkonfiguration {EXAMPLE} fehlt")
                raise typer.Exit(2)
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(EXAMPLE, path)
            console.print(f"{path} angelegt (aus config.example.toml).", highlight=False)
            console.print(
                "Jetzt: Forum, Thema, Spieler und Zeiten eintragen, das Passwort in die "
                "Umgebungsvariable (forum.password_env), dann "
                f"[bold]wolfbot init {path}[/bold] noch einmal und "
                f"[bold]wolfbot run {path}[/bold].",
                highlight=False,
            )
            return
        config = _load(path, console)
        from wolfbot.spielleitung.check_config import problems, report

        if not report(console, problems(config)):
            console.print(f"Nach der Änderung: [bold]wolfbot init {path}[/bold] noch einmal.")
            raise typer.Exit(2)
        upgrade(config.store.path).dispose()
        console.print(f"{path}: in Ordnung.", highlight=False)
        console.print(f"Datenbank bereit: {config.store.path}", highlight=False)
        console.print(f"Starten mit: [bold]wolfbot run {path}[/bold]", highlight=False)

    @app.command("run")
    def run(
        path: ConfigPath = Path("config.toml"),
        once: Annotated[bool, typer.Option("--once", help="ein Durchgang, dann beenden")] = False,
        verbose: Annotated[
            bool, typer.Option("--verbose", "-v", help="jeden Schritt protokollieren")
        ] = False,
    ) -> None:
        """Die Runde spielen: das Forum lesen, nach den Regeln entscheiden, jeden Beitrag
        schreiben – bis die Runde vorbei ist (Strg+C hält an; ein Neustart setzt fort, wo
        es stand)."""
        from rich.console import Console

        from wolfbot.bot.live import Live
        from wolfbot.spielleitung.check_config import problems, report

        console = Console()
        config = _load(path, console)
        if not report(console, problems(config, with_forum=False)):  # it asks the forum itself
            raise typer.Exit(2)
        logging.basicConfig(
            level=logging.INFO if verbose else logging.WARNING,
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
        live = Live(config)
        try:
            if once:
                report = live.step()
                console.print(f"{report.stage}: {report.detail}", highlight=False)
                return
            stop = threading.Event()
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGTERM, lambda *_: stop.set())
            try:
                report = live.run(stop)
            except KeyboardInterrupt:
                console.print("Angehalten. `wolfbot run` setzt fort, wo es stand.")
                return
            console.print(f"{report.stage}: {report.detail}", highlight=False)
        finally:
            live.close()
