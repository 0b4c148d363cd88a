"""A tiny seeded generator whose whole state is one integer kept in the game state.

The engine never touches a global random source: every draw goes through `Rng` with the
state stored in `GameState.rng`, so a game replays identically from its seed and inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: (next state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def draw_index(state: int, n: int) -> tuple[int, int]:
    """(next state, an index in range(n)), unbiased by rejection."""
    if n <= 0:
        raise ValueError("empty_choice", n)
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = splitmix64(state)
        if value < limit:
            return state, value % n


def choose(state: int, options: Sequence[T]) -> tuple[int, T]:
    state, index = draw_index(state, len(options))
    return state, options[index]
