"""Abilities that stop a player from using his abilities for the night.

Der Koch: "... einen Dorfbewohner bestimmen, dessen Essen er am Vorabend verkocht
(!Verkochen [Spielername]). Dieser Dorfbewohner kann in dieser Nacht seine Fähigkeiten nicht
nutzen. Die Spielleitung teilt diesem Dorfbewohner mit, dass sein Essen vom Koch verkocht
wurde." Der Zauberer: "... den er verzaubert (!Verzaubern [Spielername]). Der verzauberte
Dorfbewohner kann in dieser Nacht keine Fähigkeiten nutzen." Both: "... kann in dieser Nacht
auch keine Konversation nutzen!" `params.word` and `params.told` come from the role file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import night
from wolfbot.engine.commands import Command
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import action
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


class Block(Behaviour):
    acts_at_once = True  # with the split night the block holds once accepted

    def accepted(self, game: Game, player: PlayerState, command: Command) -> None:
        """With the split night (the live bot) the block holds from the moment it is sent and
        the player is told at once ("Die Spielleitung teilt diesem Dorfbewohner mit"), so he
        knows before he uses a conversation."""
        params = game.spec(player).params
        blocked = game.state.night.blocked
        if game.option("split_night") and command.word == params["word"]:
            if player.name not in blocked:
                night.block(game, command.target, say("blocked", by=player.role))

    def prepare(self, game: Game, player: PlayerState) -> None:
        params = game.spec(player).params
        command = action(game, player, params["word"])
        if command is not None:
            game.consume(player, params["word"])
            night.block(game, command.target, say("blocked", by=player.role))
