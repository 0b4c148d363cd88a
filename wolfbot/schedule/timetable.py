"""When each phase of a round begins and ends, in the forum's time zone (pure: no clock, no I/O).

    timetable = Timetable.from_config(config, start=roles_sent_at)
    timetable.ends("dusk 1")            # UTC: when the Abend is due (= night 2 begins)
    timetable.deadlines_through("dusk 3")   # every deadline of the first three days
    timetable.days(3)                   # for `PostContext.timetable`

The round begins with night 1 at `start` (the moment the roles are sent); then day 1 (the Tag
der Bürgermeisterwahl, on `first_day`), dusk 1 (Dämmerung), night 2, day 2 … as the engine's
`Phase` goes. A phase ends when the next begins: night N at day N's begin, day N at dusk N,
dusk N at night N+1 (the Abend).

**Deadline names** say what begins (`day 2`, `dusk 2`, `night 3`), or what happens
(`zwischenstand 2/1`, `reminder dusk 2`, `question 7`): see `wolfbot.schedule.parts`,
whose names are re-exported here.

**Local time.** Wall times stay: 19:00 is 19:00 local on both sides of a daylight-saving
change, so the UTC instant moves by the change (`LocalTimetable`, via
`wolfbot.posts.context.daily_schedule`). A local time that does not exist or exists twice on
the day of a change is resolved with `fold=0` (PEP 495): a time in the spring gap is moved
forward by the gap (02:30 Europe/Berlin on the last Sunday of March is 03:30 CEST), a time
in the autumn overlap is its first occurrence (02:30 on the last Sunday of October is
02:30 CEST, 00:30 UTC). Zwischenstände count real elapsed hours from the day's begin.

**Compressed time** (the demo): `speed=86400` maps every moment `t` of the round to
`start + (t - start) / speed` – a day of the round lasts one second, with the same
proportions; or `FixedTimetable` gives each night, day and dusk an explicit length.
Durations of the `Cadence` (reminder leads, Zwischenstand interval, question time) are in
round time and shrink by the same `speed`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from wolfbot.engine.state import PHASE_ORDER, Phase
from wolfbot.posts.context import ScheduleDay, daily_schedule
from wolfbot.schedule.names import RUNOFF
from wolfbot.schedule.parts import (
    Cadence,
    DayTimes,
    Deadline,
    Kind,
    PhaseLike,
    as_phase,
    as_utc,
    phase_at_index,
    phase_index,
    previous_phase,
    question_name,
    reminder_name,
    zwischenstand_name,
)

if TYPE_CHECKING:
    from wolfbot.setup.config import Config

__all__ = [
    "Cadence",
    "DayTimes",
    "Deadline",
    "FixedTimetable",
    "Kind",
    "LocalTimetable",
    "PhaseLike",
    "Timetable",
    "as_phase",
    "phase_at_index",
    "phase_index",
    "previous_phase",
    "question_name",
    "reminder_name",
    "zwischenstand_name",
]

_MAX_PHASES = 3 * 400  # phase_at gives up after 400 days


# -- timetables --------------------------------------------------------------------------------
class Timetable(ABC):
    """The round's times (UTC). Subclasses say when each phase begins in round time
    (`_begins`); compression (`speed`) and everything derived is here."""

    start: datetime
    zone: tzinfo
    cadence: Cadence
    speed: float
    # the ruleset's phases (Wolf Village has no Dämmerung: a day ends when the night begins)
    phases: tuple[str, ...]

    @abstractmethod
    def _begins(self, phase: Phase) -> datetime:
        """When `phase` begins, in round time (before compression), UTC."""

    @staticmethod
    def from_config(
        config: Config,
        start: datetime,
        *,
        first_day: date | None = None,
        cadence: Cadence | None = None,
        speed: float = 1.0,
        phases: tuple[str, ...] = PHASE_ORDER,
    ) -> LocalTimetable:
        """The round's timetable from `[game] timezone` and `[schedule]` (`first_day`, if
        the section has it, unless given here)."""
        section = config.schedule
        return LocalTimetable(
            start=start,
            zone=config.game.zone,
            times=DayTimes.from_config(section),
            first_day=first_day or getattr(section, "first_day", None),
            cadence=cadence or Cadence.from_config(section),
            speed=speed,
            phases=phases,
        )

    def _out(self, moment: datetime) -> datetime:
        return moment if self.speed == 1 else self.start + (moment - self.start) / self.speed

    def _scaled(self, duration: timedelta) -> timedelta:
        return duration if self.speed == 1 else duration / self.speed

    def _check(self) -> None:
        if self.speed <= 0:
            raise ValueError(f"speed must be positive, not {self.speed}")
        earlier = phase_at_index(0)
        for index in range(1, 5):  # day 1 … day 2: each phase begins after the one before
            phase = phase_at_index(index)
            if self._begins(phase) <= self._begins(earlier):
                raise ValueError(f"{phase} would not begin after {earlier}: check the times")
            earlier = phase

    # phases
    def begins(self, phase: PhaseLike) -> datetime:
        """When the phase begins (UTC); night 1 begins at `start`."""
        return self._out(self._begins(as_phase(phase)))

    def ends(self, phase: PhaseLike) -> datetime:
        """When the phase ends (UTC) = when the next begins."""
        return self.begins(self.following(phase))

    def following(self, phase: PhaseLike) -> Phase:
        """The phase after `phase` in the ruleset's order."""
        return as_phase(phase).next(self.phases)

    def _played(self, first: int, last: int) -> list[Phase]:
        """The phases of the ruleset among the indices `first` … `last`."""
        phases = (phase_at_index(index) for index in range(first, last + 1))
        return [phase for phase in phases if phase.kind in self.phases]

    def phase_at(self, moment: datetime) -> Phase | None:
        """The phase running at `moment` by the clock (None before the start)."""
        moment = as_utc(moment)
        if moment < self.start:
            return None
        for phase in self._played(0, _MAX_PHASES - 1):
            if moment < self.ends(phase):
                return phase
        raise ValueError(f"{moment} is more than {_MAX_PHASES // 3} days after the start")

    def days(self, count: int) -> tuple[ScheduleDay, ...]:
        """Days 1 … count in the forum's time zone (for `PostContext.timetable`)."""
        out = []
        for number in range(1, count + 1):
            day, dusk, night = (
                self.begins(Phase(n, kind)).astimezone(self.zone)
                for n, kind in ((number, "day"), (number, "dusk"), (number + 1, "night"))
            )
            out.append(ScheduleDay(number, day, dusk, night))
        return tuple(out)

    # what happens inside a phase
    def zwischenstaende(self, day: int) -> tuple[datetime, ...]:
        """Day `day`'s Zwischenstände: every `zwischenstand_every` from the day's begin,
        strictly before the Dämmerung."""
        every = self.cadence.zwischenstand_every
        if every is None:
            return ()
        begin = self._begins(Phase(day, "day"))
        dusk = self._begins(self.following(Phase(day, "day")))  # or the night
        out, moment = [], begin + every
        while moment < dusk:
            out.append(self._out(moment))
            moment += every
        return tuple(out)

    def vote_reminder(self, day: int) -> datetime | None:
        """`vote_reminder` before the Dämmerung of day `day` (None: none, or before the day)."""
        return self._reminder(Phase(day, "day"), self.cadence.vote_reminder)

    def night_reminder(self, night: int) -> datetime | None:
        """`night_reminder` before night `night` ends (None: none, or before the night)."""
        return self._reminder(Phase(night, "night"), self.cadence.night_reminder)

    def _reminder(self, phase: Phase, lead: timedelta | None) -> datetime | None:
        if lead is None:
            return None
        moment = self._begins(self.following(phase)) - lead
        return self._out(moment) if moment > self._begins(phase) else None

    def runoff(self, phase: PhaseLike, began: datetime) -> Deadline:
        """The end of a Stichwahl that began at `began`: `runoff_time` (compressed) later,
        named `stichwahl N`."""
        value = Phase.parse(phase) if isinstance(phase, str) else phase
        at = as_utc(began) + self._scaled(self.cadence.runoff_time)
        return Deadline(f"{RUNOFF} {value.number}", at, "runoff", value)

    def question_deadline(
        self,
        asked_at: datetime,
        phase: PhaseLike | None = None,
        *,
        within: timedelta | None = None,
    ) -> datetime:
        """The answer is due `within` (default `question_time`, compressed) after
        `asked_at`, but no later than the end of `phase` if given – and not before
        `asked_at`."""
        asked_at = as_utc(asked_at)
        deadline = asked_at + self._scaled(within or self.cadence.question_time)
        if phase is not None:
            deadline = max(asked_at, min(deadline, self.ends(phase)))
        return deadline

    def question_reminder(
        self, asked_at: datetime, deadline: datetime, *, lead: timedelta | None = None
    ) -> datetime | None:
        """`question_reminder` before the deadline; None if that is not after the asking."""
        lead = lead or self.cadence.question_reminder
        if lead is None:
            return None
        moment = as_utc(deadline) - self._scaled(lead)
        return moment if moment > as_utc(asked_at) else None

    def question(
        self,
        key: int | str,
        asked_at: datetime,
        phase: PhaseLike | None = None,
        *,
        within: timedelta | None = None,
    ) -> list[Deadline]:
        """The deadlines of a question: `question <key>` and, if it fits, its reminder."""
        deadline = self.question_deadline(asked_at, phase, within=within)
        name = question_name(key)
        out = [Deadline(name, deadline, "question")]
        reminder = self.question_reminder(asked_at, deadline)
        if reminder is not None:
            out.insert(0, Deadline(reminder_name(name), reminder, "reminder"))
        return out

    # every deadline
    def deadlines(self, phase: PhaseLike, kinds: Collection[Kind] | None = None) -> list[Deadline]:
        """The deadlines due while `phase` runs, in order: Zwischenstände, the reminder,
        its end (named after the phase that begins then); only those of `kinds` if given
        (e.g. `("phase", "zwischenstand")` while nothing sends reminders)."""
        phase = as_phase(phase)
        following = self.following(phase)
        end = Deadline(str(following), self.ends(phase), "phase", phase)
        out = []
        if phase.kind == "day":
            out = [
                Deadline(zwischenstand_name(phase.number, k), moment, "zwischenstand", phase)
                for k, moment in enumerate(self.zwischenstaende(phase.number), start=1)
            ]
        reminder = (
            self.vote_reminder(phase.number)
            if phase.kind == "day"
            else self.night_reminder(phase.number)
            if phase.kind == "night"
            else None
        )
        if reminder is not None:
            out.append(Deadline(reminder_name(end.name), reminder, "reminder", phase))
        out.append(end)
        out = [d for d in out if kinds is None or d.kind in kinds]
        return sorted(out, key=lambda d: d.at)  # stable: the end stays last on a tie

    def deadlines_through(
        self,
        last: PhaseLike,
        first: PhaseLike = "night 1",
        kinds: Collection[Kind] | None = None,
    ) -> list[Deadline]:
        """Every deadline from phase `first` through `last`, in order (of `kinds`)."""
        out: list[Deadline] = []
        for phase in self._played(phase_index(first), phase_index(last)):
            out.extend(self.deadlines(phase, kinds))
        return out


@dataclass(frozen=True)
class LocalTimetable(Timetable):
    """Phases at the same local times every day in `zone` (the config's `[schedule]`).
    `first_day`: the date of day 1; default the first date on which the day begins after
    `start`. `start` and every result are UTC."""

    start: datetime
    zone: tzinfo
    times: DayTimes = field(default_factory=DayTimes)
    first_day: date | None = None
    cadence: Cadence = field(default_factory=Cadence)
    speed: float = 1.0
    phases: tuple[str, ...] = PHASE_ORDER

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "start", as_utc(self.start))
        if isinstance(self.zone, str):
            set_(self, "zone", ZoneInfo(self.zone))
        if self.first_day is None:
            local = self.start.astimezone(self.zone).date()
            if self._day(local).day_begins.astimezone(UTC) <= self.start:
                local += timedelta(days=1)
            set_(self, "first_day", local)
        if self._begins(Phase(1, "day")) <= self.start:
            raise ValueError(
                f"day 1 ({self.first_day}, {self.times.day_begins:%H:%M}) must begin after "
                f"the start {self.start.astimezone(self.zone):%Y-%m-%d %H:%M}"
            )
        self._check()

    def _day(self, on: date) -> ScheduleDay:
        return daily_schedule(
            on,
            self.zone,
            days=1,
            day_begins=self.times.day_begins,
            dusk_begins=self.times.dusk_begins,
            night_begins=self.times.night_begins,
        )[0]

    def _begins(self, phase: Phase) -> datetime:
        if phase.kind == "night" and phase.number == 1:
            return self.start
        assert self.first_day is not None
        number = phase.number - 1 if phase.kind == "night" else phase.number
        day = self._day(self.first_day + timedelta(days=number - 1))
        moment = {"day": day.day_begins, "dusk": day.dusk_begins, "night": day.night_begins}
        return moment[phase.kind].astimezone(UTC)

    def compressed(self, speed: float) -> LocalTimetable:
        """The same round `speed` times faster from the same start."""
        return replace(self, speed=speed)


_QUIET = Cadence(
    zwischenstand_every=None, vote_reminder=None, night_reminder=None, question_reminder=None
)


@dataclass(frozen=True)
class FixedTimetable(Timetable):
    """Explicit phase lengths from `start` (the demo: a round in seconds). `zone` only
    shows the times (`days`). The cadence's durations are not compressed (`speed` 1)."""

    start: datetime
    night: timedelta
    day: timedelta
    dusk: timedelta
    cadence: Cadence = field(default_factory=lambda: _QUIET)
    zone: tzinfo = UTC
    speed: float = 1.0
    phases: tuple[str, ...] = PHASE_ORDER

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", as_utc(self.start))
        for name in PHASE_ORDER:
            if getattr(self, name) <= timedelta(0):
                raise ValueError(f"the {name} must last a positive time")
        self._check()

    def _begins(self, phase: Phase) -> datetime:
        lengths = [self.night, self.day, self.dusk]
        cycles, within = divmod(phase_index(phase), len(PHASE_ORDER))
        return self.start + cycles * sum(lengths, timedelta()) + sum(lengths[:within], timedelta())
