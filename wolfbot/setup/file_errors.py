"""A file that cannot be read, and a TOML file that is not TOML, said in German – one
sentence with what to do, without the operating system's or tomllib's English:

    config.toml, Zeile 12 (title = "Die Runde): der Text in Anführungszeichen endet nicht
    in dieser Zeile – setze das schließende Anführungszeichen (") ans Ende des Textes.

Light: the standard library only (`wolfbot status` finds its store through it).

`file_trouble` says why an `OSError` happened (by its errno, not its English `strerror`),
`config_unreadable` what to do about a configuration file that cannot be read;
`toml_trouble` translates tomllib's message ("Illegal character '\\n' (at line 12, column
18)") by its pattern and finds the line in the file's text."""

from __future__ import annotations

import ast
import errno
import re
import tomllib
from pathlib import Path

# errno → what is wrong with the file (after its name)
_OS_WORDS = {
    errno.ENOENT: "gibt es nicht",
    errno.EACCES: "darf wolfbot nicht lesen oder schreiben (Zugriffsrechte)",
    errno.EPERM: "darf wolfbot nicht lesen oder schreiben (Zugriffsrechte)",
    errno.EISDIR: "ist ein Ordner, keine Datei",
    errno.ENOTDIR: "liegt in einem Ordner, der eine Datei ist",
    errno.ENOSPC: "lässt sich nicht schreiben: der Datenträger ist voll",
    errno.EROFS: "lässt sich nicht schreiben: der Datenträger ist schreibgeschützt",
    errno.ENAMETOOLONG: "hat einen zu langen Namen",
}


def file_trouble(error: OSError) -> str:
    """What is wrong with the file of `error` in German, after its name: "gibt es nicht",
    "ist ein Ordner, keine Datei", …; "lässt sich nicht lesen oder schreiben" else."""
    return _OS_WORDS.get(error.errno or 0, "lässt sich nicht lesen oder schreiben")


def config_unreadable(path: Path, error: OSError | UnicodeDecodeError) -> str:
    """The configuration file `path` cannot be read: why, and what to do."""
    if isinstance(error, FileNotFoundError):
        return (
            f"Die Konfigurationsdatei {path} gibt es nicht – `wolfbot init {path}` legt sie "
            "aus der Vorlage an, oder gib den Pfad einer vorhandenen an."
        )
    if isinstance(error, IsADirectoryError):
        return (
            f"{path} ist ein Ordner, keine Datei – gib die Konfigurationsdatei an, "
            f"z. B. {path / 'config.toml'}."
        )
    if isinstance(error, UnicodeDecodeError):
        return (
            f"{path} ist nicht in UTF-8 gespeichert – speichere die Datei im Editor als UTF-8 "
            "und versuche es noch einmal."
        )
    return (
        f"Die Konfigurationsdatei {path} {file_trouble(error)} – prüfe die Datei und ihre "
        "Rechte (ls -l)."
    )


# tomllib's messages (Python 3.11–3.14) → what is wrong – what to do; {0} stands for the
# message's first group
_TOML_WORDS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"Illegal character '\\n'"),
        "der Text in Anführungszeichen endet nicht in dieser Zeile – setze das schließende "
        'Anführungszeichen (") ans Ende des Textes',
    ),
    (
        re.compile(r"Found invalid character '\\n'"),
        "der Text in einfachen Anführungszeichen endet nicht in dieser Zeile – setze das "
        "schließende ' ans Ende des Textes",
    ),
    (
        re.compile(r"Unterminated string"),
        "der Text in Anführungszeichen ist nicht abgeschlossen – setze das schließende "
        'Anführungszeichen (")',
    ),
    (
        re.compile(r"Expected '(\"\"\"|''')'"),
        "der mehrzeilige Text ist nicht abgeschlossen – schließe ihn mit {0}",
    ),
    (
        re.compile(r"(?:Illegal|Found invalid) character (.+)"),
        "das Zeichen {0} ist hier nicht erlaubt – lösche es",
    ),
    (
        re.compile(r"Invalid value"),
        'hier steht kein gültiger Wert – Text gehört in Anführungszeichen ("…"); ohne sie '
        "gehen nur Zahlen, true/false, Daten und Listen […]",
    ),
    (
        re.compile(r"Invalid statement"),
        "diese Zeile ist weder „schlüssel = wert“ noch ein Abschnitt „[name]“ – berichtige "
        "sie oder mache sie mit # zum Kommentar",
    ),
    (
        re.compile(r"Expected newline or end of document after a statement"),
        "nach dem Wert steht noch etwas – ein Kommentar beginnt mit #, und jeder weitere "
        "Schlüssel gehört in eine eigene Zeile",
    ),
    (
        re.compile(r"Expected '=' after a key"),
        "nach dem Schlüssel fehlt das Gleichheitszeichen – schreibe „schlüssel = wert“",
    ),
    (
        re.compile(r"Invalid initial character for a key part"),
        "hier fehlt der Schlüssel – er besteht aus Buchstaben, Ziffern, _ und -, vor dem "
        "Gleichheitszeichen",
    ),
    (
        re.compile(r"Expected '\]' at the end of a table declaration"),
        "der Abschnittsname ist nicht mit ] geschlossen – schreibe „[name]“",
    ),
    (
        re.compile(r"Expected '\]\]' at the end of an array declaration"),
        "der Abschnittsname ist nicht mit ]] geschlossen – schreibe „[[name]]“",
    ),
    (
        re.compile(r"Cannot declare (.+) twice"),
        "den Abschnitt „[{0}]“ gibt es schon weiter oben – fasse beide zu einem zusammen",
    ),
    (
        re.compile(r"Cannot overwrite a value|Cannot mutate immutable namespace (.+)"),
        "dieser Schlüssel steht schon weiter oben im selben Abschnitt – lösche eine der beiden "
        "Zeilen",
    ),
    (
        re.compile(r"Cannot redefine namespace (.+)"),
        "„{0}“ ist schon weiter oben festgelegt – lösche eine der beiden Angaben",
    ),
    (
        re.compile(r"Unclosed array"),
        "die Liste ist nicht geschlossen – trenne die Einträge durch Kommas und schließe mit ]",
    ),
    (
        re.compile(r"Unclosed inline table"),
        "die Tabelle in geschweiften Klammern ist nicht geschlossen – trenne die Einträge "
        "durch Kommas und schließe mit }",
    ),
    (
        re.compile(r"Duplicate inline table key (.+)"),
        "der Schlüssel {0} steht zweimal in den geschweiften Klammern – lösche einen",
    ),
    (
        re.compile(r"Unescaped '\\\\' in a string"),
        "ein \\ im Text muss doppelt stehen (\\\\) – oder setze den Text in einfache "
        "Anführungszeichen",
    ),
    (
        re.compile(r"Invalid hex value|Escaped character is not a Unicode scalar value"),
        "eine \\u-Angabe im Text ist ungültig – schreibe das Zeichen selbst",
    ),
    (
        re.compile(r"Invalid date or datetime"),
        "das ist kein gültiges Datum – schreibe es als JJJJ-MM-TT, mit Uhrzeit in "
        'Anführungszeichen ("JJJJ-MM-TT HH:MM")',
    ),
]
_AT = re.compile(r"^(?P<what>.*?)\s*\(at (?:line (?P<line>\d+), column \d+|end of document)\)$")
SHOWN = 60  # characters of the line shown with the error


def toml_trouble(error: tomllib.TOMLDecodeError, path: Path, text: str) -> str:
    """tomllib's `error` on `path` (whose text is `text`) as one German sentence with the
    line and its start: "config.toml, Zeile 12 (title = "x): … – …."."""
    said = str(error)
    found = _AT.match(said.splitlines()[0] if said else "")
    what = getattr(error, "msg", None) or (found.group("what") if found else said)
    line = getattr(error, "lineno", None) or (
        int(found.group("line")) if found and found.group("line") else None
    )
    lines = text.replace("\r\n", "\n").split("\n")
    if line is None:  # the end of the file: its last line that says something
        line = next((n for n in range(len(lines), 0, -1) if lines[n - 1].strip()), 1)
    shown = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    if len(shown) > SHOWN:
        shown = shown[: SHOWN - 1] + "…"
    at = f"{path}, Zeile {line}" + (f" ({shown})" if shown else "")
    return f"{at}: {_toml_words(what)}."


def _toml_words(what: str) -> str:
    for pattern, words in _TOML_WORDS:
        found = pattern.search(what)
        if found:
            named = found.group(1) if found.groups() else None
            return words.replace("{0}", _key(named) if named else "")
    return (
        "hier stimmt die Schreibweise von TOML nicht – vergleiche die Zeile mit config.example.toml"
    )


def _key(named: str) -> str:
    """tomllib names a key as a tuple ("('game', 'options')") or a quoted string."""
    try:
        value = ast.literal_eval(named)
    except (ValueError, SyntaxError):
        return named
    if isinstance(value, tuple):
        return ".".join(map(str, value))
    return str(value)
