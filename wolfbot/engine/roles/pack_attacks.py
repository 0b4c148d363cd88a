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

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import CommandRejected
from wolfbot.engine.names import PACK_CAUSE
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, tell, used
from wolfbot.engine.state import Attack, PlayerState
from wolfbot.engine.text import say


def pack_attacks(game: GamePort) -> list[Attack]:
    """The attacks of the pack this night (its victim, and who is eaten with its meal)."""
    return [a for a in game.state.night.attacks if a.cause == PACK_CAUSE]


class Devour(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = game.role_facts(player).params["word"]
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
    """A bite that turns the bitten into `params.turns_into` – unless his role's
    `params.bitten` says otherwise for this biter's role: `eaten` (the Sektenführer bitten by
    the Urwolf: "wird stattdessen gefressen" – attacked by the pack) or `kills_biter` (the
    Vampirjäger bitten by the Vampir: "Stattdessen verstirbt der Vampir"). The Urwolf's bite
    also makes the pack's attack fail (`params.fails_pack_attack`)."""

    parameters = {
        "word": str,
        "turns_into": str,
        "fails_pack_attack": bool | None,
        "not_turned": list[str] | None,
    }

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """A Werwolf of the pack is refused; one the Urwolf does not know (the Schlafende
        Wolf) is bitten in vain – a refusal would tell him who he is (reading 58). One who
        already is what the bite makes is refused too."""
        params = game.role_facts(player).params
        if command.word != params["word"]:
            return
        target = game.player(command.target)
        if game.role_facts(player).pack and game.role_facts(target).pack:
            raise IllegalCommand(say("bite.werwolf", name=command.target))
        if target.role == params["turns_into"]:
            raise IllegalCommand(say("bite.already", name=command.target, role=target.role))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        command = used(game, player)
        if command is None:
            return
        if params.get("fails_pack_attack"):
            for meal in pack_attacks(game):
                if meal.status == "hit":
                    meal.status, meal.reason = "failed", say("failed.bitten", role=player.role)
        bitten = game.player(command.target)
        if not bitten.alive:
            return
        role = game.role_facts(bitten)
        reaction = role.params.get("bitten", {}).get(player.role)
        if reaction == "eaten":
            game.attack(bitten.name, PACK_CAUSE, (player.name,), stage)
        elif reaction == "kills_biter":
            game.kill_tonight(player.name, bitten.role, (bitten.name,), stage)
        elif not role.is_werwolf and bitten.role not in params.get("not_turned", ()):
            game.become(bitten, params["turns_into"])
            faction = game.faction(bitten)
            turned = say("bite.turned", by=player.role, role=bitten.role, faction=faction)
            tell(game, bitten, turned)
