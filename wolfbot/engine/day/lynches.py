"""The lynches of a day: decided one by one (`decide`, by a procedure or a tie rule) and
carried out together at the Abend (`finish`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.events import Announcement, LynchDecided

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def decide(game: GamePort, name: str, votes: int, decided_by: str) -> None:
    """`name` is to be lynched; the lynches happen together at the end (`finish`)."""
    day = game.state.day
    day.decided.append(LynchDecided(name, votes, decided_by))
    tie = day.tie
    if tie is not None and name in tie.tied:
        tie.tied.remove(name)
        tie.places -= 1


def finish(game: GamePort) -> None:
    """The end of the day, which every procedure reaches: the day's lynches – unless one of
    those decided is spared (the Dorfdepp, the Vergessene Prinz: "An diesem Tag wird kein
    Dorfbewohner gelyncht"), each is announced (`LynchDecided`) and they die together, in
    Spielerliste order, as one batch – and then the deaths held for this Abend."""
    day = game.state.day
    decided, day.decided, day.tie = day.decided, [], None
    spared = []
    for decision in decided:
        player = game.player(decision.player)
        why = game.behaviour(player).spared(game, player)
        if why is not None:
            spared.append(Announcement(why, player.role))
    for announcement in spared:
        game.emit(announcement)
    if not spared:
        for decision in decided:
            game.emit(decision)
        order = [p.name for p in game.state.players]
        lynched = sorted((d.player for d in decided), key=order.index)
        if lynched:
            game.kill([(name, game.rules.day.cause) for name in lynched])
    evening, game.state.evening_deaths = game.state.evening_deaths, []
    if evening:  # after the lynch (reading 45): the Harte Bursche, a wounded Werwolf
        game.kill(evening)
    for player in game.living():  # a role played "bis zum nächsten Abend" ends (the dead
        player.acting_as = None  # keep the one they died in: a question of it may be open)
