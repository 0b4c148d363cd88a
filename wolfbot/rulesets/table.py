"""The table of a ruleset's implemented roles (for `wolfbot rules show` and the docs), in
the ruleset's language or another one the table knows (`TABLE_WORDS`: de, nl, en)."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.engine.spec import OptionSpec, RoleSpec, Ruleset
from wolfbot.rulesets.options import option_line, value_words


@dataclass(frozen=True, slots=True)
class TableWords:
    """The words of the table in one language."""

    columns: tuple[str, ...]
    once: str
    first_night: str
    no_repeat: str
    ahead: str
    stands: str
    variant: str
    heading: str  # "{title}: umgesetzte Rollen"
    generated: str  # "Erzeugt mit {command}; Lesarten und Optionen: {readme}."
    implemented: str  # "{done} von {all} Rollen …"
    count: str  # the title of `rules show`: "{title}: {done} von {all} Rollen"
    missing: str  # "Noch nicht umgesetzt"
    none: str  # "Keine"
    yes: str  # a house rule that is on
    no: str
    variants: str
    variants_on: str
    variant_columns: tuple[str, ...]
    variant_roles: str  # " – Rollen: {roles}"
    variant_line: str  # "Spielvariante {name}: {heading}"


TABLE_WORDS = {
    "de": TableWords(
        columns=("Rolle", "Andere Namen", "Fraktion", "Befehle", "Nachtreihenfolge", "Optionen"),
        once="einmalig",
        first_night="erste Nacht",
        no_repeat="nicht zweimal in Folge dasselbe Ziel",
        ahead="auch am Tag davor",
        stands="im Voraus, die letzte gilt",
        variant="Variante",
        heading="{title}: umgesetzte Rollen",
        generated="Erzeugt mit {command}; Lesarten und Optionen: {readme}.",
        implemented="{done} von {all} Rollen des Regeltextes sind umgesetzt.",
        count="{title}: {done} von {all} Rollen",
        missing="Noch nicht umgesetzt",
        none="Keine",
        yes="ja",
        no="nein",
        variants="Spielvarianten",
        variants_on="Eingeschaltet mit der Hausregel `variants = [...]`; ohne Angabe keine.",
        variant_columns=("Variante", "Name", "Rollen", "Regeltext"),
        variant_roles=" – Rollen: {roles}",
        variant_line="Spielvariante {name}: {heading}",
    ),
    "nl": TableWords(
        columns=("Rol", "Andere namen", "Partij", "Opdrachten", "Nachtvolgorde", "Opties"),
        once="eenmalig",
        first_night="eerste nacht",
        no_repeat="niet twee keer achter elkaar hetzelfde doelwit",
        ahead="ook de dag ervoor",
        stands="vooraf, de laatste telt",
        variant="variant",
        heading="{title}: uitgewerkte rollen",
        generated="Gemaakt met {command}; lezingen en opties: {readme}.",
        implemented="{done} van de {all} rollen van de spelregels zijn uitgewerkt.",
        count="{title}: {done} van {all} rollen",
        missing="Nog niet uitgewerkt",
        none="Geen",
        yes="ja",
        no="nee",
        variants="Spelvarianten",
        variants_on="Aan te zetten met de huisregel `variants = [...]`; standaard geen.",
        variant_columns=("Variant", "Naam", "Rollen", "Spelregels"),
        variant_roles=" – rollen: {roles}",
        variant_line="Spelvariant {name}: {heading}",
    ),
    "en": TableWords(
        columns=("Role", "Other names", "Faction", "Commands", "Night order", "Options"),
        once="once",
        first_night="first night",
        no_repeat="not the same target twice running",
        ahead="also the day before",
        stands="in advance, the last one counts",
        variant="variant",
        heading="{title}: implemented roles",
        generated="Made with {command}; readings and options: {readme}.",
        implemented="{done} of the rule text's {all} roles are implemented.",
        count="{title}: {done} of {all} roles",
        missing="Not implemented yet",
        none="None",
        yes="yes",
        no="no",
        variants="Game variants",
        variants_on="Switched on with the house rule `variants = [...]`; none by default.",
        variant_columns=("Variant", "Name", "Roles", "Rule text"),
        variant_roles=" – roles: {roles}",
        variant_line="Game variant {name}: {heading}",
    ),
}


def table_words(rules: Ruleset, language: str | None = None) -> TableWords:
    """The table's words in `language`, else the ruleset's (German if the table has none)."""
    return TABLE_WORDS.get(language or rules.language, TABLE_WORDS["de"])


def _commands(rules: Ruleset, role: RoleSpec, words: TableWords) -> str:
    parts = []
    for use in role.commands:
        limits = []
        if use.uses == 1:
            limits.append(words.once)
        if use.nights == "first":
            limits.append(words.first_night)
        if not use.repeat_target:
            limits.append(words.no_repeat)
        if use.ahead:
            limits.append(words.ahead)
        if use.stands:
            limits.append(words.stands)
        word = rules.shown_word(use.word)
        parts.append(f"!{word}" + (f" ({', '.join(limits)})" if limits else ""))
    return ", ".join(parts)


def _option(name: str, spec: OptionSpec, words: TableWords) -> str:
    """A house rule of a role and its default: its German label and the value in words;
    in a table of another language the key the configuration writes, and the value in the
    table's words."""
    if words is TABLE_WORDS["de"]:
        return option_line(spec, spec.default)
    said = value_words(
        spec, spec.default, yes=words.yes, no=words.no, none=words.none.lower(), worded=False
    )
    return f"{name} = {said}"


def rows(rules: Ruleset, words: TableWords | None = None) -> list[tuple[str, ...]]:
    """One row per implemented role, in night order (roles without a stage last)."""
    words = words or table_words(rules)

    def order(role: RoleSpec) -> tuple[int, str]:
        return (rules.stage_of(role.stage) if role.stage else len(rules.night_order), role.name)

    table = []
    for role in sorted(rules.roles.values(), key=order):
        stage = f"{rules.stage_of(role.stage) + 1}. {role.stage}" if role.stage else "–"
        options = "; ".join(
            _option(name, spec, words)
            for name, spec in rules.options.items()
            if role.name in spec.roles
        )
        faction = role.faction
        if role.variant:
            faction += f" ({words.variant} {rules.variants[role.variant].heading})"
        commands = _commands(rules, role, words)
        table.append((role.name, ", ".join(role.aliases), faction, commands, stage, options))
    return table


def markdown(rules: Ruleset, language: str | None = None) -> str:
    words = table_words(rules, language)
    command = f"`wolfbot rules show {rules.name} --markdown`"
    if language and language != rules.language:
        command = f"`wolfbot rules show {rules.name} --markdown --lang {language}`"
    lines = [
        "# " + words.heading.format(title=rules.title),
        "",
        words.generated.format(command=command, readme=f"`rules/{rules.name}/README.md`"),
        "",
    ]
    about = rules.about.get(language or rules.language)
    if about:
        lines += [" ".join(about.split()), ""]
    lines += [
        words.implemented.format(done=len(rules.roles), all=len(rules.role_headings)),
        "",
        "| " + " | ".join(words.columns) + " |",
        "|" + "---|" * len(words.columns),
    ]
    lines += ["| " + " | ".join(cell or "–" for cell in row) + " |" for row in rows(rules, words)]
    missing = rules.missing_roles()
    lines += ["", f"## {words.missing} ({len(missing)})", "", _listed(missing, words)]
    if rules.variants:
        lines += ["", f"## {words.variants} ({len(rules.variants)})", ""]
        lines += [words.variants_on, ""]
        lines += ["| " + " | ".join(words.variant_columns) + " |", "|---|---|---|---|"]
        for name, variant in rules.variants.items():
            roles = _listed([r.name for r in rules.roles.values() if r.variant == name], words)
            text = " ".join(variant.text.split())
            lines.append(f"| `{name}` | {variant.heading} | {roles} | {text} |")
    return "\n".join(lines) + "\n"


def _listed(names: list[str], words: TableWords) -> str:
    return ", ".join(names) + "." if names else f"{words.none}."
