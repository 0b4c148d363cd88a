"""What the Spielleitung's decisions say – what was done, or why it was refused – in German
(the command line's words) and in Dutch (the console of a Weerwolven round): a key and its
values (`Said`), worded by the language's table (`WORDS`).

    raise ControlError(said("control.counts_already", command=17, text="!Lynch Anna"))
    str(error)             # "Befehl 17 (!Lynch Anna) gilt bereits." – the command line
    error.words("nl")      # "Opdracht 17 (!Lynch Anna) telt al." – a Dutch round's console

A value is a name or a number, or a `Said` itself (worded first, in the same language): a
kind of intervention, a hint. The tables have the same keys and the same fields
(tests/spielleitung/test_wording.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wolfbot.spielleitung.words import WORDS

__all__ = ["Said", "WORDS", "hint", "said", "spoken"]


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence of the Spielleitung's tools by its key and values."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def words(self, language: str = "de") -> str:
        """The sentence in `language` ("de", "nl"; another: German)."""
        table = WORDS.get(language, WORDS["de"])
        values = {
            name: value.words(language) if isinstance(value, Said) else value
            for name, value in self.values
        }
        return table[self.key].format(**values)


def said(key: str, /, **values: Any) -> Said:
    """The `Said` of `key` with `values`."""
    return Said(key, tuple(values.items()))


def hint(near: list[str]) -> Said:
    """ " Meintest du „A“ oder „B“?" for the close names (`config_errors.close_names`);
    nothing if there are none."""
    if not near:
        return said("hint.none")
    if len(near) == 1:
        return said("hint.one", name=near[0])
    return said("hint.two", first=near[0], second=near[1])


def spoken(lines: tuple[Said, ...], language: str = "de") -> str:
    """Several sentences, one per line."""
    return "\n".join(line.words(language) for line in lines)
