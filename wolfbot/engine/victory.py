"""Spielende per "Fraktionen": a side wins when every living player belongs to it.

Sides: the faction of the role (Dorf, Rudel, and the variants' Sekte and Untote), each
Einzelgänger alone, each Zweideutiger alone (who cannot win). The Liebespaar: both
originally Dorf → they count for the Dorf, both Rudel → for the Rudel (both of one other
team alike: reading 77), otherwise (Dorf+Rudel, or an Einzelgänger or Zweideutiger in
love) they are a side of their own. No parity win; nobody alive → the game ends, nobody
wins. A faction that wins by declaring it (Die Schwarze Pest) does not win by outliving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game

LIEBESPAAR = "Liebespaar"


def faction(game: Game, player: PlayerState) -> str:
    """The faction a player plays for: his role's, unless he was turned (Wiedergänger)."""
    return player.faction or game.spec(player).faction


def lovers_side(game: Game) -> str | None:
    """The side the lovers count for: Dorf, Rudel or Liebespaar (their own)."""
    if not game.state.lovers:
        return None
    factions = {faction(game, game.player(name)) for name in game.state.lovers}
    if len(factions) == 1 and _is_team(game, next(iter(factions))):
        return factions.pop()
    return LIEBESPAAR


def _is_team(game: Game, faction: str) -> bool:
    """A faction whose players win together (Dorf, Rudel, the Sekte, the Untoten)."""
    return game.rules.factions[faction].kind == "team"


def _declared(game: Game) -> set[str]:
    """The factions that win only by declaring it (the round's variants' `declared_win`)."""
    return {
        variant.declared_win
        for name, variant in game.rules.variants.items()
        if variant.declared_win is not None and game.variant_on(name)
    }


def side(game: Game, player: PlayerState) -> str:
    if game.state.lovers and player.name in game.state.lovers:
        return lovers_side(game) or LIEBESPAAR
    kind = game.rules.factions[faction(game, player)].kind
    return faction(game, player) if kind == "team" else f"{kind}:{player.name}"


def winners(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(winning sides, winning players) if the game is over, else None: a side wins when
    every living player belongs to it; a player whose own condition is met wins too and ends
    the round (`Behaviour.has_won`)."""
    own = [p for p in game.state.players if game.behaviour(p).has_won(game, p)]
    result = _by_sides(game)
    if not own:
        return result
    sides, players = result or ((), ())
    return (
        (*sides, *(p.role for p in own if p.role not in sides)),
        (*players, *(p.name for p in own if p.name not in players)),
    )


def _by_sides(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    living_sides = {side(game, p) for p in game.living()}
    if len(living_sides) > 1:
        return None
    if not living_sides:
        return (), ()
    (winner,) = living_sides
    if winner in _declared(game):
        return None  # Die Schwarze Pest: the Dorf wins only by its !Schwarze Pest
    if winner.startswith("ambiguous:"):
        return (), ()
    members = [p for p in game.state.players if side(game, p) == winner]
    if winner.startswith("lone:"):
        player = game.player(winner.split(":", 1)[1])
        return (player.role,), (player.name,)
    sides = (
        (winner, LIEBESPAAR) if winner != LIEBESPAAR and _lovers_with(game, winner) else (winner,)
    )
    return sides, tuple(p.name for p in members)


def _lovers_with(game: Game, winner: str) -> bool:
    return lovers_side(game) == winner
