"""The engine compiled with mypyc (`WOLFBOT_COMPILE=1`, setup.py; with the simulated players of
a rating), for the benchmarks and the tests: a copy of the source tree in a cache folder named
by a digest of the compiled sources, built there in place once (about a minute), then a Python
command run against it.

    python benchmarks/compiled.py                            # build if need be, print the folder
    python benchmarks/compiled.py benchmarks/engine.py --seconds 4
    python benchmarks/compiled.py -m pytest tests/engine -n 0

Only the modules of pyproject.toml's `tool.wolfbot.compiled` are compiled; the rest of the
copy (the other modules, `rules/`, …) is laid anew from the source tree at every call. The
command runs with `PYTHONPATH` set to the copy and `PYTHONSAFEPATH=1`, so neither the current
folder nor the script's puts the source tree's interpreted engine before it.
`WOLFBOT_COMPILED_CACHE` sets the cache folder (`~/.cache/wolfbot/compiled`)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# what the build reads besides the engine; the data the copy needs to run
BUILD_FILES = ("setup.py", "pyproject.toml", "README.md")
DATA = ("rules", "migrations", "config.example.toml")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so")


def digest() -> str:
    """What the compiled modules depend on: the engine's sources, the build, the versions."""
    hashed = hashlib.sha256(f"{sys.version} mypy {version('mypy')}".encode())
    # the modules compiled, those they import (the engine's interpreted ones, the package's
    # top level: `wolfbot.spelling`)
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["wolfbot"]["compiled"]
    sources = sorted(
        path
        for path in (ROOT / "wolfbot").rglob("*.py")
        if path.parent == ROOT / "wolfbot"
        or path.relative_to(ROOT).as_posix().startswith(tuple(listed["modules"]))
    )
    for path in [*(ROOT / name for name in BUILD_FILES), *sources]:
        hashed.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        hashed.update(path.read_bytes() + b"\0")
    return hashed.hexdigest()[:16]


def cache_root() -> Path:
    default = Path.home() / ".cache" / "wolfbot" / "compiled"
    return Path(os.environ.get("WOLFBOT_COMPILED_CACHE", default))


def build(target: Path) -> None:
    """Copy the package and the build files to `target` and compile the engine in place."""
    staging = target.with_name(target.name + ".building")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(ROOT / "wolfbot", staging / "wolfbot", ignore=IGNORED)
    for name in BUILD_FILES:
        shutil.copyfile(ROOT / name, staging / name)
    env = {**os.environ, "WOLFBOT_COMPILE": "1"}
    command = [sys.executable, "setup.py", "-q", "build_ext", "--inplace"]
    done = subprocess.run(command, cwd=staging, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the compiled engine did not build:\n{done.stdout}\n{done.stderr}")
    shutil.rmtree(staging / "build", ignore_errors=True)
    staging.rename(target)


def lay_the_rest(target: Path) -> None:
    """The package beside the engine, and its data, as they are in the source tree now: only
    what changed is written (a run under way elsewhere reads the rest undisturbed)."""
    _sync(ROOT / "wolfbot", target / "wolfbot")
    for name in DATA:
        _sync(ROOT / name, target / name)


def _sync(source: Path, copy: Path) -> None:
    if source.is_file():
        if not copy.is_file() or copy.read_bytes() != source.read_bytes():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy)
        return
    wanted = {p.relative_to(source) for p in source.rglob("*") if _kept(p)}
    for path in [*copy.rglob("*")] if copy.is_dir() else []:
        if _kept(path) and path.is_file() and path.relative_to(copy) not in wanted:
            path.unlink()
    for relative in sorted(wanted):
        if (source / relative).is_file():
            _sync(source / relative, copy / relative)


def _kept(path: Path) -> bool:
    return "__pycache__" not in path.parts and path.suffix not in (".pyc", ".so")


def compiled_tree() -> Path:
    """The folder of a compiled copy of the source tree as it is now (built if need be)."""
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    target = root / digest()
    with open(root / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build, and one laying, at a time
        if not target.exists():
            build(target)
            _prune(root, keep=target)
        lay_the_rest(target)
    return target


def _prune(root: Path, keep: Path, builds: int = 3) -> None:
    """The newest `builds` builds stay (a few branches' worth), the older go."""
    found = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    for old in found[:-builds]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def environment(target: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(target), "PYTHONSAFEPATH": "1"}


def main() -> None:
    target = compiled_tree()
    if len(sys.argv) == 1:
        print(target)
        return
    os.execve(sys.executable, [sys.executable, *sys.argv[1:]], environment(target))


if __name__ == "__main__":
    main()
