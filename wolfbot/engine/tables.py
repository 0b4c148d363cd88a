"""What the engine derives from a ruleset for the rounds of one set of variants, made once
for all of them (`tables_of`; the ruleset keeps it, `Game.tables` reads it).

It may be kept because nothing in it depends on a round's state: the ruleset is frozen, and
a round's variants are fixed when it is set up. What depends on the players as they are
(alive or dead, powerless, the role they play now) is looked up here by those facts, never
by a player; what depends on who plays which role is the game's own (`RoleIndex.night_plan`).
The per-role tables are filled when a round first asks (a ruleset has some 80 roles, a round
plays 12 to 24)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.facts import UseFacts
from wolfbot.engine.night_plan import StageEntry, StagePlan
from wolfbot.engine.ruleset_facts import RulesetFacts, ruleset_facts

if TYPE_CHECKING:
    from wolfbot.engine.spec import Channel, CommandUse, Ruleset

# the keys of the per-role tables: the role a player plays now, and whether he lost his
# abilities ("verlieren … ihre Fähigkeiten"); whether he is alive; the time of the game as
# far as it fixes a use (the phase's kind, whether it is the first night or day)
RoleAs = tuple[str, bool]
RoleAsAlive = tuple[str, bool, bool]
RoleAtTime = tuple[str, bool, bool, str, bool]
# a question's answers: its words that name a player, the word that declines, its channels
AnswerShape = tuple[tuple[str, ...], str | None, tuple["Channel", ...]]
# a use the player may give at this time of the game, and whether that settles it
# (`checks._timely_uses`)
TimelyUse = tuple[UseFacts, bool]
WordUses = tuple[tuple["CommandUse", ...], tuple["CommandUse", ...]]


def tables_of(rules: Ruleset, variants: tuple[str, ...]) -> RulesetTables:
    """The ruleset's tables for the rounds that play `variants`, made once for all of them
    and kept with the ruleset (`Ruleset.tables_by_variants`: a copy makes its own)."""
    made = rules.tables_by_variants.get(variants)
    if not isinstance(made, RulesetTables):  # the ruleset keeps them, not knowing their type
        made = rules.tables_by_variants[variants] = RulesetTables(rules, variants)
    return made


class RulesetTables:
    def __init__(self, rules: Ruleset, variants: tuple[str, ...]) -> None:
        self.rules = rules
        self.variants = variants
        # what the rules read most of the ruleset, read once (`Game.facts`)
        self.facts: RulesetFacts = ruleset_facts(rules)
        # each stage of the night order as its entries act (`night.run_stages`)
        self.stage_plan: StagePlan = tuple(
            tuple(StageEntry(entry, rules.roles_by_stage.get(entry, ())) for entry in stage)
            for stage in rules.night_order
        )
        # each stage's roles → their place in it, as its entries name them (`night._prepare`)
        self.role_places: tuple[dict[str, int], ...] = tuple(
            {role: i for i, role in enumerate(r for entry in stage for r in entry.roles)}
            for stage in self.stage_plan
        )
        # the roles found dealable in these rounds (`Game.new`)
        self.dealable: set[str] = set()
        # a role's commands in these rounds: the common ones, the variants', the pack's, its
        # own (`uses.role_uses`); and what the checks read of each (`uses.command_facts`)
        self.role_uses: dict[RoleAs, tuple[CommandUse, ...]] = {}
        self.role_use_facts: dict[RoleAs, tuple[UseFacts, ...]] = {}
        # the role's uses by word, and those of them the player may give as he is (alive or
        # dead) (`uses.word_uses`)
        self.uses_by_word: dict[RoleAsAlive, dict[str, WordUses]] = {}
        # the role's uses the player may give at a time of the game (`checks._timely_uses`)
        self.timely_uses: dict[RoleAtTime, tuple[TimelyUse, ...]] = {}
        # a role's own uses (`RoleSpec.commands`), by identity (`checks._handler`)
        self.own_uses: dict[str, frozenset[int]] = {}
        # whether a role's behaviour limits its words beyond the data (`Behaviour.allows`)
        self.limits_words: dict[str, bool] = {}
        # the uses that answer a question of this shape (`uses.answer_uses`)
        self.answer_uses: dict[AnswerShape, tuple[CommandUse, ...]] = {}
