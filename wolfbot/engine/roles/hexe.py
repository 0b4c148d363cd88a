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
from wolfbot.engine.changes import revive
from wolfbot.engine.commands import Command
from wolfbot.engine.deaths import LIEBESKUMMER
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import (
    action,
    offer_heal,
    refuse_keeping,
    tell,
    told_then_choose,
)
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


class Heks(Potions):
    """De heks of the Weerwolven: "een levenselixer, waarmee een dode speler tot leven
    geroepen kan worden; een vergif, waarmee een speler 's nachts vermoord kan worden." –
    "De heks krijgt elke nacht de kans om haar drankjes te gebruiken de spelleider zal
    aangeven wie vermoord wordt": told the pack's victim every night she has a potion left;
    her elixer saves that victim – or, `params.revives`, brings a player who died earlier
    back to life (not one excluded from the round). `params.apart`: "Zij mag de toverdranken
    niet aan dezelfde speler geven." A revived lover whose partner is dead dies of grief
    again ("sterft de ander direct uit liefdesverdriet")."""

    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        params = game.spec(player).params
        other = {HEAL: POISON, POISON: HEAL}.get(command.word)
        given = action(game, player, other) if other else None
        if params.get("apart") and given is not None and given.target in command.targets:
            raise IllegalCommand(say("heks.apart", name=given.target))
        target = game.player(command.target) if command.word == HEAL else None
        if (
            target is not None
            and not target.alive
            and target.name not in self._revivable(game, player)
        ):
            raise IllegalCommand(say("heks.not_revivable", name=target.name))

    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        heal, poison = self.has(game, player, HEAL), self.has(game, player, POISON)
        if not heal and not poison:
            return
        attacked = night.pack_victims(game)
        info = say("heal.attacked_tonight", names=attacked)
        venom = action(game, player, POISON) if poison else None
        if not heal:
            told_then_choose(game, player, POISON, [], info, stage)
        else:  # asked (`split_night`), she acts again when she answers: the poison is spent
            apart = venom.target if venom and game.spec(player).params.get("apart") else None
            options = [n for n in (*attacked, *self._revivable(game, player)) if n != apart]
            elixer = told_then_choose(game, player, HEAL, options, info, stage)
            if elixer is not None:
                self._elixer(game, player, elixer, attacked, stage)
        if venom is not None:
            game.consume(player, POISON)
            night.kill(game, venom.target, player.role, (player.name,), stage)
            tell(game, player, say("hexe.poisoned", name=venom.target))

    def _revivable(self, game: Game, player: PlayerState) -> list[str]:
        if not game.spec(player).params.get("revives"):
            return []
        return [p.name for p in game.state.players if not p.alive and not p.excluded]

    def _elixer(
        self, game: Game, player: PlayerState, elixer: Command, attacked: list[str], stage: int
    ) -> None:
        target = game.player(elixer.target)
        if not target.alive and (target.name not in self._revivable(game, player)):
            # dead since she sent it, and not one the elixer brings back (excluded)
            refuse_keeping(game, player, elixer, say("heks.not_revivable", name=target.name))
        elif not target.alive:
            game.consume(player, HEAL)
            revive(game, target, player.role)
            tell(game, player, say("heks.revived", name=target.name))
            partner = game.lover_of(target.name)
            if partner is not None and not game.player(partner).alive:
                night.kill(game, target.name, LIEBESKUMMER, (partner,), stage)
        elif target.name in attacked:
            night.heal(game, target.name)
            game.consume(player, HEAL)
            tell(game, player, say("heal.done", name=target.name))
        else:
            refuse_keeping(game, player, elixer, say("heal.not_attacked", name=target.name))
