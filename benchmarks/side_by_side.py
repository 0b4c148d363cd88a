"""The engine's speed before and after a change, measured side by side in one run: the tree of
a git revision (`BEFORE`) and this work tree take turns, round by round, so that the noise of
a shared machine falls on both alike. Each turn runs the tree's own `benchmarks/engine.py`
(interpreted) and, with `--compiled`, the same through the tree's own `benchmarks/compiled.py`
(the engine compiled with mypyc; the first build of each tree takes a minute or two). Prints
games per CPU second (engine and simulated players) and the engine alone, for 12 and 24
players, each turn and the medians with after/before; asserts nothing.

    python benchmarks/side_by_side.py d3ff30c --rounds 4 --seconds 2 [--compiled]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("WOLFBOT_SIDE_BY_SIDE_CACHE", Path.home() / ".cache/wolfbot/trees"))
# "12 players, …" / "24 players, …" blocks of benchmarks/engine.py
NUMBERS = re.compile(
    r"(\d+) players.*?\n  games per CPU second: (\d+).*?\n  engine alone: +(\d+) games/s", re.S
)


def tree_of(revision: str) -> Path:
    """The files of `revision` in a cache folder named by its commit (made once)."""
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", f"{revision}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    folder = CACHE / commit
    if not (folder / "wolfbot").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile() as archive:
            subprocess.run(["git", "archive", commit], cwd=ROOT, stdout=archive, check=True)
            archive.seek(0)
            with tarfile.open(fileobj=archive) as tar:
                tar.extractall(folder, filter="data")
    return folder


def turn(tree: Path, seconds: float, compiled: bool) -> dict[int, tuple[int, int]]:
    """players → (games per CPU second, engine alone) of one run of `tree`'s benchmark."""
    script = [str(tree / "benchmarks" / "engine.py"), "--seconds", str(seconds), "--runs", "1"]
    if compiled:
        script = [str(tree / "benchmarks" / "compiled.py"), *script]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONSAFEPATH": "1"}
    out = subprocess.run(
        [sys.executable, *script], cwd=tree, env=env, capture_output=True, text=True, check=True
    ).stdout
    return {int(n): (int(games), int(engine)) for n, games, engine in NUMBERS.findall(out)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="a git revision: the tree before the change")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--compiled", action="store_true")
    args = parser.parse_args()
    trees = {"before": tree_of(args.before), "after": ROOT}
    how = "compiled (mypyc)" if args.compiled else "interpreted"
    print(f"the engine, {how}: before = {args.before}, after = this work tree")
    found: dict[str, list[dict[int, tuple[int, int]]]] = {label: [] for label in trees}
    for number in range(1, args.rounds + 1):
        for label, tree in trees.items() if number % 2 else reversed(trees.items()):
            found[label].append(turn(tree, args.seconds, args.compiled))
            shown = ", ".join(
                f"{n}p {games}/{engine}" for n, (games, engine) in sorted(found[label][-1].items())
            )
            print(f"  round {number} {label:6}: {shown}  (games/s: all / engine alone)")
    for players in sorted(found["after"][0]):
        for index, what in ((0, "games per CPU second"), (1, "engine alone")):
            before, after = (
                statistics.median(run[players][index] for run in found[label])
                for label in ("before", "after")
            )
            print(
                f"{players} players, {what}: before {before:.0f}, after {after:.0f} "
                f"({after / before - 1:+.1%})"
            )


if __name__ == "__main__":
    main()
