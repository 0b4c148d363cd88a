"""The engine is pure: it imports nothing that reaches the network, the disk, the clock or a
global random source (python-chess style: I/O lives at the edges)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).parents[2] / "wolfbot" / "engine"
ALLOWED = {
    "__future__",
    "collections",
    "collections.abc",
    "dataclasses",
    "difflib",  # name suggestions: pure sequence matching
    "enum",
    "functools",
    "itertools",
    "re",
    "types",  # `MappingProxyType`: a constant table nobody can change
    "typing",
    "unicodedata",
    "pydantic",
    "mypy_extensions",  # `mypyc_attr`: how the compiled engine builds a class (no I/O)
    "wolfbot.engine",
    "wolfbot.spelling",  # the leaf every package shares: how names are compared
}
FILES = sorted(ENGINE.rglob("*.py"))


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _allowed(module: str) -> bool:
    return any(module == ok or module.startswith(ok + ".") for ok in ALLOWED)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ENGINE)) for p in FILES])
def test_engine_module_imports_only_pure_modules(path: Path) -> None:
    forbidden = sorted(m for m in _imports(path) if not _allowed(m))
    assert not forbidden, f"{path.name} imports {forbidden}"


@pytest.mark.parametrize(
    "module", ["random", "time", "datetime", "os", "socket", "httpx", "sqlalchemy", "pathlib"]
)
def test_forbidden_modules_are_not_allowed(module: str) -> None:
    assert not _allowed(module)


def test_the_check_sees_imports() -> None:
    assert "wolfbot.engine.rng" in _imports(ENGINE / "game.py")
