"""What a ruleset's own rule of thumb says of a role list, for the estimate's words
(`wolfbot.balance.advice.Advice`, `Rating.meaning`): Wolf Village's lobby rating of the
cards, or whether the list follows the Düsterliga's "Rollenverteilung" (the league's advice
for its rounds); None for a ruleset with neither."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from wolfbot.balance.advice import Advice, Lean
from wolfbot.engine.spec import Ruleset
from wolfbot.setup.lobby import Verdict, signed
from wolfbot.setup.lobby import rate as lobby_rate
from wolfbot.setup.setups import has_setups, load_setups

LOBBY_FAVOURS: dict[Verdict, Lean | None] = {
    Verdict.BALANCED: None,
    Verdict.VILLAGE: "village",
    Verdict.WOLVES: "wolves",
}


def advice_on(rules: Ruleset, roles: Sequence[str], options: Mapping[str, Any]) -> Advice | None:
    if has_setups(rules.name):
        setups = load_setups(rules.name)
        counted = {k: bool(v) for k, v in options.items() if k in setups.rating.options}
        lobby = lobby_rate(Counter(roles), counted, setups.rating)
        said = (
            f"Die Lobby von {rules.title} bewertet die Karten mit „{lobby.verdict}“ "
            f"({signed(lobby.points)})."
        )
        return Advice("lobby", True, LOBBY_FAVOURS[lobby.verdict], said)
    from wolfbot.setup.role_advice import advises, departures

    if not advises(rules):
        return None
    house_rules = {k: v for k, v in options.items() if k != "variants"}
    if departures(list(roles), rules, house_rules):
        said = "Die Liste weicht von der Rollenverteilung der Liga ab."
        return Advice("league", False, None, said)
    said = "Die Liste folgt der Rollenverteilung der Liga, die sie als ausgewogen empfiehlt."
    return Advice("league", True, None, said)
