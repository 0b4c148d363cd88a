"""The player model against the seeds' own ratings (issue 38, `wolfbot.balance.calibration`,
the lists: `wolfbot.spielleitung.reference_lists`).

    python benchmarks/calibrate.py                    # the table: before and after, 200 games
    python benchmarks/calibrate.py --markdown         # … as docs/balance.md prints it
    python benchmarks/calibrate.py --search           # the search from the old defaults

The table rates every reference list under the model's defaults before issue 38
(`UNCALIBRATED`) and under today's (`DEFAULT`), the Dorf's share of the games with its 95 %
interval, and how well each agrees (the mean and largest distance from one half of the lists
rated balanced, the lists put on the wrong side, the rank correlation of the lobby's score and
the Dorf's rate). The search (coordinate descent over `GRID`, `--search-games` games of every
other player count) prints each model it tries. Seeded: the same call prints the same numbers.
Run it at `nice -n 10`; here the table took 104 s and the search 294 s (2026-12-06).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from wolfbot.balance.calibration import (
    GRID,
    UNCALIBRATED,
    Agreement,
    Rated,
    agreement,
    parameters,
    rate_references,
    sample,
    search,
)
from wolfbot.balance.players import DEFAULT, Model
from wolfbot.spielleitung.reference_lists import references


def _percent(share: float) -> str:
    return f"{share * 100:.1f}".replace(".", ",")


def _cell(rated: Rated) -> str:
    low, high = rated.interval
    mark = "" if rated.agrees else " ✗"
    return f"{_percent(rated.village)} % ({_percent(low)}–{_percent(high)}){mark}"


def _summary(label: str, model: Model, agreed: Agreement) -> str:
    said = ", ".join(f"{k} {v:g}" for k, v in parameters(model).items())
    return (
        f"{label}: {said}\n"
        f"  distance from 50 %, the sources' own words: mean {agreed.own_mean * 100:.1f} points, "
        f"largest {agreed.own_max * 100:.1f} (Einsteiger {agreed.seed_mean * 100:.1f}, "
        f"Düsterliga {agreed.league_mean * 100:.1f}); the lobby's other setups "
        f"{agreed.others_mean * 100:.1f}, all of Wolf Village {agreed.wolfvillage_mean * 100:.1f}\n"
        f"  wrong side: {agreed.wrong_direction} of {agreed.directed}; Spearman (lobby score, "
        f"Dorf) {agreed.spearman:.2f}, every Wolf Village list {agreed.spearman_all:.2f}; "
        f"agreeing {agreed.agreeing} of {agreed.lists}; loss {agreed.loss:.4f}"
    )


def table(games: int, seed: int, markdown: bool) -> None:
    refs = references()
    began = time.perf_counter()
    before = rate_references(UNCALIBRATED, refs, games, seed)
    after = rate_references(DEFAULT, refs, games, seed)
    spent = time.perf_counter() - began
    if markdown:
        print("| Liste | Spieler | Lobby | Bewertung der Quelle | Dorf vorher | Dorf nachher |")
        print("|---|---:|---:|---|---:|---:|")
    for old, new in zip(before, after, strict=True):
        ref = old.reference
        lobby = "" if ref.lobby is None else f"{ref.lobby:+d}".replace("-", "−")
        cells = (ref.family, str(ref.players), lobby, ref.says, _cell(old), _cell(new))
        print(("| " + " | ".join(cells) + " |") if markdown else "  ".join(cells))
    print()
    print(_summary("before", UNCALIBRATED, agreement(before)))
    print(_summary("after", DEFAULT, agreement(after)))
    print(f"{len(refs)} lists, {games} games each, seed {seed}; {spent:.0f} s wall time")


def run_search(games: int, seed: int, rounds: int) -> None:
    refs = sample(references())
    print(f"{len(refs)} lists, {games} games each, seed {seed}", flush=True)

    def report(model: Model, agreed: Agreement) -> None:
        print(_summary("tried", model, agreed), flush=True)

    began = time.perf_counter()
    best, agreed = search(UNCALIBRATED, refs, GRID, games, rounds=rounds, seed=seed, report=report)
    print(_summary("best", best, agreed))
    print(f"{time.perf_counter() - began:.0f} s wall time")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per list of the table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--search", action="store_true")
    parser.add_argument("--search-games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    if args.search:
        run_search(args.search_games, args.seed, args.rounds)
    else:
        table(args.games, args.seed, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
