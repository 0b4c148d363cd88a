"""The night order as it acts (`RulesetTables.stage_plan`, `RoleIndex.night_plan`): each
stage as its entries, each entry the group acting there or the roles placed there."""

from __future__ import annotations


class StageEntry:
    """An entry of a night-order stage as it acts: its name – the group acting there, if
    any, is the game's (`GamePort.group`: the pack at "Werwölfe") – and the roles placed
    there."""

    def __init__(self, name: str, roles: tuple[str, ...]) -> None:
        self.name = name
        self.roles = roles


StagePlan = tuple[tuple[StageEntry, ...], ...]
