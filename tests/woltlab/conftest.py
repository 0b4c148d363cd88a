"""The real WoltLab Suite Core 6.0 + Conversations for the ``woltlab`` tests.

A session fixture: it reuses a server already answering as WoltLab on http://localhost/
(port 80 is required, see ``server/FINDINGS.md``), else installs one with the vendored
``server/setup.sh`` when ``php`` and ``mariadb`` are there (or ``WOLFBOT_WOLTLAB=1``: then
setup.sh installs them with apt). Otherwise the tests are skipped, saying why, unless
``WOLFBOT_REQUIRE_WOLTLAB=1`` (CI): then they fail. Every request stays on localhost.

On the server: 5 messages per page, the users of ``woltlab_support``, the bot account
``wolfbot`` in a group "Wolfbot" with the rights the README asks for (floodControlTime 0,
maxStartedConversationsPer24Hours -1, maxParticipants 100, maxConversations 100000),
``carol`` in a group "Flood3" (3 s between messages), spieler01–08 in a group "Spieler"
(floodControlTime 0, for the split round); everyone else at WoltLab's defaults
(group "Users": 60 s, 10 new conversations per 24 h, 10 participants) but for a mailbox of
100000 conversations (default 100: the suite opens hundreds).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import time

import httpx
import pytest
from woltlab_support import (
    BASE,
    GROUPS,
    HERE,
    MESSAGES_PER_PAGE,
    PASSWORDS,
    SERVER,
    SITE,
    STATE,
    Server,
)


def answers_as_woltlab() -> bool:
    """The login form answers (200) or WoltLab's 403 for a blocked IP does (see
    tune_groups.php): either way a WoltLab Suite."""
    for _ in range(3):  # a busy server (4 PHP workers) gets a second chance
        try:
            response = httpx.get(
                BASE + "index.php?login/", headers={"Accept": "text/html"}, timeout=10
            )
            break
        except httpx.HTTPError:
            time.sleep(1)
    else:
        return False
    return response.status_code in (200, 403) and "WoltLab" in response.text


def _run(args: list[str], env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, env={**os.environ, **env}, capture_output=True, text=True, timeout=timeout, cwd="/tmp"
    )


def _users() -> str:
    return " ".join(f"{name}:{pw}:{name}@example.com" for name, pw in PASSWORDS.items())


def claim_for_this_worker() -> None:
    """One server, one worker: under pytest-xdist the woltlab group must keep these tests
    on one worker (tests/conftest.py). Two workers would install the server at once and
    see each other's tables; say that plainly instead."""
    run, worker = os.environ.get("PYTEST_XDIST_TESTRUNUID"), os.environ.get("PYTEST_XDIST_WORKER")
    if not (run and worker):
        return
    STATE.mkdir(parents=True, exist_ok=True)
    with open(STATE / "pytest-owner", "a+") as owner:
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
    required = os.environ.get("WOLFBOT_REQUIRE_WOLTLAB") == "1"
    claim_for_this_worker()

    def unavailable(reason: str) -> None:
        if required:
            pytest.fail(f"WOLFBOT_REQUIRE_WOLTLAB=1, but {reason}")
        pytest.skip(reason)

    env = {"WSC_MESSAGES_PER_PAGE": str(MESSAGES_PER_PAGE), "WSC_USERS": _users()}
    started = time.monotonic()
    reused = answers_as_woltlab()
    if reused:
        post_install = STATE / "wsc_post_install.php"
        if not (post_install.exists() and SITE.exists() and shutil.which("php")):
            unavailable("a WoltLab answers on localhost, but not one setup.sh installed here")
        done = _run(["php", str(post_install), str(SITE), *env["WSC_USERS"].split()], env, 120)
        if done.returncode:
            unavailable(f"adding the test users failed: {done.stdout[-2000:]}{done.stderr[-2000:]}")
    else:
        tools = bool(shutil.which("php") and shutil.which("mariadb"))
        if not tools and not (required or os.environ.get("WOLFBOT_WOLTLAB") == "1"):
            unavailable(
                "no real WoltLab: php and mariadb are not installed (WOLFBOT_WOLTLAB=1 lets "
                "tests/woltlab/server/setup.sh install them with apt)"
            )
        if os.geteuid() != 0:
            unavailable("installing the real WoltLab needs root (port 80, apt)")
        # setup.sh over an existing install would run the installer on it again: start over
        reset = {**env, "RESET": "1"}
        done = _run([str(SERVER / "setup.sh"), str(SERVER), str(SITE)], reset, 1200)
        if done.returncode or not answers_as_woltlab():
            unavailable(f"setup.sh failed: {done.stdout[-3000:]}{done.stderr[-3000:]}")
    tuned = _run(["php", str(HERE / "tune_groups.php"), str(SITE), *GROUPS], {}, 120)
    if tuned.returncode:
        unavailable(f"tune_groups.php failed: {tuned.stdout[-2000:]}{tuned.stderr[-2000:]}")
    return Server(BASE, dict(PASSWORDS), reused, time.monotonic() - started)
