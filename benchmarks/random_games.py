"""Random games with every implemented role: each game deals 5 to 24 players a role list
of Werwölfe, Bürger and special roles drawn from the whole ruleset, every other game in one
of its Spielvarianten with the roles that round may deal (a Gaukler with his
three roles set aside as the deal does), each house rule that is a switch drawn by the seed,
and the simulated players (`wolfbot.demo.simulate`) play it to its end; a Dieb gets two
roles left over. Prints how many games ended, how many stopped at the phase limit, and
every error (with its seed, to replay it). Asserts nothing.

    python benchmarks/random_games.py [--ruleset duesterliga] [--games 3000] [--first-seed 0]
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from collections import Counter

from wolfbot.demo.simulate import play
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.setup.distribution import choose_gaukler_roles


def switches(rules: Ruleset, seed: int) -> dict[str, object]:
    """Each announced house rule that is a switch or a choice, drawn by the seed (Wolf
    Village's Hauptmann, rollen_aufdecken, gleichstand, the Heiler's and the Günstling's)."""
    rng = random.Random(seed * 7 + 1)
    drawn: dict[str, object] = {}
    for name, option in sorted(rules.options.items()):
        if not option.announced or name == "variants":
            continue
        if option.choices:
            drawn[name] = rng.choice(option.choices)
        elif isinstance(option.default, bool):
            drawn[name] = rng.random() < 0.5
    return drawn


def variants(rules: Ruleset, seed: int) -> tuple[str, ...]:
    """Every other game plays one Spielvariante (each by turns)."""
    names = sorted(rules.variants)
    return () if seed % 2 or not names else (names[(seed // 2) % len(names)],)


def role_list(rules: Ruleset, seed: int, played: tuple[str, ...] = ()) -> list[str]:
    """A wolf for every four players (its place taken by the variant's own role where it
    deals no Werwolf: the Vampir), the rest Bürger or any other role the round may deal."""
    rng = random.Random(seed)
    players = rng.randint(5, 24)
    wolves = max(1, players // 4)
    no_wolves = any(rules.variants[name].no_werwolves for name in played)
    own = [r.name for r in rules.roles.values() if r.variant in played and r.dealt]
    plain, werwolf = (rules.engine_role(name).name for name in ("Bürger", "Werwolf"))
    anchors = [werwolf] * wolves if not no_wolves else ([own[0]] if own else [plain])
    dealable = rules.dealt_roles(played)
    others = [name for name in dealable if name not in (werwolf, plain, *anchors)]
    special = rng.sample(others, k=min(len(others), rng.randint(1, players - len(anchors))))
    return anchors + special + [plain] * (players - len(anchors) - len(special))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="duesterliga", choices=loader.available())
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    rules = loader.load(args.ruleset)
    ended = limited = 0
    errors: list[tuple[int, str]] = []
    dealt: Counter[str] = Counter()
    began = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.games):
        played = variants(rules, seed)
        roles = role_list(rules, seed, played)
        dealt.update(set(roles))
        options: dict = {"variants": list(played)} if played else {}
        options.update(switches(rules, seed))
        if "Gaukler" in roles:  # his three roles, set aside as the deal does
            aside = choose_gaukler_roles(roles, rules, random.Random(seed))
            options["gaukler_roles"] = list(aside)
        if any(rules.roles[name].behaviour == "dieb" for name in roles):  # the two left over
            options["dieb_roles"] = random.Random(seed).sample(rules.dealt_roles(played), 2)
        try:
            sim = play(rules, roles, seed=seed, options=options)
        except Exception:
            errors.append((seed, traceback.format_exc(limit=6)))
            continue
        if sim.game.state.phase.kind == "over":
            ended += 1
        else:
            limited += 1
    seconds = time.perf_counter() - began
    print(f"random games ({args.ruleset}): {args.games} in {seconds:.1f} s", end="")
    print(f", {len(dealt)} roles dealt")
    print(f"  ended:                 {ended}")
    print(f"  stopped at the limit:  {limited}")
    print(f"  errors:                {len(errors)}")
    print(f"  least dealt role:      {min(dealt.values())} games ({min(dealt, key=dealt.get)})")
    for seed, trace in errors[:5]:
        print(f"\n--- seed {seed} ---\n{trace}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
