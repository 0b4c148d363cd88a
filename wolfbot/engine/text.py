"""What the engine means to say, without its words: a message key and the values it is worded
with. The ruleset's message catalog (`rules/<name>/messages/*.yaml`) words it in the
ruleset's language; `wolfbot.posts.wording` renders it. The engine writes no sentence.

    say("seen.aura", name="Anna", good=True)     # "Anna hat eine gute Aura."

A value is a name, a number, a yes/no, a tuple of names, or another `Text` (a reason inside a
reason) – plain data, so events stay comparable, hashable and storable as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wolfbot.engine.immutable import Immutable

Value = Any  # str | int | bool | None | tuple[str, ...] | Text


@dataclass(frozen=True, slots=True)
class Text(Immutable):
    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def value(self, name: str, default: Value = None) -> Value:
        return next((v for k, v in self.values if k == name), default)

    def __str__(self) -> str:
        """For logs and developers only: the key and its values, never words."""
        inner = ", ".join(f"{k}={v}" for k, v in self.values)
        return f"{self.key}({inner})"


def say(key: str, **values: Value) -> Text:
    """The `Text` of `key` with `values` (lists become tuples, so the text stays hashable)."""
    return Text(key, tuple((k, _frozen(v)) for k, v in values.items()))


def _frozen(value: Value) -> Value:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def texts_in(value: Value) -> list[Text]:
    """Every `Text` in `value` (a field of an event, say), those inside a text's values or a
    tuple included – what a catalog must word."""
    if isinstance(value, Text):
        return [value, *(t for _, v in value.values for t in texts_in(v))]
    if isinstance(value, tuple):
        return [t for v in value for t in texts_in(v)]
    return []
