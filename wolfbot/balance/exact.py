"""The exact baseline: the Dorf's chance when nobody knows anything and nobody has a special
role – every player votes at random, the pack attacks at random – computed, not simulated.

Such a game is a small Markov chain over (Dorfbewohner, Werwölfe) alive:

- by day a uniformly random living player is lynched (a Werwolf with the chance wolves /
  living);
- by night the pack kills a uniformly random Dorfbewohner;
- it ends as the Düsterliga ends it (`engine.victory`): a side wins when every living
  player plays for it. There is no parity win: a pack as large as the rest of the village
  must still kill it, and may still be lynched meanwhile.

The Düsterliga starts with a night (the Nacht vor der Bürgermeisterwahl), and the pack
attacks in it; every day lynches somebody (a tie goes to the Bürgermeister, then the lot).
`dorf_wins` is that chain, by dynamic programming over its states.

`wolves_win_closed_form` is the closed form of the same chain started by day – the model of
M. Migdał, "A mathematical model of the Mafia game" (arXiv:1009.1031, 2010): the pack's
chance w(n, m) with m wolves among n players,

    w(n, m) = Σ_{k=1..m} (-1)^(k+1) · C(m, k) · Π_{x = n, n-2, …, x > 1} (1 - k/x),

derived here from the chain: a day and a night take the number of wolves m to m - 1 with
the chance m/x (x living by day), else keep it – the step f(m) ↦ f(m) - (m/x)·(f(m) - f(m-1)),
whose eigenfunctions are the binomials C(m, k) (eigenvalue 1 - k/x); the chain ends with
the Dorf's chance 1 exactly when m = 0, and [m = 0] = Σ_k (-1)^k · C(m, k).
A first night that kills one Dorfbewohner makes n players with a night first the same as
n - 1 with a day first (`tests/balance/test_exact.py` checks both against the DP).

Pure: exact fractions, no I/O."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Literal

Start = Literal["night", "day"]
MOST_PLAYERS = 24  # the table's largest round (`table`)


def dorf_wins(players: int, wolves: int, start: Start = "night") -> Fraction:
    """The Dorf's exact chance with `wolves` Werwölfe among `players`, the first phase
    `start` (the Düsterliga's: a night)."""
    if not 0 <= wolves <= players:
        raise ValueError(f"{wolves} Werwölfe unter {players} Spielern")
    villagers = players - wolves
    return _Chain(villagers, wolves).chance(villagers, wolves, start)


def table(most_players: int = MOST_PLAYERS) -> dict[tuple[int, int], Fraction]:
    """The Dorf's exact chance for every (players, wolves) with 1 ≤ wolves < players ≤
    `most_players`, a night first – one chain for all of them."""
    chain = _Chain(most_players, most_players)
    return {
        (players, wolves): chain.chance(players - wolves, wolves, "night")
        for players in range(2, most_players + 1)
        for wolves in range(1, players)
    }


def wolves_win_closed_form(players: int, wolves: int) -> Fraction:
    """Migdał's w(n, m): the pack's chance with a day first, in closed form (see the
    module's text)."""
    chance = Fraction(0)
    for k in range(1, wolves + 1):
        survives = Fraction(1)
        for living in range(players, 1, -2):
            survives *= 1 - Fraction(k, living)
        chance += (-1) ** (k + 1) * comb(wolves, k) * survives
    return chance


class _Chain:
    """The Dorf's chance from every state up to (villagers, wolves) alive, by night and by
    day, worked out from the smallest states up: a night takes one Dorfbewohner, a day one
    living player (a Werwolf with the chance wolves / living); no wolf left: the Dorf has
    won (1), no Dorfbewohner: the Rudel (0)."""

    def __init__(self, villagers: int, wolves: int) -> None:
        rows = range(villagers + 1)
        self.night = [[Fraction(1)] + [Fraction(0)] * wolves for _ in rows]
        self.day = [[Fraction(1)] + [Fraction(0)] * wolves for _ in rows]
        for v in range(1, villagers + 1):
            for w in range(1, wolves + 1):
                self.night[v][w] = self.day[v - 1][w]
                lynched_wolf, lynched_villager = self.night[v][w - 1], self.night[v - 1][w]
                self.day[v][w] = (w * lynched_wolf + v * lynched_villager) / (v + w)

    def chance(self, villagers: int, wolves: int, phase: Start) -> Fraction:
        """The Dorf's chance from this state, its `phase` about to begin."""
        return (self.night if phase == "night" else self.day)[villagers][wolves]
