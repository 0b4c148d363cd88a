"""A role list as the Spielleitung types it – "Werwolf, Werwolf, Seherin, Dorfbewohner",
with counts if she likes ("3x Dorfbewohner", "3× Dorfbewohner", "3 Dorfbewohner",
"Dorfbewohner*3", "Dorfbewohner x3") – read into cards: canonical role name → count, in
the order first named. A name may be spelled any way the ruleset accepts (`Ruleset.role`:
"Andere Namen", any case); an unknown one is a `RoleListError` whose German message says
"Meintest du …?". `group_warnings`: a role several players hold together on too few or
too many cards."""

from __future__ import annotations

import re

from wolfbot.engine.spec import Ruleset, UnknownRole
from wolfbot.setup.config_errors import did_you_mean
from wolfbot.setup.setups import held_by
from wolfbot.spelling import normalize_text

_SEPARATORS = re.compile(r"[,;\n]")
_COUNT_FIRST = re.compile(r"^(\d+)\s*(?:x\s|[×*]|\s)\s*(\S.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(.*?\S)\s*(?:\sx|[×*])\s*(\d+)$", re.IGNORECASE)


class RoleListError(ValueError):
    """A role list that names no role, an unknown role or a count of none; the message is
    German, one line per problem."""


def _item(text: str) -> tuple[str, int]:
    """One entry of the list: (the name as written, its count)."""
    first = _COUNT_FIRST.match(text)
    if first:
        return first.group(2), int(first.group(1))
    last = _COUNT_LAST.match(text)
    if last:
        return last.group(1), int(last.group(2))
    return text, 1


def parse_roles(text: str, ruleset: Ruleset) -> dict[str, int]:
    """The cards of a typed role list (see the module text)."""
    cards: dict[str, int] = {}
    problems: list[str] = []
    for entry in (normalize_text(part) for part in _SEPARATORS.split(text)):
        if not entry:
            continue
        name, count = _item(entry)
        if count < 1:
            problems.append(f"„{entry}“: wenigstens eine Karte.")
            continue
        try:
            role = ruleset.role(name).name
        except UnknownRole:
            problems.append(f"Keine Rolle heißt „{name}“.{did_you_mean(name, ruleset.roles)}")
            continue
        cards[role] = cards.get(role, 0) + count
    if problems:
        raise RoleListError("\n".join(problems))
    if not cards:
        raise RoleListError("Die Rollenliste nennt keine Rolle.")
    return cards


def group_warnings(cards: dict[str, int], ruleset: Ruleset) -> list[str]:
    """A role several players hold together ("Die Freimaurer kommen als Paar") on fewer or
    more cards than the group."""
    warnings = []
    for role, count in cards.items():
        size = held_by(role, ruleset)
        if size > 1 and count != size:
            warnings.append(f"Warnung: {role} kommen zu {size} ins Spiel; die Liste hat {count}.")
    return warnings
