"""Der Einsiedler: he chooses the role he plays from those his role offers."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell, used
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Hermit(Behaviour):
    """Der Einsiedler: "In der Nacht vor der Bürgermeisterwahl bestimmt der Einsiedler
    gegenüber der Spielleitung, dass er fortan als der Narr, der Engel, der Mörder, … oder
    der Einsame Wolf spielt (!Spielen [Rollenname])." (`params.roles`; without a choice he
    stays a Zweideutiger, who cannot win)"""

    parameters = {"word": str, "roles": list[str]}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word == game.role_facts(player).params["word"]:
            offered = _offered(game, player)
            if not command.roles or game.rules.role(command.roles[0]).name not in offered:
                raise IllegalCommand(say("hermit.not_offered", roles=offered))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            game.become(player, command.roles[0])
            tell(game, player, say("hermit.plays", role=player.role))


def _offered(game: GamePort, player: PlayerState) -> list[str]:
    """The roles of `params.roles` this ruleset has."""
    return [name for name in game.role_facts(player).params["roles"] if name in game.rules.roles]
