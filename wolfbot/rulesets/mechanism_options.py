"""The house rules the engine's shared mechanisms read, whatever the roles: a ruleset without
one would stop in the middle of a game with a bare `KeyError`, so the loader refuses it at
once, naming the option, what reads it and a shipped ruleset to copy it from.

A role's own house rule (the Priester's `priester_questions`) is needed only where a role of
its behaviour is played. `tests/rulesets/test_mechanism_options.py` keeps this table whole:
every `option("…")` the engine reads is in it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class MechanismOption:
    """A house rule the engine reads: `read_by` in words; needed in every ruleset, or only
    in one that has the phase `phase` or plays a role of the behaviour `behaviour`."""

    name: str
    read_by: str
    phase: str | None = None
    behaviour: str | None = None

    def needed(self, data: dict[str, Any], behaviours: set[str]) -> bool:
        if self.phase is not None:
            return self.phase in data.get("phases", ())
        if self.behaviour is not None:
            return self.behaviour in behaviours
        return True


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
    MechanismOption(
        "priester_questions", "the Priester (engine/roles/priester.py)", behaviour="priester"
    ),
)


def missing_option_problem(data: dict[str, Any], behaviours: set[str], path: Path) -> str | None:
    """What the ruleset file at `path` lacks of the house rules the engine reads, or None."""
    declared = data.get("options") or {}
    missing = [
        option
        for option in MECHANISM_OPTIONS
        if option.needed(data, behaviours) and option.name not in declared
    ]
    if not missing:
        return None
    said = "; ".join(f"{option.name!r} (read by {option.read_by})" for option in missing)
    return (
        f"{path}: options: the engine reads house rules this ruleset does not declare: {said}"
        " – declare each with its default, label, announced and doc (as in"
        " rules/klassisch/ruleset.yaml, or rules/duesterliga/ruleset.yaml for the Dämmerung's)"
    )
