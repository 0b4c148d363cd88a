"""The suite's own promise (tests/conftest.py): under pytest-xdist every `woltlab` test runs
on one worker, because they share one real server, and so do a module's tests that share
one of its module-scoped fixtures, built once. pytest 9.2 with xdist 3.8 silently broke
`--dist loadgroup` (pytest-xdist #1386): two workers installed WoltLab at once, and CI failed
with tables that "already exist". This runs the suite's hook on a small project of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

SUITE_CONFTEST = Path(__file__).parent / "conftest.py"


def test_the_woltlab_tests_and_a_modules_shared_fixture_stay_on_one_worker(
    tmp_path: Path,
) -> None:
    (tmp_path / "conftest.py").write_text(SUITE_CONFTEST.read_text())
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    woltlab: the real server\n")
    (tmp_path / "test_server.py").write_text(
        "import pytest\npytestmark = pytest.mark.woltlab\n\n"
        "@pytest.mark.parametrize('n', range(6))\ndef test_server(n):\n    pass\n"
    )
    (tmp_path / "test_shared.py").write_text(
        "import pytest\n\n@pytest.fixture(scope='module')\ndef played():\n    return 1\n\n"
        "@pytest.mark.parametrize('n', range(6))\ndef test_shared(played, n):\n    pass\n"
    )
    (tmp_path / "test_other.py").write_text(
        "import pytest\n\n@pytest.mark.parametrize('n', range(6))\ndef test_other(n):\n    pass\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-p", "no:cacheprovider"]
        + ["-n", "2", "--dist", "loadgroup", "-v"],
        cwd=tmp_path,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},  # xdist alone starts fast
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    workers: dict[str, set[str]] = defaultdict(set)
    for worker, test in re.findall(r"\[(gw\d+)\].*PASSED (\S+)", done.stdout):
        workers[test.split("::")[0]].add(worker)
    assert len(workers["test_server.py"]) == 1, done.stdout
    assert len(workers["test_shared.py"]) == 1, done.stdout
    assert sum(1 for line in done.stdout.splitlines() if "PASSED" in line) == 18
