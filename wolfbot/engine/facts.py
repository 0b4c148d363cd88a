"""What the rules read most of a command use (`CommandUse`), a command (`Command`), a role
(`RoleSpec`) and the ruleset (`Ruleset`), as plain records: each is a validated model, each of
whose attributes is a lookup of its own; the checks read a dozen of them for every command,
the victory check a few of every player's role. Made once for each (`.facts`,
`RulesetTables.facts`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wolfbot.engine.immutable import Immutable

if TYPE_CHECKING:  # the spec imports this module
    from wolfbot.engine.spec.base import Channel, PhaseKind
    from wolfbot.engine.spec.day import DayProcedureSpec, ElectionSpec
    from wolfbot.engine.spec.roles import RoleSpec
    from wolfbot.engine.spec.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class UseFacts(Immutable):
    word: str
    handler: str | None
    phase: tuple[PhaseKind, ...]
    channel: tuple[Channel, ...]
    args: tuple[str, ...]
    named_kinds: tuple[str, ...]  # the kinds of `args` that name one player each
    players: bool  # `args` has `players`: one or more living players
    nights: str
    days: str
    uses: int | None
    self_: bool
    self_option: str | None
    repeat_target: bool
    repeat_option: str | None
    by_dead: bool  # a command of the dead
    ahead: bool
    stands: str | None
    mayor_only: bool  # only the Bürgermeister may use it (`office: mayor`)


@dataclass(frozen=True, slots=True)
class CommandFacts(Immutable):
    word: str
    actor: str
    channel: Channel
    targets: tuple[str, ...]
    said: str | None  # the word as the ruleset's players write it, where it is another
    text: str  # the command as a player would write it (`Command.text`)


@dataclass(frozen=True, slots=True)
class RoleFacts(Immutable):
    name: str
    faction: str
    pack: bool  # attacks with the pack and shares the Wolfshöhle
    is_werwolf: bool
    takes_win: tuple[str, ...]  # the teams whose win he takes for himself (the Fuchs)


@dataclass(frozen=True, slots=True)
class RulesetFacts(Immutable):
    """What the rules read most of the ruleset: its dicts, and what they derive."""

    roles: dict[str, RoleSpec]  # `Game.spec`
    role_facts: dict[str, RoleFacts]  # `Game.role_facts`
    said_words: dict[str, str]  # `Game.localized`: the ruleset's own words
    procedures: dict[str, DayProcedureSpec]  # `day.procedure`
    procedure_words: dict[str, tuple[str | None, str | None]]  # `day.votes_today`: vote, withdraw
    election: ElectionSpec | None  # `day.election_today`
    lovers_apart: frozenset[str]  # the words whose use may not name one's lover (`checks`)
    faction_kinds: dict[str, str]  # `victory.side`


def ruleset_facts(ruleset: Ruleset) -> RulesetFacts:
    """The facts of the ruleset (made once for all its rounds: `RulesetTables.facts`)."""
    day = ruleset.day
    return RulesetFacts(
        roles=ruleset.roles,
        role_facts={
            name: RoleFacts(name, r.faction, r.pack, r.is_werwolf, r.takes_win)
            for name, r in ruleset.roles.items()
        },
        said_words=ruleset.said_words,
        procedures=day.procedures,
        procedure_words={n: (p.vote, p.withdraw) for n, p in day.procedures.items()},
        election=day.election,
        lovers_apart=frozenset(w for w, c in ruleset.command_specs.items() if c.lovers_apart),
        faction_kinds={name: f.kind for name, f in ruleset.factions.items()},
    )
