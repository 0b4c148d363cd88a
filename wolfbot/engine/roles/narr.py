"""Der Narr: "Der Narr gewinnt, wenn er gelyncht wird, bevor das Dorf gewinnt." – "Wenn der
Narr gewinnt, kann die Runde dennoch fortgesetzt werden!" – "Wenn ein Einzelgänger verliebt
ist, so kann er nur noch gewinnen, wenn das Liebespaar gewinnt.\""""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.events import LoneWinner
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


class Narr(Behaviour):
    def on_death(self, game: Game, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if cause == "Lynch" and game.lover_of(player.name) is None:
            game.state.lone_winners.append((player.name, player.role))
            game.emit(LoneWinner(player.name, player.role))
        return []
