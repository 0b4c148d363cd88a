"""Immutable values – the events, a `Text`, a `Phase`, the facts of the rules' models: dataclasses
that mypy checks as frozen (no assignment to a field type-checks: `dataclass_transform`'s
`frozen_default`), built without the cost of frozen's `__init__` – it sets every field through
`object.__setattr__`, three times as slow, and a game makes a thousand of them (mypyc leaves a
dataclass's `__init__` interpreted). Equal fields, equal hash (`unsafe_hash`), as frozen gives.

    @value
    class PhaseBegan(Event):
        phase: str
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def value(cls: type[T], /) -> type[T]: ...
@overload
def value(*, order: bool = False) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(
    cls: type[T] | None = None, /, *, order: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """`@dataclass(frozen=True, slots=True)` for mypy; at run time its fields are set as a
    plain dataclass's."""

    def make(plain: type[T]) -> type[T]:
        return dataclass(slots=True, unsafe_hash=True, order=order)(plain)

    return make if cls is None else make(cls)
