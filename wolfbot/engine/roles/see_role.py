"""Abilities that see a player's role: die Seherin ("In der Nacht bestimmt die Seherin ...
einen Dorfbewohner, dessen Rolle sie sieht (!Sehen [Spielername]). Die Spielleitung teilt der
Seherin die Rolle dieses Dorfbewohners mit."), der Spion (!Spionieren, in der Nacht vor der
Bürgermeisterwahl). The command word is the role's `params.word`."""

from __future__ import annotations

from wolfbot.engine.events import RoleSeen
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, apparent_role, own_word
from wolfbot.engine.state import PlayerState


class SeeRole(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is not None:
            role = apparent_role(game, command.target, player)
            game.emit(RoleSeen(player.name, player.role, command.target, role))
