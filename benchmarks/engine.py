"""How many random 12-player games (Bürger, Werwolf, Seherin, Hexe, Amor, Jäger) the engine
plays to the end per second on one core. Prints numbers; asserts nothing.

    python benchmarks/engine.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import statistics
import time

from wolfbot.demo.simulate import play
from wolfbot.rulesets import loader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rules = loader.load("duesterliga")
    play(rules, seed=-1)  # warm up caches
    games = commands = events = finished = 0
    phases: list[int] = []
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        sim = play(rules, seed=games)
        games += 1
        commands += sum(1 for c in sim.inputs if c is not None)
        events += len(sim.game.state.log)
        finished += sim.game.state.phase.kind == "over"
        phases.append(sum(1 for c in sim.inputs if c is None))
    elapsed = time.perf_counter() - start
    print(f"games played:        {games} in {elapsed:.1f} s ({finished} to the end)")
    print(f"games per second:    {games / elapsed:.1f}")
    print(f"commands per second: {commands / elapsed:.0f}")
    print(f"events per second:   {events / elapsed:.0f}")
    print(f"phases per game:     median {statistics.median(phases)}, max {max(phases)}")


if __name__ == "__main__":
    main()
