"""`pip install .` works: the wheel carries the rulesets, the migrations and the example
configuration, and the installed `wolfbot` finds them outside the source tree.

The wheel is built offline (`pip wheel --no-deps --no-build-isolation`) and installed into a
fresh venv that sees the test venv's packages (a `.pth` file), so no index is needed."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
pytestmark = pytest.mark.wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the wheel, the fresh venv's `wolfbot` script) – wolfbot installed from the wheel."""
    base = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(base / "dist"), str(ROOT)],
        check=True, capture_output=True, cwd=base,
    )  # fmt: skip
    (wheel,) = (base / "dist").glob("wolfbot-*.whl")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    # the test venv's dependencies, but not its editable wolfbot
    ours = sysconfig.get_paths()["purelib"]
    (Path(site) / "deps.pth").write_text(ours + "\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", str(wheel)],
        check=True, capture_output=True,
    )  # fmt: skip
    return wheel, env_dir / "bin" / "wolfbot"


def _run(script: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WOLFBOT_DB")}
    return subprocess.run(
        [str(script), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def test_the_wheel_carries_rules_migrations_and_the_example(installed) -> None:
    wheel, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "wolfbot/_data/rules/duesterliga/ruleset.yaml" in names
    assert "wolfbot/_data/migrations/env.py" in names
    assert any(n.startswith("wolfbot/_data/migrations/versions/0001_") for n in names)
    assert "wolfbot/_data/config.example.toml" in names
    assert "wolfbot/posts/templates/morgen.j2" in names or any(
        n.startswith("wolfbot/posts/templates/") for n in names
    )
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Project-URL: " in text and "Classifier: " in text


def test_the_installed_wolfbot_runs_outside_the_source_tree(installed, tmp_path: Path) -> None:
    _, wolfbot = installed
    python = wolfbot.parent / "python"
    found = subprocess.run(
        [str(python), "-c", "from wolfbot.rulesets import loader; print(loader.RULES_DIR)"],
        capture_output=True, text=True, cwd=tmp_path, check=True,
    ).stdout  # fmt: skip
    assert str(wolfbot.parents[1]) in found and "_data" in found, found
    shown = _run(wolfbot, "rules", "show", "duesterliga", cwd=tmp_path)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "Seherin" in shown.stdout
    made = _run(wolfbot, "init", "config.toml", cwd=tmp_path)
    assert made.returncode == 0, made.stdout + made.stderr
    assert (tmp_path / "config.toml").is_file()
    demo = _run(wolfbot, "demo", "--players", "8", "--seed", "2", "--dir", "d", cwd=tmp_path)
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert "Gewonnen" in demo.stdout and (tmp_path / "d" / "wolfbot.sqlite").is_file()
