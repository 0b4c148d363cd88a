"""The one build step pyproject.toml cannot say: the wheel carries the top-level `rules/`,
`migrations/` and `config.example.toml` as `wolfbot/_data/…`, where an installed wolfbot
finds them (`wolfbot.rulesets.loader`, `wolfbot.store.db`, `wolfbot init`). An editable
install needs no copy: it finds them beside the package, in the source tree."""

from __future__ import annotations

import shutil
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


setup(cmdclass={"build_py": BuildWithData})
