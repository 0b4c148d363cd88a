"""Role distribution: a role list from the config or suggested per "Die Rollenverteilung"
(`suggest_roles`), checked (`check_roles`), and the seeded draw (`assign_roles`).

"Danach verlost die Spielleitung die Rollen und teilt jedem Spieler seine Rolle mit." The
draw is a shuffle with `random.Random(seed)` (outside the pure engine), so one seed always
gives the same assignment. Roles whose behaviour declares a `set_aside` need more than a
shuffle (the setup never names them):

- Der Dieb: "Die Spielleitung verlost zwei Rollen mehr als Spieler an der Runde teilnehmen.
  Somit bleiben zwei Rollen übrig, die keinem Spieler zugelost worden sind" – the list has
  players + 2 roles; the two left over are `spare_roles`. Read literally, the Dieb's own
  role is drawn like any other and may be among the two left over (then nobody is the Dieb;
  a note says so). The Weerwolven's Dief (`params.adds_cards`): "voegen zij twee gewone
  burgers aan de stapel kaarten toe, zodat er twee karakterkaarten meer zijn dan spelers" –
  the list has a role per player, and the deal adds the two Burgers to the deck. They go to
  the Dieb's house rule (`dieb_roles`).
- Der Gaukler: "Vor der Rollenverlosung wählt die Spielleitung drei Rollen, die für das Dorf
  spielen, aus. Diese drei Rollen werden nicht verlost" – they are not part of the role list
  (which holds exactly the roles drawn); they come from the config's house rule
  (`gaukler_roles`) or are chosen with the seed, before the draw, among the implemented Dorf
  special roles not in play, preferring roles that do not clash with one in play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from wolfbot.engine.port import SetAside
from wolfbot.engine.spec import Ruleset
from wolfbot.setup.role_advice import Suggestion, suggest_roles
from wolfbot.setup.role_checks import (
    BUERGER,
    DORF,
    RoleRef,
    added_cards,
    check_roles,
    chosen_asides,
    conflicts_with,
    group_size,
    left_over,
    numeral,
    resolve_role,
    role_issues,
    set_aside_of,
    takes_left_over,
)
from wolfbot.spelling import name_key

__all__ = [
    "Assignment",
    "Suggestion",
    "assign_roles",
    "check_roles",
    "choose_roles_aside",
    "resolve_role",
    "role_issues",
    "suggest_roles",
]


@dataclass(frozen=True, slots=True)
class Assignment:
    """Who got which role (in Spielerliste order), the cards the draw left over, and the
    roles set aside for a role by the house rule that holds them for the round
    (`{"gaukler_roles": (…3…), "dieb_roles": (…the 2 left over…)}`)."""

    players: tuple[tuple[str, str], ...]
    spare_roles: tuple[str, ...] = ()
    set_aside: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seed: int = 0
    notes: tuple[str, ...] = ()

    def as_players(self) -> list[tuple[str, str]]:
        """`[(name, role)]` for `Game.new`."""
        return list(self.players)

    def role_of(self, name: str) -> str:
        key = name_key(name)
        for player, role in self.players:
            if name_key(player) == key:
                return role
        raise KeyError(name)


def choose_roles_aside(
    taker: str, in_play: Sequence[str], ruleset: Ruleset, rng: random.Random, count: int
) -> tuple[str, ...]:
    """`count` implemented Dorf special roles not in play for the role `taker` (no Bürger,
    not the taker, no role held by a group), drawn one by one, preferring those that do not
    clash with a role in play or one already chosen."""
    refs = [ref for name in in_play if (ref := resolve_role(name, ruleset))]
    playing = {ref.name for ref in refs}
    headings = [ref.heading for ref in refs if ref.heading]
    pool = sorted(
        spec.name
        for spec in ruleset.roles.values()
        if spec.faction == DORF
        and spec.name not in playing
        and spec.name not in (BUERGER, taker)
        and spec.variant is None  # a variant's role only in a round of it
        and group_size(RoleRef(spec.name, spec.heading, spec), ruleset) == 1
    )
    if len(pool) < count:
        raise ValueError(
            f"Es gibt keine {count} umgesetzten Sonderrollen des Dorfes für den {taker}."
        )
    chosen: list[str] = []
    while len(chosen) < count:
        present = [*headings, *(ruleset.roles[n].heading for n in chosen)]
        left = [n for n in pool if n not in chosen]
        fitting = [
            n for n in left if not conflicts_with(ruleset.roles[n].heading, present, ruleset)
        ]
        chosen.append(rng.choice(fitting or left))
    return tuple(chosen)


def _chosen(
    taker: str,
    aside: SetAside,
    given: object,
    roles: Sequence[str],
    ruleset: Ruleset,
    rng: random.Random,
) -> tuple[str, ...]:
    """The roles set aside for `taker`: the house rule's, checked, or chosen with the seed."""
    if not given:
        return choose_roles_aside(taker, roles, ruleset, rng, aside.count)
    chosen = [str(name) for name in given] if isinstance(given, list | tuple) else []
    if len(chosen) != aside.count or len({name_key(n) for n in chosen}) != aside.count:
        raise ValueError(
            f"Der {taker} braucht genau {numeral(aside.count)} verschiedene Rollen: "
            f"{chosen or given}."
        )
    for name in chosen:
        ref = resolve_role(name, ruleset)
        if ref is None or ref.spec is None or ref.spec.faction != DORF:
            raise ValueError(f"{taker}: „{name}“ ist keine umgesetzte Rolle des Dorfes.")
    return tuple(chosen)


def assign_roles(
    players: Sequence[str],
    roles: Sequence[str],
    *,
    seed: int,
    ruleset: Ruleset,
    house_rules: Mapping[str, object] | None = None,
) -> Assignment:
    """Draw `roles` for `players` with `random.Random(seed)`: len(roles) == len(players),
    or more by the cards a role takes from what the draw leaves over (the Dieb: + 2); roles
    chosen to be set aside for a role (the Gaukler's three) are set aside first – from the
    role's house rule in `house_rules`, or chosen with the seed. Role names are passed
    through as written (`Game.new` resolves them)."""
    names = [str(p) for p in players]
    if not names:
        raise ValueError("Keine Spieler.")
    if len({name_key(n) for n in names}) != len(names):
        raise ValueError("Jeder Spieler darf nur einmal in der Spielerliste stehen.")
    house_rules = house_rules or {}
    takers = [
        (ref.name, aside)
        for name in roles
        if (aside := set_aside_of(name, ruleset)) and (ref := resolve_role(name, ruleset))
    ]
    for name, count in Counter(name for name, _ in takers).items():
        if count > 1:
            raise ValueError(f"Der {name} darf höchstens einmal vorkommen.")
    thief = left_over(roles, ruleset)
    added = added_cards(thief.taker, ruleset) if thief else ()
    wanted = len(names) + (thief.extra if thief else 0)
    if len(roles) != wanted:
        extra = f" (+{thief.extra} für den {thief.taker})" if thief and thief.extra else ""
        raise ValueError(
            f"{len(roles)} Rollen für {len(names)} Spieler; es braucht genau {wanted}{extra}."
        )
    for option, (taker, _) in chosen_asides(ruleset).items():
        if house_rules.get(option) and not any(a.option == option for _, a in takers):
            raise ValueError(f"Rollen für den {taker} angegeben, aber kein {taker} in der Liste.")
    rng = random.Random(seed)
    set_aside: dict[str, tuple[str, ...]] = {}
    notes = []
    for name, aside in takers:
        if aside.chosen:
            chosen = _chosen(name, aside, house_rules.get(aside.option), roles, ruleset, rng)
            set_aside[aside.option] = chosen
            notes.append(f"Der {name} kann spielen: {', '.join(chosen)} (nicht verlost).")
    deck = [*roles, *added]  # the Weerwolven's: "voegen zij twee gewone burgers … toe"
    rng.shuffle(deck)
    dealt = tuple(zip(names, deck, strict=False))
    spare = tuple(deck[len(names) :])
    if thief is not None:
        set_aside[thief.aside.option] = spare
        notes.append(f"Übrig für den {thief.taker}: {' und '.join(spare)}.")
        if any(takes_left_over(r, ruleset) for r in spare):
            name = thief.taker
            notes.append(f"Der {name} ist selbst übrig geblieben: kein Spieler ist der {name}.")
    return Assignment(dealt, spare, set_aside, seed, tuple(notes))
