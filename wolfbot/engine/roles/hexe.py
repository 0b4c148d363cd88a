"""Die Hexe: Heiltrank and Gifttrank, each once.

"In der Nacht teilt die Spielleitung der Hexe mit, welche Dorfbewohner in dieser Nacht
erfolgreich angegriffen worden sind. Die Hexe kann nun ihren Heiltrank verbrauchen, um einen
dieser Dorfbewohner zu heilen ... und ... ihren Gifttrank verbrauchen, um einen anderen
Dorfbewohner zu vergiften." – "Wenn die Hexe ihren Heiltrank verbraucht hat, so teilt die
Spielleitung der Hexe nicht mehr mit, welche Dorfbewohner ... angegriffen worden sind."
Self-poisoning and using a potion twice are refused by the data (`self: false`, `uses: 1`).
The Alchemist uses the same behaviour: he has only the potion he made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import night
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import action, offer_heal, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game

HEAL = "Heiltrank"
POISON = "Gifttrank"


class Potions(Behaviour):
    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        if self.has(game, player, HEAL):
            offer_heal(game, player, HEAL, stage)
        poison = action(game, player, POISON)
        if poison is not None and self.has(game, player, POISON):
            game.consume(player, POISON)
            night.kill(game, poison.target, player.role, (player.name,), stage)
            tell(game, player, say("hexe.poisoned", name=poison.target))

    def has(self, game: Game, player: PlayerState, potion: str) -> bool:
        return player.uses.get(potion, 0) == 0


class Alchemist(Potions):
    """Der Alchemist: "In der Nacht vor der Bürgermeisterwahl bestimmt der Alchemist ..., ob er
    entweder einen Heiltrank (!Herstellen Heiltrank) oder einen Gifttrank (!Herstellen
    Gifttrank) herstellen will." He has only the potion he made, from the next night on."""

    def allows(self, game: Game, player: PlayerState, word: str) -> Text | None:
        if word in (HEAL, POISON) and player.memory.get("potion") != word:
            return say("alchemist.no_potion", potion=word)
        return None

    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        made = action(game, player, "Herstellen")
        if made is not None and "potion" not in player.memory:
            game.consume(player, "Herstellen")
            player.memory["potion"] = made.choice
            tell(game, player, say("alchemist.made", potion=made.choice))
            return
        super().act(game, player, stage)

    def has(self, game: Game, player: PlayerState, potion: str) -> bool:
        return player.memory.get("potion") == potion and super().has(game, player, potion)
