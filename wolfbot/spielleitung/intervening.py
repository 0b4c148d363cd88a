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
from wolfbot.setup.config_errors import did_you_mean
from wolfbot.spelling import find_name
from wolfbot.spielleitung.intervention_table import STATE_WORDS, interventions_table
from wolfbot.spielleitung.rounds import (
    ControlError,
    GameInfo,
)
from wolfbot.store import interventions as store
from wolfbot.store import records
from wolfbot.store.inputs import StoredInput
from wolfbot.store.models import CommandRow, PlayerRow


# -- checks without the engine ---------------------------------------------------------------
def ensure_running(game: GameInfo) -> None:
    """ControlError unless the round runs: before it begins and after it ended the
    Spielleitung cannot intervene."""
    if game.status == "signup":
        raise ControlError(f"Runde {game.id} hat noch nicht begonnen.")
    if game.status != "running":
        raise ControlError(f"Runde {game.id} ist beendet; Eingriffe sind nicht mehr möglich.")


def command(sessions: sessionmaker[Session], game: GameInfo, command_id: int) -> CommandRow:
    with sessions() as session:
        command = session.get(CommandRow, command_id)
        if command is None or command.game_id != game.id:
            raise ControlError(
                f"Kein Befehl {command_id} in Runde {game.id} (die Nummern zeigt `wolfbot audit`)."
            )
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
        raise ControlError(
            f"{name} spielt in Runde {game.id} nicht mit.{did_you_mean(name, players)} "
            f"Spieler: {', '.join(players)}."
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
            raise ControlError(f"Runde {game.id} hat keinen Reservespieler (mehr).")
        return waiting[0]
    found = find_name(name, waiting)
    if found is None:
        listed = ", ".join(waiting) or "keine"
        raise ControlError(
            f"{name} ist kein Reservespieler der Runde {game.id}.{did_you_mean(name, waiting)} "
            f"Reservespieler: {listed}."
        )
    return found


def role(game: GameInfo, name: str) -> str:
    rules = loader.load(game.ruleset)
    try:
        return rules.role(name).name
    except KeyError:
        raise ControlError(
            f"Keine Rolle heißt {name!r}.{did_you_mean(name, rules.roles)}"
        ) from None


def faction(game: GameInfo, name: str) -> str:
    """The side of this spelling that can be awarded the win (Dorf, Rudel, …)."""
    from wolfbot.engine.interventions.kinds import faction_named, winning_sides

    rules = loader.load(game.ruleset)
    found = faction_named(rules, name)
    if found is None:
        sides = winning_sides(rules)
        raise ControlError(
            f"Keine Fraktion heißt „{name}“.{did_you_mean(name, sides)} "
            f"Den Sieg zusprechen lässt sich: {', '.join(sides)}."
        )
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
