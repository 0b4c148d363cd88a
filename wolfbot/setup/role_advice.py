"""A role list suggested per "Hinweise für die Spielleitung / Die Rollenverteilung":

    Jeder vierte Spieler sollte ein (gewöhnlicher) Werwolf sein. Alle anderen Spieler sollten
    (gewöhnliche) Bürger sein.
    - Für jeden (gewöhnlichen) Werwolf sollte ein (gewöhnlicher) Bürger durch eine
      Sonderrolle, die für das Dorf spielt, ersetzt werden.
    - Jeder dritte (gewöhnliche) Werwolf sollte durch einen Werwolf mit einer Sonderrolle
      ersetzt werden.
    - Ein (gewöhnlicher) Werwolf kann durch eine Sonderrolle, die für das Rudel spielt aber
      kein Werwolf ist, ersetzt werden.
    - Ein (gewöhnlicher) Bürger kann durch einen Zweideutigen ersetzt werden.
    - Ein (gewöhnlicher) Werwolf kann durch einen Einzelgänger ersetzt werden.

Readings: wolves = players // 4, at least one; one Dorf special role per wolf (while Bürger
are left); players // 4 // 3 special wolves. Only roles the ruleset implements are drawn; the
Spielleitung's `prefer` roles come first, the rest is drawn by the seed among the implemented
roles of that kind that do not clash with a role already chosen ("sollten nicht zusammen
gespielt werden"). Roles several players hold together (Die Drei Brüder) are only used when
preferred and take that many places. The optional replacements ("kann") happen only for
preferred roles: a Rudel role that is no Werwolf or an Einzelgänger replaces an ordinary
Werwolf (one Werwolf always stays), a Zweideutiger an ordinary Bürger; with a Dieb two more
Bürger are added (two roles more than players are drawn).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from wolfbot.engine.spec import RoleSpec, Ruleset
from wolfbot.setup.role_checks import (
    BUERGER,
    DORF,
    EINZELGAENGER,
    RUDEL,
    WERWOLF,
    ZWEIDEUTIGE,
    RoleRef,
    check_roles,
    conflicts_with,
    group_size,
    left_over,
    numeral,
    resolve_role,
)


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A role list with the German notes explaining each step of the advice."""

    n_players: int
    roles: tuple[str, ...]
    notes: tuple[str, ...]
    wolves: int  # "jeder vierte Spieler": the wolf places (ordinary, special, replaced)
    special_wolves: int
    village_specials: int  # places of Dorf special roles (a group role counts each player)
    buerger: int  # ordinary Bürger in the list
    ordinary_wolves: int  # ordinary Werwölfe in the list
    replaced: tuple[str, ...] = ()  # optional replacements (Rudel helpers, Einzelgänger, …)


def _kind(spec: RoleSpec) -> str:
    if spec.name in (BUERGER, WERWOLF):
        return "plain"
    if spec.faction == DORF:
        return "village"
    if spec.faction == RUDEL:
        return "wolf" if spec.is_werwolf else "helper"
    if spec.faction == EINZELGAENGER:
        return "lone"
    if spec.faction == ZWEIDEUTIGE:
        return "ambiguous"
    return "other"


def _candidates(ruleset: Ruleset, kind: str, variants: tuple[str, ...] = ()) -> list[RoleRef]:
    refs = [
        RoleRef(s.name, s.heading, s)
        for s in ruleset.roles.values()
        if _kind(s) == kind and ruleset.dealable(s, variants) is None
    ]
    return sorted((r for r in refs if group_size(r, ruleset) == 1), key=lambda r: r.name)


def _names(roles: Sequence[str]) -> str:
    counts = Counter(roles)
    shown = [f"{n}× {role}" if n > 1 else role for role, n in counts.items()]
    return ", ".join(shown) if shown else "keine"


def _wolves(n: int) -> str:
    return f"{n} Werwolf" if n == 1 else f"{n} Werwölfe"


class _Plan:
    def __init__(self, n_players: int, ruleset: Ruleset, variants: tuple[str, ...]) -> None:
        self.ruleset = ruleset
        self.variants = variants
        self.n_players = n_players
        self.wolves = max(1, n_players // 4)
        self.village_slots = min(self.wolves, n_players - self.wolves)
        self.wolf_slots = self.wolves // 3
        self.village: list[str] = []
        self.special_wolves: list[str] = []
        self.instead_of_wolf: list[str] = []
        self.instead_of_buerger: list[str] = []
        self.headings: list[str] = []
        self.notes: list[str] = []

    @property
    def buerger(self) -> int:
        return self.n_players - self.wolves - len(self.village) - len(self.instead_of_buerger)

    def add(self, ref: RoleRef, into: list[str], count: int = 1) -> None:
        into.extend([ref.name] * count)
        if ref.heading:
            self.headings.append(ref.heading)

    def prefer(self, ref: RoleRef) -> None:
        assert ref.spec is not None
        kind, size = _kind(ref.spec), group_size(ref, self.ruleset)
        if kind == "village":
            free = self.village_slots - len(self.village)
            if size <= free:
                return self.add(ref, self.village, size)
            self.notes.append(f"{ref.name}: kein Platz mehr für eine Sonderrolle des Dorfes.")
        elif kind == "wolf":
            if len(self.special_wolves) < self.wolf_slots:
                return self.add(ref, self.special_wolves)
            self.notes.append(f"{ref.name}: kein Platz mehr für einen Werwolf mit Sonderrolle.")
        elif kind in ("helper", "lone"):
            taken = len(self.special_wolves) + len(self.instead_of_wolf)
            if taken + 1 < self.wolves:
                return self.add(ref, self.instead_of_wolf)
            self.notes.append(f"{ref.name}: ersetzt keinen Werwolf mehr (einer bleibt).")
        elif kind == "ambiguous":
            if self.buerger >= size:
                return self.add(ref, self.instead_of_buerger, size)
            self.notes.append(f"{ref.name}: kein gewöhnlicher Bürger mehr zu ersetzen.")
        else:
            self.notes.append(f"{ref.name}: ist keine Sonderrolle; nicht berücksichtigt.")

    def draw(self, rng: random.Random, kind: str, into: list[str], slots: int) -> int:
        """Fill up to `slots` places with implemented roles of `kind`; return the shortfall."""
        pool = [r for r in _candidates(self.ruleset, kind, self.variants) if r.name not in into]
        while len(into) < slots:
            fitting = [
                r for r in pool if not conflicts_with(r.heading, self.headings, self.ruleset)
            ]
            if not fitting:
                return slots - len(into)
            ref = rng.choice(fitting)
            pool.remove(ref)
            self.add(ref, into)
        return 0


def _resolve_preferred(prefer: Sequence[str], ruleset: Ruleset) -> list[RoleRef]:
    refs = []
    for name in prefer:
        ref = resolve_role(name, ruleset)
        if ref is None or ref.spec is None:
            why = "ist nicht umgesetzt" if ref else "ist unbekannt"
            raise ValueError(f"Bevorzugte Rolle „{name}“ {why}.")
        refs.append(ref)
    return refs


def advises(ruleset: Ruleset) -> bool:
    """Whether the "Rollenverteilung" advice speaks of the ruleset's factions (its Dorf and
    Rudel: the Düsterliga's)."""
    return {DORF, RUDEL} <= set(ruleset.factions)


def suggest_roles(
    n_players: int,
    ruleset: Ruleset,
    *,
    rng_seed: int,
    prefer: Sequence[str] = (),
    variants: Sequence[str] = (),
) -> Suggestion:
    """A role list for `n_players` per "Die Rollenverteilung" (see the module text), the
    `prefer` roles first, the rest drawn with `rng_seed`, then changed as the round's
    Spielvarianten say (`_apply_variants`); ValueError for a preferred role that is unknown
    or not implemented, and for a ruleset the advice does not speak of (`advises`)."""
    if n_players < 1:
        raise ValueError("Eine Runde braucht wenigstens einen Spieler.")
    if not advises(ruleset):
        raise ValueError(
            f"Die Rollenverteilung spricht nicht von {ruleset.title}: die Rollen der Runde "
            "selbst angeben (--roles LISTE, in der Konfiguration roles.list)."
        )
    plan = _Plan(n_players, ruleset, tuple(variants))
    rng = random.Random(rng_seed)
    preferred = _resolve_preferred(prefer, ruleset)
    at_least = " (wenigstens einer)" if n_players < 4 else ""
    notes = [
        f"{n_players} Spieler: jeder vierte Spieler ist ein Werwolf → "
        f"{_wolves(plan.wolves)}{at_least}, {n_players - plan.wolves} Bürger."
    ]
    for ref in preferred:
        plan.prefer(ref)
    missing = plan.draw(rng, "village", plan.village, plan.village_slots)
    notes.append(
        f"Für jeden Werwolf wird ein Bürger durch eine Sonderrolle des Dorfes ersetzt → "
        f"{plan.village_slots}: {_names(plan.village)}."
    )
    if missing:
        notes.append(
            f"Nicht genug passende Sonderrollen des Dorfes umgesetzt: {missing} Bürger bleiben."
        )
    notes.extend(_wolf_notes(plan, rng))
    notes.extend(_optional_notes(plan, ruleset))
    thief = left_over(plan.instead_of_buerger, ruleset)
    extra = thief.extra if thief is not None else 0
    if thief is not None and extra:
        notes.append(
            f"Mit dem {thief.taker} werden {numeral(extra)} Rollen mehr verlost: +{extra} Bürger."
        )
    buerger = plan.buerger + extra
    ordinary = plan.wolves - len(plan.special_wolves) - len(plan.instead_of_wolf)
    notes.append(
        f"Endgültig: {buerger} gewöhnliche Bürger und {ordinary} gewöhnliche Werwölfe "
        "(gibt die Spielleitung im Eröffnungsbeitrag bekannt)."
    )
    notes = notes[:1] + plan.notes + notes[1:]
    roles = (
        *plan.village,
        *plan.instead_of_buerger,
        *[BUERGER] * buerger,
        *plan.instead_of_wolf,
        *plan.special_wolves,
        *[WERWOLF] * ordinary,
    )
    if variants:
        roles, changed = _apply_variants(list(roles), tuple(variants), ruleset)
        notes.extend(changed)
        buerger = roles.count(BUERGER)
        ordinary = roles.count(WERWOLF)
    notes.extend(check_roles(roles, ruleset, n_players=n_players, variants=variants))
    return Suggestion(
        n_players=n_players,
        roles=tuple(roles),
        notes=tuple(notes),
        wolves=plan.wolves,
        special_wolves=len(plan.special_wolves),
        village_specials=len(plan.village),
        buerger=buerger,
        ordinary_wolves=ordinary,
        replaced=(*plan.instead_of_wolf, *plan.instead_of_buerger),
    )


def _wolf_notes(plan: _Plan, rng: random.Random) -> list[str]:
    if plan.wolf_slots == 0:
        return [
            "Jeder dritte Werwolf wird ein Werwolf mit Sonderrolle → bei "
            f"{_wolves(plan.wolves)} keiner."
        ]
    slots = min(plan.wolf_slots, plan.wolves - len(plan.instead_of_wolf))
    missing = plan.draw(rng, "wolf", plan.special_wolves, slots)
    notes = [
        f"Jeder dritte Werwolf wird ein Werwolf mit Sonderrolle → {plan.wolf_slots}: "
        f"{_names(plan.special_wolves)}."
    ]
    if missing and not _candidates(plan.ruleset, "wolf", plan.variants):
        notes.append(
            "Das Regelwerk setzt noch keinen Werwolf mit Sonderrolle um: es bleibt bei "
            f"gewöhnlichen Werwölfen ({missing} statt eines Werwolfs mit Sonderrolle)."
        )
    elif missing:
        notes.append(
            f"Nicht genug passende Werwölfe mit Sonderrolle: {missing} bleiben gewöhnlich."
        )
    return notes


def _optional_notes(plan: _Plan, ruleset: Ruleset) -> list[str]:
    def offer(kind: str) -> str:
        return _names([r.name for r in _candidates(ruleset, kind, plan.variants)])

    return [
        "Wahlweise (nur auf Wunsch der Spielleitung, `prefer`): ein Werwolf kann durch eine "
        f"Sonderrolle des Rudels, die kein Werwolf ist (umgesetzt: {offer('helper')}), oder "
        f"einen Einzelgänger (umgesetzt: {offer('lone')}) ersetzt werden, ein Bürger durch "
        f"einen Zweideutigen (umgesetzt: {offer('ambiguous')}). Gewählt: "
        f"{_names([*plan.instead_of_wolf, *plan.instead_of_buerger])}."
    ]


def _replace_one(roles: list[str], old: str, new: str) -> bool:
    if old not in roles:
        return False
    roles[roles.index(old)] = new
    return True


def _apply_variants(
    roles: list[str], variants: tuple[str, ...], ruleset: Ruleset
) -> tuple[tuple[str, ...], list[str]]:
    """The list as the Spielvarianten change it (readings 78–79), with a note each:
    Vampirismus – "Alle Werwölfe, Einzelgänger und Zweideutige werden durch den Vampir
    ersetzt. Ein (gewöhnlicher) Bürger sollte durch den Vampirjäger ersetzt werden": one
    Vampir, the other places Bürger; Die Schwarze Pest – "Es gibt keine Werwölfe": their
    places Bürger; Die Sekte – the Sektenführer in a Bürger's place; Der Ketzer – an
    Einzelgänger, in a Werwolf's place while another Werwolf stays, else a Bürger's."""
    notes: list[str] = []
    for name in variants:
        variant = ruleset.variants[name]
        struck = [r for r in roles if ruleset.dealable(ruleset.role(r), (name,)) is not None]
        own = [r for r in ruleset.roles.values() if r.variant == name and r.dealt]
        if struck:
            kept = [r for r in roles if r not in struck]
            roles = kept + [BUERGER] * (len(roles) - len(kept))
            notes.append(f"{variant.heading}: {_names(struck)} werden nicht verteilt.")
        for role in own:  # an Einzelgänger for a Werwolf while another stays, else a Bürger
            lone = role.faction == EINZELGAENGER and roles.count(WERWOLF) > 1
            if _replace_one(roles, WERWOLF if lone else BUERGER, role.name):
                notes.append(f"{variant.heading}: {role.name} kommt in die Liste.")
    return tuple(roles), notes


def departures(
    roles: Sequence[str], ruleset: Ruleset, house_rules: dict[str, object] | None = None
) -> list[str]:
    """How a role list departs from "Die Rollenverteilung", in German (empty: it follows
    it): its wolf places against "jeder vierte Spieler" (ordinary and special Werwölfe, the
    Rudel's other roles and the Einzelgänger that replace one), its Dorf special roles against
    one per Werwolf, its special Werwölfe against every third, and the checks of the list
    (`check_roles`: "sollten nicht zusammen gespielt werden")."""
    counts: Counter[str] = Counter()
    for name in roles:
        ref = resolve_role(name, ruleset)
        counts[_kind(ref.spec) if ref is not None and ref.spec is not None else "other"] += 1
    werwolf = sum(1 for name in roles if name == WERWOLF)
    plan = _Plan(len(roles), ruleset, ())
    have = {
        "Werwölfe": werwolf + counts["wolf"] + counts["helper"] + counts["lone"],
        "Sonderrollen des Dorfes": counts["village"],
        "Werwölfe mit Sonderrolle": counts["wolf"],
    }
    wanted = {
        "Werwölfe": plan.wolves,
        "Sonderrollen des Dorfes": plan.village_slots,
        "Werwölfe mit Sonderrolle": plan.wolf_slots,
    }
    out = [
        f"{what}: {have[what]} statt {wanted[what]} bei {len(roles)} Spielern"
        for what in wanted
        if have[what] != wanted[what]
    ]
    return out + check_roles(roles, ruleset, n_players=len(roles), house_rules=house_rules)
