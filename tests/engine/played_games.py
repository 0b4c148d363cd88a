"""A digest of the event logs of random games in every ruleset (`wolfbot.demo.simulate`):
what `test_compiled.py` compares between the interpreted and the compiled engine.

    python tests/engine/played_games.py          # prints the digest and the engine's file"""

from __future__ import annotations

import dataclasses
import hashlib
import random

from wolfbot.demo.simulate import play
from wolfbot.engine import game
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.setup.role_advice import advises, suggest_roles

GAMES = (  # (ruleset, players, seeds)
    ("duesterliga", 12, range(40)),
    ("duesterliga", 24, range(10)),
    ("klassisch", 12, range(20)),
    ("wolfvillage", 10, range(20)),
    ("weerwolven", 10, range(20)),
)


def digest() -> str:
    hashed = hashlib.sha256()
    for name, players, seeds in GAMES:
        rules = loader.load(name)
        for seed in seeds:
            roles = _roles(rules, players, seed)
            for event in play(rules, roles, seed).game.state.log:
                shown = (type(event).__name__, dataclasses.asdict(event))
                hashed.update(repr(shown).encode())
    return hashed.hexdigest()


def _roles(rules: Ruleset, players: int, seed: int) -> list[str]:
    """The Düsterliga's suggestion; elsewhere a wolf of the pack and roles the round deals."""
    if advises(rules):
        return list(suggest_roles(players, rules, rng_seed=seed).roles)
    wolf = next(r.name for r in rules.roles.values() if r.behaviour == "pack")
    return [wolf, *random.Random(seed).choices(rules.dealt_roles(), k=players - 1)]


if __name__ == "__main__":
    print(digest())
    print(game.__file__)
