"""Das Wilde Kind and Das Verrückte Kind: they follow a model and become another role when
it dies."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import follow, follows, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Model(Behaviour):
    """Das Wilde Kind / Das Verrückte Kind: "In der Nacht vor der Bürgermeisterwahl bestimmt
    das Wilde Kind einen anderen Dorfbewohner zu seinem Vorbild (!Vorbild [Spielername]). Wenn
    das Vorbild verstirbt, so verwandelt sich das Wilde Kind in einen (gewöhnlichen) Werwolf
    und spielt fortan für das Rudel." – "… so wird das Verrückte Kind zum Mörder und ist
    fortan ein Einzelgänger." (`params.becomes`; a Werwolf joins the Wolfshöhle)"""

    parameters = {"word": str, "becomes": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        follow(game, player)

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if not follows(player, dead):
            return
        game.become(player, game.role_facts(player).params["becomes"])
        tell(game, player, say("model.died", model=dead.name, role=player.role))
