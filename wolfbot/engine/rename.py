"""Rename a player everywhere in the game state: a Reservespieler takes his place ("Wenn
möglich ersetzt die Spielleitung inaktive Dorfbewohner durch Reservespieler").

The state is plain data, so one generic walk does it: every string that *is* the old name
becomes the new one – in the Spielerliste, the offices (Bürgermeister, Alpha), the lovers,
the conversations' members, the votes and night actions (commands' actors and targets),
the attacks, modifiers and memory of the night, the questions, the roles' own memory. What
is never a player's name is left alone, whatever it says (`NOT_NAMES`: roles, causes,
words, prompts …), and the log is history: it keeps the name that was true then.

Dict keys are names only in the fields of `NAME_KEYS` (votes and actions by player); the
night's `offered` marks are "player/word".
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import BaseModel

from wolfbot.engine.state import GameState
from wolfbot.engine.text import Text

# fields whose values are never a player's name (even when the text happens to match one);
# "Class.field" where the same field name holds names elsewhere
NOT_NAMES = frozenset(
    {
        "log",  # history keeps the names of its time
        "ruleset",
        "GameState.options",  # the house rules (a question's `options` are names)
        "seed",
        "rng",
        "phase",
        "step",
        "winners",  # sides (Dorf, Rudel, …)
        "role",
        "original_role",
        "role_revealed_as",
        "faction",
        "death_cause",
        "death_time",
        "cause",
        "kind",
        "word",
        "prompt",
        "channels",
        "uses",  # command word → count
        "reason",
        "status",
        "note",
    }
)
# dicts keyed by player name (elsewhere keys are words, channels or a role's own notes)
NAME_KEYS = frozenset(
    {
        "actions",
        "ahead",
        "attack_votes",
        "alpha_votes",
        "relays",
        "lynch_votes",
        "friends",
        "mayor_votes",
        "mob",
        "next_mob",
        "accusations",
        "reasons",
    }
)


def rename_player(state: GameState, old: str, new: str) -> None:
    """Every reference to the player `old` in `state` (but its log) now names `new`."""
    _Renamer(old, new).fields(state)


def _no_names(obj: Any, field: str) -> bool:
    return field in NOT_NAMES or f"{type(obj).__name__}.{field}" in NOT_NAMES


class _Renamer:
    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def fields(self, obj: Any) -> None:
        """Rename inside a mutable dataclass, in place."""
        for f in dataclasses.fields(obj):
            if not _no_names(obj, f.name):
                setattr(obj, f.name, self.value(getattr(obj, f.name), f.name))

    def value(self, value: Any, field: str | None = None) -> Any:
        if isinstance(value, str):
            return self.new if value == self.old else value
        if isinstance(value, Text):  # its values may name him, its key and value names never
            return Text(value.key, tuple((name, self.value(v)) for name, v in value.values))
        if isinstance(value, BaseModel):  # a command (frozen): its actor and targets
            update = {
                name: self.value(getattr(value, name))
                for name in ("actor", "targets")
                if hasattr(value, name)
            }
            return value.model_copy(update=update)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            if type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
                changes = {
                    f.name: self.value(getattr(value, f.name), f.name)
                    for f in dataclasses.fields(value)
                    if not _no_names(value, f.name)
                }
                return dataclasses.replace(value, **changes)
            self.fields(value)
            return value
        if isinstance(value, dict):
            items = [
                (self.value(k) if field in NAME_KEYS else k, self.value(v))
                for k, v in value.items()
            ]
            value.clear()
            value.update(items)
            return value
        if isinstance(value, list):
            if field == "lone_winners":  # (player, role)
                value[:] = [(self.value(name), role) for name, role in value]
            else:
                value[:] = [self.value(item) for item in value]
            return value
        if isinstance(value, set):
            if field == "offered":  # "player/word"
                renamed = {self._prefixed(mark) for mark in value}
            else:
                renamed = {self.value(item) for item in value}
            value.clear()
            value.update(renamed)
            return value
        if isinstance(value, tuple):
            return tuple(self.value(item) for item in value)
        return value

    def _prefixed(self, mark: str) -> str:
        head, slash, tail = mark.partition("/")
        return f"{self.new}/{tail}" if slash and head == self.old else mark
