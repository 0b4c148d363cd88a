"""Der Trunkenbold: "In der Nacht bestimmt der Trunkenbold ... einen Dorfbewohner, den er
abfüllt (!Abfüllen [Spielername]). Wenn der abgefüllte Dorfbewohner in der Nacht eine
Fähigkeit nutzen will, so wird zufällig bestimmt, ob er die Fähigkeit nutzen kann oder nicht.
Wenn die Fähigkeit, die der abgefüllte Dorfbewohner nutzen will, einen Spieler zum Ziel haben
muss, so wird zufällig ein Spieler zum Ziel bestimmt." Placed with the other whole-night
effects; the draws come from the game's seeded generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import action
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def _sample(game: Game, pool: list[str], count: int) -> tuple[str, ...]:
    pool, picked = list(pool), []
    for _ in range(min(count, len(pool))):
        choice = game.draw(pool)
        pool.remove(choice)
        picked.append(choice)
    return tuple(picked)


class Trunkenbold(Behaviour):
    def prepare(self, game: Game, player: PlayerState) -> None:
        command = action(game, player, "Abfüllen")
        if command is None:
            return
        target = command.target
        state = game.state.night
        commands = state.actions.get(target, {})
        if not commands and target not in state.attack_votes:
            return  # he wanted to use no ability: nothing to decide
        if not game.draw((True, False)):
            state.blocked.add(target)  # he cannot; nobody is told (the text tells nobody)
            return
        living = [p.name for p in game.living()]
        for word, original in list(commands.items()):
            if original.targets:
                targets = _sample(game, living, len(original.targets))
                commands[word] = original.model_copy(update={"targets": targets})
        if target in state.attack_votes:
            prey = [p.name for p in game.living() if not game.spec(p).pack]
            if prey:
                state.attack_votes[target] = game.draw(prey)
