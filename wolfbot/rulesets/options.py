"""A house rule as the Spielleitung reads it on the command line (`check-config`, `rules
show`): its German label and its value in words, from the ruleset's own data – `label` and
`choice_words` of each option in `ruleset.yaml` (`OptionSpec`):

    Verliebte dürfen nicht gegeneinander stimmen: ja
    Übrige Rollen des Diebs: keine
    Spielvarianten: Das Totenreich, Die Schwarze Pest

(The Eröffnungsbeitrag says a house rule to the players in the ruleset's language, with its
`doc` and the catalog's words: `wolfbot.posts.opening`.)"""

from __future__ import annotations

from wolfbot.engine.spec import OptionSpec

YES, NO, NONE = "ja", "nein", "keine"


def value_words(
    spec: OptionSpec,
    value: object,
    *,
    yes: str = YES,
    no: str = NO,
    none: str = NONE,
    worded: bool = True,
) -> str:
    """`value` of the house rule `spec` in words: a truth value "ja"/"nein", a list its
    entries or "keine", a choice its `choice_words` (`worded=False`: the choice as the
    configuration writes it, for a table in another language), a number as it is."""
    if isinstance(value, bool):
        return yes if value else no

    def said(entry: object) -> str:
        return spec.choice_words.get(str(entry), str(entry)) if worded else str(entry)

    if isinstance(value, list | tuple):
        return ", ".join(map(said, value)) or none
    return said(value)


def option_line(spec: OptionSpec, value: object) -> str:
    """ "Verliebte dürfen nicht gegeneinander stimmen: ja" – the label and the value."""
    return f"{spec.label}: {value_words(spec, value)}"
