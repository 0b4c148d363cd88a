"""Der Ketzer (Archiv): "In der Nacht vor der Bürgermeisterwahl teilt die Spielleitung dem
Ketzer die Rollen aller Dorfbewohner mit. Außerdem teilt die Spielleitung dem Ketzer mit,
welche beiden Dorfbewohner von Amor verliebt worden sind. Wenn sich die Rolle eines
Dorfbewohners ändert, so teilt die Spielleitung dies dem Ketzer mit." – the roles at the
start, the lovers once Amor has chosen them (the Morgen after), every change at once, dead
or alive (he wins as an Einzelgänger "wenn alle anderen Spieler verstorben sind")."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Ketzer(Behaviour):
    def setup(self, game: GamePort, player: PlayerState) -> None:
        found = [(p.name, p.role) for p in game.state.players if p is not player]
        tell(game, player, say("ketzer.roles", found=found))

    def morning(self, game: GamePort, player: PlayerState) -> None:
        lovers = game.state.lovers
        if lovers and not player.memory.get("told_lovers"):
            player.memory["told_lovers"] = True
            tell(game, player, say("ketzer.lovers", names=lovers))

    def witness_role_change(
        self, game: GamePort, player: PlayerState, changed: PlayerState
    ) -> None:
        if player.alive:
            tell(game, player, say("ketzer.changed", name=changed.name, role=changed.role))
