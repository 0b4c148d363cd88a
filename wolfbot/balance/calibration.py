"""The player model checked against ratings nobody here made up (issue 38), and its
parameters searched so that it agrees with them in direction.

The references (`Reference`; the lists: `wolfbot.spielleitung.reference_lists`):

- **Wolf Village's "Einsteiger"** at every count from 4 to 20 – "Das Spiel bewertet sie bei
  jeder Spielerzahl von 4 bis 20 als Ausgeglichen" (the seed's own words).
- **Wolf Village's other ready-made setups** (Klassisch, Standard 12, Fuchs, Chaos) at every
  count they take, with the lobby's rating of their cards (all "Ausgeglichen"; the weights of
  Seherin, Werwolf and Dorfbewohner are the seed's, the others wolfbot's: `setups.yaml`).
- **"Angepasst"**: Einsteiger with one Werwolf more or one fewer, at the counts where the
  lobby then rates it "Vorteil für die Wölfe" or "Vorteil fürs Dorf" – the direction a
  list's weight says.
- **The Düsterliga's "Rollenverteilung"**, the league's own advice, 8 to 24 players (the
  suggestion with seed 1, as `wolfbot setup rate --players N` rates it).

The seed's text, the league's advice and a Werwolf more or fewer (the seed's own weights)
are the sources' own words (`Reference.own`); the lobby's rating of the other setups rests on
weights wolfbot chose for their other cards (`setups.yaml`), so it is measured, not searched
for.

`agreement(...)` measures how well a model's Dorf win rates agree: the mean and largest
distance from one half on the lists rated balanced, the lists whose direction it gets wrong,
and the rank correlation (Spearman) between the lobby's score and the Dorf's rate.
`search(...)` walks the parameters one at a time over a coarse grid (coordinate descent),
with the same seeds for every candidate. `benchmarks/calibrate.py` prints the table."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from wolfbot.balance.advice import Lean
from wolfbot.balance.players import Model
from wolfbot.balance.rating import DORF, Rating, rate
from wolfbot.engine.spec import Ruleset

EINSTEIGER = "Einsteiger"


@dataclass(frozen=True, slots=True)
class Reference:
    """A role list and what a source nobody here made up says of it."""

    family: str  # "Einsteiger", "Klassisch", …, "Angepasst", "Düsterliga"
    ruleset: Ruleset
    roles: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    says: str  # the rating as its source words it
    expects: Lean | None  # the side the source sees ahead; None: it calls the list balanced
    lobby: int | None  # the lobby's score (Wolf Village), else None
    # the source's own word: the seed's text, the league's advice, a Werwolf more or fewer
    # (the seed's weights) – not a lobby rating that rests on weights wolfbot chose
    own: bool

    @property
    def players(self) -> int:
        return len(self.roles)


@dataclass(frozen=True, slots=True)
class Rated:
    reference: Reference
    rating: Rating

    @property
    def village(self) -> float:
        return self.rating.rate_of(DORF)

    @property
    def interval(self) -> tuple[float, float]:
        return self.rating.side(DORF).interval

    @property
    def agrees(self) -> bool:
        """Whether the model's Dorf rate points the way the reference says: a balanced list
        within `NEAR` of one half, a list for a side on that side of one half."""
        if self.reference.expects is None:
            return abs(self.village - 0.5) <= NEAR
        return (self.village > 0.5) == (self.reference.expects == "village")


NEAR = 0.15  # a balanced list "lands near one half": within 15 points


def rate_references(
    model: Model,
    refs: Sequence[Reference],
    games: int,
    seed: int = 1,
) -> list[Rated]:
    out = []
    for ref in refs:
        options = dict(ref.options)
        rating = rate(ref.ruleset, ref.roles, games, seed=seed, model=model, options=options)
        out.append(Rated(ref, rating))
    return out


@dataclass(frozen=True, slots=True)
class Agreement:
    """How far a model's Dorf rates are from what the references say. The search weighs
    only the sources' own words (`Reference.own`); the lobby's rating of the other setups,
    which rests on weights wolfbot chose, is measured beside them."""

    own_mean: float  # mean distance from one half: Einsteiger and the Düsterliga's lists
    own_max: float
    seed_mean: float  # … Einsteiger only (the seed's own words)
    league_mean: float  # … the Düsterliga's suggested lists only (`Advice` "league")
    others_mean: float  # … Wolf Village's other setups, the lobby's "Ausgeglichen"
    wolfvillage_mean: float  # … all of Wolf Village's setups (`Advice` "lobby")
    wrong_direction: int  # lists rated for a side that the model puts on the other
    directed: int  # lists rated for a side
    spearman: float  # rank correlation of the lobby's score and the Dorf's rate: own lists
    spearman_all: float  # … every Wolf Village list
    agreeing: int  # lists whose rate agrees (`Rated.agrees`)
    lists: int
    # what the search minimizes, over the sources' own words: the mean of the squared
    # distances from one half of the lists rated balanced and of the lists rated for a side
    # that the model puts on the other side of one half, less `RHO_WEIGHT` times `spearman`
    loss: float


def agreement(rated: Sequence[Rated]) -> Agreement:
    def distances(keep: Callable[[Reference], bool]) -> list[float]:
        return [
            abs(r.village - 0.5) for r in rated if r.reference.expects is None and keep(r.reference)
        ]

    own = distances(lambda ref: ref.own)
    directed = [r for r in rated if r.reference.expects is not None and r.reference.own]
    misses = [
        max(0.0, (0.5 - r.village) if r.reference.expects == "village" else (r.village - 0.5))
        for r in directed
    ]
    rho = _lobby_spearman([r for r in rated if r.reference.own])
    loss = statistics.fmean([d * d for d in own] + [m * m for m in misses]) - RHO_WEIGHT * rho
    return Agreement(
        own_mean=_mean(own),
        own_max=max(own, default=0.0),
        seed_mean=_mean(distances(lambda ref: ref.family == EINSTEIGER)),
        league_mean=_mean(distances(lambda ref: ref.ruleset.name == "duesterliga")),
        others_mean=_mean(distances(lambda ref: ref.ruleset.name == "wolfvillage" and not ref.own)),
        wolfvillage_mean=_mean(distances(lambda ref: ref.ruleset.name == "wolfvillage")),
        wrong_direction=sum(not r.agrees for r in directed),
        directed=len(directed),
        spearman=rho,
        spearman_all=_lobby_spearman(rated),
        agreeing=sum(r.agrees for r in rated),
        lists=len(rated),
        loss=loss,
    )


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def _lobby_spearman(rated: Sequence[Rated]) -> float:
    weighed = [r for r in rated if r.reference.lobby is not None]
    return spearman([float(r.reference.lobby or 0) for r in weighed], [r.village for r in weighed])


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank); 0 without spread."""
    rx, ry = _ranks(xs), _ranks(ys)
    if len(rx) < 2 or len(set(rx)) < 2 or len(set(ry)) < 2:
        return 0.0
    return statistics.correlation(rx, ry)


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


# -- the search ----------------------------------------------------------------------------------
RHO_WEIGHT = 0.05  # the rank correlation's weight in `Agreement.loss`
# the player model's defaults before issue 38
UNCALIBRATED = Model(
    votes=0.95,
    acts=0.9,
    share_wolf=0.8,
    share_clear=0.3,
    independence=0.35,
    intuition=0.15,
    bus=0.2,
)
# the values the search tries, parameter by parameter
GRID: dict[str, tuple[float, ...]] = {
    "intuition": (0.1, 0.15, 0.175, 0.2, 0.25),
    "independence": (0.2, 0.35, 0.5),
    "share_wolf": (0.8, 1.0),
    "bus": (0.0, 0.2),
}


def sample(refs: Sequence[Reference]) -> list[Reference]:
    """The lists the search plays: the sources' own words (`Reference.own`)."""
    return [r for r in refs if r.own]


def search(
    start: Model,
    refs: Sequence[Reference],
    grid: dict[str, Iterable[float]],
    games: int,
    *,
    rounds: int = 2,
    seed: int = 1,
    report: Callable[[Model, Agreement], None] | None = None,
) -> tuple[Model, Agreement]:
    """Coordinate descent: each parameter of `grid` in turn set to the value of its grid
    that agrees best (lowest `Agreement.loss`), the others held; `rounds` passes."""
    known: dict[Model, Agreement] = {}

    def judge(model: Model) -> Agreement:
        if model not in known:
            known[model] = agreement(rate_references(model, refs, games, seed))
            if report is not None:
                report(model, known[model])
        return known[model]

    best = start
    for _ in range(rounds):
        before = best
        for name, values in grid.items():
            candidates = [replace(best, **{name: value}) for value in values]
            best = min([best, *candidates], key=lambda m: judge(m).loss)
        if best == before:
            break
    return best, judge(best)


def parameters(model: Model) -> dict[str, float]:
    return {f.name: getattr(model, f.name) for f in fields(model)}
