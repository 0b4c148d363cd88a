"""The other parts of a ruleset: its factions and how they win, its group conversations,
the rules of outing a Spielleitung may choose, its Spielvarianten and its house rules."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from wolfbot.engine.spec.base import FactionKind, _Frozen, _problem
from wolfbot.engine.spec.commands import CommandUse


class FactionSpec(_Frozen):
    """A faction and how it wins (`wins`): `outlive` – every living player plays for it
    (the Düsterliga: "wenn alle Spieler, die nicht für das Dorf spielen, verstorben sind");
    `no_pack` – no member of the pack lives (Wolf Village: "Das Dorf gewinnt, wenn alle
    Werwölfe tot sind"); `pack_parity` – its living pack members are at least as many as
    all other living players ("Die Werwölfe gewinnen, sobald sie mindestens so viele sind
    wie alle anderen"); `no_werwolf` – no Werwolf (`RoleSpec.is_werwolf`) lives, in the pack
    or not (Düsterwald: "sobald … alle Werwölfe … tot sind", the Wolf im Schafspelz too);
    `none` – only by a role's own win (the Narr, the Fuchs)."""

    kind: FactionKind
    wins: Literal["outlive", "no_pack", "no_werwolf", "pack_parity", "none"] = "outlive"
    text: str = ""


class VictorySpec(_Frozen):
    """How wins combine. `exclusive`: when several come at once only the first counts, in
    the order a role's own win (the Narr), the Liebespaar, the teams ("Kommen zwei Siege
    gleichzeitig, zählt zuerst der des Narren, dann der der Verliebten, dann der des Dorfs
    oder der Werwölfe"); otherwise (the Düsterliga) they are won together."""

    exclusive: bool = False


class ConversationSpec(_Frozen):
    """A group conversation the Spielleitung opens: its title, how the posts say "in" it,
    and when its members may use it (`night`: "Die Werwölfe dürfen diese Konversation nur in
    der Nacht nutzen"; `never`: "Die verzauberten Dorfbewohner dürfen diese Konversation
    nicht nutzen")."""

    title: str
    in_: str = Field(alias="in")
    use: Literal["always", "night", "never"] = "always"


class OutingRule(_Frozen):
    """One of the text's "Andere Offenbarungsregelungen" the Spielleitung may choose instead
    of the absolute Offenbarungs- und Andeutungsverbot (posts only: the engine does not
    judge what players write). `roles`: it names the roles it concerns."""

    title: str
    text: str
    roles: bool = False


class RevealWords(_Frozen):
    """How a post in the ruleset's language reveals or hints a role ("Kein Dorfbewohner darf
    seine Rolle offenbaren oder andeuten"): phrasing as data, read by
    `wolfbot.conduct.lexicon`. A phrase is words separated by spaces, compared like a post's
    (case and umlauts folded: `weiß` = `weiss`); `a|b` is either word, a trailing `?` makes
    a word optional, `…` stands for up to `gap` words (no comma, no `breaks`, no
    `negations`, no article; a player's name counts as one word) and `_` for one such, `,`
    `.` `!` and `:` stand for themselves, `{role}` for a role's name or alias (an article
    of `articles` before it may be), `{player}` for another player's name, and `{x}` for
    any word of `words[x]`.

    `own`: reveals of one's own role ("ich bin … {role}"); `other`: of another's
    ("{player} ist … {role}"); `together`: of one's own and another's at once ("{player}
    und ich sind … {role}"). A phrase of these without `{role}` reveals a place in the pack
    ("mein Mitwolf {player}"). `hints`: one's role hinted, named by no role ("ich habe …
    {act}"). `allowed`: the roles anyone may claim ("Aber jeder Dorfbewohner darf
    behaupten, er sei ein Bürger"). `pack`: the words for the pack and its members
    (Werwolf, Wölfe, Rudel). `role_endings`: endings a role's one-word name may take
    (Jäger → Jägerin). A claim in a sentence that ends in `?`, or in a clause with a word
    of `conditionals` ("wenn ich die Seherin wäre"), or followed by a negation, is none."""

    gap: int = 3
    articles: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    pack: tuple[str, ...] = ()
    role_endings: tuple[str, ...] = ()
    negations: tuple[str, ...] = ()
    conditionals: tuple[str, ...] = ()
    breaks: tuple[str, ...] = ()
    words: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    own: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    together: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()


class ConductSpec(_Frozen):
    """The conduct rules the Spielleitung enforces (posts only: the engine does not judge
    what players write; `wolfbot.conduct` points the Spielleitung at breaches). `clauses`:
    the rule text by its key – `zitat` (no quoting from conversations), `ausserhalb` (no
    game talk outside the round's thread and conversations), `ermahnung` (a warning naming
    the sanction before any sanction), `ermessen` (the Spielleitung decides how to
    sanction), `schwerste` (the heaviest sanction: exclusion as for inactivity). A ruleset
    without a clause has no such rule: nothing is flagged or checked by it. `reveals`: the
    words by which a post reveals or hints a role (the Offenbarungsregelung is the
    ruleset's `outing_ban` and `outing`). `exclusion`: how a sanction names the heaviest
    one (compared as names are, `spelling.name_key`): a sanction that is one of them, or
    begins with one of several words ("Ausschluss aus der Runde nach den Regelungen über
    inaktive Dorfbewohner"), is carried out as the exclusion of an inactive Dorfbewohner
    (`interventions.kinds.names_exclusion`)."""

    clauses: dict[str, str] = Field(default_factory=dict)
    # how the ruleset's language reveals and hints a role (`wolfbot.conduct.lexicon`);
    # empty: no reveal is found, so none is flagged
    reveals: RevealWords = RevealWords()
    exclusion: tuple[str, ...] = ()


class VariantSpec(_Frozen):
    """A Spielvariante (or one of the Archiv) the round plays when the option `variants`
    names it: its text, the night-order entries that act only with it (groups), the common
    commands it gives, the factions whose roles it does not deal (`without`), and how a
    faction wins instead (`declared_win`)."""

    heading: str
    text: str
    night_entries: tuple[str, ...] = ()
    commands: tuple[CommandUse, ...] = ()
    without: tuple[str, ...] = ()  # factions whose roles are not dealt
    no_werwolves: bool = False  # "Es gibt keine Werwölfe" (also no Einsamer Wolf)
    # the faction that wins by the variant's command instead of by outliving the others (Die
    # Schwarze Pest: "Das Spiel endet, wenn ein Dorfbewohner !Schwarze Pest schreibt")
    declared_win: str | None = None
    spielleitung_victim: bool = False  # the Spielleitung names the night's victim
    # not announced ("aber dies gibt die Spielleitung nicht bekannt"): the Eröffnungsbeitrag
    # shows the round as if `poses_as` (a role) were dealt, and no role counts
    secret: bool = False
    poses_as: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)


class OptionSpec(_Frozen):
    """A house rule: its default, what it changes (`doc`, in the ruleset's language, for the
    Eröffnungsbeitrag), and for the Spielleitung's command line its German `label` and the
    German words of each of its `choices` (`choice_words`; `wolfbot.rulesets.options` says
    a value with them)."""

    default: bool | int | str | tuple[str, ...]
    doc: str
    label: str = Field(min_length=1)
    choices: tuple[str, ...] = ()
    choice_words: dict[str, str] = Field(default_factory=dict)
    roles: tuple[str, ...] = ()  # the roles it concerns (for the roles table)
    announced: bool = True  # listed among the Hausregeln of the Eröffnungsbeitrag

    @model_validator(mode="after")
    def _every_choice_has_words(self) -> OptionSpec:
        if set(self.choice_words) != set(self.choices):
            missing = [c for c in self.choices if c not in self.choice_words]
            extra = [c for c in self.choice_words if c not in self.choices]
            raise ValueError(_problem("choice_words", missing=missing, extra=extra))
        return self
