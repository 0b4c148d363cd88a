"""What a reader may see. Public posts are rendered from `public_roster` only, so a role
that is not revealed cannot leak into the thread."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


@dataclass(frozen=True, slots=True)
class PublicPlayer:
    name: str
    alive: bool
    role: str | None  # revealed role of a dead player, else None
    cause: str | None
    time: str | None
    mayor: bool


def public_roster(game: Game) -> list[PublicPlayer]:
    """The Spielerliste as everybody may know it."""
    return [
        PublicPlayer(
            name=p.name,
            alive=p.alive,
            role=p.role_revealed_as if not p.alive else None,
            cause=p.death_cause,
            time=p.death_time,
            mayor=p.name == game.state.mayor,
        )
        for p in game.state.players
    ]
