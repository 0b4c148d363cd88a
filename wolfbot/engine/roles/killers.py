"""Der Attentäter: "In einer Nacht kann der Attentäter gegenüber der Spielleitung bestimmen,
ein Attentat auf einen Dorfbewohner zu verüben (!Attentat [Spielername]). Der Attentäter
kann kein Attentat auf sich selbst verüben. Der Attentäter kann das Attentat auch in einer
Nacht verüben, in der er angegriffen wird." (once and not on himself: the role's data)
Die Böse Hexe: "In der Nacht kann die Böse Hexe gegenüber der Spielleitung bestimmen, ihren
Gifttrank verbrauchen, um einen anderen Dorfbewohner zu vergiften (!Gifttrank
[Spielername]). Die Böse Hexe kann ihren Gifttrank nur einmal verbrauchen." – the same kill
that no heal undoes, with her word (`params.word`)."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import used
from wolfbot.engine.state import PlayerState


class Assassin(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            game.kill_tonight(command.target, game.role_facts(player).name, (player.name,), stage)
