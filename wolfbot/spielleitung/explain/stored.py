"""The work of `wolfbot explain` (`command.py` declares the command): a stored round rebuilt
up to a night's resolution or a day's evening, and its explanation."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import replay, stored
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.forum import software
from wolfbot.rulesets import loader
from wolfbot.spielleitung.explain.common import NotYet
from wolfbot.spielleitung.explain.lynch import explain_lynch
from wolfbot.spielleitung.explain.night import explain_night
from wolfbot.spielleitung.rounds import ControlError

__all__ = ["explain_stored", "rebuild"]


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
        dialect = software.stored_dialect()
        return replay.replay(game, data.events, data.inputs, lambda *_: None, dialect, stop)
    except replay.ReplayError as error:
        raise ControlError(
            f"Runde {game_id} lässt sich nicht nachbauen ({error}); siehe `wolfbot replay`."
        ) from None


def rebuild_after_night(sessions: sessionmaker[Session], game_id: int, number: int) -> Game:
    """The stored round rebuilt up to the end of night `number` (the Morgen after it, or the
    round's end): the game that still holds that night's record, to explain it."""
    return rebuild(sessions, game_id, _night_done(number))


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
