"""The players by the role they play as their own (`PlayerState.role`): whom the night's
stages run. A change of role (`changes.change_role`, `swap_roles`) makes it anew."""

from __future__ import annotations

from collections.abc import KeysView, Sequence
from typing import TYPE_CHECKING

from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.night_plan import StageEntry


class RoleIndex:
    def __init__(self, players: Sequence[PlayerState]) -> None:
        self._players = players
        self._by_role: dict[str, list[PlayerState]] | None = None
        # the night's stage plan without the roles nobody plays now (`night._night_plan`)
        self.night_plan: list[list[StageEntry]] | None = None

    def holders(self, role: str) -> list[PlayerState]:
        """The players whose own role is `role`, in seat order."""
        return self._index().get(role, [])

    def in_play(self) -> KeysView[str]:
        """The players' own roles now."""
        return self._index().keys()

    def changed(self) -> None:
        """A player's own role changed: the index, and what it derives, are made anew."""
        self._by_role = None
        self.night_plan = None

    def _index(self) -> dict[str, list[PlayerState]]:
        if self._by_role is None:
            self._by_role = {}
            for player in self._players:
                self._by_role.setdefault(player.role, []).append(player)
        return self._by_role
