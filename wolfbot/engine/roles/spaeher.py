"""Der Späher: "In der Nacht vor der Bürgermeisterwahl teilt die Spielleitung dem Späher mit,
welche Fraktionen an der Runde beteiligt sind. Wenn das Liebespaar an der Runde beteiligt
ist, so teilt die Spielleitung dem Späher auch die Siegbedingungen des Liebespaares mit. ...
Wenn der Späher in der Nacht verstirbt, so gibt die Spielleitung am nächsten Morgen bekannt,
welche Fraktionen noch an der Runde beteiligt sind, wie die Siegbedingungen des Liebespaares
sind und wie viele Dorfbewohner für das Dorf spielen. Wenn der Späher gelyncht wird, so gibt
die Spielleitung nicht bekannt ..." He is told at the end of the first night, once Amor has
chosen the lovers."""

from __future__ import annotations

from wolfbot.engine.events import Announcement
from wolfbot.engine.names import LIEBESPAAR, UNREVEALED
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say


def _situation(game: GamePort, players: list[PlayerState]) -> Text:
    """The factions involved; the Liebespaar last, with the side it plays for."""
    factions = sorted({game.faction(p) for p in players})
    lovers_side = None
    if game.state.lovers and any(p.name in game.state.lovers for p in players):
        lovers_side = game.lovers_side() or LIEBESPAAR
    return say("spaeher.factions", factions=factions, lovers_side=lovers_side)


class Spaeher(Behaviour):
    def morning(self, game: GamePort, player: PlayerState) -> None:
        if player.alive:
            if game.state.phase.number == 1:
                tell(game, player, _situation(game, game.state.players))
        elif player.death_cause not in UNREVEALED:  # he died this night: counted at the Morgen
            living = game.living()
            lovers = game.state.lovers or ()
            # "Diese beiden verliebten Dorfbewohner spielen fortan für das Liebespaar"
            village = sum(1 for p in living if game.faction(p) == "Dorf" and p.name not in lovers)
            text = say("spaeher.died", situation=_situation(game, living), village=village)
            game.emit(Announcement(text, player.role))
