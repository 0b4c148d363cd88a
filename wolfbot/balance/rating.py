"""The Monte Carlo rating of a role list: `games` simulated games under the player model
(`wolfbot.balance.players`), seeded `seed`, `seed + 1`, …, so that the same call gives the
same numbers. Each side's share of the games it won, with a 95 % Wilson interval; the
median length of a game in days; the games without a winner."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wolfbot.balance.games import Outcome, play
from wolfbot.balance.players import DEFAULT, Model
from wolfbot.engine.spec import Ruleset

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
NOBODY = ""  # the side of a game that ended without a winner


@dataclass(frozen=True, slots=True)
class SideRate:
    side: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True, slots=True)
class Rating:
    """What the games of one role list say."""

    players: int
    games: int
    sides: tuple[SideRate, ...]  # most wins first; a game may have several (the lovers')
    median_days: float
    no_winner: int
    seed: int

    def rate_of(self, side: str) -> float:
        return next((s.rate for s in self.sides if s.side == side), 0.0)

    def summary(self) -> str:
        """The estimate in one German line, for the Spielleitung: "aus 200 simulierten
        Spielen: Dorf 45,0 % (38,3–51,9 %), Rudel 55,0 % (…); im Median 4 Tage"."""
        sides = ", ".join(
            f"{s.side} {_percent(s.rate)} ({_percent(s.interval[0])}–{_percent(s.interval[1])})"
            for s in self.sides
        )
        days = f"{self.median_days:g}".replace(".", ",")
        return (
            f"aus {self.games} simulierten Spielen: {sides or 'kein Sieger'}; im Median {days} Tage"
        )

    def meaning(self) -> str:
        """What the estimate means, in one German sentence for the Spielleitung: which side
        the list favours, and how much ("deutlich" from 65 %, "etwas" from 55 % when its
        interval lies above one half, else "ungefähr ausgeglichen")."""
        if not self.sides:
            return "Das heißt: In den simulierten Spielen hat keine Seite gewonnen."
        first = self.sides[0]
        if first.rate >= FAVOURS_CLEARLY:
            verdict = "begünstigt sie deutlich; ausgeglichen wäre etwa 5 von 10"
        elif first.rate >= FAVOURS and first.interval[0] > 0.5:
            verdict = "begünstigt sie etwas; ausgeglichen wäre etwa 5 von 10"
        else:
            verdict = "ist ungefähr ausgeglichen"
        return (
            "Das heißt: Bei einfachen, fairen Zügen aller Spieler gewinnt die Seite "
            f"{first.side} etwa {round(first.rate * 10)} von 10 Spielen – die Rollenliste "
            f"{verdict}."
        )


FAVOURS_CLEARLY, FAVOURS = 0.65, 0.55  # `Rating.meaning`'s words


def _percent(share: float) -> str:
    return f"{share * 100:.1f} %".replace(".", ",")


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share `wins / games` (0 games: (0, 1))."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    scale = 1 + z * z / games
    middle = (share + z * z / (2 * games)) / scale
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / scale
    return max(0.0, middle - spread), min(1.0, middle + spread)


def rate(
    rules: Ruleset,
    roles: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    model: Model = DEFAULT,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Rating:
    """Play `games` games of `roles` and count them; `progress(done)` after each."""
    outcomes: list[Outcome] = []
    for number in range(games):
        outcomes.append(play(rules, roles, seed + number, model, options))
        if progress is not None:
            progress(number + 1)
    return summarize(outcomes, len(roles), seed)


def summarize(outcomes: Sequence[Outcome], players: int, seed: int) -> Rating:
    wins: Counter[str] = Counter()
    for outcome in outcomes:
        wins.update(set(outcome.winners) or {NOBODY})
    total = len(outcomes)
    sides = tuple(
        SideRate(side, count, total)
        for side, count in sorted(wins.items(), key=lambda item: (-item[1], item[0]))
        if side != NOBODY
    )
    days = statistics.median(o.days for o in outcomes) if outcomes else 0.0
    return Rating(players, total, sides, float(days), wins[NOBODY], seed)
