"""Abilities that stop a player from using his abilities for the night.

Der Koch: "... einen Dorfbewohner bestimmen, dessen Essen er am Vorabend verkocht
(!Verkochen [Spielername]). Dieser Dorfbewohner kann in dieser Nacht seine Fähigkeiten nicht
nutzen. Die Spielleitung teilt diesem Dorfbewohner mit, dass sein Essen vom Koch verkocht
wurde." Der Zauberer: "... den er verzaubert (!Verzaubern [Spielername]). Der verzauberte
Dorfbewohner kann in dieser Nacht keine Fähigkeiten nutzen." Both: "... kann in dieser Nacht
auch keine Konversation nutzen!" `params.word` and `params.told` come from the role file."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, tell, used
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Block(Behaviour):
    acts_at_once = True  # with the split night the block holds once accepted
    parameters = {"word": str, "blocks": bool | None}

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """With the split night (the live bot) the block holds from the moment it is sent and
        the player is told at once ("Die Spielleitung teilt diesem Dorfbewohner mit"), so he
        knows before he uses a conversation."""
        params = game.role_facts(player).params
        blocked = game.state.night.blocked
        if game.option("split_night") and command.word == params["word"]:
            if player.name not in blocked:
                game.block(command.target, say("blocked", by=player.role))

    def prepare(self, game: GamePort, player: PlayerState) -> None:
        params = game.role_facts(player).params
        command = action(game, player, params["word"])
        if command is not None:
            game.consume(player, params["word"])
            game.block(command.target, say("blocked", by=player.role))


class TakeAbilities(Behaviour):
    """Takes a player's abilities for the rest of the game (`params.word`; Düsterwald's
    Brandstifter: "kann einmal im Spiel ein Gebäude in Brand setzen. Der Spieler, der darin
    wohnt, stirbt zwar nicht, aber verliert seine Fähigkeiten, die im Zusammenhang mit dem
    Gebäude standen." – on a forum every ability of a role is its house's: he plays on as a
    plain player, as after the Alte's death; the vote and the pack's attack are no role's
    ability). At the role's stage; both are told."""

    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is None:
            return
        target = game.player(command.target)
        if target.alive and target.name not in game.state.powerless:
            game.state.powerless.append(target.name)
        tell(game, target, say("abilities_taken.told", by=player.role))
        tell(game, player, say("abilities_taken.done", name=target.name, by=player.role))
