"""A role file's `params:` checked against what its behaviour declares
(`Behaviour.parameters`, `port.ANY_ROLE_PARAMETERS`) when the ruleset loads: a key
the behaviour does not take, a value of the wrong type or a missing one is a load error
(`loader.RulesetError`) naming the file and the line – a misspelt key is never silently
ignored.

    parameter_problem(role, path)   # None, or "rules/…/seherin.yaml:7: params: 'wrod' is …"
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from wolfbot.engine.port import ANY_ROLE_PARAMETERS, Behaviour
from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.engine.spec import RoleSpec
from wolfbot.spelling import close_names


def parameter_problem(role: RoleSpec, path: Path) -> str | None:
    """What is wrong with `role.params` (read from `path`) for its behaviour, or None."""
    behaviour = behaviour_of(role)
    try:
        model_of(type(behaviour)).model_validate(role.params)
    except ValidationError as error:
        # a misspelt key first: it explains the missing one
        first = min(error.errors(), key=lambda e: e["type"] != "extra_forbidden")
        key = str(first["loc"][0]) if first["loc"] else ""
        return f"{path}:{_line_of(path, key)}: {_problem(first, key, behaviour, role)}"
    return None


def declared(behaviour: Behaviour) -> dict[str, object]:
    """Every parameter a role of `behaviour` may give: its own and any role's."""
    return {**type(behaviour).parameters, **ANY_ROLE_PARAMETERS}


def where(behaviour: Behaviour) -> str:
    """ "SeeRole in wolfbot/engine/roles/see_role.py" """
    kind = type(behaviour)  # by its module's name: the compiled engine's file is a .so
    return f"{kind.__name__} in {kind.__module__.replace('.', '/')}.py"


@cache
def model_of(kind: type[Behaviour]) -> type[BaseModel]:
    """The parameters of a behaviour class as a pydantic model that forbids other keys."""
    fields: dict = {
        name: (kind_of, None if _optional(kind_of) else ...)
        for name, kind_of in {**kind.parameters, **ANY_ROLE_PARAMETERS}.items()
    }
    config = ConfigDict(extra="forbid", strict=True)
    return create_model(f"{kind.__name__}Parameters", __config__=config, **fields)


def _optional(kind: object) -> bool:
    return type(None) in getattr(kind, "__args__", ())


def _problem(error, key: str, behaviour: Behaviour, role: RoleSpec) -> str:
    taken = declared(behaviour)
    named = f"behaviour {role.behaviour!r}" if role.behaviour else "a role without behaviour"
    if error["type"] == "extra_forbidden":
        near = close_names(key, list(taken), n=1)
        hint = f" – did you mean {near[0]!r}?" if near else ""
        takes = ", ".join(f"{name} ({kind_said(kind)})" for name, kind in taken.items())
        return (
            f"params: {key!r} is no parameter of {named} ({where(behaviour)}){hint} "
            f"It takes: {takes}."
        )
    if error["type"] == "missing":
        return f"params: {named} ({where(behaviour)}) needs {key!r} ({kind_said(taken[key])})."
    wanted = kind_said(taken.get(key))
    return f"params.{key}: {error['msg'].lower()}, not {error['input']!r} ({key}: {wanted})."


def kind_said(kind: object, left_out: str = "may be left out") -> str:
    """`list[str] | None` → "list[str], may be left out" (`left_out`: those words)"""
    args = getattr(kind, "__args__", ())
    rest = [k for k in args if k is not type(None)]
    if len(rest) == 1 and len(args) == 2:
        return f"{kind_said(rest[0])}, {left_out}"
    if args or not isinstance(kind, type):
        return str(kind)  # "list[str]"
    return kind.__name__


def _line_of(path: Path, key: str) -> int:
    """The line of `params:` → `key` in the role file (of `params:` itself when the key is
    missing; 1 when the file does not say)."""
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return 1
    if not isinstance(root, yaml.MappingNode):
        return 1
    for name, value in root.value:
        if name.value != "params":
            continue
        if isinstance(value, yaml.MappingNode):
            for inner, _ in value.value:
                if inner.value == key:
                    return inner.start_mark.line + 1
        return name.start_mark.line + 1
    return 1
