"""Find and load rulesets from `rules/<name>/` into a validated `Ruleset`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import ValidationError

from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.engine.spec import CommandSpec, RoleSpec, Ruleset
from wolfbot.rulesets.mechanism_options import missing_option_problem
from wolfbot.rulesets.parameters import parameter_problem, where
from wolfbot.rulesets.shipped import shipped
from wolfbot.spelling import close_names

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
    if not (base / "ruleset.yaml").is_file():  # said to the Spielleitung: German
        known = available()
        near = close_names(name, known, n=1)
        hint = f" Meintest du „{near[0]}“?" if near else ""
        raise RulesetError(
            f"Kein Regelwerk heißt „{name}“ – nimm eines von {', '.join(known)}.{hint}"
        )
    data = read_mapping(base / "ruleset.yaml")
    commands = [
        _parse(CommandSpec, entry, base / "commands.yaml")
        for entry in read_mapping(base / "commands.yaml").get("commands", [])
    ]
    data["commands"] = commands
    means = {spec.said: spec.word for spec in commands if spec.said}
    data = canonical_words(data, means)
    roles = {}
    for path in sorted((base / "roles").glob("*.yaml")):
        role = _parse(RoleSpec, canonical_words(read_mapping(path), means), path)
        problem = parameter_problem(role, path)
        if problem is not None:
            raise RulesetError(problem)
        if role.name in roles:
            raise RulesetError(f"{path}: role {role.name!r} is defined twice")
        roles[role.name] = role
    data["roles"] = roles
    data["messages"] = _catalog(data.get("messages_from", ()), base, rules_dir)
    roles_read = {
        name: where(behaviour_of(role))
        for role in roles.values()
        for name in behaviour_of(role).house_rules
    }
    problem = missing_option_problem(data, roles_read, base / "ruleset.yaml")
    if problem is not None:
        raise RulesetError(problem)
    return _parse(Ruleset, data, base / "ruleset.yaml")


# the places of a ruleset's files that name a command: in a use (`word`, in a role's
# `commands`, the `common_commands`, the `pack_commands`, a variant's `commands`), in the day
# (a procedure's `vote` and `withdraw`, the election's `word`, its successor's `word` and
# `decline`) and in a role's `params` (the behaviours' words)
WORD_KEYS = frozenset({"word", "vote", "withdraw", "decline"})
# a behaviour's command words in a role's `params`: `word`, every `…_word`, and these
OTHER_WORD_PARAMS = frozenset({"chooses_voters"})


def is_word_param(name: str) -> bool:
    """Whether a role's `params` entry `name` names a command (the one convention: a
    behaviour takes every word it acts on from its role's file)."""
    return name == "word" or name.endswith("_word") or name in OTHER_WORD_PARAMS


def canonical_words(data, means: dict[str, str]):
    """A ruleset file's data with every command it names by the ruleset's own word
    (`commands.yaml`: `{word: Elixer, means: Heiltrank}`) named by the canonical word the
    engine works with – so that a role file says `!Elixer` as its players do. The entries
    of `commands.yaml` themselves are not touched (they are parsed before)."""
    if not means:
        return data
    if isinstance(data, list):
        return [canonical_words(item, means) for item in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        if key == "commands" and value and isinstance(value[0], CommandSpec):
            out[key] = value
        elif key in WORD_KEYS and isinstance(value, str):
            out[key] = means.get(value, value)
        elif key == "params" and isinstance(value, dict):
            out[key] = {
                name: means.get(v, v) if is_word_param(name) and isinstance(v, str) else v
                for name, v in value.items()
            }
        elif key in ("text", "doc", "messages"):
            out[key] = value
        else:
            out[key] = canonical_words(value, means)
    return out


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
