"""Spielende per "Fraktionen": a side wins when every living player belongs to it.

Sides: the faction of the role (Dorf, Rudel, and the variants' Sekte and Untote), each
Einzelgänger alone, each Zweideutiger alone (who cannot win). The Liebespaar: both
originally Dorf → they count for the Dorf, both Rudel → for the Rudel (both of one other
team alike: reading 77), otherwise (Dorf+Rudel, or an Einzelgänger or Zweideutiger in
love) they are a side of their own. No parity win; nobody alive → the game ends, nobody
wins. A faction that wins by declaring it (Die Schwarze Pest) does not win by outliving.

Other rulesets say per faction how it wins (`FactionSpec.wins`: Wolf Village's Dorf when
no Werwolf lives, its Werwölfe at parity), whether wins at once exclude each other
(`VictorySpec.exclusive`: a role's own win, then the Liebespaar, then a team), and which
living role takes a team's win for himself (`RoleSpec.takes_win`: the Fuchs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.names import LIEBESPAAR
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def faction(game: GamePort, player: PlayerState) -> str:
    """The faction a player plays for: his role's, unless he was turned (Wiedergänger)."""
    return player.faction or game.role_facts(player).faction


def lovers_side(game: GamePort) -> str | None:
    """The side the lovers count for: Dorf, Rudel or Liebespaar (their own)."""
    if not game.state.lovers:
        return None
    factions = {faction(game, game.player(name)) for name in game.state.lovers}
    if len(factions) == 1 and _is_team(game, next(iter(factions))):
        return factions.pop()
    return LIEBESPAAR


def _is_team(game: GamePort, faction: str) -> bool:
    """A faction whose players win together (Dorf, Rudel, the Sekte, the Untoten)."""
    return game.rules.factions[faction].kind == "team"


def _declared(game: GamePort) -> set[str]:
    """The factions that win only by declaring it (the round's variants' `declared_win`)."""
    return {
        variant.declared_win
        for name, variant in game.rules.variants.items()
        if variant.declared_win is not None and game.variant_on(name)
    }


def side(game: GamePort, player: PlayerState) -> str:
    if game.state.lovers and player.name in game.state.lovers:
        return lovers_side(game) or LIEBESPAAR
    own = faction(game, player)
    kind = game.facts.faction_kinds[own]
    return own if kind == "team" else f"{kind}:{player.name}"


def winners(game: GamePort) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(winning sides, winning players) if the game is over, else None: a side wins when
    every living player belongs to it; a player whose own condition is met wins too and ends
    the round (`Behaviour.has_won`)."""
    own = [p for p in game.state.players if game.behaviour(p).has_won(game, p)]
    if own and game.rules.victory.exclusive:  # "zählt zuerst der des Narren"
        return (own[0].role,), (own[0].name,)
    result = _taken(game, _by_sides(game) or _by_rule(game))
    if not own:
        return result
    sides, players = result or ((), ())
    return (
        (*sides, *(p.role for p in own if p.role not in sides)),
        (*players, *(p.name for p in own if p.name not in players)),
    )


Win = tuple[tuple[str, ...], tuple[str, ...]]


def _rule_of(game: GamePort, winner: str) -> str:
    """How the side `winner` wins (the Liebespaar always by outliving the others)."""
    if winner == LIEBESPAAR:
        return "outlive"
    if ":" in winner:
        return game.rules.factions[faction(game, game.player(winner.split(":", 1)[1]))].wins
    return game.rules.factions[winner].wins


def _by_rule(game: GamePort) -> Win | None:
    """A team that wins by the pack: `no_pack` when no member of the pack lives (a lover
    too: "Solange dieser Werwolf lebt, kann das Dorf nicht gewinnen"), `no_werwolf` when no
    Werwolf lives, in the pack or not, `pack_parity` when its own living pack members – not
    one in love with the other side ("das Rudel zählt ihn nicht zu den Seinen") – are at
    least as many as all other living players."""
    living = game.living()
    pack = [p for p in living if game.role_facts(p).pack]
    werwolves = [p for p in living if game.role_facts(p).is_werwolf]
    sides = [side(game, p) for p in pack]
    for name, spec in game.rules.factions.items():
        own = sides.count(name)
        if (
            (spec.wins == "no_pack" and not pack)
            or (spec.wins == "no_werwolf" and not werwolves)
            or (spec.wins == "pack_parity" and own and own >= len(living) - own)
        ):
            members = [p for p in game.state.players if side(game, p) == name]
            return (name,), tuple(p.name for p in members)
    return None


def _taken(game: GamePort, win: Win | None) -> Win | None:
    """A living role that takes a team's win for himself, unless he is in love (the Fuchs:
    "Einen Sieg des Dorfs oder der Werwölfe holt sich ein lebender Fuchs")."""
    if win is None or len(win[0]) != 1:
        return win
    for player in game.living():
        if win[0][0] in game.role_facts(player).takes_win and game.lover_of(player.name) is None:
            return (player.role,), (player.name,)
    return win


def _by_sides(game: GamePort) -> Win | None:
    """The only side left alive wins – if it wins by outliving the others."""
    living_sides: set[str] = set()
    for player in game.living():
        living_sides.add(side(game, player))
        if len(living_sides) > 1:
            return None
    if not living_sides:
        return None if _ruled(game) else ((), ())
    (winner,) = living_sides
    if _rule_of(game, winner) != "outlive":
        return None
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


def _ruled(game: GamePort) -> bool:
    """Whether a faction wins by a rule of its own (then nobody alive is that rule's case)."""
    return any(spec.wins != "outlive" for spec in game.rules.factions.values())


def _lovers_with(game: GamePort, winner: str) -> bool:
    return lovers_side(game) == winner
