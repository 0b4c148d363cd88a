"""Small German wording helpers for posts."""

from __future__ import annotations

ORDINALS = (
    "ersten zweiten dritten vierten fünften sechsten siebten achten neunten zehnten elften "
    "zwölften dreizehnten vierzehnten fünfzehnten sechzehnten siebzehnten achtzehnten "
    "neunzehnten zwanzigsten"
).split()


def ordinal(number: int) -> str:
    """2 → "zweiten" (as in "Morgen des zweiten Tages")."""
    return ORDINALS[number - 1] if 1 <= number <= len(ORDINALS) else f"{number}."


def names(items: list[str] | tuple[str, ...]) -> str:
    """["A", "B", "C"] → "A, B und C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} und {items[-1]}"
