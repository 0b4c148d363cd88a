"""A role list checked against the Düsterliga's "Hinweise für die Spielleitung / Die
Rollenverteilung": unknown or not yet implemented roles (errors), the count of roles against
the players (+2 with a Dieb: "Die Spielleitung verlost zwei Rollen mehr als Spieler an der
Runde teilnehmen"), the roles set aside for a role (the Gaukler's three: its behaviour's
`set_aside`), and every list of "Folgende Rollen sollten nicht zusammen gespielt werden" with
two or more of its roles present (warnings).

Role names resolve like everywhere else (`Ruleset.role`: canonical name, "Andere Namen",
adjective forms, any case), and, for roles the rule text has but wolfbot does not implement
yet, by their heading with or without the article ("Der Dieb", "Dieb"): such a role is
known, so the not-together lists can name it, but a game cannot use it yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from wolfbot.engine.port import SetAside
from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.engine.spec import RoleSpec, Ruleset, adjective_forms
from wolfbot.setup.config_errors import did_you_mean
from wolfbot.spelling import name_key, normalize_text

BUERGER, WERWOLF = "Bürger", "Werwolf"
DORF, RUDEL, EINZELGAENGER, ZWEIDEUTIGE = "Dorf", "Rudel", "Einzelgänger", "Zweideutige"
ERROR, WARNING = "Fehler", "Warnung"
_NUMERALS = ("keine", "eine", "zwei", "drei", "vier", "fünf", "sechs")


def numeral(n: int) -> str:
    """A small count in words, as the rule text writes it ("zwei Rollen", "drei Rollen")."""
    return _NUMERALS[n] if 0 <= n < len(_NUMERALS) else str(n)


_ARTICLES = ("der ", "die ", "das ")


def _rudel_wolf(spec) -> bool:
    """A Werwolf of the Düsterliga's Rudel (a role that attacks with the pack is one in
    any ruleset)."""
    return spec.faction == RUDEL and spec.is_werwolf


def bare(name: str) -> str:
    """A role name or heading without its leading article: "Der Dieb" → "Dieb"."""
    text = normalize_text(name)
    for article in _ARTICLES:
        if text.casefold().startswith(article):
            return text[len(article) :]
    return text


@dataclass(frozen=True, slots=True)
class RoleRef:
    """A role name resolved: canonical name (or the heading without article when wolfbot
    does not implement the role yet), its heading in the rule text, its spec if any."""

    name: str
    heading: str | None
    spec: RoleSpec | None

    @property
    def implemented(self) -> bool:
        return self.spec is not None


def _heading_index(ruleset: Ruleset) -> dict[str, str]:
    index: dict[str, str] = {}
    for heading in ruleset.role_headings:
        for form in (heading, *adjective_forms(bare(heading))):
            index.setdefault(name_key(form), heading)
    return index


def resolve_role(name: str, ruleset: Ruleset) -> RoleRef | None:
    """The role `name` means, implemented or only in the rule text; None if neither."""
    for key in (name_key(name), name_key(bare(name))):
        found = ruleset.role_index.get(key)
        if found is not None:
            known = ruleset.roles[found]
            return RoleRef(known.name, known.heading, known)
    heading = _heading_index(ruleset).get(name_key(name))
    if heading is None:
        return None
    spec = next((r for r in ruleset.roles.values() if r.heading == heading), None)
    return RoleRef(spec.name if spec else bare(heading), heading, spec)


def set_aside_of(name: str, ruleset: Ruleset) -> SetAside | None:
    """What the deal sets aside for the role `name` (its behaviour's `set_aside`: the
    Gaukler's three roles, the Dieb's two left over), None for every other role."""
    ref = resolve_role(name, ruleset)
    if ref is None or ref.spec is None:
        return None
    return behaviour_of(ref.spec).set_aside


@dataclass(frozen=True, slots=True)
class LeftOver:
    """The role of a list that takes the cards the draw leaves over (the Dieb: "zwei Rollen
    mehr als Spieler"), what it sets aside, and how many roles more than players the list
    holds for it – fewer by the cards the deal adds for him itself (the Weerwolven's two
    Burgers)."""

    taker: str
    aside: SetAside
    extra: int


def left_over(roles: Iterable[str], ruleset: Ruleset) -> LeftOver | None:
    """The list's role that takes the cards left over, if any (the first: a second is an
    error of its own)."""
    for name in roles:
        ref = resolve_role(name, ruleset)
        aside = behaviour_of(ref.spec).set_aside if ref is not None and ref.spec else None
        if ref is not None and aside is not None and not aside.chosen:
            return LeftOver(ref.name, aside, aside.count - len(added_cards(ref.name, ruleset)))
    return None


def takes_left_over(name: str, ruleset: Ruleset) -> bool:
    """Whether the role `name` takes the cards the draw leaves over (the Dieb, the
    Weerwolven's Dief): the deal has more cards than players."""
    aside = set_aside_of(name, ruleset)
    return aside is not None and not aside.chosen


def added_cards(name: str, ruleset: Ruleset | None) -> tuple[str, ...]:
    """The cards the deal adds for the Dieb `name` itself (the Weerwolven: "voegen zij twee
    gewone burgers aan de stapel kaarten toe"; `params.adds_cards`); () where the role list
    holds his two extra roles (the Düsterliga's "zwei Rollen mehr als Spieler")."""
    ref = resolve_role(name, ruleset) if ruleset is not None else None
    if ref is None or ref.spec is None:
        return ()
    return tuple(ref.spec.params.get("adds_cards", ()))


def group_size(ref: RoleRef, ruleset: Ruleset) -> int:
    """How many players hold the role together (3 for Die Drei Brüder), else 1."""
    return ruleset.role_groups.get(ref.heading or "", 1)


def conflicts(headings: Iterable[str], ruleset: Ruleset) -> list[tuple[str, ...]]:
    """The headings of each not-together list that are present two or more times
    (distinct headings, in the list's order; the same set is reported once)."""
    present = set(headings)
    found: list[tuple[str, ...]] = []
    for group in ruleset.not_together:
        hit = tuple(h for h in group if h in present)
        if len(hit) >= 2 and hit not in found:
            found.append(hit)
    return found


def conflicts_with(heading: str | None, present: Iterable[str], ruleset: Ruleset) -> bool:
    """Whether adding the role `heading` to the `present` headings makes a pair the rule
    text advises against."""
    if heading is None:
        return False
    others = set(present) - {heading}
    return any(heading in group and others & set(group) for group in ruleset.not_together)


def _display(heading: str, refs: Sequence[RoleRef]) -> str:
    return next((r.name for r in refs if r.heading == heading), bare(heading))


def _unknown(name: str, ruleset: Ruleset) -> str:
    known = [*ruleset.roles, *(bare(h) for h in ruleset.role_headings)]
    return f"Keine Rolle heißt „{name}“.{did_you_mean(name, known)}"


class _Issues(list[tuple[str, str]]):
    def error(self, text: str) -> None:
        self.append((ERROR, text))

    def warn(self, text: str) -> None:
        self.append((WARNING, text))


def role_issues(
    roles: Sequence[str],
    ruleset: Ruleset,
    *,
    n_players: int | None = None,
    house_rules: Mapping[str, object] | None = None,
    variants: Sequence[str] = (),
) -> list[tuple[str, str]]:
    """(ERROR or WARNING, German text) for everything wrong with a role list in a round of
    these Spielvarianten with these house rules (the roles chosen to be set aside)."""
    house_rules = house_rules or {}
    issues = _Issues()
    refs: list[RoleRef] = []
    for name in roles:
        ref = resolve_role(name, ruleset)
        if ref is None:
            issues.error(_unknown(name, ruleset))
            continue
        if not ref.implemented:
            issues.error(
                f"Die Rolle „{name}“ ({ref.heading}) steht im Regeltext, ist in "
                "wolfbot aber noch nicht umgesetzt."
            )
        refs.append(ref)
    counts = Counter(r.heading or r.name for r in refs)
    asides = [(ref, aside) for ref in refs if (aside := _set_aside(ref)) is not None]
    for role, count in Counter(ref.name for ref, _ in asides).items():
        if count > 1:
            issues.error(f"Der {role} steht {count}× in der Liste; höchstens einmal.")
    if n_players is not None:
        thief = left_over(roles, ruleset)
        extra = thief.extra if thief is not None else 0
        wanted = n_players + extra
        if len(roles) != wanted:
            why = f"{n_players} Spieler" + (
                f" + {extra} übrige Rollen für den {thief.taker}" if thief and extra else ""
            )
            issues.error(
                f"{len(roles)} Rollen für {n_players} Spieler; es braucht genau "
                f"{wanted} Rollen ({why})."
            )
    for heading, size in ruleset.role_groups.items():
        if counts.get(heading, 0) not in (0, size):
            name = _display(heading, refs)
            issues.warn(f"{heading} sind {size} Spieler: die Liste hat {counts[heading]}× {name}.")
    no_werwolves = any(ruleset.variants[v].no_werwolves for v in variants if v in ruleset.variants)
    if refs and len(refs) == len(roles) and all(r.implemented for r in refs) and not no_werwolves:
        if not any(r.spec and (r.spec.pack or _rudel_wolf(r.spec)) for r in refs):
            issues.warn("Kein Werwolf in der Rollenliste.")
    _variant_issues(issues, refs, tuple(variants), ruleset)
    for hit in conflicts(counts, ruleset):
        names = [_display(h, refs) for h in hit]
        together = ", ".join(names[:-1]) + f" und {names[-1]}"
        issues.warn(f"{together} sollten nicht zusammen gespielt werden.")
    _chosen_aside_issues(issues, house_rules, asides, counts, ruleset)
    return list(issues)


def _set_aside(ref: RoleRef) -> SetAside | None:
    return behaviour_of(ref.spec).set_aside if ref.spec is not None else None


def _variant_issues(
    issues: _Issues, refs: Sequence[RoleRef], variants: tuple[str, ...], ruleset: Ruleset
) -> None:
    """Roles the round's Spielvarianten do not deal, and what a variant needs: "Alle
    Werwölfe, Einzelgänger und Zweideutige werden durch den Vampir ersetzt. Ein
    (gewöhnlicher) Bürger sollte durch den Vampirjäger ersetzt werden."; the Sekte needs its
    Sektenführer."""
    unknown = [v for v in variants if v not in ruleset.variants]
    for name in unknown:
        known = ", ".join(ruleset.variants)
        issues.error(f"Keine Spielvariante heißt „{name}“; es gibt: {known}.")
    variants = tuple(v for v in variants if v in ruleset.variants)
    for ref in refs:
        why = ruleset.dealable(ref.spec, variants) if ref.spec is not None else None
        if why == "not_dealt":
            issues.error(f"{ref.name} wird nicht verteilt; man wird es erst im Lauf der Runde.")
        elif why == "variant_role" and ref.spec is not None and ref.spec.variant:
            heading = ruleset.variants[ref.spec.variant].heading
            issues.error(
                f"{ref.name} wird nur in der Spielvariante „{heading}“ gespielt "
                f'(Hausregel variants = ["{ref.spec.variant}"]).'
            )
        elif why == "variant_without":
            issues.error(f"{ref.name} wird in dieser Spielvariante nicht verteilt.")
    for name in variants:
        own = [r for r in ruleset.roles.values() if r.variant == name and r.dealt]
        missing = [r for r in own if not any(ref.spec is r for ref in refs)]
        for role in missing:
            heading = ruleset.variants[name].heading
            issues.warn(f"Die Spielvariante „{heading}“ ohne {role.name}.")


def _chosen_aside_issues(
    issues: _Issues,
    house_rules: Mapping[str, object],
    asides: Sequence[tuple[RoleRef, SetAside]],
    in_play: Counter[str],
    ruleset: Ruleset,
) -> None:
    """The roles the Spielleitung chose to set aside (the house rule of each such role, the
    Gaukler's `gaukler_roles`): as many as the role needs, different, implemented, of the
    Dorf ("drei Rollen, die für das Dorf spielen"), and given only for a role in the list."""
    in_list = {aside.option: ref.name for ref, aside in asides if aside.chosen}
    for option, (role, aside) in chosen_asides(ruleset).items():
        given = house_rules.get(option)
        if not isinstance(given, list) or not given:
            continue
        owner = in_list.get(option)
        if owner is None:
            issues.warn(f"Rollen für den {role} angegeben, aber kein {role} in der Liste.")
            continue
        chosen = [str(name) for name in given]
        if len(chosen) != aside.count or len({name_key(n) for n in chosen}) != len(chosen):
            issues.error(
                f"Der {owner} braucht genau {numeral(aside.count)} verschiedene Rollen: "
                f"{', '.join(chosen)}."
            )
        for name in chosen:
            ref = resolve_role(name, ruleset)
            if ref is None or not ref.implemented:
                issues.error(f"{owner}: die Rolle „{name}“ ist nicht umgesetzt.")
            elif ref.spec is not None and ref.spec.faction != DORF:
                issues.error(f"{owner}: {ref.name} spielt nicht für das Dorf.")
            elif (ref.heading or ref.name) in in_play:
                issues.warn(f"{owner}: {ref.name} wird außerdem verlost.")


def chosen_asides(ruleset: Ruleset) -> dict[str, tuple[str, SetAside]]:
    """house rule → (role, its set-aside) for each role of the ruleset whose roles the
    Spielleitung chooses before the draw."""
    found: dict[str, tuple[str, SetAside]] = {}
    for spec in ruleset.roles.values():
        aside = behaviour_of(spec).set_aside
        if aside is not None and aside.chosen:
            found.setdefault(aside.option, (spec.name, aside))
    return found


def check_roles(
    roles: Sequence[str],
    ruleset: Ruleset,
    *,
    n_players: int | None = None,
    house_rules: Mapping[str, object] | None = None,
    variants: Sequence[str] = (),
) -> list[str]:
    """Every problem of a role list as a German line, "Fehler: …" (the game cannot start
    with it) or "Warnung: …" (the rule text advises against it). Empty when all is well."""
    issues = role_issues(
        roles, ruleset, n_players=n_players, house_rules=house_rules, variants=variants
    )
    return [f"{level}: {text}" for level, text in issues]
