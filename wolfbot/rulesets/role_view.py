"""`wolfbot rules show RULESET --role NAME`: where a role lives (`role_place`), printed for a
newcomer – the files to read, in the order to read them."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.spec.base import UnknownRole
from wolfbot.rulesets.role_place import RolePlace, role_place
from wolfbot.rulesets.shipped import PACKAGE
from wolfbot.spelling import close_names

SHOWN_SCENARIOS = 12  # more are counted, not listed


def show_role(rules: Ruleset, name: str, console: Console) -> int:
    """Print where the role `name` lives; the exit code (2: no such role)."""
    try:
        place = role_place(rules, name)
    except UnknownRole:
        near = close_names(name, list(rules.roles), n=1)
        hint = f" Meintest du „{near[0]}“?" if near else ""
        console.print(
            f"Fehler: {rules.title} hat keine Rolle „{name}“.{hint} "
            f"`wolfbot rules show {rules.name}` zeigt alle."
        )
        return 2
    console.print(rows_table(place, rules))
    return 0


def rows_table(place: RolePlace, rules: Ruleset) -> Table:
    table = Table(title=f"{place.role.name} ({rules.title})", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", overflow="fold")
    for label, value in rows(place):
        table.add_row(Text(label), Text(value))  # not read as markup: "dict[str, str]"
    return table


def rows(place: RolePlace) -> list[tuple[str, str]]:
    """(label, value) in the order a newcomer reads them."""
    role = place.role
    behaviour = (
        f"{place.behaviour} – {place.behaviour_class}"
        if place.behaviour
        else f"keins (keine eigenen Fähigkeiten; {place.behaviour_class})"
    )
    given = [f"{p.name} = {p.value!r}" for p in place.parameters if p.value is not None]
    takes = ", ".join(f"{p.name} ({p.kind})" for p in place.parameters)
    events = "\n".join(f"{name}: {', '.join(sites) or '–'}" for name, sites in place.events)
    shown = [_short(path) for path in place.scenarios[:SHOWN_SCENARIOS]]
    more = len(place.scenarios) - len(shown)
    if more > 0:
        shown.append(f"… und {more} weitere")
    return [
        ("Datei", _short(place.file) if place.file else "–"),
        ("Fraktion", role.faction),
        ("Verhalten", behaviour),
        ("Parameter", "; ".join(given) or "keine"),
        ("nimmt", takes),
        ("Befehle", ", ".join(place.commands) or "keine"),
        ("Nachtreihenfolge", place.stage or "keine Stufe"),
        ("bei der Verteilung", _set_aside(place)),
        ("Meldungen", ", ".join(place.message_keys) or "–"),
        ("Ereignisse, gesetzt in", events or "–"),
        (f"Szenarien ({len(place.scenarios)})", "\n".join(shown) or "keine"),
    ]


def _set_aside(place: RolePlace) -> str:
    """What the deal sets aside for the role, in words: "3 Rollen, von der Spielleitung vor
    der Verlosung gewählt (Hausregel gaukler_roles), im Eröffnungsbeitrag genannt"."""
    aside = place.set_aside
    if aside is None:
        return "nichts beiseite"
    how = (
        "von der Spielleitung vor der Verlosung gewählt"
        if aside.chosen
        else "bei der Verlosung übrig"
    )
    shown = ", im Eröffnungsbeitrag genannt" if aside.announced else ""
    return f"{aside.count} Rollen {how} (Hausregel {aside.option}){shown}"


def _short(path: Path) -> str:
    """A path relative to the source tree, where it lies in it."""
    try:
        return path.relative_to(PACKAGE.parent).as_posix()
    except ValueError:
        return str(path)
