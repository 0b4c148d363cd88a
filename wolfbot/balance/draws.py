"""The draws of a `random.Random`, compiled, for the simulated players
(`wolfbot.balance.players`, `wolfbot.demo.simulate`): they draw thousands of times a game,
and `random.Random.choice` and `shuffle` are Python. Each draws exactly as `random.Random`
does (`tests/balance/test_draws.py`), so a seeded rating or random game is the same game
whichever the simulators call."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
Bits = Callable[[int], int]  # a generator's `getrandbits` (a `random.Random`'s, bound once)


def below(bits: Bits, n: int) -> int:
    """An index in range(n), drawn as `random.Random` draws it (`_randbelow`: the fewest bits
    that hold n, again until below n)."""
    size = n.bit_length()
    drawn = bits(size)
    while drawn >= n:
        drawn = bits(size)
    return drawn


def pick(bits: Bits, items: Sequence[T]) -> T:
    """`rng.choice(items)` with `bits = rng.getrandbits`: the same draw, compiled (the
    simulated players draw thousands of times a game; `random.Random.choice` is Python)."""
    if not items:
        raise IndexError("empty_choice")  # as `random.Random.choice` raises
    return items[below(bits, len(items))]


def shuffle(bits: Bits, items: list[T]) -> None:
    """`rng.shuffle(items)` with `bits = rng.getrandbits`: the same order, compiled."""
    for i in range(len(items) - 1, 0, -1):
        j = below(bits, i + 1)
        items[i], items[j] = items[j], items[i]
