"""How many random games the engine plays to the end per CPU second on one core, split into
the engine (`Game.submit`, `Game.advance`) and the simulated players (`everybody_acts`:
what they look up and choose). Two rounds (issue 18's targets):

- 12 players with the six basic roles (3 Werwölfe, Seherin, Hexe, Amor, Jäger, 5 Bürger);
- 24 players with a suggested Düsterliga role list ("Rollenverteilung", `suggest_roles`).

Then both under the player model of `wolfbot setup rate` (`wolfbot.balance`).

Each is run `--runs` times for `--seconds` CPU seconds; the median run is printed. Prints
numbers; asserts nothing.

    python benchmarks/engine.py [--seconds 5] [--runs 3]
    python benchmarks/compiled.py benchmarks/engine.py    # the engine compiled with mypyc
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from wolfbot.balance.rating import rate
from wolfbot.demo.simulate import TWELVE, everybody_acts, roster
from wolfbot.engine import game as game_module
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.setup.role_advice import suggest_roles

MAX_PHASES = 200
RATED = 200  # games of a rating under the player model (`wolfbot.balance`)


@dataclass
class Run:
    games: int = 0
    finished: int = 0
    events: int = 0
    commands: int = 0
    engine: float = 0.0  # CPU seconds in the engine
    players: float = 0.0  # CPU seconds in the simulated players

    @property
    def seconds(self) -> float:
        return self.engine + self.players

    @property
    def rate(self) -> float:
        return self.games / self.seconds


def one_game(rules: Ruleset, roles: Sequence[str], seed: int, run: Run) -> None:
    """`wolfbot.demo.simulate.play`, timed: the game's CPU time, shared between the engine and
    the players by the wall-clock time of each part (the CPU clock costs 0.6 µs a reading,
    the wall clock 0.05: read it once a phase and the clock would be 2 % of the game)."""
    wall = time.perf_counter
    began_cpu = time.process_time()
    engine = players = 0.0
    rng = random.Random(seed)
    began = wall()
    game = Game.new(rules, roster(roles, seed), seed=seed)
    engine += wall() - began
    for _ in range(MAX_PHASES):
        if game.state.phase.kind == "over":
            break
        began = wall()
        commands = everybody_acts(game, rng)
        chosen = wall()
        for command in commands:
            game.submit(command)
        game.advance()
        players += chosen - began
        engine += wall() - chosen
        run.commands += len(commands)
    cpu = time.process_time() - began_cpu
    run.engine += cpu * engine / (engine + players)
    run.players += cpu * players / (engine + players)
    run.games += 1
    run.finished += game.state.phase.kind == "over"
    run.events += len(game.state.log)


def compiled() -> bool:
    """Whether the engine runs compiled (`benchmarks/compiled.py`)."""
    return not str(game_module.__file__).endswith(".py")


def measure(rules: Ruleset, roles: Sequence[str], seconds: float) -> Run:
    run = Run()
    seed = 0
    while run.seconds < seconds:
        one_game(rules, roles, seed, run)
        seed += 1
    return run


def report(title: str, target: float, runs: list[Run]) -> None:
    median = sorted(runs, key=lambda r: r.rate)[len(runs) // 2]
    rates = ", ".join(f"{r.rate:.0f}" for r in runs)
    share = median.players / median.seconds
    print(f"{title}")
    print(f"  games per CPU second: {median.rate:.0f} (median of {rates}; target ≥ {target:.0f})")
    print(f"  engine alone:         {median.games / median.engine:.0f} games/s")
    print(f"  simulated players:    {share:.0%} of the time")
    print(f"  per event:            {median.engine / median.events * 1e6:.1f} µs of the engine")
    print(f"  games:                {median.games} ({median.finished} to the end)")
    print(f"  commands per game:    {median.commands / median.games:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rules = loader.load("duesterliga")
    how = "compiled with mypyc" if compiled() else "interpreted (python benchmarks/compiled.py …)"
    print(f"the engine: {how}")
    suggested = suggest_roles(24, rules, rng_seed=1).roles
    one_game(rules, TWELVE, -1, Run())  # warm up caches
    for title, roles, target in (
        ("12 players, the six basic roles", TWELVE, 1000.0),
        ("24 players, a suggested Düsterliga list", suggested, 300.0),
    ):
        runs = [measure(rules, roles, args.seconds) for _ in range(args.runs)]
        report(title, target, runs)
    print(f"  (the list: {', '.join(suggested)})")
    for title, roles in (("12 basic", TWELVE), ("24 suggested", suggested)):
        rates = []
        for _ in range(args.runs):
            began = time.process_time()
            games = rate(rules, roles, RATED, seed=1).games
            rates.append(games / (time.process_time() - began))
        shown = ", ".join(f"{r:.0f}" for r in rates)
        median = sorted(rates)[len(rates) // 2]
        print(f"under the player model, {title} (`wolfbot setup rate`): {median:.0f} games/s")
        print(f"  (runs: {shown})")


if __name__ == "__main__":
    main()
