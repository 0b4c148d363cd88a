"""What a deadline's name (the store's `schedule.name`) says, read without the engine: its
kind, the phase a phase deadline begins, the deadline a reminder is about. The table of
names is in `parts`; `Deadline.parse` builds on `kind_of`. Standard library only:
`wolfbot status` reads the names with it and stays quick to start."""

from __future__ import annotations

from typing import Literal

Kind = Literal["phase", "runoff", "zwischenstand", "reminder", "question", "other"]
# the phases of a round in game order (the engine's `PHASE_ORDER`; a test checks they agree)
PHASES = ("night", "day", "dusk")
# the phases of a day (the engine's `DAY_KINDS`: with a Stichwahl)
DAY_KINDS = ("day", "dusk", "runoff")
REMINDER = "reminder "
RUNOFF = "stichwahl"  # "stichwahl 2": the end of day 2's Stichwahl


def kind_of(name: str) -> Kind:
    """The kind of the deadline `name` ("day 2" → "phase", "reminder dusk 2" → "reminder");
    "other" for a name the table does not know – "night 1" too: the round starts with it."""
    words = name.split(" ", 1)
    if name.startswith(REMINDER) and len(words) == 2:
        return "reminder"
    if words[0] == "question" and len(words) == 2:
        return "question"
    if words[0] == RUNOFF and len(words) == 2 and words[1].isdigit() and int(words[1]) >= 1:
        return "runoff"
    if words[0] == "zwischenstand" and len(words) == 2:
        day, _, number = words[1].partition("/")
        if day.isdigit() and number.isdigit() and int(day) >= 1:
            return "zwischenstand"
    if words[0] in PHASES and len(words) == 2 and words[1].isdigit():
        begun = int(words[1])
        if begun >= 1 and (begun, PHASES.index(words[0])) > (1, 0):  # not night 1
            return "phase"
    return "other"


def begins(name: str) -> str | None:
    """The phase a phase deadline begins, as the engine writes it ("day 2"); None else."""
    if kind_of(name) != "phase":
        return None
    kind, number = name.split(" ", 1)
    return f"{kind} {int(number)}"


def reminder_of(name: str) -> str | None:
    """The deadline a reminder is about ("dusk 2", "question 7"); None for no reminder."""
    return name.removeprefix(REMINDER) if kind_of(name) == "reminder" else None
