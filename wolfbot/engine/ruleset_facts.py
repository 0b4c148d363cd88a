"""What the rules read most of the ruleset (`Ruleset`) and of its roles (`RoleSpec`), as
plain records made once for all of the ruleset's rounds (`RulesetTables.facts`): each attribute of a
validated model is a lookup of its own."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.engine.facts import RoleFacts
from wolfbot.engine.immutable import Immutable
from wolfbot.engine.spec import DayProcedureSpec, ElectionSpec, RoleSpec, Ruleset


@dataclass(frozen=True, slots=True)
class RulesetFacts(Immutable):
    """What the rules read most of the ruleset: its dicts, and what they derive."""

    role_facts: dict[str, RoleFacts]  # `GamePort.role_facts`
    said_words: dict[str, str]  # `Game.localized`: the ruleset's own words
    procedures: dict[str, DayProcedureSpec]  # `day.procedure`
    procedure_words: dict[str, tuple[str | None, str | None]]  # `day.votes_today`: vote, withdraw
    election: ElectionSpec | None  # `day.election_today`
    lovers_apart: frozenset[str]  # the words whose use may not name one's lover (`checks`)
    faction_kinds: dict[str, str]  # `victory.side`
    # a shared mechanism → the word the ruleset gives its command (`roles.common.handler_word`)
    handler_words: dict[str, str]


def ruleset_facts(ruleset: Ruleset) -> RulesetFacts:
    """The facts of the ruleset (made once for all its rounds: `RulesetTables.facts`)."""
    day = ruleset.day
    handler_words: dict[str, str] = {}
    for word, handler in ruleset.word_handlers.items():
        handler_words.setdefault(handler, word)  # the first use of the mechanism names it
    return RulesetFacts(
        role_facts={name: role_facts(r) for name, r in ruleset.roles.items()},
        said_words=ruleset.said_words,
        procedures=day.procedures,
        procedure_words={n: (p.vote, p.withdraw) for n, p in day.procedures.items()},
        election=day.election,
        lovers_apart=frozenset(w for w, c in ruleset.command_specs.items() if c.lovers_apart),
        faction_kinds={name: f.kind for name, f in ruleset.factions.items()},
        handler_words=handler_words,
    )


def role_facts(role: RoleSpec) -> RoleFacts:
    return RoleFacts(
        name=role.name,
        heading=role.heading,
        faction=role.faction,
        pack=role.pack,
        pack_words=role.pack_words,
        is_werwolf=role.is_werwolf,
        takes_win=role.takes_win,
        knows_werwolves=role.knows_werwolves,
        knows_werwolves_option=role.knows_werwolves_option,
        known_to_pack=role.known_to_pack,
        always_revealed=role.always_revealed,
        immune_to=role.immune_to,
        conversation=role.conversation,
        params=role.params,
    )
