"""An immutable value – an event, a `Text`, a `Phase`, a facts record – is its own copy: a
copied game state (or a copied model that holds one) shares it instead of rebuilding it, and
a compiled frozen dataclass could not be rebuilt by `copy.deepcopy` anyway."""

from __future__ import annotations

from typing import Self


class Immutable:
    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self
