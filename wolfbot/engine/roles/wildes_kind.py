"""Das Wilde Kind and Das Verrückte Kind: they follow a model and become another role when
it dies."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell, used
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

# whom he follows (`PlayerState.memory`)
_MASTER = "master"


class Model(Behaviour):
    """Das Wilde Kind / Das Verrückte Kind: "In der Nacht vor der Bürgermeisterwahl bestimmt
    das Wilde Kind einen anderen Dorfbewohner zu seinem Vorbild (!Vorbild [Spielername]). Wenn
    das Vorbild verstirbt, so verwandelt sich das Wilde Kind in einen (gewöhnlichen) Werwolf
    und spielt fortan für das Rudel." – "… so wird das Verrückte Kind zum Mörder und ist
    fortan ein Einzelgänger." (`params.becomes`; a Werwolf joins the Wolfshöhle)"""

    parameters = {"word": str, "becomes": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            player.memory[_MASTER] = command.target

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if not player.alive or player.memory.get(_MASTER) != dead.name:
            return
        game.become(player, game.role_facts(player).params["becomes"])
        tell(game, player, say("model.died", model=dead.name, role=player.role))
