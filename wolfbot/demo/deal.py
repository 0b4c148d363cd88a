"""What a demo round deals: a ready-made setup of the ruleset, the "Rollenverteilung" advice
with the showcase roles first, or a showcase drawn from the ruleset's roles."""

from __future__ import annotations

import random
from typing import Any

from wolfbot.demo.settings import OPTIONS, SHOWCASE_ROLES
from wolfbot.engine.spec import Ruleset
from wolfbot.setup.distribution import suggest_roles
from wolfbot.setup.role_advice import advises
from wolfbot.setup.role_checks import takes_left_over
from wolfbot.setup.setups import held_by, ready_made


def demo_roles(rules: Ruleset, players: int, seed: int) -> tuple[list[str], dict[str, Any]]:
    """The roles and house rules of a demo round: of a ruleset with ready-made setups the one
    with the most different roles for this many players (Wolf Village's Chaos or Klassisch)
    with its house rules; of one the "Rollenverteilung" advice speaks of (its Dorf and Rudel:
    the Düsterliga) its suggestion with the `SHOWCASE_ROLES` first; else `showcase`.
    The live bot's night (`OPTIONS`: it asks and waits at each stage) where the ruleset has it."""
    options: dict[str, Any] = {k: v for k, v in OPTIONS.items() if k in rules.options}
    setup = ready_made(rules.name, players, most_roles=True)
    if setup is not None:
        roles, house_rules = setup
        return roles, {**house_rules, **options}
    if not advises(rules):
        return showcase(rules, players, seed), options
    suggestion = suggest_roles(players, rules, rng_seed=seed, prefer=SHOWCASE_ROLES)
    return list(suggestion.roles), options


def showcase(rules: Ruleset, players: int, seed: int) -> list[str]:
    """A role list that shows a ruleset's roles: a Werwolf for every four players, other
    roles of the ruleset drawn by the seed, each once, while two places stay for plain
    villagers (the Bürger) – roles the deal treats apart (the Dieb's extra cards) left out.
    The Werwolf and the Bürger by the ruleset's names for them (`Ruleset.engine_role`)."""
    wolf, plain = (rules.engine_role(name).name for name in ("Werwolf", "Bürger"))
    wolves = max(1, players // 4)
    apart = {name for name in rules.dealt_roles() if takes_left_over(name, rules)}
    others = sorted(
        name
        for name in rules.dealt_roles()
        if name not in (wolf, plain, *apart) and held_by(name, rules) == 1
    )
    drawn = random.Random(seed).sample(others, k=min(len(others), max(0, players - wolves - 2)))
    return [wolf] * wolves + drawn + [plain] * (players - wolves - len(drawn))
