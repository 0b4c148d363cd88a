"""How fast the command line starts: `wolfbot --help`, `wolfbot --version`, `wolfbot status
--help`, a usage error and `wolfbot status` on a demo round's store, each run as its own
process (as the Spielleitung runs it), best and median of N runs – wall time, CPU time
(user + system: steadier than the wall on a busy machine) and the peak resident memory of
the process. For scale, the same for a bare
`python -c pass` and a two-command Typer app's `--help` (what no CLI on Typer can beat).
Target from issue 15: `--help` and `status` at most 0.3 s. Asserts nothing.

    python benchmarks/cli_startup.py [--runs 7] [--db wolfbot-demo/wolfbot.sqlite]

Without --db it first plays a small demo round into a temporary folder (not timed).
wolfbot's own modules are compiled anew in every run when PYTHONDONTWRITEBYTECODE is set
(about 0.05 s of `status`); unset it for the times of an installed wolfbot."""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TYPER_APP = (
    "import typer\n"
    "app = typer.Typer(add_completion=False)\n"
    "@app.command()\ndef a() -> None:\n    'A.'\n"
    "@app.command()\ndef b() -> None:\n    'B.'\n"
    "app()\n"
)


def measure(argv: list[str], runs: int) -> tuple[list[float], list[float], float]:
    """(wall times, CPU times, peak RSS in MB of the largest run) of `argv`, run `runs` times."""
    walls: list[float] = []
    cpus: list[float] = []
    peak = 0.0
    env = {k: v for k, v in os.environ.items() if k != "WOLFBOT_DB"}
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        peak = max(peak, after.ru_maxrss / 1024)  # the largest child so far (KiB on Linux)
    return walls, cpus, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--db", type=Path, default=None, help="a round's store for status")
    args = parser.parse_args()
    wolfbot = shutil.which("wolfbot") or ""
    base = [wolfbot] if wolfbot else [sys.executable, "-m", "wolfbot.cli"]
    folder = None
    db = args.db
    if db is None:
        folder = tempfile.TemporaryDirectory(prefix="wolfbot-startup-")
        subprocess.run(
            [*base, "demo", "--players", "8", "--seed", "1", "--dir", folder.name],
            stdout=subprocess.DEVNULL,
            check=True,
        )
        db = Path(folder.name) / "wolfbot.sqlite"
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("Typer app --help (2 commands)", [sys.executable, "-c", TYPER_APP, "--help"]),
        ("wolfbot --version", [*base, "--version"]),
        ("wolfbot --help", [*base, "--help"]),
        ("wolfbot status --help", [*base, "status", "--help"]),
        ("wolfbot statsu (a usage error)", [*base, "statsu"]),
        ("wolfbot status --db …", [*base, "status", "--db", str(db)]),
    ]
    print(f"{'':32} {'wall best':>9} {'median':>8} {'CPU best':>9} {'median':>8} {'peak RSS':>9}")
    for label, argv in cases:
        walls, cpus, peak = measure(argv, args.runs)
        print(
            f"{label:32} {min(walls):8.3f}s {statistics.median(walls):7.3f}s "
            f"{min(cpus):8.3f}s {statistics.median(cpus):7.3f}s {peak:7.1f}MB"
        )
    print(f"({args.runs} runs each; load average {os.getloadavg()[0]:.2f})")
    if folder is not None:
        folder.cleanup()


if __name__ == "__main__":
    main()
