"""Attacks a role makes on its own, sent privately (`params.word`) and made at its stage –
"Angriffe können von den Werwölfen, vom Blutrünstigen Wolf, vom Großen Bösen Wolf, vom
Mörder und vom Einsamen Wolf ausgehen!" The attack's cause is the role; protections and
heals apply as to any attack.

Der Blutrünstige Wolf: "In einer Nacht kann der Blutrünstige Wolf gegenüber der Spielleitung
einen weiteren Dorfbewohner bestimmen, den er angreift und frisst". Der Große Böse Wolf:
"In einer Nacht bestimmt der Große Böse Wolf … einen weiteren Dorfbewohner, den er angreift
und frisst … Dies gilt nur, solange noch alle Werwölfe leben." (not "(Einmalig)": every
night) – `outside_pack`, `while_all_live`.
Der Mörder: "In der Nacht bestimmt der Mörder gegenüber der Spielleitung einen Dorfbewohner,
den er angreift und ermordet (!Ermorden …)."
Der Einsame Wolf: "In der Nacht bestimmt der Einsame Wolf … einen anderen Dorfbewohner, den
angreift und frisst … Wenn dieser Dorfbewohner ein Werwolf ist, so schlägt der Angriff
fehl." – `fails_on_werwolf`.
Der Weiße Wolf: "In der Nacht kann der Weiße Wolf gegenüber der Spielleitung bestimmen, einen
anderen Werwolf zu fressen (!Fressen [Spielername]). Wenn der Weiße Wolf in einer Nacht einen
anderen Werwolf frisst, so kann er in der darauffolgenden Nacht keinen anderen Werwolf
fressen." – `werwolves_only`: another name has no effect (a refusal would tell him who is no
Werwolf, reading 62); after a night he ate one he is refused the next.
Düsterwald's Weiße Werwolf: "Zusätzlich wacht er aber jede zweite Runde erneut gesondert auf
und kann, wenn er möchte, einen der anderen Werwölfe töten" – `every_second_night`: in the
even nights only (the second, the fourth, …).
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action
from wolfbot.engine.roles.pack import valid_targets
from wolfbot.engine.state import Attack, PlayerState
from wolfbot.engine.text import say

_ATE_A_WEREWOLF = "ate_a_werwolf"  # the night number


def _a_werwolf_died(game: GamePort) -> bool:
    return any(not p.alive and game.role_facts(p).is_werwolf for p in game.state.players)


class OwnAttack(Behaviour):
    parameters = {
        "word": str,
        "outside_pack": bool | None,
        "while_all_live": bool | None,
        "fails_on_werwolf": bool | None,
        "werwolves_only": bool | None,
        "every_second_night": bool | None,
    }

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        params = game.role_facts(player).params
        if command.word != params["word"] or command.channel != "private":
            return  # a vote of the pack in the Wolfshöhle
        if params.get("outside_pack") and command.target not in valid_targets(game):
            raise IllegalCommand(say("attack.own_pack", name=command.target))
        if params.get("while_all_live") and _a_werwolf_died(game):
            raise IllegalCommand(say("own_attack.a_werwolf_died", role=player.role))
        if params.get("every_second_night") and game.state.phase.number % 2:
            raise IllegalCommand(say("own_attack.rests", role=player.role))
        if params.get("werwolves_only"):
            if player.memory.get(_ATE_A_WEREWOLF) == game.state.phase.number - 1:
                raise IllegalCommand(say("own_attack.rests", role=player.role))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        command = action(game, player, params["word"])
        if command is None or command.channel != "private":
            return
        game.consume(player, params["word"])
        target = game.player(command.target)
        werwolf = game.role_facts(target).is_werwolf
        cause = game.role_facts(player).name
        if params.get("werwolves_only") and not werwolf:
            return
        if params.get("fails_on_werwolf") and werwolf:
            game.state.night.attacks.append(
                Attack(
                    target.name,
                    cause,
                    stage,
                    (player.name,),
                    status="failed",
                    reason=say("failed.on_werwolf", role=player.role),
                    original_target=target.name,
                )
            )
            return
        game.attack(target.name, cause, (player.name,), stage)
        if params.get("werwolves_only"):
            player.memory[_ATE_A_WEREWOLF] = game.state.phase.number
