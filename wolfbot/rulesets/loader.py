"""Find and load rulesets from `rules/<name>/` into a validated `Ruleset`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import ValidationError

from wolfbot.engine.spec import CommandSpec, RoleSpec, Ruleset
from wolfbot.rulesets.shipped import shipped

RULES_DIR = shipped("rules")
# libyaml reads the ~110 files of a ruleset ten times faster than PyYAML's own Python
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class RulesetError(ValueError):
    """A ruleset's files are missing or say something invalid; the message names the file."""


def read_mapping(path: Path) -> dict:
    """The mapping at the top of a YAML file of a ruleset; RulesetError naming the file."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise RulesetError(f"{path}: {exc}") from exc
    if not isinstance(data, dict):
        raise RulesetError(f"{path}: expected a mapping at the top level")
    return data


def available() -> list[str]:
    return sorted(p.name for p in RULES_DIR.iterdir() if (p / "ruleset.yaml").is_file())


@cache
def load(name: str, rules_dir: Path = RULES_DIR) -> Ruleset:
    base = rules_dir / name
    if not (base / "ruleset.yaml").is_file():
        raise RulesetError(f"unknown ruleset {name!r}; available: {', '.join(available())}")
    data = read_mapping(base / "ruleset.yaml")
    data["commands"] = [
        _parse(CommandSpec, entry, base / "commands.yaml")
        for entry in read_mapping(base / "commands.yaml").get("commands", [])
    ]
    roles = {}
    for path in sorted((base / "roles").glob("*.yaml")):
        role = _parse(RoleSpec, read_mapping(path), path)
        if role.name in roles:
            raise RulesetError(f"{path}: role {role.name!r} is defined twice")
        roles[role.name] = role
    data["roles"] = roles
    data["messages"] = _catalog(data.get("messages_from", ()), base, rules_dir)
    return _parse(Ruleset, data, base / "ruleset.yaml")


def _catalog(bases: list[str], base: Path, rules_dir: Path) -> dict[str, str]:
    """The ruleset's message catalog: those of the rulesets it builds on (`messages_from`,
    in order), then its own, whose keys win."""
    found: dict[str, str] = {}
    for name in bases:
        if not (rules_dir / name / "messages").is_dir():
            raise RulesetError(f"{base / 'ruleset.yaml'}: messages_from: unknown ruleset {name!r}")
        found.update(_messages(rules_dir / name / "messages"))
    found.update(_messages(base / "messages"))
    return found


def _messages(folder: Path) -> dict[str, str]:
    """The message catalog: every `messages/*.yaml`, nested mappings flattened to dotted
    keys (`seen: {aura: …}` → `seen.aura`); a key defined twice is an error."""
    found: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        for key, wording in _flatten(read_mapping(path), path):
            if key in found:
                raise RulesetError(f"{path}: message {key!r} is defined twice")
            found[key] = wording
    return found


def _flatten(data: dict, path: Path, prefix: str = "") -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for name, value in data.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            pairs.extend(_flatten(value, path, key + "."))
        elif isinstance(value, str):
            pairs.append((key, value))
        else:
            raise RulesetError(f"{path}: message {key!r} must be text, not {value!r}")
    return pairs


def _parse(model, data, path: Path):
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise RulesetError(f"{path}: {exc}") from exc
