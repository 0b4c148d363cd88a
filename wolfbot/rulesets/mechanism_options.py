"""The house rules the engine's shared mechanisms read, whatever the roles: a ruleset without
one would stop in the middle of a game with a bare `KeyError`, so the loader refuses it at
once, naming the option, what reads it and a shipped ruleset to copy it from.

A behaviour's own house rule (the Priester's `priester_questions`) is its behaviour's
(`Behaviour.house_rules`), needed only where a role of it is played.
`tests/rulesets/test_mechanism_options.py` keeps both whole: every `option("…")` the engine
reads is in this table or declared by the behaviour whose module reads it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class MechanismOption:
    """A house rule a shared mechanism reads: `read_by` in words; needed in every ruleset,
    or only in one that has the phase `phase`."""

    name: str
    read_by: str
    phase: str | None = None

    def needed(self, data: dict[str, Any]) -> bool:
        return self.phase is None or self.phase in data.get("phases", ())


MECHANISM_OPTIONS = (
    MechanismOption("blocks_whole_night", "the night's resolution (engine/night.py)"),
    MechanismOption("split_night", "a role asked at night (engine/roles/common.py)"),
    MechanismOption("lovers_vote_restriction", "the votes of lovers (engine/day/votes.py)"),
    MechanismOption(
        "refused_heal_keeps_ability", "a refused night choice (engine/roles/common.py)"
    ),
    MechanismOption("mob_votes", "the Dämmerung's tally (engine/voting.py)", phase="dusk"),
    MechanismOption("inactivity_dusks", "the Dämmerung's tally (engine/voting.py)", phase="dusk"),
    MechanismOption(
        "mayor_vote_in_dusk", "the election at the Dämmerung (engine/voting.py)", phase="dusk"
    ),
)


def missing_option_problem(
    data: dict[str, Any], roles_read: dict[str, str], path: Path
) -> str | None:
    """What the ruleset file at `path` lacks of the house rules the engine reads, or None;
    `roles_read`: the house rules its roles' behaviours read → which behaviour."""
    declared = data.get("options") or {}
    needed = {o.name: o.read_by for o in MECHANISM_OPTIONS if o.needed(data)} | roles_read
    missing = [(name, read_by) for name, read_by in needed.items() if name not in declared]
    if not missing:
        return None
    said = "; ".join(f"{name!r} (read by {read_by})" for name, read_by in missing)
    return (
        f"{path}: options: the engine reads house rules this ruleset does not declare: {said}"
        " – declare each with its default, label, announced and doc (as in"
        " rules/klassisch/ruleset.yaml, or rules/duesterliga/ruleset.yaml for the Dämmerung's)"
    )
