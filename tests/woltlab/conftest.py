"""The real WoltLab Suite 6.0 + Conversations the environment provides, for the ``woltlab``
tests: its address in ``WOLFBOT_WOLTLAB_URL``, set up as README.md in this folder says
(accounts, groups, options). The project neither contains nor builds WoltLab's code.

Without the variable the tests are skipped and say why; a server that lacks something of the
README is a skip naming what is missing (``preflight.py``). ``WOLFBOT_REQUIRE_WOLTLAB=1``
turns either skip into a failure, for a machine that has a server. Every request goes to
that address only.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
import time
from pathlib import Path
from typing import NoReturn

import pytest
from preflight import problems_of
from woltlab_support import PASSWORDS, REQUIRE_VARIABLE, URL_VARIABLE, Server, configured_url

OWNER_FILE = Path(tempfile.gettempdir()) / "wolfbot-woltlab-pytest-owner"


def claim_for_this_worker() -> None:
    """One server, one worker: under pytest-xdist the woltlab group must keep these tests
    on one worker (tests/conftest.py). Two workers would write into the same accounts at
    once and trip each other's flood control; say that plainly instead."""
    run, worker = os.environ.get("PYTEST_XDIST_TESTRUNUID"), os.environ.get("PYTEST_XDIST_WORKER")
    if not (run and worker):
        return
    with open(OWNER_FILE, "a+") as owner:
        fcntl.flock(owner, fcntl.LOCK_EX)
        owner.seek(0)
        held = owner.read().split()
        if len(held) == 2 and held[0] == run and held[1] != worker:
            pytest.fail(
                f"the real WoltLab's tests run on two xdist workers ({held[1]} and {worker}): "
                "--dist loadgroup did not keep the group 'woltlab' together (pytest-xdist #1386)"
            )
        owner.seek(0)
        owner.truncate()
        owner.write(f"{run} {worker}")


@pytest.fixture(scope="session")
def woltlab() -> Server:
    required = os.environ.get(REQUIRE_VARIABLE) == "1"
    claim_for_this_worker()

    def unavailable(reason: str) -> NoReturn:
        if required:
            pytest.fail(f"{REQUIRE_VARIABLE}=1, but {reason}")
        pytest.skip(reason)

    base_url = configured_url()
    if base_url is None:
        unavailable(
            f"no real WoltLab Suite: {URL_VARIABLE} is not set (tests/woltlab/README.md says "
            "what the server needs)"
        )
    started = time.monotonic()
    problems = problems_of(base_url)
    if problems:
        listed = "\n".join(f"  - {problem}" for problem in problems)
        unavailable(
            f"the WoltLab Suite at {URL_VARIABLE}={base_url} is not set up as "
            f"tests/woltlab/README.md asks:\n{listed}"
        )
    return Server(base_url, dict(PASSWORDS), time.monotonic() - started)
