"""`ControlError`: what the Spielleitung's commands say when the input is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.spielleitung.wording import Said

if TYPE_CHECKING:
    from wolfbot.spielleitung.labels import GameInfo


class ControlError(Exception):
    """A clear error for the Spielleitung (no file, no such round, several rounds …);
    `games` lists the rounds to choose from when the round was not named. Given as a
    `Said`, it is German (`str`) and can be said in the round's language (`words`)."""

    def __init__(self, message: str | Said, games: list[GameInfo] | None = None) -> None:
        self.said = message if isinstance(message, Said) else None
        super().__init__(message.words() if isinstance(message, Said) else message)
        self.games = games or []

    def words(self, language: str = "de") -> str:
        """The message in `language` (German where it has no `Said`)."""
        return self.said.words(language) if self.said is not None else str(self)
