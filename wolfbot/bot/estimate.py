"""The estimate of a round's role list: each side's win rate from simulated games on every
core where that pays (`wolfbot.balance.cores`), and what it means beside the ruleset's own
rule of thumb (`setup.list_advice`, `Rating.meaning`) – told at the round's start
(`bot.live`) and by `wolfbot check-config`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wolfbot.balance.cores import available_cores, rate
from wolfbot.balance.rating import Rating
from wolfbot.engine.spec import Ruleset
from wolfbot.setup.list_advice import advice_on

ESTIMATE_GAMES = 200  # the simulated games of a role list


@dataclass(frozen=True, slots=True)
class Estimate:
    rating: Rating
    meaning: str  # "Das heißt: Das Modell sieht …" beside the rule of thumb

    def said(self) -> str:
        return f"{self.rating.summary()}. {self.meaning}"


def estimate(
    rules: Ruleset, roles: Sequence[str], seed: int, options: Mapping[str, Any]
) -> Estimate:
    """The estimate of `roles` under the house rules `options` (seeds `seed` on)."""
    rating = rate(
        rules, roles, ESTIMATE_GAMES, jobs=available_cores(), seed=seed, options=dict(options)
    )
    return Estimate(rating, rating.meaning(advice_on(rules, roles, options)))
