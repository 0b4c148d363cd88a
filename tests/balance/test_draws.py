"""The simulated players' draws (`wolfbot.balance.draws.pick`, `shuffle`) are those of
`random.Random.choice` and `shuffle`, so a seeded rating or random game is the same game
whichever the simulators call."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wolfbot.balance.draws import below, pick, shuffle


@given(seed=st.integers(0, 2**64), items=st.lists(st.integers(), min_size=1, max_size=40))
def test_pick_draws_as_random_choice(seed: int, items: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [pick(ours.getrandbits, items) for _ in range(5)] == [
        theirs.choice(items) for _ in range(5)
    ]
    assert ours.random() == theirs.random()  # as many bits drawn


@given(seed=st.integers(0, 2**64), items=st.lists(st.integers(), max_size=40))
def test_shuffle_orders_as_random_shuffle(seed: int, items: list[int]) -> None:
    ours, theirs = list(items), list(items)
    shuffle(random.Random(seed).getrandbits, ours)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 1000], ids=lambda n: f"below {n}")
def test_below_stays_below(n: int) -> None:
    rng = random.Random(n)
    assert all(0 <= below(rng.getrandbits, n) < n for _ in range(200))


def test_pick_from_nothing_is_an_index_error_as_choice_gives() -> None:
    with pytest.raises(IndexError):
        pick(random.Random(1).getrandbits, [])
