"""`ControlError`: what the Spielleitung's commands say when the input is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wolfbot.spielleitung.labels import GameInfo


class ControlError(Exception):
    """A clear error for the Spielleitung (no file, no such round, several rounds …);
    `games` lists the rounds to choose from when the round was not named."""

    def __init__(self, message: str, games: list[GameInfo] | None = None) -> None:
        super().__init__(message)
        self.games = games or []
