"""One simulated game under the player model: the players send their commands each phase,
answer the questions that hold the game, and the deadline passes – until the game is over
or `MAX_STEPS` have passed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wolfbot.balance.players import DEFAULT, Model, Players
from wolfbot.balance.random_players import RandomPlay, RandomPlayers
from wolfbot.engine.events import PhaseBegan
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset

MAX_STEPS = 400  # phases and rounds of answers: a safety net no game of 24 players needs
NIGHT = {"split_night": True}  # the live bot's night: told, then asked (the Hexe)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one game ended: the winning sides ((): none, or not over within `MAX_STEPS`)
    and the number of its last day."""

    winners: tuple[str, ...]
    days: int


def seats(roles: Sequence[str], seed: int) -> list[tuple[str, str]]:
    """The roles dealt to "Spieler 1" … by the seed."""
    dealt = list(roles)
    random.Random(seed).shuffle(dealt)
    return [(f"Spieler {i + 1}", role) for i, role in enumerate(dealt)]


def play(
    rules: Ruleset,
    roles: Sequence[str],
    seed: int,
    model: Model | RandomPlay = DEFAULT,
    options: dict[str, Any] | None = None,
) -> Outcome:
    """One game of `roles` under the model (or with random players: `random_players.RANDOM`),
    replayable by its seed."""
    options = {k: v for k, v in NIGHT.items() if k in rules.options} | (options or {})
    game = Game.new(rules, seats(roles, seed), seed=seed, options=options)
    rng = random.Random(seed * 31 + 7)
    players = RandomPlayers(rng) if isinstance(model, RandomPlay) else Players(rng, model)
    for _ in range(MAX_STEPS):
        if game.state.phase.kind == "over":
            break
        if game.state.questions:  # the game waits for them: answered, or the deadline
            asked = list(game.state.questions)
            for answer in players.answers(game):
                game.submit(answer)
            if game.state.questions == asked:
                game.advance()
            continue
        for command in players.commands(game):
            game.submit(command)
        game.advance()
    days = max((int(str(e.phase).split()[1]) for e in _day_starts(game)), default=0)
    return Outcome(tuple(game.state.winners), days)


def _day_starts(game: Game) -> list[PhaseBegan]:
    return [e for e in game.state.log if isinstance(e, PhaseBegan) and e.phase.startswith("day")]
