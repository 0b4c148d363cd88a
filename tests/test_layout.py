"""The layout of wolfbot's packages (ast-based, like `engine/test_engine_purity.py`):

- which package may import which – direct imports, inside functions and `if TYPE_CHECKING:`
  included; a package may always import itself and `wolfbot.spelling`;
- no cycle between packages, and none between the modules of a package (imports inside
  functions count, `if TYPE_CHECKING:` blocks do not: they never run);
- the modules the package reorganisation moved are gone: nothing imports or names an old
  path, and a package's `__init__.py` is its docstring (nothing to import from it);
- the forum seam: nothing outside `wolfbot.forum` imports an adapter (`wolfbot.forum.woltlab`,
  `wolfbot.forum.local`): it takes the forum and its dialect from `wolfbot.forum.software`.
  Only the demo and the CLI import the local look-alike – they start it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
WOLFBOT = ROOT / "wolfbot"

# The packages (and the top-level modules spelling, cli) in the order of the design
# (see wolfbot/__init__.py).
PACKAGES = (
    "forum",
    "intake",
    "conduct",
    "engine",
    "rulesets",
    "posts",
    "store",
    "outbox",
    "setup",
    "balance",
    "schedule",
    "bot",
    "spielleitung",
    "console",
    "cli",
    "demo",
    "scenario",
    "spelling",
)
BELOW_THE_BOT = {
    "conduct",
    "engine",
    "rulesets",
    "intake",
    "posts",
    "forum",
    "store",
    "outbox",
    "setup",
    "balance",
    "schedule",
}
# What each may import besides itself and `wolfbot.spelling`; anything not listed is forbidden.
MAY_IMPORT: dict[str, set[str]] = {
    "spelling": set(),
    "engine": set(),
    "rulesets": {"engine"},
    "intake": {"engine", "rulesets", "forum"},  # forum.body: what a post says
    # pure: what a post shares with a conversation, what it says of roles (the ruleset's
    # names and clauses, the game's facts) – no forum, no store
    "conduct": {"engine", "rulesets"},
    "posts": {"engine", "rulesets"},
    "forum": set(),
    # posts and rulesets: reasons and questions are stored worded, for the moderators
    "store": {"engine", "rulesets", "forum", "intake", "posts", "conduct"},
    "outbox": {"forum", "store"},
    "setup": {"engine", "rulesets", "forum", "outbox", "posts"},
    "balance": {"engine"},
    "schedule": {"setup", "engine", "posts", "store"},
    "bot": BELOW_THE_BOT,
    "spielleitung": set(PACKAGES) - {"demo", "scenario", "cli", "console"},
    "console": set(PACKAGES) - {"demo", "scenario", "cli"},
    "demo": set(PACKAGES) - {"spielleitung", "cli", "console"},
    "scenario": {"engine", "rulesets", "intake", "forum", "posts", "conduct"},
    "cli": set(PACKAGES),
}
# The reorganisation: old module → where it lives now.
MOVED = {
    "wolfbot.commands": "wolfbot.intake.commands",
    "wolfbot.intake": "wolfbot.intake.process",
    "wolfbot.rulesets": "wolfbot.rulesets.loader",
    "wolfbot.rules_table": "wolfbot.rulesets.table",
    "wolfbot.config": "wolfbot.setup.config",
    "wolfbot.signup": "wolfbot.setup.signup",
    "wolfbot.distribution": "wolfbot.setup.distribution",
    "wolfbot.distribution_advice": "wolfbot.setup.role_advice",
    "wolfbot.distribution_check": "wolfbot.setup.role_checks",
    "wolfbot.schedule": "wolfbot.schedule.timetable",
    "wolfbot.schedule_jobs": "wolfbot.schedule.jobs",
    "wolfbot.schedule_types": "wolfbot.schedule.parts",
    "wolfbot.forum.outbox": "wolfbot.outbox.queue",
    "wolfbot.forum.outbox_checks": "wolfbot.outbox.checks",
    "wolfbot.forum.outbox_drafts": "wolfbot.outbox.drafts",
    "wolfbot.forum.outbox_pacing": "wolfbot.outbox.pacing",
    "wolfbot.forum.outbox_rows": "wolfbot.outbox.rows",
    "wolfbot.forum.outbox_types": "wolfbot.outbox.values",
    "wolfbot.forum.woltlab": "wolfbot.forum.woltlab.client",
    "wolfbot.forum.woltlab_errors": "wolfbot.forum.woltlab.errors",
    "wolfbot.forum.woltlab_http": "wolfbot.forum.woltlab.http",
    "wolfbot.forum.woltlab_posts": "wolfbot.forum.woltlab.posts",
    "wolfbot.forum.woltlab_read": "wolfbot.forum.woltlab.read",
    "wolfbot.forum.pages": "wolfbot.forum.woltlab.pages",
    "wolfbot.live": "wolfbot.bot.live",
    "wolfbot.controls": "wolfbot.spielleitung.readonly",
    "wolfbot.controls_audit": "wolfbot.spielleitung.audit",
    "wolfbot.controls_drafts": "wolfbot.spielleitung.drafts",
    "wolfbot.controls_interventions": "wolfbot.spielleitung.interventions",
    "wolfbot.controls_replay": "wolfbot.spielleitung.replay",
    "wolfbot.controls_run": "wolfbot.spielleitung.run",
    "wolfbot.controls_status": "wolfbot.spielleitung.status.rendering",
    "wolfbot.controls_store": "wolfbot.spielleitung.rounds",
    "wolfbot.check_config": "wolfbot.spielleitung.check_config",
    "wolfbot.explain": "wolfbot.spielleitung.explain.command",
    "wolfbot.explain_common": "wolfbot.spielleitung.explain.common",
    "wolfbot.explain_lynch": "wolfbot.spielleitung.explain.lynch",
    "wolfbot.explain_night": "wolfbot.spielleitung.explain.night",
    "wolfbot.demo": "wolfbot.demo.round",
    "wolfbot.demo_parts": "wolfbot.demo.settings",
    "wolfbot.demo_players": "wolfbot.demo.players",
    "wolfbot.simulate": "wolfbot.demo.simulate",
    # issue 35: WoltLab below the forum seam
    "wolfbot.markup": "wolfbot.forum.woltlab.markup.message",
    "wolfbot.markup.message": "wolfbot.forum.woltlab.markup.message",
    "wolfbot.markup.elements": "wolfbot.forum.woltlab.markup.elements",
    "wolfbot.markup.nesting": "wolfbot.forum.woltlab.markup.nesting",
    "wolfbot.posts.woltlab": "wolfbot.forum.woltlab.html",
}
# Package `__init__.py`s that hold more than their docstring, and why.
NOT_ONLY_A_DOCSTRING = {
    "wolfbot.bot": "re-exports RoundBot, PollReport and ReplayError for its many callers",
    "wolfbot.forum.local": "the local forum's API: LocalForum, LocalForumServer, serve_main",
    "wolfbot.engine.day": "the day's API (tally, finish, the tables) for the engine, posts, views",
    "wolfbot.engine.spec": "the ruleset's typed specification (Ruleset, RoleSpec, …) for everybody",
}


# -- reading the imports ---------------------------------------------------------------------
def _dotted(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FILES = sorted(WOLFBOT.rglob("*.py"))
# every module and package
MODULES = {_dotted(p) for p in FILES} | {_dotted(p.parent / "__init__.py") for p in FILES}
PACKAGE_DIRS = {m for m in MODULES if (ROOT / m.replace(".", "/")).is_dir()}
OTHER_FILES = sorted(
    p for folder in ("tests", "benchmarks", "migrations") for p in (ROOT / folder).rglob("*.py")
)


@cache
def trees() -> dict[Path, ast.Module]:
    """Every file parsed, once, when a test first asks (not while the suite is collected)."""
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in FILES + OTHER_FILES}


@dataclass(frozen=True, slots=True)
class Import:
    path: Path  # the importing file
    module: str  # the importing module ("wolfbot.bot.round"; for a test its path)
    line: int
    target: str  # the module imported ("wolfbot.store.records")
    name: str | None  # a name taken from `target` that is no module of its own
    when: str  # "module", "function" or "types" (inside `if TYPE_CHECKING:`)

    def __str__(self) -> str:
        where = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        what = f"{self.target}.{self.name}" if self.name else self.target
        return f"{where}:{self.line} ({self.module}) imports {what}"


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(tree: ast.AST, when: str = "module") -> Iterator[tuple[ast.stmt, str]]:
    """Every import statement with where it runs."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.body:
                yield from _statements_of(child, "types")
            for child in node.orelse:
                yield from _statements_of(child, when)
            continue
        yield from _statements_of(node, when)


def _statements_of(node: ast.AST, when: str) -> Iterator[tuple[ast.stmt, str]]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node, when
        return
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and when == "module":
        when = "function"
    yield from _statements(node, when)


def _imports(path: Path, tree: ast.AST, module: str) -> list[Import]:
    """The wolfbot imports of one file; `module` is its dotted name (a test's: its path)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node, when in _statements(tree):
        if isinstance(node, ast.Import):
            targets = [(alias.name, None) for alias in node.names]
        else:
            base = node.module or ""
            if node.level:  # relative: from the importing module's package upwards
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            targets = [
                (f"{base}.{a.name}", None) if f"{base}.{a.name}" in MODULES else (base, a.name)
                for a in node.names
            ]
        found += [
            Import(path, module, node.lineno, target, name, when)
            for target, name in targets
            if target == "wolfbot" or target.startswith("wolfbot.")
        ]
    return found


@cache
def package_imports() -> list[Import]:
    """The wolfbot imports of wolfbot's own modules."""
    return [i for path in FILES for i in _imports(path, trees()[path], _dotted(path))]


@cache
def all_imports() -> list[Import]:
    """…and those of the tests, benchmarks and migrations."""
    return package_imports() + [
        i
        for path in OTHER_FILES
        for i in _imports(path, trees()[path], str(path.relative_to(ROOT)))
    ]


def package_of(module: str) -> str:
    """ "wolfbot.bot.round" → "bot", "wolfbot.forum.base" → "forum" ("wolfbot": the top)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "wolfbot"


def _only_a_docstring(package: str) -> bool:
    init = ROOT / package.replace(".", "/") / "__init__.py"
    body = trees()[init].body if init in trees() else []
    return (
        len(body) == 1
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    )


@cache
def docstring_only() -> set[str]:
    return {package for package in PACKAGE_DIRS if _only_a_docstring(package)}


# -- which package may import which ----------------------------------------------------------
def test_every_package_has_its_rule() -> None:
    found = {package_of(m) for m in MODULES} - {"wolfbot"}
    assert found == set(PACKAGES) == set(MAY_IMPORT)


def test_the_rules_name_only_packages() -> None:
    assert set().union(*MAY_IMPORT.values()) <= set(PACKAGES)


@pytest.mark.parametrize("package", list(MAY_IMPORT), ids=list(MAY_IMPORT))
def test_a_package_imports_only_what_it_may(package: str) -> None:
    allowed = MAY_IMPORT[package] | {package, "spelling"}
    wrong = [
        f"{i}: {package} may not import {package_of(i.target)}"
        for i in package_imports()
        if package_of(i.module) == package and package_of(i.target) not in allowed
    ]
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_imports() -> None:
    """Imports at the top, inside functions and for types only are all read."""
    by_when = {
        (i.module, i.target, i.when)
        for i in package_imports()
        if i.module in ("wolfbot.cli", "wolfbot.schedule.timetable")
    }
    assert ("wolfbot.cli", "wolfbot.forum.cli", "module") in by_when
    assert ("wolfbot.cli", "wolfbot.demo.round", "function") in by_when
    assert ("wolfbot.schedule.timetable", "wolfbot.setup.config", "types") in by_when


# -- the forum seam --------------------------------------------------------------------------
ADAPTERS = ("wolfbot.forum.woltlab", "wolfbot.forum.local")
# they start the local look-alike (`wolfbot demo`, `wolfbot forum serve`'s time zones)
MAY_START_THE_LOOK_ALIKE = {"demo", "cli"}


def _adapter_imports(imports: list[Import]) -> list[str]:
    """The imports of an adapter's module from outside `wolfbot.forum` that may not be."""
    return [
        str(i)
        for i in imports
        if package_of(i.module) != "forum"
        and any(i.target == a or i.target.startswith(a + ".") for a in ADAPTERS)
        and not (
            i.target.startswith("wolfbot.forum.local")
            and package_of(i.module) in MAY_START_THE_LOOK_ALIKE
        )
    ]


def test_nothing_outside_the_forum_imports_an_adapter() -> None:
    wrong = _adapter_imports(package_imports())
    assert not wrong, "take the forum and its dialect from wolfbot.forum.software:\n" + "\n".join(
        wrong
    )


def test_the_seam_check_sees_an_adapter_import(tmp_path: Path) -> None:
    source = (
        "from wolfbot.forum.woltlab.client import WoltLabForum\n"
        "from wolfbot.forum.local import LocalForum\n"
        "from wolfbot.forum import software\n"
    )
    probe = _imports(tmp_path / "round.py", ast.parse(source), "wolfbot.bot.round")
    assert len(_adapter_imports(probe)) == 2
    demo = _imports(tmp_path / "round.py", ast.parse(source), "wolfbot.demo.round")
    assert len(_adapter_imports(demo)) == 1  # the demo starts the look-alike, not WoltLab


# how WoltLab pages and validates its reads and remembers posts: the adapter's part of a read
# mark (`forum.woltlab.cursor`), as attributes and as the keys of its JSON
CURSOR = {"last_page", "etag", "last_modified", "seen"}
# where read marks are handed on and stored without being looked into
MARK_KEEPERS = ("wolfbot.bot.", "wolfbot.outbox.", "wolfbot.store.")


def _cursor_reads(tree: ast.Module, where: str) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in CURSOR:
            found.append(f"{where}:{node.lineno} reads .{node.attr}")
        elif isinstance(node, ast.Constant) and node.value in CURSOR:
            found.append(f"{where}:{node.lineno} names {node.value!r}")
    return found


def test_bot_outbox_and_store_read_no_cursor_of_a_read_mark() -> None:
    """They store a read mark and hand it back (`ReadMark.to_json`/`from_json`, `bound`);
    where the forum's pages are and what it remembers is the adapter's."""
    wrong = [
        line
        for path in FILES
        if _dotted(path).startswith(MARK_KEEPERS)
        for line in _cursor_reads(trees()[path], str(path.relative_to(ROOT)))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_cursor_check_sees_a_page_read() -> None:
    probe = ast.parse('page = mark.last_page\nstate = data["seen"]\nuntil = mark.seen_until\n')
    assert len(_cursor_reads(probe, "probe.py")) == 2


# -- no cycles -------------------------------------------------------------------------------
def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _describe(cycle: list[str], imports: list[Import], key: Callable[[str], str]) -> str:
    """The cycle and an import for each of its edges."""
    members, lines = set(cycle), {}
    for i in imports:
        ends = key(i.module), key(i.target)
        if ends[0] != ends[1] and set(ends) <= members:
            where = i.path.relative_to(ROOT) if i.path.is_relative_to(ROOT) else i.path
            lines.setdefault(ends, f"{i.module} → {i.target} ({where}:{i.line})")
    return f"cycle {' ↔ '.join(cycle)}:\n  " + "\n  ".join(sorted(lines.values()))


def test_no_cycle_between_packages() -> None:
    edges: dict[str, set[str]] = {}
    for i in package_imports():
        if package_of(i.module) != package_of(i.target):
            edges.setdefault(package_of(i.module), set()).add(package_of(i.target))
    cycles = _cycles(edges)
    assert not cycles, "\n".join(_describe(c, package_imports(), package_of) for c in cycles)


def _parents(importer: str, target: str) -> list[str]:
    """The packages importing `target` runs first: each `__init__` on its way that is not
    one of the importer's own packages (those run before the importer itself)."""
    parts = target.split(".")
    outer = [".".join(parts[:n]) for n in range(2, len(parts))]
    return [p for p in outer if p in PACKAGE_DIRS and not importer.startswith(p + ".")]


@pytest.mark.parametrize("package", PACKAGES, ids=PACKAGES)
def test_no_cycle_between_the_modules_of_a_package(package: str) -> None:
    running = [
        i for i in package_imports() if i.when != "types" and package_of(i.module) == package
    ]
    edges: dict[str, set[str]] = {}
    for i in running:
        for target in (i.target, *_parents(i.module, i.target)):
            if package_of(target) == package and target != i.module:
                edges.setdefault(i.module, set()).add(target)
    cycles = _cycles(edges)
    assert not cycles, "\n".join(_describe(c, running, lambda m: m) for c in cycles)


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_importing_a_module_runs_the_packages_on_its_way() -> None:
    """`from wolfbot.engine.roles.base import …` in wolfbot.engine.offices runs
    wolfbot.engine.roles first – a registry there that imports offices back was a cycle."""
    assert _parents("wolfbot.engine.offices", "wolfbot.engine.roles.base") == [
        "wolfbot.engine.roles"
    ]
    assert _parents("wolfbot.engine.roles.hexe", "wolfbot.engine.roles.base") == []


# -- the moved modules are gone ----------------------------------------------------------------
def _old_imports(old: str, imports: list[Import]) -> list[str]:
    """The imports that mean the old module: of a module that is gone, or of a name from a
    package that took its place (`from wolfbot.schedule import Deadline`)."""
    gone = old not in MODULES
    return [
        str(i)
        for i in imports
        if (i.target == old and (gone or (i.name is not None and old in docstring_only())))
        or (gone and i.name is not None and f"{i.target}.{i.name}" == old)
    ]


@cache
def strings() -> list[tuple[Path, int, str]]:
    return [
        (path, node.lineno, node.value)
        for path, tree in trees().items()
        if path != Path(__file__)  # this file names the old paths in MOVED
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _old_names(old: str) -> list[str]:
    """The strings (docstrings too) of the Python files that name the old module."""
    dotted, path = re.escape(old), re.escape(old.replace(".", "/"))
    pattern = re.compile(rf"(?<![\w.]){dotted}(?!\w)|(?<![\w/]){path}\.py")
    return [
        f"{where.relative_to(ROOT)}:{line} names {old}"
        for where, line, text in strings()
        if pattern.search(text)
    ]


@pytest.mark.parametrize(("old", "new"), MOVED.items(), ids=list(MOVED))
def test_a_moved_module_is_only_at_its_new_path(old: str, new: str) -> None:
    assert new in MODULES and new not in PACKAGE_DIRS
    assert not (ROOT / f"{old.replace('.', '/')}.py").exists()
    wrong = _old_imports(old, all_imports())
    if old not in MODULES:  # a name that is a package now (wolfbot.schedule) may be written
        wrong += _old_names(old)
    assert not wrong, f"{old} is {new} now:\n" + "\n".join(wrong)


def test_the_old_path_check_sees_old_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    source = (
        "from wolfbot import controls\n"
        "from wolfbot.schedule import Deadline\n"
        "from wolfbot.schedule import parts\n"
        "from wolfbot.rulesets import loader\n"
    )
    imports = _imports(probe, ast.parse(source), "probe")
    assert len(_old_imports("wolfbot.controls", imports)) == 1
    assert len(_old_imports("wolfbot.schedule", imports)) == 1  # Deadline, not parts
    assert not _old_imports("wolfbot.rulesets", imports)


INITS = sorted(
    p for p in PACKAGE_DIRS - {"wolfbot"} if (ROOT / p.replace(".", "/") / "__init__.py").is_file()
)


@pytest.mark.parametrize("package", INITS)
def test_a_package_init_is_its_docstring(package: str) -> None:
    init = ROOT / package.replace(".", "/") / "__init__.py"
    docstring = ast.get_docstring(trees()[init])
    assert docstring, f"{init.relative_to(ROOT)} has no docstring"
    if package.count(".") == 1:  # a package of the layout says what it may import
        assert "may import" in docstring.casefold(), f"{package}: what may it import?"
    assert package in docstring_only() or package in NOT_ONLY_A_DOCSTRING, (
        f"{init.relative_to(ROOT)}: only a docstring (import from its modules instead)"
    )


def test_the_top_package_is_the_map() -> None:
    docstring = ast.get_docstring(trees()[WOLFBOT / "__init__.py"]) or ""
    assert "wolfbot" in docstring_only()
    assert all(
        re.search(rf"^    {name}/? ", docstring, re.M) for name in set(PACKAGES) - {"spelling"}
    )


# -- the engine's layers ---------------------------------------------------------------------
# What a behaviour (a module of `wolfbot/engine/roles/`) may import besides the other modules
# of `roles/`: the port – what it may read and do of the game, the rules it calls included –,
# the events it emits, the texts it says, the data it reads and makes and the names it shares
# with the rules; never the game that drives it, nor the rules themselves.
ROLES_MAY_IMPORT = {
    "wolfbot.engine.port",
    "wolfbot.engine.names",
    "wolfbot.engine.events",
    "wolfbot.engine.text",
    "wolfbot.engine.state",
    "wolfbot.engine.commands",
    "wolfbot.engine.errors",
    "wolfbot.engine.facts",
    "wolfbot.engine.spec",
}
# …and the registry, which names every behaviour by the names of the ruleset data: the day's
# procedures and votes, the offices' successors (handlers the rules define)
REGISTRY_MAY_IMPORT = {"wolfbot.engine.day", "wolfbot.engine.offices", "wolfbot.engine.voting"}


def _engine_edges() -> dict[str, set[str]]:
    """The engine's imports, module → modules, `if TYPE_CHECKING:` ones included."""
    edges: dict[str, set[str]] = {}
    for i in package_imports():
        if package_of(i.module) != "engine":
            continue
        for target in (i.target, *_parents(i.module, i.target)):
            if package_of(target) == "engine" and target != i.module:
                edges.setdefault(i.module, set()).add(target)
    return edges


def test_no_cycle_in_the_engine_even_for_types() -> None:
    """The engine's modules form layers, even counting the imports for types only: the
    data (state, events, the spec, …), the port (`GamePort`, the hooks), the rules that take
    it (night, day, deaths, …), the behaviours, their registry, the game – which implements
    the port, so nothing below names it."""
    engine = [i for i in package_imports() if package_of(i.module) == "engine"]
    cycles = _cycles(_engine_edges())
    assert not cycles, "\n".join(_describe(c, engine, lambda m: m) for c in cycles)


def test_the_engine_check_counts_imports_for_types() -> None:
    source = "if TYPE_CHECKING:\n    from wolfbot.engine.game import Game\n"
    imports = _imports(Path("probe.py"), ast.parse(source), "wolfbot.engine.probe")
    assert [(i.target, i.when) for i in imports] == [("wolfbot.engine.game", "types")]
    assert _cycles({"wolfbot.engine.game": {"wolfbot.engine.probe"}, **_probe_edges(imports)})


def _probe_edges(imports: list[Import]) -> dict[str, set[str]]:
    return {i.module: {i.target} for i in imports}


def _roles_may_import(module: str) -> set[str]:
    allowed = set(ROLES_MAY_IMPORT)
    if module == "wolfbot.engine.roles.registry":
        allowed |= REGISTRY_MAY_IMPORT
    return allowed


def test_a_behaviour_imports_only_the_port_and_the_data() -> None:
    wrong = [
        str(i)
        for i in package_imports()
        if i.module.startswith("wolfbot.engine.roles.")
        and package_of(i.target) == "engine"
        and not i.target.startswith("wolfbot.engine.roles.")
        and not any(
            i.target == allowed or i.target.startswith(allowed + ".")
            for allowed in _roles_may_import(i.module)
        )
    ]
    assert not wrong, "\n".join(wrong)
