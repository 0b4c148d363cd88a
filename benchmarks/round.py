"""A whole demo round, timed: 24 simulated players against the local forum over loopback,
with zero artificial delays (compressed time: no request pacing, no flood-control waits,
no backoff – the clock only moves when the demo moves it).

Prints the wall time of the round and the peak memory of the process – the bot, the local
forum it talks to and the simulated players all run in it, so this is an upper bound for
the bot – as `ru_maxrss` (the resident set) and, from a second, traced run, the peak of
Python's own allocations (`tracemalloc`; tracing slows that run down, so it is not timed).
Targets from the issue: under 60 s and under 200 MB. Asserts nothing.

    python benchmarks/round.py [--players 24] [--seed 7] [--markup 6] [--no-trace]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from wolfbot.demo.round import DemoResult, run_demo

MB = 1024 * 1024


def peak_rss_mb() -> float:
    """The process's peak resident set size (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MB if sys.platform == "darwin" else peak / 1024


def play(players: int, seed: int, markup: str) -> tuple[DemoResult, float]:
    with tempfile.TemporaryDirectory(prefix="wolfbot-round-") as directory:
        start = time.perf_counter()
        result = run_demo(
            players,
            seed,
            Path(directory),
            "5" if markup == "5" else "6",
            out=lambda line: None,
        )
        return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--markup", choices=["5", "6"], default="6")
    parser.add_argument("--no-trace", action="store_true", help="skip the tracemalloc run")
    args = parser.parse_args()

    result, seconds = play(args.players, args.seed, args.markup)
    rss = peak_rss_mb()
    days = sum(1 for title in result.phase_posts if title.startswith("Morgen"))
    posts = sum(result.player_posts.values())
    print(f"players:             {args.players} (seed {args.seed}, WoltLab {args.markup}.x)")
    print(f"round:               {days} days, won by {' and '.join(result.winners) or 'nobody'}")
    print(f"player posts:        {posts}")
    print(f"bot messages:        {result.bot_messages} ({len(result.phase_posts)} thread posts)")
    print(f"HTTP requests:       {result.requests}")
    print(f"wall time:           {seconds:.2f} s   (target < 60 s)")
    print(f"peak RSS:            {rss:.1f} MB   (target < 200 MB; ru_maxrss, whole process)")
    if not args.no_trace:
        tracemalloc.start()
        play(args.players, args.seed, args.markup)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"peak Python heap:    {peak / MB:.1f} MB   (tracemalloc, a second run)")


if __name__ == "__main__":
    main()
