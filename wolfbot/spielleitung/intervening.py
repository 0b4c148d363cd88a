"""The checks the Spielleitung's interventions can make without the rules engine (the round
runs, the command is the round's, the player plays, the reserve waits, the role and the
faction exist, the post can be restored) – `wolfbot.spielleitung.decisions` makes them
before it writes a `pending` row – and the interventions table of `wolfbot interventions`."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from rich.console import Console
from rich.markup import escape
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.rulesets import loader
from wolfbot.spelling import close_names, find_name
from wolfbot.spielleitung.intervention_table import STATE_WORDS, interventions_table
from wolfbot.spielleitung.rounds import (
    ControlError,
    GameInfo,
)
from wolfbot.spielleitung.wording import hint, said
from wolfbot.store import interventions as store
from wolfbot.store import records
from wolfbot.store.inputs import StoredInput
from wolfbot.store.models import CommandRow, PlayerRow


# -- checks without the engine ---------------------------------------------------------------
def ensure_running(game: GameInfo) -> None:
    """ControlError unless the round runs: before it begins and after it ended the
    Spielleitung cannot intervene."""
    if game.status == "signup":
        raise ControlError(said("control.round_not_begun", game=game.id))
    if game.status != "running":
        raise ControlError(said("control.round_over", game=game.id))


def command(sessions: sessionmaker[Session], game: GameInfo, command_id: int) -> CommandRow:
    with sessions() as session:
        command = session.get(CommandRow, command_id)
        if command is None or command.game_id != game.id:
            raise ControlError(said("control.no_command", command=command_id, game=game.id))
        session.expunge(command)
    return command


def _people(sessions: sessionmaker[Session], game: GameInfo, kind: str) -> list[PlayerRow]:
    with sessions() as session:
        rows = session.scalars(
            select(PlayerRow)
            .where(PlayerRow.game_id == game.id, PlayerRow.kind == kind)
            .order_by(PlayerRow.position, PlayerRow.id)
        ).all()
        session.expunge_all()
    return list(rows)


def player(sessions: sessionmaker[Session], game: GameInfo, name: str) -> str:
    players = [p.name for p in _people(sessions, game, "player") if p.withdrawn_at is None]
    found = find_name(name, players)
    if found is None:
        near = hint(close_names(name, players))
        players_listed = ", ".join(players)
        raise ControlError(
            said("control.not_playing", name=name, game=game.id, hint=near, players=players_listed)
        )
    return found


def reserves(sessions: sessionmaker[Session], game: GameInfo) -> list[str]:
    """The Reservespieler still waiting, in the order they signed up."""
    return [p.name for p in _people(sessions, game, "reserve") if p.withdrawn_at is None]


def reserve(sessions: sessionmaker[Session], game: GameInfo, name: str | None) -> str:
    """The Reservespieler of this spelling; None: the next one."""
    waiting = reserves(sessions, game)
    if name is None:
        if not waiting:
            raise ControlError(said("control.no_reserve_left", game=game.id))
        return waiting[0]
    found = find_name(name, waiting)
    if found is None:
        listed = ", ".join(waiting) or said("none_listed")
        near = hint(close_names(name, waiting))
        raise ControlError(
            said("control.not_a_reserve", name=name, game=game.id, hint=near, reserves=listed)
        )
    return found


def role(game: GameInfo, name: str) -> str:
    rules = loader.load(game.ruleset)
    try:
        return rules.role(name).name
    except KeyError:
        near = hint(close_names(name, rules.roles))
        raise ControlError(said("control.no_role", name=name, hint=near)) from None


def faction(game: GameInfo, name: str) -> str:
    """The side of this spelling that can be awarded the win (Dorf, Rudel, …)."""
    from wolfbot.engine.interventions.kinds import faction_named, winning_sides

    rules = loader.load(game.ruleset)
    found = faction_named(rules, name)
    if found is None:
        sides = winning_sides(rules)
        near = hint(close_names(name, sides))
        listed = ", ".join(sides)
        raise ControlError(said("control.no_faction", name=name, hint=near, sides=listed))
    return found


def restorable(sessions: sessionmaker[Session], game: GameInfo, input_id: int) -> StoredInput:
    """The kept version `input_id` of a post that was deleted or edited since, not asked to
    be restored yet."""
    with sessions() as session:
        versions = records.versions_beside(session, game.id, input_id)
    chosen = next((v for v in versions if v.id == input_id), None)
    if chosen is None:
        raise ControlError(
            f"Kein Beitrag Nr. {input_id} in Runde {game.id} (die Nummern zeigt `wolfbot deleted`)."
        )
    if not chosen.deleted and chosen is versions[-1]:
        raise ControlError(
            f"Beitrag Nr. {input_id} von {chosen.author} ist weder gelöscht noch seitdem "
            "bearbeitet: er steht im Forum, wie der Bot ihn gelesen hat."
        )
    with sessions() as session:
        asked = store.restore_of(session, game.id, input_id)
    if asked is not None:
        state = STATE_WORDS.get(asked.state, asked.state)
        raise ControlError(
            f"Beitrag Nr. {input_id} wird bereits wiederhergestellt (Eingriff Nr. {asked.id}, "
            f"{state})."
        )
    return chosen


# -- output --------------------------------------------------------------------------------------
def render_interventions(
    console: Console, game: GameInfo, rows: list[store.StoredIntervention], zone: ZoneInfo
) -> None:
    title = f"Eingriffe der Spielleitung: {escape(game.title)}"
    if not rows:
        console.print(f"{title}: keine.")
        return
    console.print(interventions_table(title, rows, zone))
