"""How a day is decided, as a mechanism the ruleset's `day:` section drives.

A day has a procedure (`DayState.procedure`, the ruleset's `day.ordinary` unless a role
changed it) and, at its end, is decided in this order: the election of its day
(`day.election`, the Bürgermeister on the first day), then the procedure
(`PROCEDURES[kind]`: `count` counts the votes with the ruleset's modifiers and breaks a
tie with its `tie` rules, each from `TIE_RULES`), then the lynches (`finish`). Every
reader of the count – the engine, the posts, the scenarios, the reminders – asks `tally`.

The tables are the mechanism's extension points: a procedure, a tie rule or a modifier
is one small named function here, and a ruleset names it in its data. The modules:
`votes` (the day as it stands and its count), `procedures` (the end of the day and the
election), `ties` (the tie rules), `lynches` (deciding and carrying out the lynches); this
package gathers their API for its callers.
"""

from __future__ import annotations

from wolfbot.engine.day import procedures as procedures_module
from wolfbot.engine.day import ties, votes
from wolfbot.engine.day.lynches import decide, finish
from wolfbot.engine.day.procedures import (
    PROCEDURES,
    Vouch,
    chain_holder,
    chain_step,
    election_today,
    resolve,
    unvouched,
)
from wolfbot.engine.day.ties import TIE_RULES, LynchTie
from wolfbot.engine.day.votes import (
    MODIFIERS,
    cast_votes,
    check_not_against_lover,
    counted,
    counts_votes,
    doubled_voter,
    final_voters,
    fixed_vote,
    jailed,
    may_vote,
    missing_votes,
    new_day,
    non_voters,
    note_post,
    procedure,
    tally,
    tally_event,
    votes_today,
)
from wolfbot.engine.spec import DaySpec


def unknown_names(spec: DaySpec) -> list[str]:
    """The procedure kinds, tie rules and modifiers `spec` names that the tables lack."""
    procedures = spec.procedures.values()
    # the tables as their modules hold them now (a test or a house rule may have given one
    # with an entry more: `tests/engine/test_day_mechanism.py`)
    unknown = {p.kind for p in procedures if p.kind not in procedures_module.PROCEDURES}
    unknown |= {rule for p in procedures for rule in p.tie if rule not in ties.TIE_RULES}
    unknown |= {name for name in spec.modifiers if name not in votes.MODIFIERS}
    return sorted(unknown)


__all__ = [
    "MODIFIERS",
    "PROCEDURES",
    "TIE_RULES",
    "LynchTie",
    "Vouch",
    "cast_votes",
    "chain_holder",
    "chain_step",
    "check_not_against_lover",
    "counted",
    "counts_votes",
    "doubled_voter",
    "final_voters",
    "decide",
    "election_today",
    "finish",
    "fixed_vote",
    "jailed",
    "may_vote",
    "missing_votes",
    "new_day",
    "non_voters",
    "note_post",
    "procedure",
    "resolve",
    "tally",
    "tally_event",
    "unknown_names",
    "unvouched",
    "votes_today",
]
