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
    assert "wolfbot.engine.rng" in _imports(ENGINE / "port.py")


# -- no state beyond a game's -------------------------------------------------------------------
# A module-level dict, list or set is state every game shares (a memo, a registry one could
# change at run time): the engine keeps what it derives in the ruleset's tables
# (`RulesetTables`) and the game. A constant is a tuple, a frozenset or a `MappingProxyType`.
MUTABLE_VALUES = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
MUTABLE_CALLS = {"dict", "list", "set", "defaultdict", "Counter", "OrderedDict", "deque"}


def _mutable_state(source: str) -> list[str]:
    """The module-level names bound to a mutable value, and the names a `global` statement
    rebinds (`__all__`, the module's interface, aside)."""
    tree = ast.parse(source)
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        called = value.func if isinstance(value, ast.Call) else None
        name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", None)
        if isinstance(value, MUTABLE_VALUES) or name in MUTABLE_CALLS:
            found += [ast.unparse(t) for t in targets if ast.unparse(t) != "__all__"]
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found += [f"global {name}" for name in node.names]
    return found


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ENGINE)) for p in FILES])
def test_engine_module_holds_no_mutable_state(path: Path) -> None:
    where = path.relative_to(ENGINE).as_posix()
    state = _mutable_state(path.read_text("utf-8"))
    assert not state, f"{where}: module-level mutable state {state}"


@pytest.mark.parametrize(
    "source",
    [
        "_built: dict[str, int] = {}",
        "SEEN = set()",
        "ORDER = [1, 2]",
        "KEPT = collections.defaultdict(list)",
        "def f():\n    global COUNT\n    COUNT = 1",
    ],
    ids=["annotated dict", "set()", "list", "defaultdict", "global"],
)
def test_the_check_sees_mutable_state(source: str) -> None:
    assert _mutable_state(source)


@pytest.mark.parametrize(
    "source",
    [
        "NAMES = ('a', 'b')",
        "KINDS = frozenset({'a'})",
        "TABLE = MappingProxyType({'a': 1})",
        "__all__ = ['f']",
        "def f():\n    found = {}\n    return found",
    ],
    ids=["tuple", "frozenset", "MappingProxyType", "__all__", "a function's own dict"],
)
def test_the_check_lets_constants_pass(source: str) -> None:
    assert not _mutable_state(source)
