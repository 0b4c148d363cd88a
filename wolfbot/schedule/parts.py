"""The parts of the round's schedule: phases in game order, deadlines and their names, the
local times of day and the cadence of Zwischenstände, reminders and questions (pure).

**Deadline names** (the store's `schedule.name`, unique per game) say what *begins*:

| name | due when | the bot |
|---|---|---|
| `day 2`, `dusk 2`, `night 3` | that phase begins (the running one ends) | `game.advance()` |
| `zwischenstand 2/1` | day 2's first Zwischenstand | posts it |
| `reminder dusk 2` | `vote_reminder` before `dusk 2` | reminds who has not voted |
| `reminder day 3` | `night_reminder` before `day 3` (night 3 ends) | reminds who has not acted |
| `question 7` | the answer of question 7 is due | lets the default/lot decide |
| `reminder question 7` | `question_reminder` before `question 7` | reminds the player |

Any other name may be scheduled (kind "other"). `Deadline.parse(name, at)` recovers kind and
phase from a stored name after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any

from wolfbot.engine.state import PHASE_ORDER, Phase
from wolfbot.schedule.names import REMINDER, Kind, kind_of

PhaseLike = Phase | str


def as_utc(moment: datetime) -> datetime:
    """An aware time in UTC; a naive one is refused."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: give an aware time")
    return moment.astimezone(UTC)


# -- phases ------------------------------------------------------------------------------------
def as_phase(phase: PhaseLike) -> Phase:
    value = Phase.parse(phase) if isinstance(phase, str) else phase
    if value.kind not in PHASE_ORDER or value.number < 1:
        raise ValueError(f"not a phase of the round: {value}")
    return value


def phase_index(phase: PhaseLike) -> int:
    """The phase's place in the round: night 1 → 0, day 1 → 1, dusk 1 → 2, night 2 → 3 …
    (`Phase`'s own ordering compares kinds alphabetically, not in game order)."""
    value = as_phase(phase)
    return (value.number - 1) * len(PHASE_ORDER) + PHASE_ORDER.index(value.kind)


def phase_at_index(index: int) -> Phase:
    if index < 0:
        raise ValueError(f"no phase before night 1: {index}")
    number, kind = divmod(index, len(PHASE_ORDER))
    return Phase(number + 1, PHASE_ORDER[kind])


def previous_phase(phase: PhaseLike, order: tuple[str, ...] = PHASE_ORDER) -> Phase | None:
    """The phase before `phase` in a ruleset's `order` (the Düsterliga's by default; without
    a Dämmerung the night follows the day)."""
    index = phase_index(phase)
    while index:
        index -= 1
        earlier = phase_at_index(index)
        if earlier.kind in order:
            return earlier
    return None


# -- names -------------------------------------------------------------------------------------
def zwischenstand_name(day: int, number: int) -> str:
    return f"zwischenstand {day}/{number}"


def reminder_name(of: str) -> str:
    return f"reminder {of}"


def question_name(key: int | str) -> str:
    return f"question {key}"


@dataclass(frozen=True, slots=True)
class Deadline:
    """A moment the bot acts at. `at` is UTC. `phase` is the phase running when it is due
    (for kind "phase": the one that ends; `begins` the one that begins); None when the name
    does not tell (questions, other names)."""

    name: str
    at: datetime
    kind: Kind
    phase: Phase | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", as_utc(self.at))

    @property
    def begins(self) -> Phase | None:
        return Phase.parse(self.name) if self.kind == "phase" else None

    @property
    def of(self) -> str | None:
        """The deadline a reminder is about ("dusk 2", "question 7")."""
        return self.name.removeprefix("reminder ") if self.kind == "reminder" else None

    @classmethod
    def parse(cls, name: str, at: datetime) -> Deadline:
        """Kind and phase from a stored name (see the module's table; `names.kind_of`)."""
        kind = kind_of(name)
        if kind == "reminder":
            return cls(name, at, "reminder", cls.parse(name.removeprefix(REMINDER), at).phase)
        if kind == "zwischenstand":
            day = int(name.split(" ", 1)[1].partition("/")[0])
            return cls(name, at, "zwischenstand", Phase(day, "day"))
        if kind == "phase":
            return cls(name, at, "phase", previous_phase(Phase.parse(name)))
        if kind == "runoff":
            return cls(name, at, "runoff", Phase(int(name.split(" ", 1)[1]), "runoff"))
        return cls(name, at, kind)


# -- settings ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DayTimes:
    """The local times of day (config `[schedule]`)."""

    day_begins: time = time(9, 0)
    dusk_begins: time = time(19, 0)
    night_begins: time = time(21, 0)

    @classmethod
    def from_config(cls, section: Any) -> DayTimes:
        return cls(section.day_begins, section.dusk_begins, section.night_begins)


def _hours(value: float | None) -> timedelta | None:
    return timedelta(hours=value) if value else None


@dataclass(frozen=True, slots=True)
class Cadence:
    """How often and how early the bot acts besides the phase ends (durations in round
    time; None: never). Config keys (`[schedule]`, hours): `zwischenstand_hours`,
    `vote_reminder_hours`, `night_reminder_hours`, `question_hours`,
    `question_reminder_hours`."""

    zwischenstand_every: timedelta | None = timedelta(hours=4)
    vote_reminder: timedelta | None = timedelta(hours=2)
    night_reminder: timedelta | None = timedelta(hours=2)
    question_time: timedelta = timedelta(hours=12)
    question_reminder: timedelta | None = timedelta(hours=2)
    # a Stichwahl after a tie (Wolf Village's `gleichstand: nochmal`: "eine kurze Stichwahl")
    runoff_time: timedelta = timedelta(hours=2)

    def __post_init__(self) -> None:
        for name in (
            "zwischenstand_every",
            "vote_reminder",
            "night_reminder",
            "question_time",
            "question_reminder",
            "runoff_time",
        ):
            value = getattr(self, name)
            if value is not None and value <= timedelta(0):
                raise ValueError(f"{name} must be positive (or None: never), not {value}")

    @classmethod
    def from_hours(
        cls,
        *,
        zwischenstand_hours: float | None = 4,
        vote_reminder_hours: float | None = 2,
        night_reminder_hours: float | None = 2,
        question_hours: float = 12,
        question_reminder_hours: float | None = 2,
        stichwahl_hours: float = 2,
    ) -> Cadence:
        """From hours as the config gives them; 0 or None: never."""
        if not question_hours or not stichwahl_hours:
            raise ValueError("question_hours and stichwahl_hours must be positive")
        return cls(
            _hours(zwischenstand_hours),
            _hours(vote_reminder_hours),
            _hours(night_reminder_hours),
            timedelta(hours=question_hours),
            _hours(question_reminder_hours),
            timedelta(hours=stichwahl_hours),
        )

    @classmethod
    def from_config(cls, section: Any) -> Cadence:
        """From the `[schedule]` section; keys it does not have keep their defaults."""
        defaults = {
            "zwischenstand_hours": 4,
            "vote_reminder_hours": 2,
            "night_reminder_hours": 2,
            "question_hours": 12,
            "question_reminder_hours": 2,
            "stichwahl_hours": 2,
        }
        return cls.from_hours(**{k: getattr(section, k, v) for k, v in defaults.items()})
