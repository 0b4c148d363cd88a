"""The build steps pyproject.toml cannot say:

- the wheel carries the top-level `rules/`, `migrations/` and `config.example.toml` as
  `wolfbot/_data/…`, where an installed wolfbot finds them (`wolfbot.rulesets.loader`,
  `wolfbot.store.db`, `wolfbot init`). An editable install needs no copy: it finds them
  beside the package, in the source tree.
- with `WOLFBOT_COMPILE=1` the pure engine is compiled with mypyc (`pip install .`, a
  wheel, or `setup.py build_ext --inplace` in a copy: `benchmarks/compiled.py`), which
  plays the same games about 1.7 times as fast (docs/balance.md). Not for an editable
  install: its compiled modules would hide every later change of the sources."""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED = ("rules", "migrations", "config.example.toml")


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "wolfbot" / "_data"
        for name in SHIPPED:
            source, copy = ROOT / name, target / name
            if source.is_dir():
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, copy)


def compiled_modules() -> list[str]:
    """The modules compiled with `WOLFBOT_COMPILE=1` (pyproject.toml: tool.wolfbot.compiled)."""
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["wolfbot"]["compiled"]
    found = (p.relative_to(ROOT).as_posix() for p in (ROOT / "wolfbot").rglob("*.py"))
    return sorted(
        path
        for path in found
        if path.startswith(tuple(listed["modules"]))
        and not path.startswith(tuple(listed["interpreted"]))
    )


def extensions() -> list:
    if os.environ.get("WOLFBOT_COMPILE") != "1":
        return []
    if "editable_wheel" in sys.argv:
        sys.exit(
            "WOLFBOT_COMPILE=1 does not go with an editable install: the compiled modules "
            "would hide every later change of the sources. Install with `pip install .`, or "
            "run `python benchmarks/compiled.py` for a compiled copy of the source tree."
        )
    try:
        from mypyc.build import mypycify  # mypy, in the `dev` extra
    except ImportError:
        sys.exit(
            "WOLFBOT_COMPILE=1 compiles with mypyc, which comes with mypy: in a venv with mypy, "
            "setuptools and wheel, `WOLFBOT_COMPILE=1 pip install --no-build-isolation .`"
        )

    old = Path.cwd()
    os.chdir(ROOT)  # mypyc names the modules by their paths
    try:
        return mypycify(compiled_modules(), opt_level="3")
    finally:
        os.chdir(old)


setup(cmdclass={"build_py": BuildWithData}, ext_modules=extensions())
