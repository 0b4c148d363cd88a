"""The table of a ruleset's implemented roles (for `wolfbot rules show` and the docs)."""

from __future__ import annotations

from wolfbot.engine.spec import RoleSpec, Ruleset

COLUMNS = ("Rolle", "Andere Namen", "Fraktion", "Befehle", "Nachtreihenfolge", "Optionen")


def _commands(rules: Ruleset, role: RoleSpec) -> str:
    parts = []
    for use in role.commands:
        limits = []
        if use.uses == 1:
            limits.append("einmalig")
        if use.nights == "first":
            limits.append("erste Nacht")
        if not use.repeat_target:
            limits.append("nicht zweimal in Folge dasselbe Ziel")
        if use.ahead:
            limits.append("auch am Tag davor")
        if use.stands:
            limits.append("im Voraus, die letzte gilt")
        word = rules.shown_word(use.word)
        parts.append(f"!{word}" + (f" ({', '.join(limits)})" if limits else ""))
    return ", ".join(parts)


def rows(rules: Ruleset) -> list[tuple[str, ...]]:
    """One row per implemented role, in night order (roles without a stage last)."""

    def order(role: RoleSpec) -> tuple[int, str]:
        return (rules.stage_of(role.stage) if role.stage else len(rules.night_order), role.name)

    table = []
    for role in sorted(rules.roles.values(), key=order):
        stage = "–"
        if role.stage:
            stage = f"{rules.stage_of(role.stage) + 1}. {rules.named(role.stage)}"
        options = ", ".join(
            f"{name} = {spec.default}"
            for name, spec in rules.options.items()
            if role.name in spec.roles
        )
        faction = role.faction
        if role.variant:
            faction += f" (Variante {rules.variants[role.variant].heading})"
        commands = _commands(rules, role)
        table.append((role.name, ", ".join(role.aliases), faction, commands, stage, options))
    return table


def markdown(rules: Ruleset) -> str:
    lines = [
        f"# {rules.title}: umgesetzte Rollen",
        "",
        "Erzeugt mit `wolfbot rules show "
        f"{rules.name} --markdown`; Lesarten und Optionen: `rules/{rules.name}/README.md`.",
        "",
        f"{len(rules.roles)} von {len(rules.role_headings)} Rollen des Regeltextes sind umgesetzt.",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    lines += ["| " + " | ".join(cell or "–" for cell in row) + " |" for row in rows(rules)]
    missing = rules.missing_roles()
    lines += ["", f"## Noch nicht umgesetzt ({len(missing)})", "", _listed(missing)]
    if rules.variants:
        lines += ["", f"## Spielvarianten ({len(rules.variants)})", ""]
        lines += ["Eingeschaltet mit der Hausregel `variants = [...]`; ohne Angabe keine.", ""]
        lines += ["| Variante | Name | Rollen | Regeltext |", "|---|---|---|---|"]
        for name, variant in rules.variants.items():
            roles = _listed([r.name for r in rules.roles.values() if r.variant == name])
            text = " ".join(variant.text.split())
            lines.append(f"| `{name}` | {variant.heading} | {roles} | {text} |")
    return "\n".join(lines) + "\n"


def _listed(names: list[str]) -> str:
    return ", ".join(names) + "." if names else "Keine."
