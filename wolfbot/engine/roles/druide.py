"""Der Druide: "In einer Nacht kann der Druide ... drei Dorfbewohner bestimmen, die er opfert
(!Opfern [Spielername] [Spielername] [Spielername]). In dieser Nacht können nur diese drei
Dorfbewohner angreifen. Alle Angriffe auf andere als diese drei Dorfbewohner schlagen in
dieser Nacht fehl. Die Spielleitung teilt den niemanden mit, ob und welche Dorfbewohner der
Druide geopfert hat." – read as: only these three can be attacked (the second sentence)."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import used
from wolfbot.engine.state import Attack, Modifier, PlayerState
from wolfbot.engine.text import say


class Druide(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            sacrificed = list(command.targets)
            game.place(Modifier("protection", player.name, None, {"only": sacrificed}))

    def modify_attack(self, game: GamePort, attack: Attack, modifier: Modifier) -> None:
        if attack.target not in modifier.data["only"]:
            attack.status, attack.reason = "failed", say("failed.sacrificed_others")
