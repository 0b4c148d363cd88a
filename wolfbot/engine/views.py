"""What a reader may see. Public posts are rendered from `public_roster` only, so a role
that is not revealed cannot leak into the thread."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wolfbot.engine import day
from wolfbot.engine.roles.registry import votes_for

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


def awaited_votes(game: Game) -> list[str]:
    """By day: the living players who may vote and have no `!Lynch` vote (the vote
    reminder; a jailed player is not reminded)."""
    if not game.state.phase.by_day or game.state.step:
        return []
    return day.missing_votes(game)


def awaited_actions(game: Game) -> dict[str, list[str]]:
    """By night: each living player's night commands he could still give and has not
    (the night reminder) – the pack's `!Fressen`/`!Alpha` until he voted, his role's
    commands until he used them tonight. Players with nothing left are not listed."""
    state = game.state
    if state.phase.kind != "night" or state.step:
        return {}
    common = {use.word for use in game.rules.common_commands}
    out: dict[str, list[str]] = {}
    for player in game.living():
        done = state.night.actions.get(player.name, {})
        words = [
            word
            for word in game.available_words(player.name)
            if word not in common
            and word not in done
            and player.name not in (votes_for(game, word) or {})  # the pack's votes
        ]
        if words:
            out[player.name] = words
    return out
