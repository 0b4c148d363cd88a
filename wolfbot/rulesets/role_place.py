"""Where a role lives (`wolfbot rules show RULESET --role NAME`): its YAML file, its
behaviour (name, class, module) with the parameters it takes and the values the role gives,
its commands and its stage of the night order, the message keys its module names, and the
scenarios in which it plays – what a newcomer reads to understand the role.

    place = role_place(loader.load("duesterliga"), "Seherin")
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from wolfbot.engine.port import Behaviour, SetAside
from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.engine.spec import RoleSpec, Ruleset
from wolfbot.rulesets.loader import RULES_DIR, read_mapping
from wolfbot.rulesets.parameters import declared, kind_said, where
from wolfbot.rulesets.shipped import PACKAGE

SCENARIOS = PACKAGE.parent / "tests" / "scenarios"  # in the source tree only
FILE_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})  # "Weißer Wolf"
KEY_IN_SOURCE = re.compile(r"""["']([a-z_]+(?:\.[a-z_]+)+)["']""")


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str
    kind: str  # "list[str], may be left out"
    value: object | None  # what the role's file gives (None: not given)


@dataclass(frozen=True, slots=True)
class RolePlace:
    role: RoleSpec
    file: Path | None
    behaviour: str | None  # the ruleset's name for it (`behaviour:`), None: no abilities
    behaviour_class: str  # "SeeRole in wolfbot/engine/roles/see_role.py"
    parameters: tuple[Parameter, ...]
    commands: tuple[str, ...]  # "!Sehen", as the ruleset's players write it
    stage: str | None  # "5. Seherin" (its place in the night order)
    # what the deal sets aside for it (`Behaviour.set_aside`: the Gaukler's three roles)
    set_aside: SetAside | None
    message_keys: tuple[str, ...]  # catalog keys its behaviour's module names
    # the events its module emits and where posts word them ("RoleSeen" → its lines in
    # wolfbot/posts/private.py, summary.py)
    events: tuple[tuple[str, tuple[str, ...]], ...]
    scenarios: tuple[Path, ...]  # the scenarios of this ruleset in which the role plays


def role_place(
    rules: Ruleset, name: str, rules_dir: Path = RULES_DIR, scenarios: Path | None = None
) -> RolePlace:
    """Where the role `name` (any accepted spelling) of `rules` lives; `UnknownRole` when
    the ruleset has no such role. `scenarios`: the scenario folder (`SCENARIOS`)."""
    role = rules.role(name)
    behaviour = behaviour_of(role)
    given = dict(role.params)
    parameters = tuple(
        Parameter(key, kind_said(kind, "darf fehlen"), given.get(key))
        for key, kind in declared(behaviour).items()
    )
    stage = f"{rules.stage_of(role.stage) + 1}. {role.stage}" if role.stage else None
    return RolePlace(
        role=role,
        file=_file_of(role, rules_dir / rules.name),
        behaviour=role.behaviour,
        behaviour_class=where(behaviour),
        parameters=parameters,
        commands=tuple(f"!{rules.shown_word(use.word)}" for use in role.commands),
        stage=stage,
        set_aside=behaviour.set_aside,
        message_keys=_message_keys(behaviour, rules) if role.behaviour else (),
        events=_events(behaviour) if role.behaviour else (),
        scenarios=_scenarios(role, rules.name, scenarios or SCENARIOS),
    )


def _file_of(role: RoleSpec, base: Path) -> Path | None:
    for path in sorted((base / "roles").glob("*.yaml")):
        if read_mapping(path).get("name") == role.name:
            return path
    return None


def _source(module: str) -> str:
    """A module's source text ("" where the source tree is not at hand)."""
    path = PACKAGE.parent / (module.replace(".", "/") + ".py")
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _message_keys(behaviour: Behaviour, rules: Ruleset) -> tuple[str, ...]:
    """The catalog keys the behaviour's module names (a named key, or every key under a
    named prefix: "seen" → "seen.aura", "seen.role", …)."""
    named = set(KEY_IN_SOURCE.findall(_source(type(behaviour).__module__)))
    catalog = rules.messages
    return tuple(
        sorted(
            key
            for key in catalog
            if key in named or any(key.startswith(prefix + ".") for prefix in named)
        )
    )


def _events(behaviour: Behaviour) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The events the behaviour's module imports (those it emits), each with the lines of
    `wolfbot/posts/` that word it (`case ev.RoleSeen(…)`)."""
    source = _source(type(behaviour).__module__)
    if not source:
        return ()
    names = sorted(
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module == "wolfbot.engine.events"
        for alias in node.names
    )
    posts = [(p, p.read_text(encoding="utf-8")) for p in sorted((PACKAGE / "posts").glob("*.py"))]
    found = []
    for name in names:
        case = re.compile(rf"\bcase (ev\.)?{name}\(")
        sites = tuple(
            f"wolfbot/posts/{path.name}:{number}"
            for path, text in posts
            for number, line in enumerate(text.splitlines(), 1)
            if case.search(line)
        )
        found.append((name, sites))
    return tuple(found)


def _scenarios(role: RoleSpec, ruleset: str, folder: Path) -> tuple[Path, ...]:
    """The scenario files of `ruleset` whose players include the role (source tree only),
    those named after the role first."""
    if not folder.is_dir():
        return ()
    plays = re.compile(rf"role:\s*['\"]?{re.escape(role.name)}['\"]?\s*[,}}\n]")
    found = []
    for path in sorted(folder.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        if re.search(rf"^ruleset:\s*{ruleset}\s*$", text, re.M) and plays.search(text):
            found.append(path)
    slug = role.name.casefold().translate(FILE_LETTERS).replace(" ", "_")
    return tuple(sorted(found, key=lambda path: slug not in path.stem))
