"""Typed specification of a ruleset: what `rules/<name>/` says, validated (pure data)."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from wolfbot.engine.text import Text
from wolfbot.spelling import name_key

PhaseKind = Literal["night", "day", "dusk", "runoff"]
Channel = Literal[
    "thread", "private", "wolves", "lovers", "dead", "enchanted", "crypt", "spirits"
]
FactionKind = Literal["team", "lone", "ambiguous"]


def _problem(key: str, **values: object) -> str:
    """A contradiction in a ruleset's files, for its authors: the problem's key and values
    (no catalog words it – the ruleset it would come from did not load)."""
    return str(Text(f"ruleset.{key}", tuple(values.items())))


class UnknownRole(KeyError):
    """No role of the ruleset is called `name` (in any spelling)."""

    def __init__(self, name: str, ruleset: str) -> None:
        super().__init__(name, ruleset)
        self.name = name
        self.ruleset = ruleset


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# the argument kinds of a command use that name one player: a living one, a dead one, either
NAMED_KINDS = ("player", "dead", "anyone")
ARGUMENT_KINDS = (*NAMED_KINDS, "players", "role", "text")  # and `choice:a|b`


def _check_kinds(word: str, kinds: tuple[str, ...]) -> None:
    for kind in kinds:
        if kind not in ARGUMENT_KINDS and not kind.startswith("choice:"):
            raise ValueError(_problem("unknown_argument_kind", kind=kind, word=word))


class CommandSpec(_Frozen):
    """A command word of the ruleset with the spellings and arguments the text documents.

    `word` is the canonical word: the typed command (`wolfbot.engine.commands`) and the
    mechanism the engine knows it by. A ruleset in another language gives its own word and
    says which canonical one it means – `{word: Elixer, means: Heiltrank}` – and is loaded
    as `word: Heiltrank, said: Elixer`: players write (and are shown) `!Elixer`, the engine
    works with `Heiltrank` (`Ruleset.shown_word`). The canonical word is then no spelling
    of the ruleset's (`spellings`)."""

    word: str
    said: str | None = None  # the ruleset's own word for it (None: the canonical word)
    args: tuple[str, ...] = ("player",)
    variants: tuple[str, ...] = ()
    doc: str = ""
    # the Verliebten may not name each other with it ("können nicht beieinander übernachten")
    lovers_apart: bool = False

    @model_validator(mode="before")
    @classmethod
    def _means(cls, data: Any) -> Any:
        """`{word: Elixer, means: Heiltrank}` → `{word: Heiltrank, said: Elixer}`; the said
        word is the first spelling (`variants`, where every reader of spellings finds it)."""
        if isinstance(data, dict) and "means" in data:
            data = dict(data)
            said, data["word"] = data.pop("word"), data.pop("means")
            if said != data["word"]:
                data["said"] = said
                data["variants"] = [said, *(v for v in data.get("variants", ()) if v != said)]
        return data

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every spelling players may write: the canonical word and its variants – or,
        where the ruleset has a word of its own (`said`), that word and its variants."""
        return self.variants if self.said else (self.word, *self.variants)

    @model_validator(mode="after")
    def _known_kinds(self) -> CommandSpec:
        _check_kinds(self.word, self.args)
        if self.said and self.variants[:1] != (self.said,):
            raise ValueError(_problem("said_not_first", word=self.word, said=self.said))
        return self


class CommandUse(_Frozen):
    """Who may use a command word when, where and with which arguments.

    `args` lists argument kinds: `player`, `players` (one or more living players: the
    Sündenbock's voters of the next day), `dead`, `anyone` (a living or a dead player: the
    Heks's elixer heals tonight's victim or brings back a dead one), `role`, `choice:A|B` or
    `text` (the rest of the line, a reason). `uses` limits the uses over the game ("kann
    ... nur einmal"), `self` allows naming oneself, `repeat_target` allows naming the same
    target in two consecutive nights. `by: dead`: a command of the dead (the Ruhelosen
    Geister's).
    `handler`: the mechanism of a command everybody (or the pack) gives – a vote, a
    withdrawal – by its name in `wolfbot.engine.roles.registry.WORDS`, so that each
    ruleset chooses its own word for it (`!Lynch` here, `!Verbannen` in Wolf Village).

    `ahead`: a night command that may be sent on the day before, for the coming night
    ("Elke dag levert de ziener een stem in voor de persoon die zij wil zien"): sent by day
    it waits (`GameState.ahead`) and is checked again, and counts, when the night begins.
    `stands`: a standing answer – the last one given stands, at any time the use allows,
    and answers at once the question the player is later asked with this word (the Jager's
    testament: his shot, "Hierin staat wie hij wil neerschieten mocht hij opgegeten/
    gelynched worden"); without a valid one the question is asked (`ask`), decided by lot
    (`lot`) or goes unanswered (`nobody`). `office`: only its holder may use it (the
    Burgemeester's successor).
    """

    word: str
    handler: str | None = None
    phase: tuple[PhaseKind, ...]
    channel: tuple[Channel, ...]
    args: tuple[str, ...] = ("player",)
    nights: Literal["all", "first", "later"] = "all"
    # `first`: the first day only; `election`: a day the Bürgermeister is elected;
    # `procedure`: a day whose procedure votes (or withdraws) with this word
    days: Literal["all", "first", "election", "procedure"] = "all"
    uses: int | None = None
    self_: bool = Field(True, alias="self")
    repeat_target: bool = True
    # a house rule that decides `self` / `repeat_target` instead (Wolf Village's "Heiler darf
    # sich selbst schützen" and "Heiler darf wiederholen")
    self_option: str | None = None
    repeat_option: str | None = None
    by: Literal["living", "dead"] = "living"
    ahead: bool = False
    stands: Literal["ask", "lot", "nobody"] | None = None
    office: Literal["mayor"] | None = None

    @model_validator(mode="after")
    def _known_kinds(self) -> CommandUse:
        _check_kinds(self.word, self.args)
        if self.ahead and (self.phase != ("night",) or self.stands):
            raise ValueError(_problem("ahead_not_a_night_command", word=self.word))
        return self


class RoleSpec(_Frozen):
    name: str
    heading: str
    aliases: tuple[str, ...] = ()
    faction: str
    pack: bool = False  # attacks with the pack and shares the Wolfshöhle
    # the pack's commands this member has (None: all – the Junge Wolf has only !Alpha)
    pack_words: tuple[str, ...] | None = None
    # told the identities of all Werwölfe at the start of his role (the Wolfshelfer), or
    # made known to the pack (the Wolfsknecht)
    knows_werwolves: bool = False
    knows_werwolves_option: str | None = None  # a house rule that decides it instead
    known_to_pack: bool = False
    # his role is shown at his death even where the round hides the roles of the dead (Wolf
    # Village's Jäger: "erfahren alle seine Rolle, auch wenn die Rollen der Toten verborgen
    # bleiben")
    always_revealed: bool = False
    # causes whose attacks on him fail ("Wenn die Werwölfe den Mörder angreifen, so schlägt
    # dieser Angriff fehl": [Werwolf])
    immune_to: tuple[str, ...] = ()
    stage: str | None = None
    behaviour: str | None = None
    # the variant it belongs to (dealt only when the round plays it: the Sektenführer)
    variant: str | None = None
    dealt: bool = True  # False: a role players only become (the Ghul)
    # the group conversation the role shares, opened with its first two members (the Gruft)
    conversation: Channel | None = None
    # the team wins it takes for himself while he lives and is not in love (the Fuchs:
    # "Lebt der Fuchs noch, wenn das Dorf oder die Werwölfe gewinnen würden, gewinnt
    # stattdessen er allein (außer er ist verliebt)")
    takes_win: tuple[str, ...] = ()
    commands: tuple[CommandUse, ...] = ()
    kill_phrase: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)  # the behaviour's parameters
    text: str = ""
    # a Werwolf whatever his name says (None: by name) – the Düsterwald's Wolf im Schafspelz
    werwolf: bool | None = None

    @property
    def is_werwolf(self) -> bool:
        """Werwolf by name: "Die Werwölfe sind alle Spieler, deren Rollenname auf "Wolf"
        oder "-wolf" auslautet." – unless the role says so itself (`werwolf`)."""
        if self.werwolf is not None:
            return self.werwolf
        return self.name.casefold().endswith("wolf")


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
    default: bool | int | str | tuple[str, ...]
    doc: str
    choices: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()  # the roles it concerns (for the roles table)
    announced: bool = True  # listed among the Hausregeln of the Eröffnungsbeitrag


def adjective_forms(name: str) -> set[str]:
    """Spellings of a role name with its adjectives in any form people write: Grauer or
    Graue Wolf, Kleines or Kleine Mädchen, Großer Böser or Große Böse Wolf."""
    words = name.split()
    forms = {name}
    if len(words) > 1:
        stems = [w[:-1] if w.endswith(("er", "es", "en")) else w for w in words[:-1]]
        for ending in ("", "r", "s", "n"):
            forms.add(" ".join([*(s + ending if s.endswith("e") else s for s in stems), words[-1]]))
    return forms


class DayProcedureSpec(_Frozen):
    """How a day decides whom it lynches. `kind` names the mechanism
    (`wolfbot.engine.day.PROCEDURES`): `count` counts the votes of the word `vote` (with the
    ruleset's modifiers) and lynches the `places` players with the most votes; a tie for
    the open places goes to the rules of `tie` in order (`wolfbot.engine.day.TIE_RULES`);
    `friends` lynches everyone no living player named with the word `vote` (Großes
    Misstrauen)."""

    kind: str
    vote: str | None = None
    withdraw: str | None = None  # the word that takes a vote back
    places: int = Field(1, ge=0)  # 0: a day without a lynch (the Aussätzige)
    tie: tuple[str, ...] = ()
    # a tie rule that applies only in a round with these house rules (Wolf Village's
    # `runoff` with `gleichstand: nochmal`)
    tie_when: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # nobody has a vote: a tie of all (`tie`, its rules decide), or nobody is lynched
    # (`nobody`: the Düsterwald's "Wer die meisten Stimmen erhält, scheidet aus")
    without_votes: Literal["tie", "nobody"] = "tie"
    doc: str = ""


class SuccessorSpec(_Frozen):
    """Who holds the office after its holder: he names a successor with `word` (the
    Bürgermeister's `!Nachfolger`, the Hauptmann's `!Abzeichen`) or gives it up with
    `decline` (`!Wegwerfen`); unanswered → `lot` or `nobody` (the badge is thrown away).
    `voters_only`: only to a player who may still vote ("an einen lebenden Spieler weiter,
    der noch abstimmen darf"), and a holder who lost his vote passes it on too."""

    word: str = "Nachfolger"
    decline: str | None = None
    unanswered: Literal["lot", "nobody"] = "lot"
    voters_only: bool = False


class ElectionSpec(_Frozen):
    """An office the players elect with the votes of `word` at the end of a day, before its
    lynch: on the first day (`days: first`). `title` names it in the events (the catalog
    words it); `without_votes`: nobody voted → the `lot` draws the holder, or `nobody`
    holds it ("Das Dorf darf auch keinen Hauptmann wählen")."""

    office: Literal["mayor"] = "mayor"
    title: str = "Bürgermeister"
    word: str
    days: Literal["first"] = "first"
    option: str | None = None  # the house rule that turns the office on (Wolf Village's)
    without_votes: Literal["lot", "nobody"] = "lot"
    successor: SuccessorSpec = SuccessorSpec()


class DaySpec(_Frozen):
    """The day as data: the procedure of a day no role changed (`ordinary`), every
    procedure by name, the modifiers of a count (`wolfbot.engine.day.MODIFIERS`, applied in
    this order) and the election."""

    ordinary: str
    procedures: dict[str, DayProcedureSpec]
    modifiers: tuple[str, ...] = ()
    election: ElectionSpec | None = None
    cause: str = "Lynch"  # the cause of death of who the day's vote kills ("Verbannung")

    @model_validator(mode="after")
    def _ordinary_known(self) -> DaySpec:
        if self.ordinary not in self.procedures:
            raise ValueError(_problem("unknown_procedure", procedure=self.ordinary))
        return self


class Ruleset(_Frozen):
    name: str
    title: str
    language: str
    # what the ruleset is, a paragraph per language ("nl", "en"; `wolfbot rules show`)
    about: dict[str, str] = Field(default_factory=dict)
    phases: tuple[PhaseKind, ...]
    phase_names: dict[str, str]
    factions: dict[str, FactionSpec]
    victory: VictorySpec = VictorySpec()
    causes: dict[str, str]
    role_headings: tuple[str, ...] = ()
    night_order: tuple[tuple[str, ...], ...]
    options: dict[str, OptionSpec]
    common_commands: tuple[CommandUse, ...]
    pack_commands: tuple[CommandUse, ...]
    day: DaySpec
    commands: tuple[CommandSpec, ...]
    roles: dict[str, RoleSpec]
    # "Folgende Rollen sollten nicht zusammen gespielt werden": lists of role headings
    not_together: tuple[tuple[str, ...], ...] = ()
    # roles several players hold together, by heading ("Die Drei Brüder": 3)
    role_groups: dict[str, int] = Field(default_factory=dict)
    # the group conversations by channel
    conversations: dict[str, ConversationSpec] = Field(default_factory=dict)
    # Spielvarianten and the Archiv's, each off unless the option `variants` names it
    variants: dict[str, VariantSpec] = Field(default_factory=dict)
    # "Kein Dorfbewohner darf seine Rolle offenbaren oder andeuten …" and the rules the
    # Spielleitung may choose instead (`[round] outing`)
    outing_ban: str = ""
    outing: dict[str, OutingRule] = Field(default_factory=dict)
    # a dead player who writes in the thread is told that the dead are silent (Wolf Village:
    # "Die Toten schweigen. Wer ausgeschieden ist, gibt keinerlei Hinweise mehr.")
    dead_are_silent: bool = False
    # the Morgen tells that the pack's attack failed, and how (Wolf Village's narrator);
    # the Düsterliga does not
    tells_failed_attacks: bool = False
    # the house rule that decides whether the roles of the dead are revealed (None: always;
    # Wolf Village's `rollen_aufdecken`)
    reveal_option: str | None = None
    # the engine's own names – the causes and the side it names itself: the pack's attack
    # `Werwolf`, `Liebeskummer`, `Inaktivität`, `Rücktritt`, the side `Liebespaar`, the plain
    # villager a deal fills up with (`Bürger`) – in the ruleset's language, where they differ
    # (`named`); `causes` may be keyed by either
    names: dict[str, str] = Field(default_factory=dict)
    # what may stand between the names of a command ("!Verlieben Anna und Bernd"), in the
    # ruleset's language (the Weerwolven's "en")
    name_separators: tuple[str, ...] = (",", "und", "&", "+")
    # how a message to the Spielleitung says that one withdraws from the sign-up, in the
    # ruleset's language: the beginnings of words (any case; "abmeld" reads "Abmeldung")
    withdrawal_words: tuple[str, ...] = ("abmeld", "zurücktreten", "zurückzutreten", "rücktritt")
    # the rulesets whose message catalogs this one's builds on (its own keys win)
    messages_from: tuple[str, ...] = ()
    # the message catalog: message key → its wording in `language` (a Jinja2 template over
    # the `Text`'s values); the engine never reads it, `wolfbot.posts.wording` does
    messages: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _engine_names(cls, data: Any) -> Any:
        """What the ruleset names by its own name of an engine's (`names`) is named by the
        engine's: `causes` keyed by `Liefdesverdriet` by `Liebeskummer` (which the deaths
        carry), the night order's and the roles' `Weerwolven` by `Werwölfe` (the pack's
        entry, `wolfbot.engine.roles.pack.PACK_STAGE`)."""
        if not isinstance(data, dict) or not data.get("names"):
            return data
        engine = {said: own for own, said in data["names"].items()}
        data = dict(data)
        data["causes"] = {engine.get(k, k): v for k, v in data.get("causes", {}).items()}
        order = data.get("night_order", ())
        data["night_order"] = [[engine.get(entry, entry) for entry in stage] for stage in order]
        roles = {}
        for name, role in data.get("roles", {}).items():
            stage = role.stage if isinstance(role, RoleSpec) else role.get("stage")
            if stage in engine:
                if isinstance(role, RoleSpec):
                    role = role.model_copy(update={"stage": engine[stage]})
                else:
                    role = {**role, "stage": engine[stage]}
            roles[name] = role
        if "roles" in data:
            data["roles"] = roles
        return data

    def engine_role(self, name: str) -> RoleSpec:
        """The role the engine calls `name` – the plain `Werwolf` and `Bürger` a deal fills up
        with – by the ruleset's name for it (`names`; its aliases: Wolf Village's
        Dorfbewohner is also called Bürger)."""
        return self.role(self.named(name))

    def named(self, name: str) -> str:
        """An engine's name of a cause or side in the ruleset's words (`names`): the
        Weerwolven's `Liefdesverdriet` for `Liebeskummer`; itself where it has none."""
        return self.names.get(name, name)

    @model_validator(mode="after")
    def _consistent(self) -> Ruleset:
        words = {c.word for c in self.commands}
        staged = self.staged_entries
        problems: list[str] = []
        for role in self.roles.values():
            if role.faction not in self.factions:
                problem = _problem("unknown_faction", role=role.name, faction=role.faction)
                problems.append(problem)
            if role.stage is not None and role.stage not in staged:
                problems.append(_problem("unknown_stage", role=role.name, stage=role.stage))
            for use in role.commands:
                if use.word not in words:
                    problems.append(_problem("unknown_command", role=role.name, word=use.word))
        variant_uses = [u for v in self.variants.values() for u in v.commands]
        for role in self.roles.values():
            if role.variant is not None and role.variant not in self.variants:
                problems.append(_problem("unknown_variant", role=role.name, variant=role.variant))
        for name, variant in self.variants.items():
            for entry in variant.night_entries:
                if entry not in staged:
                    problems.append(_problem("unknown_stage", role=name, stage=entry))
        for use in (*self.common_commands, *self.pack_commands, *variant_uses):
            if use.word not in words:
                problems.append(_problem("unknown_command", role=None, word=use.word))
        election = self.day.election
        day_words = [p.vote for p in self.day.procedures.values() if p.vote]
        for word in (*day_words, *([election.word] if election else [])):
            if word not in words:
                problems.append(_problem("unknown_command", role=None, word=word))
        if problems:
            raise ValueError("; ".join(map(str, problems)))
        return self

    @model_validator(mode="after")
    def _variants_are_the_choices(self) -> Ruleset:
        """The option `variants` offers exactly the variants the ruleset defines."""
        option = self.options.get("variants")
        if self.variants and (option is None or set(option.choices) != set(self.variants)):
            raise ValueError(_problem("variants_option", variants=sorted(self.variants)))
        return self

    @model_validator(mode="after")
    def _known_headings(self) -> Ruleset:
        """`not_together` and `role_groups` name headings of `role_headings`."""
        headings = set(self.role_headings)
        named = [h for group in self.not_together for h in group] + list(self.role_groups)
        unknown = sorted({h for h in named if h not in headings})
        if unknown:
            raise ValueError(_problem("unknown_headings", headings=unknown))
        if any(size < 1 for size in self.role_groups.values()):
            raise ValueError(_problem("empty_role_group"))
        return self

    @cached_property
    def word_handlers(self) -> dict[str, str]:
        """Command word → the mechanism of its common, pack or variant use (`handler`)."""
        uses = [
            *self.common_commands,
            *self.pack_commands,
            *(use for variant in self.variants.values() for use in variant.commands),
        ]
        return {use.word: use.handler for use in uses if use.handler is not None}

    def missing_roles(self) -> list[str]:
        """Role headings of the rule text no role of this ruleset implements."""
        done = {role.heading for role in self.roles.values()}
        return [heading for heading in self.role_headings if heading not in done]

    def role(self, name: str) -> RoleSpec:
        """The role called `name` (canonical, alias or adjective form, any case)."""
        found = self.role_index.get(name_key(name))
        if found is None:
            raise UnknownRole(name, self.name)
        return self.roles[found]

    @cached_property
    def role_index(self) -> dict[str, str]:
        """Every accepted spelling (as `name_key`) → canonical role name."""
        index: dict[str, str] = {}
        for role in self.roles.values():
            for spelling in (role.name, *role.aliases):
                for form in adjective_forms(spelling):
                    index.setdefault(name_key(form), role.name)
        return index

    @cached_property
    def command_specs(self) -> dict[str, CommandSpec]:
        return {spec.word: spec for spec in self.commands}

    @cached_property
    def command_phrases(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(phrase key, the canonical words it may mean) for every spelling of every
        command, longest phrase first: a line's command is the first that starts it."""
        words: dict[str, list[str]] = {}
        for spec in self.commands:
            for spelling in spec.spellings:
                words.setdefault(name_key(spelling), []).append(spec.word)
        ordered = sorted(words.items(), key=lambda item: -len(item[0]))
        return tuple((phrase, tuple(found)) for phrase, found in ordered)

    @cached_property
    def said_words(self) -> dict[str, str]:
        """Canonical word → the ruleset's own word for it, where it has one (`means`)."""
        return {spec.word: spec.said for spec in self.commands if spec.said}

    def shown_word(self, word: str) -> str:
        """The word players of this ruleset write and read for the canonical command
        `word` (`Heiltrank` → `Elixer` in the Weerwolven; itself where the ruleset has no
        word of its own). Every text shown to a player says a command with it."""
        return self.said_words.get(word, word)

    def shown_words(self, words: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        return tuple(self.shown_word(word) for word in words)

    @cached_property
    def staged_entries(self) -> frozenset[str]:
        """Every entry of the night order."""
        return frozenset(entry for stage in self.night_order for entry in stage)

    @cached_property
    def roles_by_stage(self) -> dict[str, tuple[str, ...]]:
        """Night-order entry → the roles acting there."""
        entries: dict[str, list[str]] = {}
        for role in self.roles.values():
            if role.stage:
                entries.setdefault(role.stage, []).append(role.name)
        return {entry: tuple(names) for entry, names in entries.items()}

    def dealable(self, role: RoleSpec, variants: tuple[str, ...] = ()) -> str | None:
        """Why `role` cannot be dealt in a round of these variants (None: it can): a role
        players only become (the Ghul), one of a variant not played, one a variant replaces
        or strikes ("Es gibt keine Werwölfe")."""
        if not role.dealt:
            return "not_dealt"
        if role.variant is not None and role.variant not in variants:
            return "variant_role"
        for name in variants:
            variant = self.variants[name]
            if role.faction in variant.without or (variant.no_werwolves and role.is_werwolf):
                return "variant_without"
        return None

    def dealt_roles(self, variants: tuple[str, ...] = ()) -> list[str]:
        """The roles a round of these variants may deal, by name."""
        return sorted(n for n, r in self.roles.items() if self.dealable(r, variants) is None)

    @cached_property
    def variant_entries(self) -> dict[str, str]:
        """Night-order entry → the variant it acts in (entries of no variant are absent)."""
        return {entry: name for name, v in self.variants.items() for entry in v.night_entries}

    def option(self, options: dict[str, object], name: str) -> object:
        return options.get(name, self.options[name].default)

    def stage_of(self, entry: str) -> int:
        for index, stage in enumerate(self.night_order):
            if entry in stage:
                return index
        raise KeyError(entry)
