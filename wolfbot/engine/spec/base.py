"""What every part of a ruleset's specification shares: the phase and channel names, the
problems of a ruleset's files, the unknown role, the frozen model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict

from wolfbot.engine.facts import Channel, PhaseKind
from wolfbot.engine.text import Text

__all__ = ["Channel", "PhaseKind"]  # defined with the facts the spec is made of
FactionKind = Literal["team", "lone", "ambiguous"]


def _problem(key: str, **values: object) -> str:
    """A contradiction in a ruleset's files, for its authors: the problem's key and values
    (no catalog words it – the ruleset it would come from did not load)."""
    return str(Text(f"ruleset.{key}", tuple(values.items())))


class UnknownRole(KeyError):
    """No role of the ruleset is called `name` (in any spelling)."""

    def __init__(self, name: str, ruleset: str) -> None:
        super().__init__(name, ruleset)
        self.name = name
        self.ruleset = ruleset


class _Frozen(BaseModel):
    """An immutable model: what it derives from its fields (a `cached_property`) is made
    once, and a copy with other fields derives it anew."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        copied = super().model_copy(update=update, deep=deep)
        fields = type(self).model_fields
        for derived in [name for name in copied.__dict__ if name not in fields]:
            del copied.__dict__[derived]  # made from the original's fields
        return copied

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled with its fields alone: what it derives is made anew where it is unpickled
        (a process that plays a rating's games, `wolfbot.balance.cores`) – a compiled
        engine's records of it (`engine/facts.py`) would not unpickle."""
        state = super().__getstate__()
        fields = type(self).model_fields
        own = {name: value for name, value in state["__dict__"].items() if name in fields}
        return {**state, "__dict__": own}
