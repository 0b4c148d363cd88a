"""The Monte Carlo rating of a role list: `games` simulated games under the player model
(`wolfbot.balance.players`), seeded `seed`, `seed + 1`, …, so that the same call gives the
same numbers. Each side's share of the games it won, with a 95 % Wilson interval; the
median length of a game in days; the games without a winner."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wolfbot.balance.advice import Advice, Lean, caution
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

    def side(self, name: str) -> SideRate:
        """The games side `name` won (none, if it never won)."""
        return next((s for s in self.sides if s.side == name), SideRate(name, 0, self.games))

    def rate_of(self, side: str) -> float:
        return self.side(side).rate

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

    def meaning(self, advice: Advice | None = None) -> str:
        """What the estimate means, in German for the Spielleitung: which side the list
        favours, and how much ("deutlich" from 65 %, "etwas" from 55 % when its interval lies
        above one half, else "ungefähr ausgeglichen"), with its interval. With the rule of
        thumb's `advice`: the model's view beside the advice, and where they disagree the
        model's measured error on such lists (`advice.caution`); without (a ruleset with no
        rating of its lists): that the model was not compared with any."""
        if not self.sides:
            return "Das heißt: In den simulierten Spielen hat keine Seite gewonnen."
        if advice is not None:
            return f"Das heißt: {self._view()} {advice.said} {self._compared(advice)}".rstrip()
        first = self.sides[0]
        if first.rate >= FAVOURS_CLEARLY:
            verdict = "begünstigt sie deutlich; ausgeglichen wäre etwa 5 von 10"
        elif first.rate >= FAVOURS and first.interval[0] > 0.5:
            verdict = "begünstigt sie etwas; ausgeglichen wäre etwa 5 von 10"
        else:
            verdict = "ist ungefähr ausgeglichen"
        low, high = first.interval
        return (
            "Das heißt: Bei einfachen, fairen Zügen aller Spieler gewinnt die Seite "
            f"{first.side} etwa {round(first.rate * 10)} von 10 Spielen ({_percent(first.rate)}, "
            f"{_number(low)}–{_percent(high)}) – die Rollenliste {verdict}. {UNCOMPARED}"
        )

    def leans(self) -> Lean | None:
        """The side the model sees ahead: the Dorf when its share is at least `FAVOURS` and
        its interval above one half, the others when the Dorf's is at most 1 − `FAVOURS`
        and its interval below; else None (about even)."""
        village = self.side(DORF)
        low, high = village.interval
        if village.rate >= FAVOURS and low > 0.5:
            return "village"
        if village.rate <= 1 - FAVOURS and high < 0.5:
            return "wolves"
        return None

    def _view(self) -> str:
        """The model's view in one sentence, with the leading side's share and interval."""
        lean = self.leans()
        village = self.side(DORF)
        ahead = (
            village if lean == "village" else next((s for s in self.sides if s.side != DORF), None)
        )
        if lean is None or ahead is None:
            return f"Das Modell sieht die Liste ungefähr ausgeglichen ({_share(village)})."
        how = "deutlich" if ahead.rate >= FAVOURS_CLEARLY else "etwas"
        return f"Das Modell sieht {_named(ahead.side)} {how} vorn ({_share(ahead)})."

    def _compared(self, advice: Advice) -> str:
        """Agreement in a few words, or the model's measured error where it disagrees."""
        if not advice.follows:
            return "Mit solchen Listen ist das Modell nicht verglichen worden – " + ROUGHLY
        if self.leans() == advice.favours:
            return "Darin stimmt das Modell mit ihr überein."
        return caution(advice.source)


FAVOURS_CLEARLY, FAVOURS = 0.65, 0.55  # `Rating.meaning`'s words
ROUGHLY = "lies die Zahl als grobe Richtung."
UNCOMPARED = "Mit Listen dieses Regelwerks ist das Modell nicht verglichen worden – " + ROUGHLY
DORF = "Dorf"  # the village's side in every ruleset
SIDES_NAMED = {"Dorf": "das Dorf", "Rudel": "das Rudel", "Werwölfe": "die Werwölfe"}


def _named(side: str) -> str:
    return SIDES_NAMED.get(side, f"die Seite {side}")


def _share(side: SideRate) -> str:
    """ "Rudel 77,0 %, 70,7–82,3 %": the side's share and its interval."""
    low, high = side.interval
    return f"{side.side} {_percent(side.rate)}, {_number(low)}–{_percent(high)}"


def _percent(share: float) -> str:
    return f"{_number(share)} %"


def _number(share: float) -> str:
    return f"{share * 100:.1f}".replace(".", ",")


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
) -> Rating:
    """Play `games` games of `roles` (seeds `seed` on) and count them."""
    outcomes = [play(rules, roles, seed + number, model, options) for number in range(games)]
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
