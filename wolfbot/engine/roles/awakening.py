"""Players of the Rudel who become (gewöhnliche) Werwölfe when Werwölfe die.

Der Junge Wolf: "Der Junge Wolf kann die Konversation der Werwölfe nutzen, aber bestimmt
nicht gemeinsam mit den anderen Werwölfen einen Dorfbewohner, den die Werwölfe angreifen und
fressen. Wenn der erste Werwolf verstirbt, so verwandelt sich der Junge Wolf in einen
(gewöhnlichen) Werwolf." (in the pack with `pack_words: [Alpha]`)
Der Schlafende Wolf: "Die Spielleitung fügt den Schlafenden Wolf nicht der Konversation der
Werwölfe hinzu. Die Spielleitung teilt dem Schlafenden Wolf nicht die Identitäten der anderen
Werwölfe und den anderen Werwölfe nicht die Identität des Schlafenden Wolfes mit. Wenn der
erste Werwolf verstirbt, so verwandelt sich der Schlafende Wolf in einen (gewöhnlichen)
Werwolf." – both `FirstDeathAwakens`; the new Werwolf joins the Wolfshöhle.
Der Auserwählte: "Wenn alle Werwölfe tot sind, so verwandelt sich der Auserwählte in einen
(gewöhnlichen) Werwolf. Die Spielleitung fügt diesen (gewöhnlichen) Werwolf der Konversation
der Werwölfe hinzu." – `LastDeathAwakens`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.changes import WOLVES, change_role, enter
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def _turn(game: Game, player: PlayerState, every: bool) -> None:
    change_role(game, player, game.spec(player).params["turns_into"])
    enter(game, WOLVES, [player.name])
    tell(game, player, say("awakening.turned", role=player.role, every=every))


class FirstDeathAwakens(Behaviour):
    def witness_death(self, game: Game, player: PlayerState, dead: PlayerState) -> None:
        if player.alive and dead is not player and game.spec(dead).is_werwolf:
            _turn(game, player, every=False)


class LastDeathAwakens(Behaviour):
    def witness_death(self, game: Game, player: PlayerState, dead: PlayerState) -> None:
        if not player.alive or not game.spec(dead).is_werwolf:
            return
        if not any(game.spec(p).is_werwolf for p in game.living()):
            _turn(game, player, every=True)
