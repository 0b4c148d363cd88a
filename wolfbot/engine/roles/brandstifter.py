"""Der Brandstifter: "In der Nacht bestimmt der Brandstifter gegenüber der Spielleitung einen
Dorfbewohner, dessen Haus er mit Pech übergießt (!Pech [Spielername]). Wenn der Brandstifter
wenigstens die Häuser von fünf bzw min. 25% der Dorfbewohnern mit Pech übergossen hat, so kann
er statt das Haus eines weiteren Dorfbewohners mit Pech zu übergeißen, alle Häuser, die er
bisher mit Pech übergossen hat, anzünden (!Anzünden). Alle Dorfbewohner, deren Häuser mit
Pech übergossen worden, verbrennen. Das Haus eines verstorbenen Spielers ist nicht mehr mit
Pech übergossen. … Gegenüber der Hexe, dem Heiler, dem Alchemisten, dem Attentäter, dem
Scharfschützen und dem Kranken Wolf gilt das Verbrennen der Dorfbewohner als Angriff." –
the fire is `night.burn`, an attack only towards `params.counts_for`; the houses needed are
the smaller of five and a quarter of the living, rounded up (reading 68)."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

_PITCHED = "pitched"


def pitched(game: GamePort, player: PlayerState) -> list[str]:
    """The houses pitched so far whose owners live."""
    return [n for n in player.memory.get(_PITCHED, []) if game.player(n).alive]


def needed(game: GamePort, player: PlayerState) -> int:
    params = game.role_facts(player).params
    share = -(-len(game.living()) * int(params["percent"]) // 100)  # rounded up
    return min(int(params["houses"]), share)


class Brandstifter(Behaviour):
    parameters = {
        "word": str,
        "fire_word": str,
        "houses": int,
        "percent": int,
        "counts_for": list[str],
    }

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        params = game.role_facts(player).params
        if command.word == params["fire_word"]:
            have, need = len(pitched(game, player)), needed(game, player)
            if have < need:
                raise IllegalCommand(say("brandstifter.too_few", have=have, need=need))
            if action(game, player, params["word"]) is not None:
                word = game.rules.shown_word(params["word"])
                raise IllegalCommand(say("brandstifter.either", word=word))
        if command.word == params["word"] and action(game, player, params["fire_word"]):
            word = game.rules.shown_word(params["fire_word"])
            raise IllegalCommand(say("brandstifter.either", word=word))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        if action(game, player, params["fire_word"]) is not None:
            game.consume(player, params["fire_word"])
            cause = game.role_facts(player).name
            for name in pitched(game, player):
                game.burn(name, cause, (player.name,), stage, params["counts_for"])
            player.memory[_PITCHED] = []
            return
        command = action(game, player, params["word"])
        if command is not None:
            game.consume(player, params["word"])
            houses = pitched(game, player)
            if command.target not in houses:
                player.memory[_PITCHED] = [*houses, command.target]
