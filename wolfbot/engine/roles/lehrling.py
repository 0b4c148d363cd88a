"""Der Lehrling: "In der Nacht vor der Bürgermeisterwahl bestimmt der Lehrling gegenüber der
Spielleitung einen Dorfbewohner, der sein Meister wird (!Meister [Spielername]). Wenn der
Meister verstirbt, so übernimmt der Lehrling die Rolle des Meisters. Der Lehrling übernimmt
die Rolle in derselben Gestalt, wie die Rolle zu Beginn der Runde war. Wenn der Meister des
Lehrlings ein Werwolf war, so wird der Lehrling stattdesen gefressen." """

from __future__ import annotations

from wolfbot.engine.names import PACK_CAUSE
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import follow, follows, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Lehrling(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        follow(game, player)

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if not follows(player, dead):
            return
        role = dead.original_role
        if game.rules.roles[role].is_werwolf:  # "so wird der Lehrling stattdesen gefressen"
            tell(game, player, say("lehrling.master_was_wolf", master=dead.name))
            game.kill([(player.name, PACK_CAUSE)])
            return
        game.become(player, role)  # with that role's own faction
        tell(game, player, say("lehrling.took_over", master=dead.name, role=role))
