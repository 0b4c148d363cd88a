"""Text normalisation shared by the message parser and name matching (pure)."""

from __future__ import annotations

import re
import unicodedata

_SPACES = "\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
_TRANSLATE = {ord(c): " " for c in _SPACES} | {
    ord(c): None for c in "\u200b\u200c\u200d\u2060\ufeff\u00ad"
}
_RUNS = re.compile(r"[ \t]+")


def normalize_text(s: str) -> str:
    """NFC; Unicode space separators -> " "; zero-width chars and soft hyphen removed;
    runs of spaces/tabs collapsed; stripped."""
    s = unicodedata.normalize("NFC", s.translate(_TRANSLATE))
    return _RUNS.sub(" ", s).strip()


def name_key(name: str) -> str:
    """The key two spellings of a name share: normalised, case-folded, single spaces."""
    return " ".join(normalize_text(name).casefold().split())
