"""The night order as it acts (`RulesetTables.stage_plan`, `RoleIndex.night_plan`): each
stage as its entries, each entry the group acting there or the roles placed there."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wolfbot.engine.roles.base import GroupBehaviour


class StageEntry:
    """An entry of a night-order stage as it acts: the group acting there (the pack at
    "Werwölfe"), or the roles placed there."""

    def __init__(self, group: GroupBehaviour | None, roles: tuple[str, ...]) -> None:
        self.group = group
        self.roles = roles


StagePlan = tuple[tuple[StageEntry, ...], ...]
