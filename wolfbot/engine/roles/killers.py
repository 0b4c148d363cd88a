"""Der Attentäter: "In einer Nacht kann der Attentäter gegenüber der Spielleitung bestimmen,
ein Attentat auf einen Dorfbewohner zu verüben (!Attentat [Spielername]). Der Attentäter
kann kein Attentat auf sich selbst verüben. Der Attentäter kann das Attentat auch in einer
Nacht verüben, in der er angegriffen wird." (once and not on himself: the role's data)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import night
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import action
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


class Assassin(Behaviour):
    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        command = action(game, player, "Attentat")
        if command is not None:
            game.consume(player, "Attentat")
            night.kill(game, command.target, player.role, (player.name,), stage)
