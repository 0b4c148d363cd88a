"""Injected faults of the local forum, acted out by its server (`server.py`):

- "500": the request is not handled, the answer is HTTP 500 (nothing stored);
- "timeout_after_commit": handled and stored, then no answer until the client gives up;
- "drop": the connection is closed, nothing handled or stored;
- "garbage": handled (a write is stored), but the answer is no page – random markup, or the
  real page cut off in the middle, as from a broken proxy;
- "flood": a write is refused by flood control ("wait N seconds", nothing stored), as for
  an account whose group has a flood wait; a read is answered normally.

`fail_next` queues one fault for the next request whose target contains a string; `chaos`
makes every request fail with a probability, the mode drawn from a seeded generator, so a
run with faults is reproducible.
"""

from __future__ import annotations

import random
import threading
from typing import Literal

FaultMode = Literal["timeout_after_commit", "500", "drop", "garbage", "flood"]
FAULT_MODES: tuple[FaultMode, ...] = ("timeout_after_commit", "500", "drop", "garbage", "flood")
FLOOD_WAIT = 5  # seconds an injected flood refusal asks to wait


class Faults:
    """The faults still to come (thread-safe: the server answers in several threads)."""

    def __init__(self) -> None:
        self._queued: list[tuple[str, FaultMode]] = []
        self._lock = threading.Lock()
        self._rate = 0.0
        self._modes: tuple[FaultMode, ...] = ()
        self._rng = random.Random(0)
        self.injected = 0

    def fail_next(self, path_contains: str, mode: FaultMode) -> None:
        _check(mode)
        with self._lock:
            self._queued.append((path_contains, mode))

    def chaos(self, rate: float, seed: int, modes: tuple[FaultMode, ...] = FAULT_MODES) -> None:
        """From now on each request fails with probability `rate` (0 ends it), in one of
        `modes`; a read never gets "flood" (it has no flood control)."""
        for mode in modes:
            _check(mode)
        if not 0 <= rate < 1:
            raise ValueError(f"rate must be at least 0 and below 1, not {rate}")
        with self._lock:
            self._rate, self._modes, self._rng = rate, tuple(modes), random.Random(seed)

    def take(self, target: str, method: str = "GET") -> FaultMode | None:
        with self._lock:
            for index, (needle, mode) in enumerate(self._queued):
                if needle in target:
                    del self._queued[index]
                    self.injected += 1
                    return mode
            if not self._rate or self._rng.random() >= self._rate:
                return None
            modes = [m for m in self._modes if method == "POST" or m != "flood"]
            if not modes:
                return None
            self.injected += 1
            return self._rng.choice(modes)

    def garbage(self, body: bytes) -> bytes:
        """What a "garbage" answer sends instead of `body`."""
        with self._lock:
            if body and self._rng.random() < 0.5:
                return body[: self._rng.randrange(len(body))]  # cut off in the middle
            junk = "".join(self._rng.choice("<>/ab=\"' \n") for _ in range(200))
            return f'<!DOCTYPE html><html><body><div class="messageText">{junk}'.encode()


def _check(mode: str) -> None:
    if mode not in FAULT_MODES:
        raise ValueError(f"unknown fault mode {mode!r} (one of {FAULT_MODES})")
