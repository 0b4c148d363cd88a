"""Die Unruhestifterin: "In der Nacht bestimmt die Unruhestifterin gegenüber der Spielleitung
einen Dorfbewohner, mit dem sie die Rolle tauscht (!Tauschen [Spielername]). Die
Unruhestifterin spielt fortan die Rolle und für die Fraktion dieses Dorfbewohners. Der
Dorfbewohner spielt fortan die Unruhestifterin und wird eine Zweideutige. Die Unruhestifterin
übernimmt die Rolle in der Gestalt, in der die Rolle im Zeitpunkt der Übernahme war. Die
Spielleitung teilt der Unruhestifterin nicht mit, wer vor ihr die Unruhestifterin war. Die
Spielleitung teilt der Unruhestifterin keine Informationen mit, die der Dorfbewohner, dessen
Rolle die Unruhestifterin übernommen hat, vorher durch diese Rolle erlangt hat. Wenn die
Unruhestifterin die Rolle mit einem Werwolf tauschen will, so wird sie stattdessen gefressen
und der Werwolf verbleibt ein Werwolf." – the swap is `changes.swap_roles`; the new
Unruhestifterin is told his role, not who gave it (reading 64)."""

from __future__ import annotations

from wolfbot.engine.names import PACK_CAUSE
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell, used
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Unruhestifterin(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is None:
            return
        other = game.player(command.target)
        if game.role_facts(other).is_werwolf:
            tell(game, player, say("unruhestifterin.werwolf", name=other.name))
            game.kill_tonight(player.name, PACK_CAUSE, (other.name,), stage)
            return
        game.swap_roles(player, other)
        tell(game, player, say("unruhestifterin.took", name=other.name, role=player.role))
        tell(game, other, say("unruhestifterin.given", role=other.role))
