"""What wolfbot changes in Typer for its command line (`install()`, called by `wolfbot.cli`):

- **German words.** Typer 0.29 carries its own copy of click (`typer._click`) whose words
  are fixed English strings, not gettext; Typer's help panels (`typer.rich_utils`) have
  theirs as module constants. `install` sets the German ones where Typer reads them: the
  usage line's prefix (the help formatter), the `--help` option's help, the help panels'
  titles and marks (when `typer.rich_utils` is first imported: it is heavy, and only help
  and errors need it), and the error messages (`ClickException.format_message` and the
  subclasses that word their own – `german` translates them).
- **Plain values without pydantic.** Typer converts every option's value with a pydantic
  TypeAdapter; importing pydantic and building the adapters costs a Spielleitung's command
  about 0.15 s. A `str`, `int`, `Path` or `bool` parameter without constraints is
  converted here directly (a wrong number: a German message); anything else goes to Typer
  as before.

Cheap: nothing heavy is imported (`benchmarks/cli_startup.py`)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from typer import _click, core
from typer import _coercion as coercion

USAGE = "Aufruf: "
# the usage line's placeholders (click's `options_metavar`, Typer's `subcommand_metavar`)
METAVARS = {"[OPTIONS]": "[OPTIONEN]", "COMMAND [ARGS]...": "BEFEHL [ARGUMENTE]..."}
HELP = "diese Hilfe zeigen und beenden"
# typer.rich_utils' constants, in German
RICH_WORDS = {
    "ARGUMENTS_PANEL_TITLE": "Argumente",
    "OPTIONS_PANEL_TITLE": "Optionen",
    "COMMANDS_PANEL_TITLE": "Befehle",
    "ERRORS_PANEL_TITLE": "Fehler",
    "ABORTED_TEXT": "Abgebrochen.",
    "RICH_HELP": "Hilfe: [blue]'{command_path} {help_option}'[/]",
    "DEPRECATED_STRING": "(veraltet) ",
    "DEFAULT_STRING": "[Standard: {}]",
    "ENVVAR_STRING": "[Umgebungsvariable: {}]",
    "REQUIRED_LONG_STRING": "[nötig]",
}
# click's and Typer's error messages: (English pattern, German), applied in order (compiled
# when an error is shown: re caches them)
MESSAGES = (
    (r"^No such command (.+?)\.", r"Es gibt keinen Befehl \1."),
    (r"^No such option: (\S+)", r"Es gibt keine Option \1"),
    (r"\(Possible options: (.*)\)$", r"(möglich: \1)"),
    (r"\.? ?Did you mean (.*)\?$", r". Meintest du \1?"),
    (r"^Missing argument (.+?)\.", r"Das Argument \1 fehlt."),
    (r"^Missing option (.+?)\.", r"Die Option \1 fehlt."),
    (r"^Missing parameter:? ?(.*?)\.?$", r"Eine Angabe fehlt: \1"),
    (r"^Missing command\.", r"Welcher Befehl? Es fehlt einer."),
    (r"^Invalid value for (.+?): ", r"Ungültiger Wert für \1: "),
    (r"^Invalid value: ", r"Ungültiger Wert: "),
    (r"^Got unexpected extra argument(?:\(s\)|s)? \((.*)\)$", r"Unerwartete Angaben: \1"),
    (r"^Option (.+?) does not take a value\.", r"Die Option \1 nimmt keinen Wert."),
    (r"^Option (.+?) requires an argument\.", r"Die Option \1 braucht einen Wert."),
    (r"^Option (.+?) requires (\d+) arguments\.", r"Die Option \1 braucht \2 Werte."),
)


def german(message: str) -> str:
    """An error message of click or Typer in German (unknown ones stay as they are)."""
    for pattern, replacement in MESSAGES:
        message = re.sub(pattern, replacement, message)
    return message


def install() -> None:
    """German words and plain values for every Typer command of this process (once)."""
    if getattr(core, "_wolfbot_installed", False):
        return
    core._wolfbot_installed = True  # type: ignore[attr-defined]
    _click.core.Context.formatter_class = GermanFormatter
    _wrap(_click.core.Command, "get_help_option", _german_help_option)
    for kind in (
        _click.exceptions.ClickException,
        _click.exceptions.BadParameter,
        _click.exceptions.MissingParameter,
        _click.exceptions.NoSuchOption,
    ):
        _wrap(kind, "format_message", _german_message)
    _wrap(core._TyperParameter, "get_runtime_param", _plain_runtime_param)
    if "typer.rich_utils" in sys.modules:
        _german_rich(sys.modules["typer.rich_utils"])
    else:
        sys.meta_path.insert(0, _AfterImport("typer.rich_utils", _german_rich))


# -- the words ---------------------------------------------------------------------------------
class GermanFormatter(_click.formatting.HelpFormatter):
    """click's help formatter with a German usage line ("Aufruf: wolfbot [OPTIONEN] …")."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        for english, word in METAVARS.items():
            args = args.replace(english, word)
        super().write_usage(prog, args, USAGE if prefix is None else prefix)


def _german_help_option(original: Callable[..., Any]) -> Callable[..., Any]:
    def get_help_option(self: Any, ctx: Any) -> Any:
        option = original(self, ctx)
        if option is not None:
            option.help = HELP
        return option

    return get_help_option


def _german_message(original: Callable[..., Any]) -> Callable[..., Any]:
    def format_message(self: Any) -> Any:
        text = original(self)
        if isinstance(self, _click.exceptions.NoArgsIsHelpError):
            return text  # the help itself
        return german(text)

    return format_message


def _german_rich(module: ModuleType) -> None:
    for name, value in RICH_WORDS.items():
        setattr(module, name, value)
    highlighter = module.OptionHighlighter
    highlighter.highlights = [h.replace("Usage: ", USAGE) for h in highlighter.highlights]


class _AfterImport:
    """A finder on `sys.meta_path` that lets the normal import load `name`, then calls
    `then(module)` before anyone uses it; it removes itself at once."""

    def __init__(self, name: str, then: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.then = then

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec

        spec = find_spec(name)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        execute = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            execute(module)
            self.then(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _wrap(owner: type, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    """Set `owner.name` to `make(the original)` (the one `owner` has, maybe inherited)."""
    setattr(owner, name, make(getattr(owner, name)))


# -- plain values --------------------------------------------------------------------------------
PLAIN_PATH = {
    "exists": False,
    "file_okay": True,
    "dir_okay": True,
    "writable": False,
    "readable": True,
    "resolve_path": False,
    "allow_dash": False,
    "path_type": None,
}


def _plain(descriptor: Any) -> bool:
    """A `str`, `int`, `Path` or `bool` parameter without constraints (no parser, range,
    checks)."""
    info = descriptor.parameter_info
    kind = descriptor.annotation
    if descriptor.file_annotation is not None or getattr(info, "parser", None) is not None:
        return False
    if kind is str or kind is bool:  # a flag given or not: no conversion
        return True
    if kind is int:
        return info.min is None and info.max is None and not info.clamp
    if kind is Path:
        return all(getattr(info, key, None) == value for key, value in PLAIN_PATH.items())
    return False


class PlainValue(coercion.RuntimeParam):  # a frozen dataclass: (parameter_info, annotation)
    """A command line's text as a `str`, `int` or `Path`; a value of the right type as it
    is; anything else (a flag's text from the environment: "ja", "1") Typer converts."""

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        kind = self.annotation
        if isinstance(value, str) and kind is not bool:
            if kind is str:
                return value
            if kind is Path:
                return Path(value)
            try:
                return int(value)
            except ValueError:
                message = f"{value!r} ist keine ganze Zahl."
                raise _click.exceptions.BadParameter(message, ctx=ctx, param=param) from None
        if type(value) is kind or (kind is Path and isinstance(value, Path)):
            return value
        typer_own = coercion.build_runtime_param(param.type_descriptor)
        return typer_own._coerce_value(value, param=param, ctx=ctx)


def _plain_runtime_param(original: Callable[..., Any]) -> Callable[..., Any]:
    def get_runtime_param(self: Any) -> Any:
        if self._runtime_param is None and _plain(self.type_descriptor):
            descriptor = self.type_descriptor
            self._runtime_param = PlainValue(descriptor.parameter_info, descriptor.annotation)
        return original(self)

    return get_runtime_param
