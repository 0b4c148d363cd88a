"""Die Hexe: Heiltrank and Gifttrank, each once.

"In der Nacht teilt die Spielleitung der Hexe mit, welche Dorfbewohner in dieser Nacht
erfolgreich angegriffen worden sind. Die Hexe kann nun ihren Heiltrank verbrauchen, um einen
dieser Dorfbewohner zu heilen ... und ... ihren Gifttrank verbrauchen, um einen anderen
Dorfbewohner zu vergiften." – "Die Hexe kann beide Tränke auch in derselben Nacht
verbrauchen." – "Wenn die Hexe ihren Heiltrank verbraucht hat, so teilt die Spielleitung der
Hexe nicht mehr mit, welche Dorfbewohner ... angegriffen worden sind."

At her stage she is told – while she has the Heiltrank, or every night she has a potion
(`params.every_night`: Klassisch "Die Hexe erwacht immer", the Weerwolven "elke nacht") –
and what she sent for the night counts. With the house rule `split_night` (the live bot) she
is asked instead, once told: one question offering every potion she still has, answered by
one post that may hold both; a !Heiltrank sent before she was told, for one who is then not
attacked, is refused then (the potion stays) and does not cost her the question.
Self-poisoning and using a potion twice are refused by the data (`self: false`, `uses: 1`).
The Alchemist uses the same behaviour: he has only the potion he made.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.names import LIEBESKUMMER
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import (
    action,
    ask_after_info,
    may_name,
    own_word,
    refuse_before_asking,
    refuse_keeping,
    tell,
)
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say

TOLD = "potions"  # her mark in `NightState.offered`: told (and asked) this night


def potions(game: GamePort, player: PlayerState) -> tuple[str, str]:
    """Her two words, the Heiltrank's and the Gifttrank's (`params.heal_word`,
    `params.poison_word`)."""
    return own_word(game, player, "heal_word"), own_word(game, player, "poison_word")


class Potions(Behaviour):
    """Die Hexe's potions (and the Alchemist's, the Heks's): see the module."""

    parameters = {
        "heal_word": str,
        "poison_word": str,
        "heals": str | None,
        "every_night": bool | None,
    }

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        """Her turn – and, asked, her answer: the commands of the night judged, then (the
        first time) what she is told, or the question that tells it."""
        marks = game.state.night.offered
        first = f"{player.name}/{TOLD}" not in marks
        marks.add(f"{player.name}/{TOLD}")
        told = first and self.told(game, player)
        attacked = self.attacked_tonight(game, player)
        info = say("heal.attacked_tonight", names=attacked)
        asking = told and bool(game.option("split_night"))
        if told and not asking:
            tell(game, player, info)
        heal, poison = both = potions(game, player)
        for word in both:
            command = action(game, player, word) if self.has(game, player, word) else None
            if command is not None:
                self.use(game, player, command, attacked, stage, asking)
        if asking:
            left = [w for w in both if self.has(game, player, w) and not action(game, player, w)]
            offers = {word: self.options(game, player, word, attacked) for word in left}
            healable, victims = offers.get(heal, []), offers.get(poison, [])
            prompt = say(
                "hexe.question",
                info=info,
                heal=bool(healable),
                poison=bool(victims),
                healable=len(healable),
            )
            if not ask_after_info(game, player, list(offers.items()), prompt, stage):
                tell(game, player, info)

    def has(self, game: GamePort, player: PlayerState, potion: str) -> bool:
        return player.uses.get(potion, 0) == 0

    def told(self, game: GamePort, player: PlayerState) -> bool:
        """Whether the Spielleitung tells her who was attacked this night: while she has the
        Heiltrank, or (`params.every_night`) every night she has a potion."""
        heal, poison = potions(game, player)
        if game.role_facts(player).params.get("every_night"):
            return self.has(game, player, heal) or self.has(game, player, poison)
        return self.has(game, player, heal)

    def attacked_tonight(self, game: GamePort, player: PlayerState) -> list[str]:
        """Whom her Heiltrank may heal: the successfully attacked (towards her role) – or
        (`params.heals: pack_victim`) the pack's victim, whatever became of the attack."""
        if game.role_facts(player).params.get("heals") == "pack_victim":
            return game.pack_victims()
        return game.successfully_attacked(game.role_facts(player).name)

    def options(
        self, game: GamePort, player: PlayerState, word: str, attacked: list[str]
    ) -> list[str]:
        """The players a potion may name, offered in the question."""
        heal, poison = potions(game, player)
        return attacked if word == heal else may_name(game, player, poison)

    def use(
        self,
        game: GamePort,
        player: PlayerState,
        command: Command,
        attacked: list[str],
        stage: int,
        asking: bool,
    ) -> None:
        """Her `command` takes effect, or is refused; `asking`: she is asked next, so a
        refused one no longer stands (`refuse_before_asking`)."""
        heal, poison = potions(game, player)
        if command.word == poison:
            game.consume(player, poison)
            game.kill_tonight(command.target, player.role, (player.name,), stage)
            tell(game, player, say("hexe.poisoned", name=command.target))
        elif command.target in attacked:
            game.heal(command.target)  # an attack the Heiler stopped: used up too
            game.consume(player, heal)
            tell(game, player, say("heal.done", name=command.target))
        else:
            why = say("heal.not_attacked", name=command.target)
            self.refuse(game, player, command, why, asking)

    def refuse(
        self, game: GamePort, player: PlayerState, command: Command, why: Text, asking: bool
    ) -> None:
        if asking:
            refuse_before_asking(game, player, command, why)
        else:
            refuse_keeping(game, player, command, why)


class Alchemist(Potions):
    """Der Alchemist: "In der Nacht vor der Bürgermeisterwahl bestimmt der Alchemist ..., ob er
    entweder einen Heiltrank (!Herstellen Heiltrank) oder einen Gifttrank (!Herstellen
    Gifttrank) herstellen will." He has only the potion he made, from the next night on."""

    parameters = {**Potions.parameters, "word": str}

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        if word in potions(game, player) and player.memory.get("potion") != word:
            return say("alchemist.no_potion", potion=word)
        return None

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        brew = own_word(game, player)
        made = action(game, player, brew)
        if made is not None and "potion" not in player.memory:
            game.consume(player, brew)
            player.memory["potion"] = made.choice
            tell(game, player, say("alchemist.made", potion=made.choice))
            return
        super().act(game, player, stage)

    def has(self, game: GamePort, player: PlayerState, potion: str) -> bool:
        return player.memory.get("potion") == potion and super().has(game, player, potion)


class Heks(Potions):
    """De heks of the Weerwolven: "een levenselixer, waarmee een dode speler tot leven
    geroepen kan worden; een vergif, waarmee een speler 's nachts vermoord kan worden." –
    "De heks krijgt elke nacht de kans om haar drankjes te gebruiken de spelleider zal
    aangeven wie vermoord wordt": told the pack's victim every night she has a potion left
    (`params.every_night`, `heals: pack_victim`); her elixer saves that victim – or,
    `params.revives`, brings a player who died earlier back to life (not one excluded from
    the round). `params.apart`: "Zij mag de toverdranken niet aan dezelfde speler geven." A
    revived lover whose partner is dead dies of grief again ("sterft de ander direct uit
    liefdesverdriet")."""

    parameters = {**Potions.parameters, "revives": bool | None, "apart": bool | None}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        params = game.role_facts(player).params
        heal, poison = potions(game, player)
        other = {heal: poison, poison: heal}.get(command.word)
        given = action(game, player, other) if other else None
        if params.get("apart") and given is not None and given.target in command.targets:
            raise IllegalCommand(say("heks.apart", name=given.target))
        target = game.player(command.target) if command.word == heal else None
        if (
            target is not None
            and not target.alive
            and target.name not in self._revivable(game, player)
        ):
            raise IllegalCommand(say("heks.not_revivable", name=target.name))

    def options(
        self, game: GamePort, player: PlayerState, word: str, attacked: list[str]
    ) -> list[str]:
        """Her elixer also for the revivable dead; with `params.apart` neither potion for the
        one her other potion is given tonight."""
        heal, poison = potions(game, player)
        if word == heal:
            options = [*attacked, *self._revivable(game, player)]
        else:
            options = may_name(game, player, poison)
        other = action(game, player, poison if word == heal else heal)
        if other is not None and game.role_facts(player).params.get("apart"):
            options = [name for name in options if name not in other.targets]
        return options

    def use(
        self,
        game: GamePort,
        player: PlayerState,
        command: Command,
        attacked: list[str],
        stage: int,
        asking: bool,
    ) -> None:
        target = game.player(command.target)
        heal, poison = potions(game, player)
        if command.word == poison or (target.alive and target.name in attacked):
            super().use(game, player, command, attacked, stage, asking)
        elif target.alive:
            why = say("heal.not_attacked", name=target.name)
            self.refuse(game, player, command, why, asking)
        elif target.name not in self._revivable(game, player):
            # dead since she sent it, and not one the elixer brings back (excluded)
            self.refuse(game, player, command, say("heks.not_revivable", name=target.name), asking)
        else:
            game.consume(player, heal)
            game.revive(target, player.role)
            tell(game, player, say("heks.revived", name=target.name))
            partner = game.lover_of(target.name)
            if partner is not None and not game.player(partner).alive:
                game.kill_tonight(target.name, LIEBESKUMMER, (partner,), stage)

    def _revivable(self, game: GamePort, player: PlayerState) -> list[str]:
        if not game.role_facts(player).params.get("revives"):
            return []
        return [p.name for p in game.state.players if not p.alive and not p.excluded]
