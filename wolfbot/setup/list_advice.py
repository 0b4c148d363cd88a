"""What a ruleset's own rule of thumb says of a role list, for the estimate's words
(`Rating.meaning`, `wolfbot.balance.advice`): Wolf Village's lobby rating of the cards, or
whether the list follows the Düsterliga's "Rollenverteilung" (the league's advice for its
rounds: `role_advice.departures`); None for a ruleset with neither."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from wolfbot.engine.spec import Ruleset
from wolfbot.setup.lobby import Rating, Verdict, signed
from wolfbot.setup.lobby import rate as lobby_rate
from wolfbot.setup.setups import Setups, has_setups, load_setups

Lean = Literal["village", "wolves"]
LOBBY_FAVOURS: dict[Verdict, Lean | None] = {
    Verdict.BALANCED: None,
    Verdict.VILLAGE: "village",
    Verdict.WOLVES: "wolves",
}


@dataclass(frozen=True, slots=True)
class ListAdvice:
    """The rule of thumb's word on a list (`wolfbot.balance.advice.Advice`)."""

    source: Literal["league", "lobby"]
    follows: bool  # a list the source rates: one after the Rollenverteilung, any set of cards
    favours: Lean | None  # the side the source sees ahead; None: balanced, or no word
    said: str  # that word in a German sentence


def lobby_rating(setups: Setups, cards: Mapping[str, int], options: Mapping[str, Any]) -> Rating:
    """The lobby's rating of `cards` under the house rules it weighs (of `options`)."""
    counted = {k: bool(v) for k, v in options.items() if k in setups.rating.options}
    return lobby_rate(cards, counted, setups.rating)


def advice_on(
    rules: Ruleset, roles: Sequence[str], options: Mapping[str, Any]
) -> ListAdvice | None:
    if has_setups(rules.name):
        lobby = lobby_rating(load_setups(rules.name), Counter(roles), options)
        said = (
            f"Die Lobby von {rules.title} bewertet die Karten mit „{lobby.verdict}“ "
            f"({signed(lobby.points)})."
        )
        return ListAdvice("lobby", True, LOBBY_FAVOURS[lobby.verdict], said)
    from wolfbot.setup.role_advice import advises, departures

    if not advises(rules):
        return None
    house_rules = {k: v for k, v in options.items() if k != "variants"}
    departs = departures(list(roles), rules, house_rules)
    if departs:
        found = "; ".join(d.rstrip(".") for d in departs)
        said = f"Die Liste weicht von der Rollenverteilung der Liga ab. Abweichend: {found}."
        return ListAdvice("league", False, None, said)
    said = "Die Liste folgt der Rollenverteilung der Liga, die sie als ausgewogen empfiehlt."
    return ListAdvice("league", True, None, said)
