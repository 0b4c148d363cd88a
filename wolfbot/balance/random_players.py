"""Players who know nothing and choose at random – the simulator's side of the exact
baseline (`wolfbot.balance.exact`). `games.play(…, model=RANDOM)` plays with them.

- **By day** every living player votes (`!Lynch`, and on the day of the election
  `!Bürgermeister`) for a uniformly random living player – himself included where the rule
  allows it ("Der Selbstlynch ist zulässig"). Everybody votes, so no Wütender Mob and no
  inactivity. The votes are independent and alike for every target, and the tie rule
  (the Bürgermeister's vote, else his choice, else the lot) looks at the voters, never at
  the targets: so the lynched player is uniformly random among the living, even when the
  Bürgermeister is more often a Werwolf (he outlives the nights) – his vote is as random as
  anybody's. Self-votes matter for this: a voter who could not name himself would make the
  Bürgermeister a little less likely to be lynched.
- **By night** each Werwolf votes (`!Fressen`) for a uniformly random living non-wolf,
  and in the first night (`!Alpha`) for a uniformly random member of the pack; the pack's
  majority and its tie rule (the Alpha's vote, his choice, the lot) again treat every
  target alike, so the victim is uniformly random.
- **Questions** (a tie, a Nachfolger) are answered with a uniformly random option.
- **Nothing else**: no other command word is sent – deal them only Werwölfe and Bürger.

Seeded by its own generator, like `players.Players`."""

from __future__ import annotations

import random
from dataclasses import dataclass

from wolfbot.balance import command_values
from wolfbot.balance.draws import pick
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.state import PlayerState

# the votes they cast, by the handler of the word (each ruleset's own word for it)
DAY_VOTES = frozenset({"lynch", "election"})
NIGHT_VOTES = frozenset({"attack", "alpha"})


@dataclass(frozen=True)
class RandomPlay:
    """The player mode of the exact baseline: everybody votes at random (see the module)."""


RANDOM = RandomPlay()


class RandomPlayers:
    """The random players of one game: `commands(game)` for the phase at hand, `answers(game)`
    for the open questions."""

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits  # bound once, for `pick`

    def commands(self, game: Game) -> list[Command]:
        """Each living player's votes of this phase: by day (not in the Dämmerung, where
        nobody may cast a first vote) the lynch and the election, by night the pack's."""
        kind = game.state.phase.kind
        handlers = DAY_VOTES if kind == "day" else NIGHT_VOTES if kind == "night" else None
        if handlers is None:
            return []
        living = [p for p in game.state.players if p.alive]
        sent = []
        for player in living:
            words = set(game.available_words(player.name))
            for use in game.command_uses(player):
                if use.handler in handlers and use.word in words:
                    pool = _pool(game, use.handler, living)
                    if not use.self_:
                        pool = [name for name in pool if name != player.name]
                    if pool:
                        target = pick(self.bits, pool)
                        sent.append(
                            command_values.of(use.word, player.name, use.channel[0], (target,))
                        )
        return sent

    def answers(self, game: Game) -> list[Command]:
        """A uniformly random option for each open question."""
        return [
            command_values.of(q.word, q.player, q.channels[0], (pick(self.bits, q.options),))
            for q in game.state.questions
            if q.options
        ]


def _pool(game: Game, handler: str | None, living: list[PlayerState]) -> list[str]:
    """Whom a vote of `handler` may name: the pack's attack a non-wolf, its Alpha a wolf,
    a vote of the day anybody alive."""
    if handler == "attack":
        return [p.name for p in living if not game.role_facts(p).pack]
    if handler == "alpha":
        return [p.name for p in living if game.role_facts(p).pack]
    return [p.name for p in living]
