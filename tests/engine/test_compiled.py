"""The engine compiled with mypyc (`WOLFBOT_COMPILE=1`, setup.py) is the same engine: it plays
the same games to the same events, and the engine's and the rulesets' tests pass against it.

Marker `compiled`: the build takes about a minute the first time (`benchmarks/compiled.py`
keeps it, named by a digest of the engine's sources), the tests against it about two. Without
a C compiler or mypy they are skipped and say why; with `WOLFBOT_REQUIRE_COMPILED=1` (which
`.ci/run` sets) they fail instead."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import played_games
import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPILED = [sys.executable, str(ROOT / "benchmarks" / "compiled.py")]
# the tests of the engine and of what plays it; the suites of the bot, the forum and the
# posts read the engine's events as the interpreted engine's tests do
SUITES = ("tests/engine", "tests/rulesets", "tests/scenario", "tests/balance")

pytestmark = [pytest.mark.compiled, pytest.mark.xdist_group("compiled")]


def _missing() -> str | None:
    if shutil.which(sysconfig.get_config_var("CC").split()[0]) is None:
        return "no C compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "no mypyc (pip install mypy)"
    return None


@pytest.fixture(scope="module")
def compiled_tree() -> Path:
    missing = _missing()
    if missing is not None:
        if os.environ.get("WOLFBOT_REQUIRE_COMPILED") == "1":
            pytest.fail(f"WOLFBOT_REQUIRE_COMPILED=1, but the engine cannot compile: {missing}")
        pytest.skip(f"the engine cannot compile here: {missing}")
    built = _run()
    assert built.returncode == 0, built.stdout + built.stderr
    return Path(built.stdout.strip())


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    """`benchmarks/compiled.py` with `command`, at the lowest priority: the build and the tests
    against it give way to the other worker's tests (some of which wait for a server)."""
    return subprocess.run(
        [*COMPILED, *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.nice(19),
    )


def test_the_engine_and_the_simulated_players_run_compiled(compiled_tree: Path) -> None:
    modules = ("wolfbot.engine.game", "wolfbot.engine.checks", "wolfbot.balance.players")
    shown = f"import importlib; print(*(importlib.import_module(m).__file__ for m in {modules}))"
    done = _run("-c", shown)
    assert done.returncode == 0, done.stderr
    files = done.stdout.split()
    assert all(Path(f).is_relative_to(compiled_tree) and f.endswith(".so") for f in files), files


def test_the_compiled_engine_plays_the_same_games(compiled_tree: Path) -> None:
    """Random games of every ruleset (`played_games.GAMES`) give the same event logs."""
    done = _run(str(Path(played_games.__file__)))
    assert done.returncode == 0, done.stderr
    digest, engine = done.stdout.split()
    assert engine.endswith(".so")
    assert digest == played_games.digest()


def test_the_engine_tests_pass_against_the_compiled_engine(
    compiled_tree: Path, tmp_path: Path
) -> None:
    # a folder of its own for the inner run's temporary files: pytest's numbered ones in the
    # shared folder are pruned by each run, the outer run's with them
    inner = ("--basetemp", str(tmp_path / "inner"), "-n", "0", "-p", "no:cacheprovider")
    done = _run("-m", "pytest", *SUITES, *inner, "-m", "not compiled")
    lines = done.stdout.strip().splitlines()
    summary = lines[-1:] or [""]
    failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    assert done.returncode == 0, (
        "\n".join(failed) + "\n" + done.stdout[-4000:] + done.stderr[-2000:]
    )
    assert "passed" in summary[0] and "failed" not in summary[0], summary
