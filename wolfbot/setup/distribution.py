"""Role distribution: a role list from the config or suggested per "Die Rollenverteilung"
(`suggest_roles`), checked (`check_roles`), and the seeded draw (`assign_roles`).

"Danach verlost die Spielleitung die Rollen und teilt jedem Spieler seine Rolle mit." The
draw is a shuffle with `random.Random(seed)` (outside the pure engine), so one seed always
gives the same assignment. Two roles need more than a shuffle:

- Der Dieb: "Die Spielleitung verlost zwei Rollen mehr als Spieler an der Runde teilnehmen.
  Somit bleiben zwei Rollen übrig, die keinem Spieler zugelost worden sind" – the list has
  players + 2 roles; the two left over are `spare_roles`. Read literally, the Dieb's own
  role is drawn like any other and may be among the two left over (then nobody is the Dieb;
  a note says so). The Weerwolven's Dief (`params.adds_cards`): "voegen zij twee gewone
  burgers aan de stapel kaarten toe, zodat er twee karakterkaarten meer zijn dan spelers" –
  the list has a role per player, and the deal adds the two Burgers to the deck.
- Der Gaukler: "Vor der Rollenverlosung wählt die Spielleitung drei Rollen, die für das Dorf
  spielen, aus. Diese drei Rollen werden nicht verlost" – they are not part of the role list
  (which holds exactly the roles drawn); they come from the config (`gaukler_roles`) or are
  chosen with the seed, before the draw, among the implemented Dorf special roles not in
  play, preferring roles that do not clash with one in play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from wolfbot.engine.spec import Ruleset
from wolfbot.setup.role_advice import Suggestion, suggest_roles
from wolfbot.setup.role_checks import (
    BUERGER,
    DIEB_EXTRA,
    DORF,
    GAUKLER,
    GAUKLER_ROLES,
    RoleRef,
    added_cards,
    check_roles,
    conflicts_with,
    group_size,
    is_dieb,
    is_role,
    resolve_role,
    role_issues,
)
from wolfbot.spelling import name_key

__all__ = [
    "Assignment",
    "Suggestion",
    "assign_roles",
    "check_roles",
    "choose_gaukler_roles",
    "resolve_role",
    "role_issues",
    "suggest_roles",
]


@dataclass(frozen=True, slots=True)
class Assignment:
    """Who got which role (in Spielerliste order), the Dieb's two roles left over and the
    Gaukler's three roles set aside."""

    players: tuple[tuple[str, str], ...]
    spare_roles: tuple[str, ...] = ()
    gaukler_roles: tuple[str, ...] = ()
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


def choose_gaukler_roles(
    in_play: Sequence[str], ruleset: Ruleset, rng: random.Random
) -> tuple[str, ...]:
    """Three implemented Dorf special roles not in play (no Bürger, no Gaukler, no role held
    by a group), drawn one by one, preferring those that do not clash with a role in play
    or one already chosen."""
    refs = [ref for name in in_play if (ref := resolve_role(name, ruleset))]
    playing = {ref.name for ref in refs}
    headings = [ref.heading for ref in refs if ref.heading]
    pool = sorted(
        spec.name
        for spec in ruleset.roles.values()
        if spec.faction == DORF
        and spec.name not in playing
        and spec.name != BUERGER
        and spec.variant is None  # a variant's role only in a round of it
        and not is_role(spec.name, GAUKLER)
        and group_size(RoleRef(spec.name, spec.heading, spec), ruleset) == 1
    )
    if len(pool) < GAUKLER_ROLES:
        raise ValueError("Es gibt keine drei umgesetzten Sonderrollen des Dorfes für den Gaukler.")
    chosen: list[str] = []
    while len(chosen) < GAUKLER_ROLES:
        present = [*headings, *(ruleset.roles[n].heading for n in chosen)]
        left = [n for n in pool if n not in chosen]
        fitting = [
            n for n in left if not conflicts_with(ruleset.roles[n].heading, present, ruleset)
        ]
        chosen.append(rng.choice(fitting or left))
    return tuple(chosen)


def _gaukler(
    chosen: Sequence[str] | None, roles: Sequence[str], ruleset: Ruleset | None, rng: random.Random
) -> tuple[str, ...]:
    if chosen is None:
        if ruleset is None:
            raise ValueError("Für den Gaukler: Rollen angeben oder das Regelwerk übergeben.")
        return choose_gaukler_roles(roles, ruleset, rng)
    if len(chosen) != GAUKLER_ROLES or len({name_key(n) for n in chosen}) != GAUKLER_ROLES:
        raise ValueError(f"Der Gaukler braucht genau drei verschiedene Rollen: {list(chosen)}.")
    if ruleset is not None:
        for name in chosen:
            ref = resolve_role(name, ruleset)
            if ref is None or ref.spec is None or ref.spec.faction != DORF:
                raise ValueError(f"Gaukler: „{name}“ ist keine umgesetzte Rolle des Dorfes.")
    return tuple(chosen)


def assign_roles(
    players: Sequence[str],
    roles: Sequence[str],
    *,
    seed: int,
    ruleset: Ruleset | None = None,
    gaukler_roles: Sequence[str] | None = None,
) -> Assignment:
    """Draw `roles` for `players` with `random.Random(seed)`: len(roles) == len(players),
    or + 2 with a Dieb (the two left over are `spare_roles`); with a Gaukler his three roles
    are set aside first (`gaukler_roles`, or chosen with the seed – that needs `ruleset`).
    Role names are passed through as written (`Game.new` resolves them)."""
    names = [str(p) for p in players]
    if not names:
        raise ValueError("Keine Spieler.")
    if len({name_key(n) for n in names}) != len(names):
        raise ValueError("Jeder Spieler darf nur einmal in der Spielerliste stehen.")
    thieves = [r for r in roles if is_dieb(r, ruleset)]
    dieb = len(thieves)
    gaukler = sum(is_role(r, GAUKLER, ruleset) for r in roles)
    if dieb > 1 or gaukler > 1:
        raise ValueError("Der Dieb und der Gaukler dürfen je höchstens einmal vorkommen.")
    added = added_cards(thieves[0], ruleset) if thieves else ()
    wanted = len(names) + (DIEB_EXTRA - len(added)) * dieb
    if len(roles) != wanted:
        extra = " (+2 für den Dieb)" if dieb and not added else ""
        raise ValueError(
            f"{len(roles)} Rollen für {len(names)} Spieler; es braucht genau {wanted}{extra}."
        )
    if gaukler_roles is not None and not gaukler:
        raise ValueError("Rollen für den Gaukler angegeben, aber kein Gaukler in der Liste.")
    rng = random.Random(seed)
    aside = _gaukler(gaukler_roles, roles, ruleset, rng) if gaukler else ()
    deck = [*roles, *added]  # the Weerwolven's: "voegen zij twee gewone burgers … toe"
    rng.shuffle(deck)
    dealt = tuple(zip(names, deck, strict=False))
    spare = tuple(deck[len(names) :])
    notes = []
    if aside:
        notes.append(f"Der Gaukler kann spielen: {', '.join(aside)} (nicht verlost).")
    if spare:
        notes.append(f"Übrig für den Dieb: {' und '.join(spare)}.")
        if any(is_dieb(r, ruleset) for r in spare):
            notes.append("Der Dieb ist selbst übrig geblieben: kein Spieler ist der Dieb.")
    return Assignment(dealt, spare, aside, seed, tuple(notes))
