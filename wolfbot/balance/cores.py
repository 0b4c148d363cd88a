"""A rating's games on every core: processes that each play a share of the seeds, merged in
seed order, so that a rating is the same on one core and on many (`Cores.play`, `rate`).

The one module of the package that reaches beyond the pure games: it starts processes and
reads the clock (how long the games took, for the speed-up and for choosing how many games
fit a time budget).

- **Start.** Each process gets the ruleset and the player model once, when it starts, and
  then only seeds and role lists. A process is forked from this one when this one runs a
  single thread (the command line: a copy costs nothing); beside other threads (the live
  bot's, a test runner's) a copy may deadlock, so a fork server starts them, or `spawn`
  where neither exists (Windows).
- **Chunks.** The seeds go out in runs of consecutive seeds, a few per process, so that
  sending them costs little against the games and the cores finish together.
- **Speed.** Each chunk reports the wall and CPU seconds of its games. The CPU seconds of all
  chunks are what one core would have needed; over the wall time of the whole call they give
  the speed-up (on a busy machine they count only the time the games got, so the speed-up is
  rather under- than overstated).
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from wolfbot.balance.games import Outcome, play
from wolfbot.balance.players import DEFAULT, Model
from wolfbot.balance.rating import Rating, summarize
from wolfbot.engine.spec import Ruleset

CHUNKS_PER_PROCESS = 4  # chunks each process plays of a call: the cores finish together
MIN_CHUNK, MAX_CHUNK = 10, 100  # games of a chunk: sending costs little; progress moves
# 12-player games each process must get before a pool pays for its start (a game of n
# players weighs (n / 12)² of them), at least twice the break-even measured on two free cores
# (benchmarks/rate.py, docs/balance.md): a forked pool starts in 0.02 s, a fork server's
# first in 0.3 s, `spawn`'s in 0.3 to 0.4 s each time; a game of 12 players takes about
# 3.6 ms, of 24 players 12 ms. The estimate of check-config and of a round's start, 200
# games: forked 0.73 → 0.34 s at 12 players, 2.39 → 1.16 s at 24; by a fork server
# 0.71 → 0.67 s (not worth it) and 2.47 → 1.74 s.
MIN_GAMES_PER_PROCESS = {"fork": 25, "forkserver": 300, "spawn": 400}
WEIGHED_PLAYERS = 12


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def start_method() -> str:
    """How new processes start here (the module's docstring: fork only a single thread)."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and sys.platform == "linux" and _threads() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _threads() -> int:
    """The threads of this process – the interpreter's and those of C libraries (Linux lists
    them all, as Python's own warning about a fork beside threads counts them)."""
    tasks = Path("/proc/self/task")
    return len(list(tasks.iterdir())) if tasks.is_dir() else threading.active_count()


def processes_for(games: int, players: int, jobs: int, method: str | None = None) -> int:
    """How many of `jobs` processes pay for `games` games of `players` players: each must get
    enough to outweigh the pool's start (`MIN_GAMES_PER_PROCESS`); 1 plays them here."""
    weighed = games * (players / WEIGHED_PLAYERS) ** 2
    return max(1, min(jobs, int(weighed // MIN_GAMES_PER_PROCESS[method or start_method()])))


@dataclass(frozen=True, slots=True)
class Chunk:
    """What one process played: the outcomes of consecutive seeds from `first`, and the wall
    and CPU seconds the games took there."""

    first: int
    outcomes: list[Outcome]
    wall: float
    cpu: float

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent as plain values: a compiled `Outcome` (`WOLFBOT_COMPILE`) is frozen to pickle."""
        played = [(outcome.winners, outcome.days) for outcome in self.outcomes]
        return _chunk, (self.first, played, self.wall, self.cpu)


def _chunk(first: int, played: list[tuple[tuple[str, ...], int]], wall: float, cpu: float) -> Chunk:
    return Chunk(first, [Outcome(winners, days) for winners, days in played], wall, cpu)


@dataclass(frozen=True, slots=True)
class Speed:
    """How the games of a `Cores` went: on how many processes, the wall seconds of the calls
    (`wall`), the wall seconds the processes spent on the games (`busy`, summed), and their
    CPU seconds (`cpu`: what one core would have needed)."""

    processes: int
    games: int
    wall: float
    busy: float
    cpu: float

    @property
    def speedup(self) -> float:
        """How many times as fast as one core."""
        return self.cpu / self.wall if self.wall > 0 else 1.0

    @property
    def games_per_second(self) -> float:
        """What the processes play together, as fast as each played its games so far."""
        return self.processes * self.games / self.busy if self.busy > 0 else 0.0


class Cores:
    """Processes that play games of one ruleset under one player model – `jobs` of them, or
    this process alone for `jobs=1`. A context manager: the processes end with it.

        with Cores(rules, jobs=2) as cores:
            outcomes = cores.play(roles, range(1, 1001))
    """

    def __init__(
        self, rules: Ruleset, jobs: int, model: Model = DEFAULT, *, method: str | None = None
    ) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.rules = rules
        self.model = model
        self.jobs = jobs
        self.method = method or start_method()
        self._pool: ProcessPoolExecutor | None = None
        self._wall = self._busy = self._cpu = 0.0
        self._games = 0

    def __enter__(self) -> Cores:
        if self.jobs > 1:
            context = multiprocessing.get_context(self.method)
            if self.method == "forkserver":  # the server imports the games once, not each process
                context.set_forkserver_preload([__name__])
            self._pool = ProcessPoolExecutor(
                self.jobs,
                mp_context=context,
                initializer=_take,
                initargs=(self.rules, dataclasses.asdict(self.model)),  # plain, as `Chunk`
            )
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=error is not None)
            self._pool = None

    @property
    def speed(self) -> Speed:
        return Speed(self.jobs, self._games, self._wall, self._busy, self._cpu)

    def play(
        self,
        roles: Sequence[str],
        seeds: range,
        options: dict[str, Any] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> list[Outcome]:
        """The outcomes of the games of `roles` seeded `seeds`, in seed order; `progress(done)`
        after each game (in this process) or chunk (on several)."""
        began = time.perf_counter()
        chunks = sorted(self.chunks(roles, seeds, options, progress), key=lambda c: c.first)
        self._wall += time.perf_counter() - began
        self._busy += sum(c.wall for c in chunks)
        self._cpu += sum(c.cpu for c in chunks)
        self._games += len(seeds)
        return [outcome for chunk in chunks for outcome in chunk.outcomes]

    def chunks(
        self,
        roles: Sequence[str],
        seeds: range,
        options: dict[str, Any] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Iterator[Chunk]:
        """The chunks of `play` as they finish (on several processes: not in seed order)."""
        if self._pool is None:
            yield _played(self.rules, self.model, list(roles), seeds, options, progress)
            return
        size = chunk_size(len(seeds), self.jobs)
        futures: list[Future[Chunk]] = [
            self._pool.submit(_play_chunk, list(roles), seeds[start : start + size], options)
            for start in range(0, len(seeds), size)
        ]
        done = 0
        for future in as_completed(futures):
            chunk = future.result()
            done += len(chunk.outcomes)
            if progress is not None:
                progress(done)
            yield chunk


def chunk_size(games: int, jobs: int) -> int:
    """Games per chunk: `CHUNKS_PER_PROCESS` chunks per process, within `MIN_CHUNK` and
    `MAX_CHUNK`."""
    return max(MIN_CHUNK, min(MAX_CHUNK, math.ceil(games / (jobs * CHUNKS_PER_PROCESS))))


def rate(
    rules: Ruleset,
    roles: Sequence[str],
    games: int,
    *,
    jobs: int,
    seed: int = 1,
    model: Model = DEFAULT,
    options: dict[str, Any] | None = None,
) -> Rating:
    """`wolfbot.balance.rating.rate` on up to `jobs` processes – as many as pay for `games`
    (`processes_for`): the same rating for the same seed."""
    with Cores(rules, processes_for(games, len(roles), jobs), model) as cores:
        outcomes = cores.play(roles, range(seed, seed + games), options)
    return summarize(outcomes, len(roles), seed)


# -- in each process ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Taken:
    """What a process of a pool plays: set once when it starts (`_take`)."""

    rules: Ruleset
    model: Model


_taken: list[_Taken] = []  # a pool's process: its ruleset and model (never set in the caller)


def _take(rules: Ruleset, model: dict[str, Any]) -> None:
    """A pool's process starts: it keeps what it plays, and leaves Ctrl-C to the caller (who
    ends the pool; else each process would print its own interruption)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _taken[:] = [_Taken(rules, Model(**model))]


def _play_chunk(roles: list[str], seeds: range, options: dict[str, Any] | None) -> Chunk:
    taken = _taken[0]
    return _played(taken.rules, taken.model, roles, seeds, options)


def _played(
    rules: Ruleset,
    model: Model,
    roles: list[str],
    seeds: range,
    options: dict[str, Any] | None,
    progress: Callable[[int], None] | None = None,
) -> Chunk:
    wall, cpu = time.perf_counter(), time.process_time()
    outcomes: list[Outcome] = []
    for seed in seeds:
        outcomes.append(play(rules, roles, seed, model, options))
        if progress is not None:
            progress(len(outcomes))
    return Chunk(seeds.start, outcomes, time.perf_counter() - wall, time.process_time() - cpu)
