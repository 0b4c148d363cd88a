"""How long `wolfbot check-config` takes for what it adds since issue 34: the rehearsed start
of the round (`start_check.check`: the roles dealt, the round started on a store in memory,
its messages paced under `[forum.limits]`) and the estimate of the roles (`summary`: 200
simulated games), for the example configuration with 8, 12 and 24 listed players – best and
median of N runs each, and the whole command (`--offline`, its own process) once. Asserts
nothing; the numbers go into the issue's note.

    python benchmarks/check_config.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from wolfbot.setup.config import Config, load_config
from wolfbot.spielleitung.check_config import summary
from wolfbot.spielleitung.start_check import StartCheck, check

EXAMPLE = Path(__file__).parents[1] / "config.example.toml"
ENV = {"WOLFBOT_PASSWORD": "geheim"}
NOW = datetime(2026, 12, 5, 19, 0, tzinfo=UTC)  # a Saturday evening; day 1 is Sunday


def example_with(players: int, folder: Path) -> Path:
    """The example configuration with `players` listed (its role list empty: the seed
    draws them from the Rollenverteilung)."""
    listed = ", ".join(f'"Spieler {number}"' for number in range(1, players + 1))
    lines = [
        f"players = [{listed}]" if line.startswith("players =") else line
        for line in EXAMPLE.read_text(encoding="utf-8").splitlines()
    ]
    path = folder / f"config-{players}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def timed(runs: int, work) -> tuple[float, float, object]:
    """(best, median) seconds of `work()` over `runs` runs, and its last result."""
    seconds, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - started)
    return min(seconds), statistics.median(seconds), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="wolfbot-check-config-"))
    wolfbot = shutil.which("wolfbot")
    command = [wolfbot] if wolfbot else [sys.executable, "-m", "wolfbot.cli"]
    print(
        f"{'players':>7}  {'start rehearsed (best/median)':>30}  {'estimate (best/median)':>24}"
        f"  {'messages':>8}  {'whole command':>13}"
    )
    try:
        for players in (8, 12, 24):
            path = example_with(players, folder)
            config: Config = load_config(path, env=ENV)
            best, median, start = timed(args.runs, lambda c=config: check(c, NOW))
            assert isinstance(start, StartCheck), start
            e_best, e_median, _ = timed(args.runs, lambda c=config, s=start: summary(c, s))
            started = time.perf_counter()
            subprocess.run(
                [*command, "check-config", str(path), "--offline"],
                env={**os.environ, **ENV},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
            whole = time.perf_counter() - started
            print(
                f"{players:>7}  {best:>13.3f} s / {median:.3f} s  {e_best:>8.3f} s / "
                f"{e_median:.3f} s  {len(start.messages):>8}  {whole:>11.2f} s"
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
