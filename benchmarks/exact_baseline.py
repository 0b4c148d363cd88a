"""The simulator against the exact chain (issue 38, `docs/balance.md`, "An exact check"):
random players (`wolfbot.balance.random_players`) play each round of Werwölfe and Bürger from
4 to 24 players with 1 to 4 Werwölfe, and the Dorf's share of their games is set beside its
exact chance (`wolfbot.balance.exact`). Prints each point with its 95 % Wilson interval and
its z, how many points fall outside the interval and outside the grid-wide one of the test
(Bonferroni), the z of all points pooled, and the exact chance against m/√n for growing
rounds (Braverman, Etesami and Mossel); draws both into a figure. Asserts nothing.

    python benchmarks/exact_baseline.py [--games 400] [--seed 1] [--plot docs/balance-exact.png]
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from statistics import NormalDist

from wolfbot.balance.exact import dorf_wins, table
from wolfbot.balance.games import play
from wolfbot.balance.random_players import RANDOM
from wolfbot.balance.rating import wilson
from wolfbot.rulesets import loader

MOST_WOLVES = 4
SCALES = (0.5, 1.0, 1.5)  # m/√n of the scaling table
SQUARES = (16, 36, 64, 100, 400)  # players n whose √n is whole


def points() -> list[tuple[int, int]]:
    """(players, wolves) from 4 to 24 players, 1 to 4 Werwölfe, fewer wolves than half."""
    return [(n, m) for m in range(1, MOST_WOLVES + 1) for n in range(4, 25) if 2 * m < n]


def simulate(games: int, seed: int) -> dict[tuple[int, int], int]:
    rules = loader.load("duesterliga")
    wins = {}
    for n, m in points():
        roles = ["Werwolf"] * m + ["Bürger"] * (n - m)
        seeds = range(seed, seed + games)
        wins[n, m] = sum("Dorf" in play(rules, roles, s, RANDOM).winners for s in seeds)
    return wins


def report(wins: dict[tuple[int, int], int], games: int) -> None:
    z_grid = NormalDist().inv_cdf(1 - 0.05 / (2 * len(wins)))
    print(
        f"{'Spieler':>7} {'Wölfe':>5} {'exakt':>7} {'simuliert':>9} {'95 %-Intervall':>15} {'z':>6}"
    )
    outside = outside_grid = 0
    difference = variance = 0.0
    for (n, m), won in sorted(wins.items()):
        exact = float(dorf_wins(n, m))
        low, high = wilson(won, games)
        grid_low, grid_high = wilson(won, games, z_grid)
        spread = games * exact * (1 - exact)
        z = (won - games * exact) / math.sqrt(spread) if spread else 0.0
        outside += not low <= exact <= high
        outside_grid += not grid_low <= exact <= grid_high
        difference += won - games * exact
        variance += spread
        shown = f"{low:.3f}–{high:.3f}"
        print(f"{n:>7} {m:>5} {exact:>7.3f} {won / games:>9.3f} {shown:>15} {z:>+6.2f}")
    print(
        f"{len(wins)} points, {games} games each: {outside} outside the 95 % interval "
        f"(by chance about {0.05 * len(wins):.1f}), {outside_grid} outside the grid-wide one "
        f"(z {z_grid:.2f}); all points pooled: z = {difference / math.sqrt(variance):+.2f}"
    )


def scaling() -> list[tuple[int, list[float]]]:
    """The Dorf's exact chance with m = η·√n Werwölfe, for each η of SCALES."""
    return [
        (n, [float(dorf_wins(n, round(eta * math.sqrt(n)))) for eta in SCALES]) for n in SQUARES
    ]


def print_scaling(rows: list[tuple[int, list[float]]]) -> None:
    print("\nm/√n:   " + "".join(f"{eta:>8}" for eta in SCALES))
    for n, chances in rows:
        print(f"n = {n:>3}" + "".join(f"{c:>8.3f}" for c in chances))


def draw(wins: dict[tuple[int, int], int], games: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    exact = table()
    for m in range(1, MOST_WOLVES + 1):
        counts = [n for n in range(4, 25) if 2 * m < n]
        line = left.plot(
            counts,
            [exact[n, m] * 100 for n in counts],
            label=f"{m} Werw{'olf' if m == 1 else 'ölfe'}",
        )
        shares = [wins[n, m] / games * 100 for n in counts]
        intervals = [wilson(wins[n, m], games) for n in counts]
        below = [s - low * 100 for s, (low, _) in zip(shares, intervals, strict=True)]
        above = [high * 100 - s for s, (_, high) in zip(shares, intervals, strict=True)]
        color = line[0].get_color()
        left.errorbar(counts, shares, yerr=[below, above], fmt="o", color=color, capsize=2, ms=3)
    left.set_xticks(range(4, 25, 2))
    left.set_xlabel("Spieler")
    left.set_ylabel("Siege des Dorfs (%)")
    left.set_ylim(0, 100)
    left.set_title(f"Zufällige Spieler: exakt (Linie), simuliert ({games} Spiele, 95 %)")
    left.grid(alpha=0.3)
    left.legend(fontsize="small")
    for parity, marker in ((0, "o"), (1, "s")):
        chosen = [(n, m) for (n, m) in exact if n >= 4 and n % 2 == parity and 2 * m < n]
        label = "gerade" if parity == 0 else "ungerade"
        scale = [m / math.sqrt(n) for n, m in chosen]
        chances = [exact[point] * 100 for point in chosen]
        right.scatter(scale, chances, marker=marker, s=12, label=f"{label} Spielerzahl ≤ 24")
    wolves = range(1, 46, 2)
    for many, style in ((SQUARES[-1], "-"), (SQUARES[-1] + 1, "--")):
        scale = [m / math.sqrt(many) for m in wolves]
        chances = [float(dorf_wins(many, m)) * 100 for m in wolves]
        right.plot(scale, chances, style, color="black", label=f"{many} Spieler")
    right.set_xlim(0, 2.3)
    right.set_xlabel("Werwölfe / √Spieler")
    right.set_ylabel("Siege des Dorfs (%), exakt")
    right.set_ylim(0, 100)
    right.set_title("Skalierung mit m/√n (Braverman, Etesami, Mossel)")
    right.grid(alpha=0.3)
    right.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, default=Path("docs/balance-exact.png"))
    args = parser.parse_args()
    started = time.perf_counter()
    wins = simulate(args.games, args.seed)
    report(wins, args.games)
    print_scaling(scaling())
    draw(wins, args.games, args.plot)
    print(f"\nGrafik: {args.plot} ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
