"""How two spellings of a name or of a forum text are made alike: Unicode normalisation,
the key a name is compared by, the known names closest to a misspelt one.

A leaf: it imports nothing of wolfbot, so every package may use it – the engine (role and
player names), the reading of posts, the forum client and the store agree on one spelling.
It holds no words of any language."""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable

_SPACES = "\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
_TRANSLATE = {ord(c): " " for c in _SPACES} | {
    ord(c): None for c in "\u200b\u200c\u200d\u2060\ufeff\u00ad"
}
_TRANSLATED = re.compile("[" + "".join(map(chr, _TRANSLATE)) + "]")
_RUNS = re.compile(r"[ \t]+")


def normalize_text(s: str) -> str:
    """NFC; Unicode space separators -> " "; zero-width chars and soft hyphen removed;
    runs of spaces/tabs collapsed; stripped. (Each step only where it changes something:
    the text of a post is normalised line by line and box by box, and `translate` with
    its table costs some µs even on a text it leaves alone.)"""
    if _TRANSLATED.search(s):
        s = s.translate(_TRANSLATE)
    if not s.isascii():
        s = unicodedata.normalize("NFC", s)
    if "\t" in s or "  " in s:
        s = _RUNS.sub(" ", s)
    return s.strip()


@functools.lru_cache(maxsize=8192)  # names recur: a round compares a few dozen, often
def name_key(name: str) -> str:
    """The key two spellings of a name share: normalised, case-folded, single spaces."""
    return " ".join(normalize_text(name).casefold().split())


def find_name(name: str, names: Iterable[str]) -> str | None:
    """The one of `names` spelled like `name` (same `name_key`), if any."""
    key = name_key(name)
    return next((n for n in names if name_key(n) == key), None)


def close_names(name: str, names: Iterable[str], *, n: int = 2, cutoff: float = 0.6) -> list[str]:
    """At most `n` of `names` most like `name` (compared by `name_key`), best first."""
    by_key = {name_key(known): known for known in names}
    near = difflib.get_close_matches(name_key(name), list(by_key), n=n, cutoff=cutoff)
    return [by_key[key] for key in near]
