"""Issue 38, item 4: a rating's games on every core – the same seed gives the same games and the
same rating on one process and on several, whichever way the processes start; a pool only
where it pays; a process forked only from a single thread."""

from __future__ import annotations

import multiprocessing
import pickle
import threading

import pytest

from wolfbot.balance import cores
from wolfbot.balance.cores import Cores, chunk_size, processes_for, start_method
from wolfbot.balance.games import play
from wolfbot.balance.players import Model
from wolfbot.balance.rating import rate, summarize
from wolfbot.demo.deal import showcase
from wolfbot.demo.simulate import TWELVE
from wolfbot.rulesets import loader
from wolfbot.setup.setups import load_setups


def _einsteiger(players: int) -> list[str]:
    setups = load_setups("wolfvillage")
    cards = setups.cards(setups.setup("Einsteiger"), players)
    return [role for role, count in cards.items() for _ in range(count)]


# ruleset, role list, games, processes, how they start
CASES = [
    ("duesterliga", TWELVE, 60, 2, "fork"),
    ("wolfvillage", _einsteiger(10), 45, 3, "forkserver"),  # chunks of unequal length
    ("klassisch", showcase(loader.load("klassisch"), 18, 4), 24, 2, "spawn"),
]


@pytest.mark.parametrize(
    ("ruleset", "roles", "games", "jobs", "method"),
    CASES,
    ids=["duesterliga-12-fork", "wolfvillage-einsteiger-10-forkserver", "klassisch-18-spawn"],
)
def test_the_same_seed_plays_the_same_games_on_one_core_and_on_several(
    ruleset: str, roles: list[str], games: int, jobs: int, method: str
) -> None:
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    if method == "fork" and start_method() != "fork":
        pytest.skip("this process runs other threads: no fork beside them")
    rules = loader.load(ruleset)
    seeds = range(7, 7 + games)
    played_here = [play(rules, roles, seed) for seed in seeds]  # the ruleset's tables made
    with Cores(rules, jobs, method=method) as several:
        outcomes = several.play(roles, seeds)
    assert outcomes == played_here  # merged in seed order
    assert summarize(outcomes, len(roles), 7) == rate(rules, roles, games, seed=7)
    assert several.speed.processes == jobs and several.speed.games == games


def test_the_player_model_goes_to_every_process() -> None:
    rules = loader.load("duesterliga")
    model = Model(votes=0.5, intuition=0.6)
    with Cores(rules, 2, model) as several:
        outcomes = several.play(TWELVE, range(1, 41))
    assert summarize(outcomes, 12, 1) == rate(rules, TWELVE, 40, seed=1, model=model)
    assert summarize(outcomes, 12, 1) != rate(rules, TWELVE, 40, seed=1)


@pytest.mark.parametrize("jobs", [1, 2], ids=["one-core", "up-to-two"])
def test_the_rating_on_cores_is_the_rating_of_one(jobs: int) -> None:
    rules = loader.load("duesterliga")
    assert cores.rate(rules, TWELVE, 80, jobs=jobs, seed=3) == rate(rules, TWELVE, 80, seed=3)


@pytest.mark.parametrize("jobs", [1, 2], ids=["in-this-process", "two-processes"])
def test_progress_counts_every_game_once(jobs: int) -> None:
    reported: list[int] = []
    with Cores(loader.load("duesterliga"), jobs) as some:
        some.play(TWELVE, range(1, 51), progress=reported.append)
    assert reported == sorted(reported) and reported[-1] == 50
    assert len(set(reported)) == len(reported)


@pytest.mark.parametrize(
    ("games", "players", "jobs", "method", "processes"),
    [
        (12, 12, 2, "fork", 1),
        (200, 12, 2, "fork", 2),
        (200, 12, 8, "fork", 8),
        (200, 12, 2, "forkserver", 1),
        (200, 24, 2, "forkserver", 2),
        (1000, 12, 2, "forkserver", 2),
        (200, 12, 2, "spawn", 1),
        (2000, 12, 2, "spawn", 2),
        (5000, 12, 1, "fork", 1),
    ],
    ids=[
        "a few games here",
        "an estimate forked",
        "every core forked",
        "an estimate of 12 not worth a fork server",
        "one of 24 worth it",
        "1000 worth a fork server",
        "an estimate not worth spawning",
        "2000 worth spawning",
        "one job",
    ],
)
def test_a_pool_only_where_it_pays(
    games: int, players: int, jobs: int, method: str, processes: int
) -> None:
    assert processes_for(games, players, jobs, method) == processes


@pytest.mark.parametrize(
    ("games", "jobs", "size"),
    [(1000, 2, 100), (200, 2, 25), (24, 2, 10), (45, 3, 10), (100000, 16, 100)],
    ids=["1000 on 2", "200 on 2", "fewer than the least chunk", "45 on 3", "many on many"],
)
def test_a_few_chunks_per_process(games: int, jobs: int, size: int) -> None:
    assert chunk_size(games, jobs) == size


def test_a_process_beside_other_threads_is_not_forked() -> None:
    stop = threading.Event()
    beside = threading.Thread(target=stop.wait)
    beside.start()
    try:
        assert start_method() != "fork"
    finally:
        stop.set()
        beside.join()


def test_a_ruleset_that_has_played_pickles_without_what_it_derives() -> None:
    rules = loader.load("duesterliga")
    play(rules, TWELVE, 1)
    assert set(rules.__dict__) > set(type(rules).model_fields)  # it derived its tables
    sent = pickle.loads(pickle.dumps(rules))
    assert set(sent.__dict__) == set(type(rules).model_fields) and sent == rules
    assert play(sent, TWELVE, 2) == play(rules, TWELVE, 2)


def test_no_cores_is_refused() -> None:
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        Cores(loader.load("duesterliga"), 0)
