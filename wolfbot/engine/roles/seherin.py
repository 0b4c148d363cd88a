"""Die Seherin: "In der Nacht bestimmt die Seherin ... einen Dorfbewohner, dessen Rolle sie
sieht (!Sehen [Spielername]). Die Spielleitung teilt der Seherin die Rolle dieses
Dorfbewohners mit.\""""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.events import PrivateInfo
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


class Seherin(Behaviour):
    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        command = game.state.night.actions.get(player.name, {}).get("Sehen")
        if command is None:
            return
        target = game.player(command.target)
        role = game.behaviour(target).apparent_role(game, target)
        game.emit(PrivateInfo((player.name,), "private", f"{target.name} ist {role}."))
