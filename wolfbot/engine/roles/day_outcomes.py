"""Roles that change how a day ends, or what a death takes from the Dorf.

Der Sündenbock: "Wenn am Ende des Tages mehrere Dorfbewohner dieselbe Anzahl an den meisten
Gegenstimmen auf sich vereinigen, so wird anstatt eines dieser Dorfbewohner und ungeachtet
des Bürgermeisters der Sündenbock gelyncht." – `Suendenbock.takes_tie`, read by the tie rule
`scapegoat` (first in the procedures' `tie` lists). Düsterwald's (`params.chooses_voters`,
the word): "Allerdings bleibt ihm ein Vorrecht: Er darf entscheiden, wer am nächsten Tag
abstimmen darf" – dead by a tie, he may name in the following night the players who vote
the next day (a command of the dead, once); only they may vote then (`DayEffect` "voters").

Der Dorfdepp: "Wenn der Dorfdepp gelyncht werden würde, so erkennen die Dorfbewohner in
letzter Sekunde, dass sie den Dorfdeppen lynchen wollen. An diesem Tag wird kein
Dorfbewohner gelyncht. Die Spielleitung gibt am Abend die Rolle und die Identität des
Dorfdeppen bekannt. Der Dorfdepp kann fortan keinen Dorfbewohner mehr lynchen. Wenn der
Dorfälteste verstorben ist, so erkennen die Dorfbewohner nicht in letzter Sekunde, dass sie
den Dorfdeppen lynchen wollen." Der Vergessene Prinz: "Wenn der Vergessene Prinz gelyncht
werden würde, so gibt er sich den Dorfbewohner in letzter Sekunde zu erkennen, An diesem Tag
wird kein Dorfbewohner gelyncht. Die Spielleitung gibt am Abend die Identität des Vergessenen
Prinzen bekannt. Danach verliert der Vergessene Prinz seine Fähigkeit." – both `Spared`
(`params`: `once`, `loses_vote`, `unless_dead` – a role whose death ends the sparing).

Der Dorfälteste: "Der erste Angriff der Werwölfe auf den Dorfältesten schlägt fehl. Wenn der
Dorfälteste verstirbt, so verlieren alle Dorfbewohner, die für das Dorf spielen, ihre
Fähigkeiten." – `Dorfaeltester`: the living who play for the Dorf then (`victory.side`: a
lover of a mixed couple plays for the Liebespaar) are `powerless`
(plain players: no role commands, no role hooks); votes and offices are no Fähigkeit.
`params.causes`: only a death of these causes does it (Düsterwald's Der Alte: "Wird er aber
vom Dorfgericht zum Opfer bestimmt, durch die Hexe oder den Jäger umgebracht, verliert das
Dorf seine Weisheit und alle Sonderrollen werden zu einfachen Dorfbewohnern").
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.events import LynchDecided
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import died_of, tell
from wolfbot.engine.state import Attack, DayEffect, PlayerState
from wolfbot.engine.text import Text, say

_SPARED = "spared"
_ATTACKED = "attacked"
_CHOOSES = "chooses_voters_of_day"


class Suendenbock(Behaviour):
    acts_at_once = True  # his choice of the voters holds when it is accepted
    parameters = {"chooses_voters": str | None}

    def takes_tie(self, game: GamePort, player: PlayerState) -> bool:
        return player.alive

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        word = game.role_facts(player).params.get("chooses_voters")
        if word and cause == game.rules.day.cause and _scapegoat(game, player):
            player.memory[_CHOOSES] = game.state.phase.number + 1
            tell(game, player, say("suendenbock.may_choose", word=game.rules.shown_word(word)))
        return []

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        if word != game.role_facts(player).params.get("chooses_voters"):
            return None
        if player.memory.get(_CHOOSES) != game.state.phase.number:  # the night before it
            return say("suendenbock.not_now")
        return None

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        voters = tuple(command.targets)
        player.memory.pop(_CHOOSES, None)
        said = say("suendenbock.voters", names=voters)
        for index, voter in enumerate(voters):
            effect = DayEffect("voters", player.name, voter, announce=None if index else said)
            game.state.next_day.append(effect)
        tell(game, player, say("suendenbock.chosen", names=voters))


def _scapegoat(game: GamePort, player: PlayerState) -> bool:
    """Whether the day's tie took him ("trifft es sofort den Sündenbock")."""
    for event in reversed(game.state.log):
        if isinstance(event, LynchDecided) and event.player == player.name:
            return event.decided_by == "Sündenbock"
    return False


class Spared(Behaviour):
    parameters = {"loses_vote": bool | None, "once": bool | None, "unless_dead": str | None}

    def spared(self, game: GamePort, player: PlayerState) -> Text | None:
        params = game.role_facts(player).params
        if params.get("once") and player.memory.get(_SPARED):
            return None
        ends = params.get("unless_dead")
        if ends and any(p.role == ends and not p.alive for p in game.state.players):
            return None
        player.memory[_SPARED] = True
        if params.get("loses_vote"):
            return say("dorfdepp.spared", name=player.name)
        return say("prinz.spared", name=player.name)

    def may_lynch(self, game: GamePort, player: PlayerState) -> bool:
        params = game.role_facts(player).params
        return not (params.get("loses_vote") and player.memory.get(_SPARED))


class Dorfaeltester(Behaviour):
    parameters = {"causes": list[str] | None}

    def defend(self, game: GamePort, player: PlayerState, attack: Attack, step: str) -> None:
        if step != "immunity" or attack.cause != "Werwolf" or player.memory.get(_ATTACKED):
            return
        player.memory[_ATTACKED] = True
        attack.status, attack.reason = "failed", say("failed.first_attack")

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if not died_of(game, player, cause):
            return []  # Düsterwald's Alte: only "vom Dorfgericht …, durch die Hexe oder den Jäger"
        village = game.role_facts(player).faction  # "alle Dorfbewohner, die für das Dorf spielen"
        powerless = game.state.powerless
        powerless += [
            p.name for p in game.living() if game.side(p) == village and p.name not in powerless
        ]
        return []
