"""pydantic's validation errors of `config.toml` → German lines with the file, the line and
the key, and for an unknown key the key it probably means (one line):

    config.toml, Zeile 23: forum.poll_secnds: unbekannter Schlüssel „poll_secnds“ –
    Meintest du „poll_seconds“?

The line is found in the file's text (tomllib gives no positions): the line of the key
under its table header (`[forum]`, `[forum.limits]`), else the header's line (a missing key,
a whole table wrong), else none."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from wolfbot.spelling import close_names

_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)\s*=")

# pydantic's error types → German ({…} from the error's ctx)
_WORDS = {
    "missing": "fehlt (ohne diesen Schlüssel geht es nicht)",
    "greater_than": "muss größer als {gt} sein",
    "greater_than_equal": "muss mindestens {ge} sein",
    "less_than": "muss kleiner als {lt} sein",
    "less_than_equal": "darf höchstens {le} sein",
    "int_type": "muss eine ganze Zahl sein",
    "int_parsing": "muss eine ganze Zahl sein",
    "int_from_float": "muss eine ganze Zahl sein",
    "float_type": "muss eine Zahl sein",
    "float_parsing": "muss eine Zahl sein",
    "bool_type": "muss true oder false sein",
    "bool_parsing": "muss true oder false sein",
    "string_type": 'muss ein Text in Anführungszeichen sein ("…")',
    "string_too_short": "darf nicht leer sein",
    "list_type": "muss eine Liste sein ([…])",
    "dict_type": "muss eine Tabelle sein ([…] oder {…})",
    "model_type": "muss eine Tabelle sein ([…] oder {…})",
    "model_attributes_type": "muss eine Tabelle sein ([…] oder {…})",
    "path_type": "muss ein Dateiname sein (ein Text)",
    "date_type": "muss ein Datum JJJJ-MM-TT sein",
    "date_parsing": "muss ein Datum JJJJ-MM-TT sein",
    "date_from_datetime_parsing": "muss ein Datum JJJJ-MM-TT sein",
    "datetime_type": "muss ein Zeitpunkt JJJJ-MM-TT HH:MM sein",
    "datetime_parsing": "muss ein Zeitpunkt JJJJ-MM-TT HH:MM sein",
    "time_type": "muss eine Uhrzeit HH:MM sein",
}


def did_you_mean(name: str, names: Iterable[str], *, n: int = 2, cutoff: float = 0.6) -> str:
    """The Spielleitung's hint " Meintest du „A“ oder „B“?" with the `close_names`; "" if
    none is close (a player's hint is the catalog's: `parse.no_such_name`)."""
    near = close_names(name, names, n=n, cutoff=cutoff)
    return f" Meintest du {' oder '.join(f'„{known}“' for known in near)}?" if near else ""


def explain(
    errors: Sequence[Any], path: Path, text: str | None, model: type[BaseModel]
) -> list[str]:
    """One German line per error of `model.model_validate` on the TOML of `path`."""
    lines: list[tuple[int, str]] = []
    for error in errors:
        loc = tuple(error.get("loc", ()))
        ctx = error.get("ctx") or {}
        if ctx.get("key"):  # a house rule names itself: its line is the option's
            loc = (*loc, ctx["key"])
        message = _message(error, loc, model)
        where = ".".join(str(part) for part in loc) or "(oberste Ebene)"
        line = _line(text, loc) if text is not None else None
        at = f"{path}, Zeile {line}" if line else str(path)
        lines.append((line or 0, f"{at}: {where}: {message}"))
    return [text for _, text in sorted(lines, key=lambda pair: pair[0])]


def _message(error: Any, loc: tuple, model: type[BaseModel]) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else "?"
        known = _fields(model, loc[:-1])
        near = close_names(key, known, n=1, cutoff=0.6)
        hint = f" – Meintest du „{near[0]}“?" if near else ""
        listed = f" Bekannt: {', '.join(known)}." if known and not near else ""
        return f"unbekannter Schlüssel „{key}“{hint}{listed}"
    if kind in _WORDS:
        shown = {k: f"{v:g}" if isinstance(v, int | float) else v for k, v in ctx.items()}
        try:
            return _WORDS[kind].format(**shown)
        except (KeyError, IndexError):
            return _WORDS[kind]
    if kind == "value_error":  # a plain ValueError of a validator: its own words
        return str(ctx.get("error", error.get("msg", "")))
    # our own PydanticCustomErrors already speak German; anything else: pydantic's words
    return str(error.get("msg", ""))


def _fields(model: type[BaseModel], loc: tuple) -> list[str]:
    """The keys the table at `loc` may hold (by their TOML names)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(str(part)) or next(
            (f for f in getattr(current, "model_fields", {}).values() if f.alias == part), None
        )
        if field is None:
            return []
        current = _model_of(field.annotation)
        if current is None:
            return []
    fields = getattr(current, "model_fields", {})
    return sorted(f.alias or name for name, f in fields.items() if not f.exclude)


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):  # `X | None`
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
    return None


def _line(text: str, loc: tuple) -> int | None:
    """The 1-based line of the key `loc` (its table header for a table or a missing key)."""
    parts = [str(p) for p in loc if not isinstance(p, int)]
    if not parts:
        return None
    table: list[str] = []
    header_lines: dict[tuple[str, ...], int] = {}
    key_lines: dict[tuple[str, ...], int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(raw)
        if header:
            table = [p.strip().strip("\"'") for p in header.group(1).split(".")]
            header_lines.setdefault(tuple(table), number)
            continue
        key = _KEY.match(raw)
        if key:
            key_lines.setdefault((*table, key.group(1).strip("\"'")), number)
    for end in range(len(parts), 0, -1):
        found = key_lines.get(tuple(parts[:end])) or header_lines.get(tuple(parts[:end]))
        if found:
            return found
    return None
