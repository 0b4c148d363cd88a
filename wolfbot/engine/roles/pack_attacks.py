"""Werwölfe whose own abilities add to, end or replace the pack's attack. They act after the
pack ("Die Werwölfe; Der Urwolf; Der Hungrige Wolf; Der Blutrünstige Wolf; Der Große Böse
Wolf").

The further victims of the Blutrünstige and the Große Böse Wolf are attacks of their own
(`roles.own_attacks`).
Der Hungrige Wolf: "… dass er den Dorfbewohner, den die Werwölfe in dieser Nacht angreifen,
sofort vollständig auffrisst (!Auffressen). Dieser Dorfbewohner verstirbt sofort und selbst
dann, wenn der Angriff der Werwölfe ansonsten fehlschlagen würde oder der Dorfbewohner in
dieser Nacht auf andere Art und Weise vor seinem Tod bewahrt werden könnte." – `Devour`.
Der Urwolf: "In einer Nacht kann der Urwolf … bestimmen, einen anderen Dorfbewohner, der kein
Werwolf ist, zu beißen (!Beißen [Spielername]). Der gebissene Dorfbewohner verwandelt sich in
einen (gewöhnlichen) Werwolf und spielt fortan für das Rudel. Die Spielleitung fügt diesen
(gewöhnlichen) Werwolf der Konversation der Werwölfe hinzu. Wenn der Urwolf in einer Nacht
einen Dorfbewohner beißt, so schlägt der Angriff der Werwölfe in dieser Nacht fehl. Wenn der
Urwolf den Mörder, den Brandstifter oder den Flötenspieler beißt, so verwandelt sich dieser
nicht in einen (gewöhnlichen) Werwolf." – `Bite`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.changes import become
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import CommandRejected
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import action, tell, used
from wolfbot.engine.roles.pack import PACK_CAUSE
from wolfbot.engine.state import Attack, PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def pack_attacks(game: Game) -> list[Attack]:
    """The attacks of the pack this night (its victim, and who is eaten with its meal)."""
    return [a for a in game.state.night.attacks if a.cause == PACK_CAUSE]


class Devour(Behaviour):
    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        word = game.spec(player).params["word"]
        command = action(game, player, word)
        if command is None:
            return
        meal = next((a for a in pack_attacks(game) if a.kind == "direct"), None)
        if meal is None:
            reason = say("devour.no_attack")
            game.emit(CommandRejected(player.name, "private", command.text(), reason))
            return
        game.consume(player, word)
        meal.status, meal.reason = "devoured", say("failed.devoured", role=player.role)
        victim = meal.original_target or meal.target
        game.kill([(victim, PACK_CAUSE)], delayable=False)


class Bite(Behaviour):
    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        """A Werwolf of the pack is refused; one the Urwolf does not know (the Schlafende
        Wolf) is bitten in vain – a refusal would tell him who he is (reading 58)."""
        word = game.spec(player).params["word"]
        if command.word == word and game.spec(game.player(command.target)).pack:
            raise IllegalCommand(say("bite.werwolf", name=command.target))

    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        params = game.spec(player).params
        command = used(game, player)
        if command is None:
            return
        for meal in pack_attacks(game):
            if meal.status == "hit":
                meal.status, meal.reason = "failed", say("failed.bitten", role=player.role)
        bitten = game.player(command.target)
        spec = game.spec(bitten)
        if not bitten.alive or spec.is_werwolf or bitten.role in params.get("not_turned", ()):
            return
        become(game, bitten, params["turns_into"])
        tell(game, bitten, say("bite.turned", role=bitten.role))
