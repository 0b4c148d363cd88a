"""`wolfbot explain`: a night or a lynch of a stored round, each stage of its resolution in
plain German – who acted on whom, what was blocked, redirected, protected, healed, and why
each player died or survived – so the Spielleitung can check a draft before approving it.

    from wolfbot.spielleitung.explain import command
    command.register(app)        # in wolfbot/cli.py: adds `wolfbot explain`

    wolfbot explain --db wolfbot.sqlite [--game 2] --night 2
    wolfbot explain --db wolfbot.sqlite [--game 2] --lynch 1

    explain_night(game, 2)       # the pure functions, on an engine `Game`
    explain_lynch(game, 1)

The round is rebuilt from its stored inputs (`wolfbot.bot.replay`) up to right after that
night's resolution (the step that began the next day, or ended the game) – the engine keeps
a night's record only until the next night begins – or after that day's evening (the step
that began the next night). Read-only. Exit codes: 0; 2 with a German error when the file
or round is missing or the phase did not happen yet.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import replay, stored
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.rulesets import loader
from wolfbot.spielleitung.explain.common import NotYet
from wolfbot.spielleitung.explain.lynch import explain_lynch
from wolfbot.spielleitung.explain.night import explain_night
from wolfbot.spielleitung.options import Db, GameId, guarded
from wolfbot.spielleitung.rounds import ControlError, open_store, pick_game

__all__ = ["NotYet", "explain_lynch", "explain_night", "explain_stored", "rebuild", "register"]


def _night_done(number: int) -> replay.Stop:
    def stop(events: list[ev.Event]) -> bool:
        return any(
            isinstance(e, ev.GameOver)
            or (isinstance(e, ev.PhaseBegan) and e.phase == f"day {number}")
            for e in events
        )

    return stop


def _evening_done(day: int) -> replay.Stop:
    def stop(events: list[ev.Event]) -> bool:
        return any(
            isinstance(e, ev.GameOver)
            or (isinstance(e, ev.PhaseBegan) and e.phase == f"night {day + 1}")
            for e in events
        )

    return stop


def rebuild(sessions: sessionmaker[Session], game_id: int, stop: replay.Stop | None) -> Game:
    """The stored round `game_id` rebuilt up to the first step `stop` accepts (or to its
    end). ControlError if it cannot be rebuilt."""
    try:
        data = stored.load_round(sessions, game_id)
    except stored.RoundNotFound as error:
        raise ControlError(f"Runde {game_id} lässt sich nicht nachbauen: {error}") from None
    game = replay.new_game(loader.load(data.ruleset), data.roster, data.seed, data.options)
    try:
        return replay.replay(game, data.events, data.inputs, lambda *_: None, stop)
    except replay.ReplayError as error:
        raise ControlError(
            f"Runde {game_id} lässt sich nicht nachbauen ({error}); siehe `wolfbot replay`."
        ) from None


def explain_stored(
    sessions: sessionmaker[Session],
    game_id: int,
    *,
    night: int | None = None,
    lynch: int | None = None,
) -> list[str]:
    """The explanation of night `night` or the lynch of day `lynch` of a stored round;
    ControlError when it did not happen yet."""
    if (night is None) == (lynch is None):
        raise ControlError("Genau eine der Angaben --night N oder --day N ist nötig.")
    number = night if night is not None else lynch
    assert number is not None
    if number < 1:
        raise ControlError(f"Keine gültige Nummer: {number} (ab 1).")
    try:
        if night is not None:
            return explain_night(rebuild(sessions, game_id, _night_done(night)), night)
        return explain_lynch(rebuild(sessions, game_id, _evening_done(number)), number)
    except NotYet as error:
        raise ControlError(str(error)) from None


def register(app: typer.Typer) -> None:
    """Add `explain` to the main Typer app."""

    @app.command("explain")
    def explain(
        db: Db,
        game: GameId = None,
        night: Annotated[int | None, typer.Option("--night", help="die Nacht N erklären")] = None,
        lynch: Annotated[
            int | None,
            typer.Option("--day", "--lynch", help="wie der Tag N am Abend entschieden wurde"),
        ] = None,
    ) -> None:
        """Eine Nacht oder einen Lynch Stufe für Stufe erklären: wer auf wen wirkte, was
        blockiert, umgeleitet, geschützt, geheilt wurde, und warum jeder starb oder überlebte."""
        out = Console()
        with guarded(), open_store(db) as sessions:
            chosen = pick_game(sessions, game, db)
            lines = explain_stored(sessions, chosen.id, night=night, lynch=lynch)
        out.print(f"[bold]Runde {chosen.id} ({escape(chosen.title)})[/bold]")
        for line in lines:
            out.print(escape(line), highlight=False)
