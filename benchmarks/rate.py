"""How long `wolfbot setup rate` takes on one core and on every core (issue 38): the
Düsterliga's suggestion for 12 players, 1,000 games, run as the Spielleitung runs it (its own
process, `--json`), one core and every core by turns, N runs each – wall time (best and
median), the CPU time of the command and its processes, and the speed-up of the medians and
of the best. The ratings of every run must be the same (the script stops if not). Then what
starting a pool costs, by the way its processes start (fork, fork server, spawn; each in a
fresh process, as the first pool of a command), and the 200 games of check-config's estimate
in one process and on every core: what `wolfbot.balance.cores`'s `MIN_GAMES_PER_PROCESS`
rests on. The load average before and after says how busy the machine was (on a shared
machine, run it at the others' priority: at `nice` a busy core goes to them). Asserts nothing.

    python benchmarks/rate.py [--runs 3] [--games 1000] [--players 12]
    python benchmarks/compiled.py benchmarks/rate.py     # the same with the compiled engine
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

from wolfbot.balance.cores import available_cores

POOL_START = """
import sys, time
from wolfbot.balance.cores import Cores
from wolfbot.rulesets import loader
rules = loader.load("duesterliga")
if __name__ == "__main__":
    for _ in range(2):
        began = time.perf_counter()
        with Cores(rules, 2, method=sys.argv[1]) as cores:
            cores.play(["Werwolf"] + ["Bürger"] * 3, range(1, 3))
        print(time.perf_counter() - began)
"""
# the estimate of check-config and of a round's start: 200 games in this process, then on a
# pool of every core started `method`'s way, in a fresh process (its first pool)
ESTIMATE = """
import sys, time
from wolfbot.balance.cores import Cores, available_cores
from wolfbot.rulesets import loader
from wolfbot.setup.role_advice import suggest_roles
rules = loader.load("duesterliga")
roles = list(suggest_roles(int(sys.argv[2]), rules, rng_seed=1).roles)
if __name__ == "__main__":
    for jobs in (1, available_cores()):
        began = time.perf_counter()
        with Cores(rules, jobs, method=sys.argv[1]) as cores:
            cores.play(roles, range(1, 201))
        print(time.perf_counter() - began)
"""


def rate_once(jobs: int, games: int, players: int) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds of the command and its processes, the rating) of one
    `wolfbot setup rate` on `jobs` cores."""
    argv = [sys.executable, "-m", "wolfbot.cli", "setup", "rate", "--players", str(players)]
    argv += ["--games", str(games), "--json", "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def pool_start(method: str) -> tuple[float, float]:
    """The wall seconds of a first and a second pool of two processes started `method`'s
    way in a fresh process, with two tiny games."""
    done = subprocess.run(
        [sys.executable, "-c", POOL_START, method], capture_output=True, text=True, check=True
    )
    first, second = (float(line) for line in done.stdout.split())
    return first, second


def estimate(method: str, players: int) -> tuple[float, float]:
    """The wall seconds of 200 games of the suggestion for `players` in one process and on
    every core (`ESTIMATE`)."""
    argv = [sys.executable, "-c", ESTIMATE, method, str(players)]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    alone, pooled = (float(line) for line in done.stdout.split())
    return alone, pooled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=12)
    args = parser.parse_args()
    every = available_cores()
    print(f"{every} cores; load average before: {_load()}")
    times: dict[int, list[tuple[float, float]]] = {1: [], every: []}
    ratings = []
    for _ in range(args.runs):
        for jobs in times:
            wall, cpu, rating = rate_once(jobs, args.games, args.players)
            times[jobs].append((wall, cpu))
            ratings.append(rating)
    if any(rating != ratings[0] for rating in ratings):
        sys.exit("the ratings differ between the runs: the same seed must rate the same")
    title = f"setup rate --players {args.players} --games {args.games}"
    print(f"{title:44} {'wall best':>9} {'median':>8} {'CPU median':>10}")
    for jobs, measured in times.items():
        walls = [wall for wall, _ in measured]
        cpus = [cpu for _, cpu in measured]
        label = f"--jobs {jobs}"
        print(
            f"{label:44} {min(walls):8.2f}s {statistics.median(walls):7.2f}s "
            f"{statistics.median(cpus):9.2f}s"
        )
    for name, pick in (("median", statistics.median), ("best", min)):
        one, all_ = (pick(wall for wall, _ in times[jobs]) for jobs in (1, every))
        print(f"speed-up on {every} cores ({name} wall): {one / all_:.2f}")
    print("the ratings of every run identical")
    print("a pool of 2 processes, its start with two tiny games (first / second in a process):")
    for method in ("fork", "forkserver", "spawn"):
        first, second = pool_start(method)
        print(f"  {method:10} {first:6.3f}s / {second:6.3f}s")
    print(f"200 games (the estimate of check-config, of a round's start): one process / {every}")
    for method in ("fork", "forkserver"):
        for players in (12, 24):
            alone, pooled = estimate(method, players)
            print(f"  {method:10} {players} players {alone:6.2f}s / {pooled:6.2f}s")
    print(f"load average after: {_load()}")


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    main()
