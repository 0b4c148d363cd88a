"""Die Hexe: Heiltrank and Gifttrank, each once.

"In der Nacht teilt die Spielleitung der Hexe mit, welche Dorfbewohner in dieser Nacht
erfolgreich angegriffen worden sind. Die Hexe kann nun ihren Heiltrank verbrauchen, um einen
dieser Dorfbewohner zu heilen ... und ... ihren Gifttrank verbrauchen, um einen anderen
Dorfbewohner zu vergiften." – "Wenn die Hexe ihren Heiltrank verbraucht hat, so teilt die
Spielleitung der Hexe nicht mehr mit, welche Dorfbewohner ... angegriffen worden sind."
Self-poisoning and using a potion twice are refused by the data (`self: false`, `uses: 1`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import night
from wolfbot.engine.events import CommandRejected, PrivateInfo
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game

HEAL = "Heiltrank"
POISON = "Gifttrank"


class Hexe(Behaviour):
    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        actions = game.state.night.actions.get(player.name, {})
        if player.uses.get(HEAL, 0) == 0:
            self._heal(game, player, actions.get(HEAL))
        poison = actions.get(POISON)
        if poison is not None:
            game.consume(player, POISON)
            night.kill(game, poison.target, player.role, (player.name,), stage)
            game.emit(PrivateInfo((player.name,), "private", f"Du vergiftest {poison.target}."))

    def _heal(self, game: Game, player: PlayerState, command) -> None:
        attacked = night.successfully_attacked(game)
        told = ", ".join(attacked) if attacked else "niemand"
        game.emit(
            PrivateInfo(
                (player.name,), "private", f"In dieser Nacht erfolgreich angegriffen: {told}."
            )
        )
        if command is None:
            return
        if command.target not in attacked:
            reason = (
                f"{command.target} wurde in dieser Nacht nicht erfolgreich angegriffen; "
                "dein Heiltrank bleibt unverbraucht."
            )
            game.emit(CommandRejected(player.name, "private", command.text(), reason))
            return
        night.heal(game, command.target)
        game.consume(player, HEAL)
        game.emit(PrivateInfo((player.name,), "private", f"Du heilst {command.target}."))
