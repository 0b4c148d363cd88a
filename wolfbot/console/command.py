"""`wolfbot console`: the Spielleitung's console in a browser, beside a running bot or after
a round (read-only where no bot runs the round). `wolfbot run … --console` and `wolfbot
demo --console` start the same console beside their bot.

    wolfbot console config.toml [--port 8765] [--host 127.0.0.1] [--allowed-host NAME]

It is bound to 127.0.0.1 unless told otherwise; the login is the password in
WOLFBOT_CONSOLE_PASSWORD or, without one, a token printed at start. Behind a reverse proxy
with TLS (README), `--allowed-host` names the proxy's public host name and marks the
cookies `Secure`."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated
from zoneinfo import ZoneInfo

import typer

DEFAULT_PORT = 8765
Port = Annotated[int, typer.Option("--port", help="der Port der Konsole")]
Host = Annotated[
    str, typer.Option("--host", help="die Adresse der Konsole (ohne Proxy: nur 127.0.0.1)")
]
AllowedHost = Annotated[
    list[str] | None,
    typer.Option(
        "--allowed-host",
        help="der öffentliche Hostname hinter einem Reverse-Proxy mit TLS (mehrfach möglich)",
    ),
]


def start_console(
    db: Path,
    zone: ZoneInfo,
    out: Callable[[str], None],
    *,
    game_id: int | None = None,
    clock: Callable[[], datetime] | None = None,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    allowed_hosts: tuple[str, ...] = (),
):
    """The console of the round in `db`, started in a thread; says where and how to log in."""
    from wolfbot.console.app import ConsoleSettings
    from wolfbot.console.security import PASSWORD_ENV, Credentials, Sessions
    from wolfbot.console.server import ConsoleServer
    from wolfbot.console.source import RoundSource, wall_clock

    credentials = Credentials.from_env(dict(os.environ))
    settings = ConsoleSettings(
        zone, secure_cookies=bool(allowed_hosts), allowed_hosts=allowed_hosts
    )
    server = ConsoleServer(
        RoundSource(db, game_id, clock or wall_clock), Sessions(credentials), settings, host, port
    ).start()
    out(f"Konsole der Spielleitung: {server.url}")
    if credentials.from_environment:
        out(f"  Anmelden mit deinem Namen und dem Kennwort aus {PASSWORD_ENV}.")
    else:
        out(f"  Anmelden mit deinem Namen und diesem Schlüssel: {credentials.secret}")
        out(f"  (oder ein festes Kennwort in {PASSWORD_ENV} setzen)")
    return server


def register(app: typer.Typer) -> None:
    """Add `wolfbot console` to the main Typer app."""

    @app.command("console")
    def console(
        path: Annotated[Path, typer.Argument(help="die Konfigurationsdatei der Runde")] = Path(
            "config.toml"
        ),
        port: Port = DEFAULT_PORT,
        host: Host = "127.0.0.1",
        allowed_host: AllowedHost = None,
        game: Annotated[int | None, typer.Option("--game", help="die Nr. der Runde")] = None,
    ) -> None:
        """Die Konsole der Spielleitung im Browser: die ganze Runde auf einen Blick, jede
        Entscheidung einen Klick entfernt (neben dem laufenden Bot; ohne ihn nur lesend)."""
        import threading

        from wolfbot.spielleitung.errors import ControlError
        from wolfbot.spielleitung.run import load_or_exit

        config = load_or_exit(path)
        try:
            server = start_console(
                config.store.path,
                config.game.zone,
                typer.echo,
                game_id=game,
                host=host,
                port=port,
                allowed_hosts=tuple(allowed_host or ()),
            )
        except ControlError as error:
            typer.echo(f"Fehler: {error}", err=True)
            raise typer.Exit(2) from None
        except OSError as error:
            typer.echo(f"Fehler: Port {port} auf {host} ist nicht frei ({error}).", err=True)
            raise typer.Exit(2) from None
        typer.echo("Strg+C beendet die Konsole.")
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
