"""The whole ruleset: what `rules/<name>/` says, validated, with the lookups the engine
and its readers ask of it."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import Field, model_validator

from wolfbot.engine.spec.base import PhaseKind, UnknownRole, _Frozen, _problem
from wolfbot.engine.spec.commands import BALLOT_HANDLERS, CommandSpec, CommandUse
from wolfbot.engine.spec.day import DaySpec
from wolfbot.engine.spec.parts import (
    ConductSpec,
    ConversationSpec,
    FactionSpec,
    OptionSpec,
    OutingRule,
    VariantSpec,
    VictorySpec,
)
from wolfbot.engine.spec.roles import RoleSpec, adjective_forms
from wolfbot.spelling import name_key


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
    # the conduct rules ("Verbotenes Verhalten"), by clause: `wolfbot.conduct`
    conduct: ConductSpec = ConductSpec()
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
    def tables_by_variants(self) -> dict[tuple[str, ...], object]:
        """What the engine derives from the ruleset, by the variants of the rounds
        (`wolfbot.engine.tables.RulesetTables`, made and read by `tables_of` alone): kept with
        the ruleset itself, so that a copy (`model_copy`, another role list) makes its own."""
        return {}

    @cached_property
    def word_handlers(self) -> dict[str, str]:
        """Command word → the mechanism of its common, pack or variant use (`handler`)."""
        uses = [
            *self.common_commands,
            *self.pack_commands,
            *(use for variant in self.variants.values() for use in variant.commands),
        ]
        return {use.word: use.handler for use in uses if use.handler is not None}

    @cached_property
    def ballot_words(self) -> tuple[str, ...]:
        """The words of the day's ballots – the lynch vote, its withdrawal and the election
        (`BALLOT_HANDLERS`): the day's votes wherever they are given (the Weerwolven vote in
        their Rollenmitteilung), in the order of `word_handlers`."""
        handlers = self.word_handlers
        return tuple(word for word, handler in handlers.items() if handler in BALLOT_HANDLERS)

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
    def command_phrases_by_first_word(self) -> dict[str, tuple[tuple[str, tuple[str, ...]], ...]]:
        """`command_phrases` grouped by their first word, longest phrase first: a line's
        command phrase begins with the line's first word."""
        grouped: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for phrase, found in self.command_phrases:
            grouped.setdefault(phrase.split(" ", 1)[0], []).append((phrase, found))
        return {first: tuple(phrases) for first, phrases in grouped.items()}

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
