"""`wolfbot init` and `wolfbot run`: prepare a round's files, and run the bot.

    wolfbot init config.toml          # no such file: writes the annotated example there;
                                      # a valid one: creates the round's SQLite store
    wolfbot run config.toml           # the loop until the round is over (Ctrl+C stops it)
    wolfbot run config.toml --once    # one pass: read, decide, write; print where it stands

Exit codes: 0; 2 for a configuration that is missing or invalid (every problem is named
with its key), and for a login the forum refused (one German sentence: WoltLab blocks an
address after ten failed logins, so the bot never tries again by itself). What `run` logs
is the Spielleitung's, in German (`journal`): a forum that does not answer is one warning
line when it stops and one when it answers again, never a traceback (`wolfbot --debug run`
shows the developers' log)."""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wolfbot.rulesets.shipped import shipped

if TYPE_CHECKING:
    from rich.console import Console

EXAMPLE = shipped("config.example.toml")
DEBUG_OFF = ("", "0", "no", "false", "nein")  # as `wolfbot.cli.debugging`
ConfigPath = Annotated[Path, typer.Argument(help="die Konfigurationsdatei der Runde")]


def load_or_exit(path: Path, console: Console | None = None):
    """The configuration at `path`, or every problem of it said and exit code 2."""
    from wolfbot.setup.config import ConfigError, load_config

    if console is None:
        from rich.console import Console

        console = Console()
    try:
        return load_config(path)
    except ConfigError as error:
        from rich.markup import escape

        console.print(f"[red]Fehler:[/red] {escape(str(error))}", highlight=False)
        raise typer.Exit(2) from None


def _no_folder(folder: Path) -> str:
    """`init` of a file in a folder that does not exist: say which, and how to make it."""
    import shlex

    from rich.markup import escape

    if folder.exists():
        return escape(f"{folder} ist kein Ordner – gib einen Pfad in einem Ordner an.")
    return escape(
        f"Den Ordner {folder} gibt es nicht – lege ihn an (mkdir -p {shlex.quote(str(folder))})"
        " oder gib einen Pfad in einem vorhandenen Ordner an."
    )


ConsoleStarter = Callable[..., Any]  # `wolfbot.console.command.start_console`


def register(app: typer.Typer, *, console_starter: ConsoleStarter | None = None) -> None:
    """Add `init` and `run` to the main Typer app; `console_starter` starts the console
    beside the bot for `run --console` (the console stands above these commands, so the
    command line hands it in)."""

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
            if not path.parent.is_dir():  # a mistyped folder is not made behind her back
                console.print(f"[red]Fehler:[/red] {_no_folder(path.parent)}", highlight=False)
                raise typer.Exit(2)
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
        config = load_or_exit(path, console)
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
        console_on: Annotated[
            bool,
            typer.Option("--console", help="die Konsole der Spielleitung im Browser dazu starten"),
        ] = False,
        console_port: Annotated[
            int, typer.Option("--console-port", help="der Port der Konsole")
        ] = 8765,
    ) -> None:
        """Die Runde spielen: das Forum lesen, nach den Regeln entscheiden, jeden Beitrag
        schreiben – bis die Runde vorbei ist (Strg+C hält an; ein Neustart setzt fort, wo
        es stand)."""
        from rich.console import Console

        from wolfbot.bot.live import STAGE_WORDS, Live
        from wolfbot.forum.base import LoginFailed
        from wolfbot.spielleitung.check_config import problems, report
        from wolfbot.spielleitung.journal import login_refused, show_journal

        console = Console()
        config = load_or_exit(path, console)
        # the forum it asks itself; the start was checked by check-config and init
        if not report(console, problems(config, with_forum=False, with_start=False)):
            raise typer.Exit(2)
        debug = os.environ.get("WOLFBOT_DEBUG", "").strip().casefold() not in DEBUG_OFF
        show_journal(verbose=verbose, debug=debug)
        from wolfbot.bot.presence import AlreadyRunning, BotPresence

        with ExitStack() as held:
            try:  # one bot per round: a second would answer every post twice
                held.enter_context(BotPresence(config.store.path))
            except AlreadyRunning as error:
                console.print(f"[red]Fehler:[/red] {error}", highlight=False)
                raise typer.Exit(2) from None
            live = Live(config)
            held.callback(live.close)
            if console_on and console_starter is not None:
                panel = _console_beside(console_starter, config, console_port, console)
                if panel is not None:
                    held.callback(panel.stop)
            try:
                if once:
                    done = live.step()
                else:
                    stop = threading.Event()
                    if threading.current_thread() is threading.main_thread():
                        signal.signal(signal.SIGTERM, lambda *_: stop.set())
                    try:
                        done = live.run(stop)
                    except KeyboardInterrupt:
                        console.print("Angehalten. `wolfbot run` setzt fort, wo es stand.")
                        return
                stage = STAGE_WORDS.get(done.stage, done.stage)
                console.print(f"{stage}: {done.detail}", highlight=False)
            except LoginFailed as error:
                console.print(f"[red]Fehler:[/red] {login_refused(config, error)}", highlight=False)
                raise typer.Exit(2) from None


def _console_beside(start: ConsoleStarter, config, port: int, console: Console):
    """The console of the round the bot runs – once the round is in the store (a round in
    its sign-up has none yet: then the console waits for `wolfbot console`)."""
    from wolfbot.spielleitung.errors import ControlError

    try:
        return start(
            config.store.path,
            config.game.zone,
            lambda line: console.print(line, highlight=False),
            port=port,
        )
    except ControlError as error:
        console.print(f"Konsole nicht gestartet: {error}", highlight=False)
    except OSError as error:
        console.print(f"Konsole nicht gestartet: Port {port} ist nicht frei ({error}).")
    return None
