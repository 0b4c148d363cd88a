"""The schedule: phase ends in the forum's time zone (daylight-saving changes included),
Zwischenstände, reminders, question deadlines, compressed time
(`wolfbot.schedule.timetable`); the deadlines in the store across a restart and APScheduler
as their alarm clock (`wolfbot.schedule.jobs`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterator
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import Engine

from wolfbot.engine.state import DAY_KINDS, PHASE_ORDER, Phase
from wolfbot.posts.context import daily_schedule
from wolfbot.schedule import names
from wolfbot.schedule.jobs import Deadlines, DeadlineScheduler
from wolfbot.schedule.timetable import (
    Cadence,
    DayTimes,
    Deadline,
    FixedTimetable,
    LocalTimetable,
    Timetable,
    phase_at_index,
    phase_index,
)
from wolfbot.setup.config import parse_config
from wolfbot.store import db, records

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")


def local(zone: ZoneInfo, *args: int) -> datetime:
    return datetime(*args, tzinfo=zone)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


# a round whose roles are sent on Friday, 27 November 2026, 20:00 in Berlin (CET, UTC+1)
FRIDAY = local(BERLIN, 2026, 11, 27, 20, 0)
ROUND = LocalTimetable(start=FRIDAY, zone=BERLIN)


# -- phase ends --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("phase", "ends"),
    [
        ("night 1", utc(2026, 11, 28, 8)),  # Saturday 09:00: day 1 (Bürgermeisterwahl)
        ("day 1", utc(2026, 11, 28, 18)),  # 19:00 Dämmerung
        ("dusk 1", utc(2026, 11, 28, 20)),  # 21:00 Abend: night 2
        ("night 2", utc(2026, 11, 29, 8)),
        ("day 2", utc(2026, 11, 29, 18)),
        ("dusk 2", utc(2026, 11, 29, 20)),
        ("night 3", utc(2026, 11, 30, 8)),  # Monday
        ("dusk 5", utc(2026, 12, 2, 20)),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_phase_ends_of_a_round_starting_on_a_friday_evening(phase: str, ends: datetime) -> None:
    assert ROUND.first_day == date(2026, 11, 28)
    assert ROUND.begins("night 1") == FRIDAY
    assert ROUND.ends(phase) == ends
    assert ROUND.ends(phase) == ROUND.begins(Phase.parse(phase).next())


@pytest.mark.parametrize(
    ("start", "first_day"),
    [
        pytest.param(local(BERLIN, 2026, 11, 27, 20, 0), date(2026, 11, 28), id="evening"),
        pytest.param(local(BERLIN, 2026, 11, 28, 2, 0), date(2026, 11, 28), id="after-midnight"),
        pytest.param(local(BERLIN, 2026, 11, 28, 9, 0), date(2026, 11, 29), id="at-day-begin"),
    ],
)
def test_the_first_day_is_the_first_on_which_the_day_begins_after_the_start(
    start: datetime, first_day: date
) -> None:
    assert LocalTimetable(start=start, zone=BERLIN).first_day == first_day


def test_an_explicit_first_day_is_kept() -> None:
    later = LocalTimetable(start=FRIDAY, zone=BERLIN, first_day=date(2026, 11, 30))
    assert later.ends("night 1") == utc(2026, 11, 30, 8)  # a long first night


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"start": datetime(2026, 11, 27, 20)}, "naive", id="naive-start"),
        pytest.param({"first_day": date(2026, 11, 27)}, "must begin after", id="day-1-too-soon"),
        pytest.param(
            {"times": DayTimes(time(9), time(19), time(10))}, "night 2", id="night-after-next-day"
        ),
        pytest.param({"speed": 0}, "speed", id="no-speed"),
    ],
)
def test_a_timetable_that_cannot_be_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LocalTimetable(**{"start": FRIDAY, "zone": BERLIN} | kwargs)


@pytest.mark.parametrize("index", range(9))
def test_phase_index_follows_the_game_order(index: int) -> None:
    phase = phase_at_index(index)
    assert phase_index(phase) == index == phase_index(str(phase))
    if index:
        assert phase_index(phase_at_index(index - 1).next()) == index


def test_the_game_order() -> None:
    assert [str(phase_at_index(i)) for i in range(4)] == ["night 1", "day 1", "dusk 1", "night 2"]
    with pytest.raises(ValueError, match="not a phase"):
        phase_index("over")


@pytest.mark.parametrize(
    ("moment", "phase"),
    [
        (utc(2026, 11, 27, 18, 59), None),
        (utc(2026, 11, 27, 19), "night 1"),
        (utc(2026, 11, 28, 7, 59), "night 1"),
        (utc(2026, 11, 28, 8), "day 1"),
        (utc(2026, 11, 28, 18, 30), "dusk 1"),
        (utc(2026, 11, 29, 3), "night 2"),
    ],
    ids=lambda v: v.isoformat() if isinstance(v, datetime) else None,
)
def test_the_phase_running_at_a_moment(moment: datetime, phase: str | None) -> None:
    found = ROUND.phase_at(moment)
    assert (str(found) if found else None) == phase


# -- daylight saving ---------------------------------------------------------------------------
# Europe/Berlin: summer time ends Sunday 25 October 2026 (03:00 CEST → 02:00 CET) and
# begins Sunday 28 March 2027 (02:00 CET → 03:00 CEST).
OCTOBER = LocalTimetable(start=local(BERLIN, 2026, 10, 23, 20, 0), zone=BERLIN)
MARCH = LocalTimetable(start=local(BERLIN, 2027, 3, 26, 20, 0), zone=BERLIN)


@pytest.mark.parametrize(
    ("timetable", "phase", "begins_utc", "local_time"),
    [
        pytest.param(OCTOBER, "day 1", utc(2026, 10, 24, 7), "09:00", id="oct-day-1-CEST"),
        pytest.param(OCTOBER, "dusk 1", utc(2026, 10, 24, 17), "19:00", id="oct-dusk-1-CEST"),
        pytest.param(OCTOBER, "night 2", utc(2026, 10, 24, 19), "21:00", id="oct-night-2-CEST"),
        pytest.param(OCTOBER, "day 2", utc(2026, 10, 25, 8), "09:00", id="oct-day-2-CET"),
        pytest.param(OCTOBER, "dusk 2", utc(2026, 10, 25, 18), "19:00", id="oct-dusk-2-CET"),
        pytest.param(MARCH, "dusk 1", utc(2027, 3, 27, 18), "19:00", id="mar-dusk-1-CET"),
        pytest.param(MARCH, "night 2", utc(2027, 3, 27, 20), "21:00", id="mar-night-2-CET"),
        pytest.param(MARCH, "day 2", utc(2027, 3, 28, 7), "09:00", id="mar-day-2-CEST"),
        pytest.param(MARCH, "dusk 2", utc(2027, 3, 28, 17), "19:00", id="mar-dusk-2-CEST"),
    ],
)
def test_local_times_stay_across_a_daylight_saving_change(
    timetable: Timetable, phase: str, begins_utc: datetime, local_time: str
) -> None:
    moment = timetable.begins(phase)
    assert moment == begins_utc
    assert moment.tzinfo is UTC
    assert f"{moment.astimezone(BERLIN):%H:%M}" == local_time


@pytest.mark.parametrize(
    ("timetable", "hours"),
    [pytest.param(OCTOBER, 13, id="october-night-1h-longer"), pytest.param(MARCH, 11, id="march")],
)
def test_the_night_of_the_change_is_an_hour_longer_or_shorter(
    timetable: Timetable, hours: int
) -> None:
    assert timetable.ends("night 2") - timetable.begins("night 2") == timedelta(hours=hours)
    assert timetable.ends("night 3") - timetable.begins("night 3") == timedelta(hours=12)
    dusk_1, dusk_2 = (timetable.begins(f"dusk {n}") for n in (1, 2))
    assert dusk_2 - dusk_1 != timedelta(days=1)  # UTC differs by one hour


LATE_NIGHT = DayTimes(time(9), time(19), time(2, 30))  # the night begins at 02:30


@pytest.mark.parametrize(
    ("start", "night_2_utc", "shown"),
    [
        # 02:30 does not exist on 28 March 2027: fold=0 moves it forward by the gap
        pytest.param(local(BERLIN, 2027, 3, 26, 20), utc(2027, 3, 28, 1, 30), "03:30 CEST",
                     id="march-gap-skips-forward"),
        # 02:30 exists twice on 25 October 2026: fold=0 takes the first (summer time)
        pytest.param(local(BERLIN, 2026, 10, 23, 20), utc(2026, 10, 25, 0, 30), "02:30 CEST",
                     id="october-overlap-first"),
        pytest.param(local(BERLIN, 2026, 11, 27, 20), utc(2026, 11, 29, 1, 30), "02:30 CET",
                     id="ordinary-day"),
    ],
)  # fmt: skip
def test_nonexistent_and_ambiguous_local_times_are_resolved_with_fold_0(
    start: datetime, night_2_utc: datetime, shown: str
) -> None:
    timetable = LocalTimetable(start=start, zone=BERLIN, times=LATE_NIGHT)
    assert timetable.begins("night 2") == night_2_utc
    assert timetable.ends("dusk 1") == night_2_utc
    night = timetable.days(1)[0].night_begins
    assert f"{night:%H:%M %Z}" == shown  # shown as the clock on the wall shows it
    assert timetable.ends("night 2") - night_2_utc > timedelta(hours=5)


def test_days_for_the_posts_match_daily_schedule() -> None:
    days = OCTOBER.days(3)
    expected = daily_schedule(date(2026, 10, 24), BERLIN, days=3)
    assert [d.number for d in days] == [1, 2, 3]
    for ours, theirs in zip(days, expected, strict=True):
        for name in ("day_begins", "dusk_begins", "night_begins"):
            assert getattr(ours, name) == getattr(theirs, name)
            assert getattr(ours, name).tzinfo is BERLIN


def config_in(tmp_path: Path, zone: str, **schedule: object):
    data = {
        "game": {"title": "Testrunde", "seed": 1, "timezone": zone},
        "forum": {
            "base_url": "http://127.0.0.1:8080/",
            "username": "Spielleitung",
            "password_env": "PW",
            "thread_id": 1,
        },
        "schedule": {"day_begins": "09:00", "dusk_begins": "19:00", "night_begins": "21:00"}
        | schedule,
    }
    return parse_config(data, tmp_path / "config.toml", env={"PW": "x"})


@pytest.mark.parametrize(
    ("phase", "begins_utc"),
    [
        ("day 1", utc(2026, 10, 31, 13)),  # 09:00 EDT (UTC-4)
        ("dusk 1", utc(2026, 10, 31, 23)),  # 19:00 EDT
        ("night 2", utc(2026, 11, 1, 1)),  # 21:00 EDT
        ("day 2", utc(2026, 11, 1, 14)),  # 09:00 EST (UTC-5): summer time ended at 02:00
        ("dusk 2", utc(2026, 11, 2, 0)),  # 19:00 EST is already Monday in UTC
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_the_time_zone_is_the_configs(tmp_path: Path, phase: str, begins_utc: datetime) -> None:
    config = config_in(tmp_path, "America/New_York")
    start = local(NEW_YORK, 2026, 10, 30, 20)
    timetable = Timetable.from_config(config, start)
    assert timetable.zone == NEW_YORK
    assert timetable.begins(phase) == begins_utc
    assert f"{timetable.begins(phase).astimezone(NEW_YORK):%H:%M}" in ("09:00", "19:00", "21:00")
    berlin = Timetable.from_config(config_in(tmp_path, "Europe/Berlin"), start)
    assert berlin.begins(phase) != begins_utc  # the same config with Berlin's clock


def test_the_config_times_are_used(tmp_path: Path) -> None:
    config = config_in(tmp_path, "Europe/Berlin", day_begins="08:00", dusk_begins="20:30")
    timetable = Timetable.from_config(config, FRIDAY)
    assert f"{timetable.begins('day 1').astimezone(BERLIN):%H:%M}" == "08:00"
    assert f"{timetable.begins('dusk 1').astimezone(BERLIN):%H:%M}" == "20:30"
    # the keys it does not set: the config's defaults (questions 3 h, reminded 1 h before)
    assert timetable.cadence == Cadence.from_hours(question_hours=3, question_reminder_hours=1)


# -- Zwischenstände, reminders, questions ------------------------------------------------------
def berlin_times(moments) -> list[str]:
    return [f"{m.astimezone(BERLIN):%H:%M}" for m in moments]


@pytest.mark.parametrize(
    ("hours", "expected"),
    [
        pytest.param(4, ["13:00", "17:00"], id="every-4h"),
        pytest.param(3, ["12:00", "15:00", "18:00"], id="every-3h"),
        pytest.param(5, ["14:00"], id="every-5h-not-at-dusk"),
        pytest.param(10, [], id="every-10h-none"),
        pytest.param(1.5, ["10:30", "12:00", "13:30", "15:00", "16:30", "18:00"], id="every-90m"),
        pytest.param(None, [], id="off"),
    ],
)
def test_zwischenstand_times(hours: float | None, expected: list[str]) -> None:
    timetable = LocalTimetable(
        start=FRIDAY, zone=BERLIN, cadence=Cadence.from_hours(zwischenstand_hours=hours)
    )
    assert berlin_times(timetable.zwischenstaende(1)) == expected
    assert berlin_times(timetable.zwischenstaende(2)) == expected
    names = [d.name for d in timetable.deadlines("day 2") if d.kind == "zwischenstand"]
    assert names == [f"zwischenstand 2/{k}" for k in range(1, len(expected) + 1)]


@pytest.mark.parametrize(
    ("cadence", "vote", "night_1", "night_2"),
    [
        pytest.param(Cadence(), "17:00", "07:00", "07:00", id="2h-before"),
        pytest.param(
            Cadence.from_hours(vote_reminder_hours=1, night_reminder_hours=3),
            "18:00", "06:00", "06:00", id="1h-3h",
        ),
        pytest.param(
            Cadence.from_hours(vote_reminder_hours=10, night_reminder_hours=12.5),
            None, "20:30", None, id="longer-than-the-phase",
        ),
        pytest.param(
            Cadence.from_hours(vote_reminder_hours=0, night_reminder_hours=None),
            None, None, None, id="off",
        ),
    ],
)  # fmt: skip
def test_reminders(cadence: Cadence, vote: str | None, night_1: str | None, night_2: str | None):
    timetable = LocalTimetable(start=FRIDAY, zone=BERLIN, cadence=cadence)

    def shown(moment: datetime | None) -> str | None:
        return None if moment is None else f"{moment.astimezone(BERLIN):%H:%M}"

    assert shown(timetable.vote_reminder(1)) == vote
    assert shown(timetable.night_reminder(1)) == night_1  # night 1 began Friday 20:00
    assert shown(timetable.night_reminder(2)) == night_2  # night 2 lasts 12 hours
    by_name = {d.name: d for d in timetable.deadlines_through("night 2")}
    assert ("reminder dusk 1" in by_name) == (vote is not None)
    assert ("reminder day 2" in by_name) == (night_2 is not None)
    if vote is not None:
        assert by_name["reminder dusk 1"].phase == Phase(1, "day")
        assert by_name["reminder dusk 1"].of == "dusk 1"


DAY_1_10H = local(BERLIN, 2026, 11, 28, 10)


@pytest.mark.parametrize(
    ("asked_at", "phase", "hours", "deadline", "reminder"),
    [
        pytest.param(DAY_1_10H, "day 1", 12, "19:00", "17:00", id="capped-at-the-dusk"),
        pytest.param(DAY_1_10H, "day 1", 2, "12:00", None, id="no-room-for-a-reminder"),
        pytest.param(DAY_1_10H, "day 1", 3, "13:00", "11:00", id="within-the-day"),
        pytest.param(DAY_1_10H, None, 12, "22:00", "20:00", id="no-phase-no-cap"),
        pytest.param(local(BERLIN, 2026, 11, 28, 20, 30), "dusk 1", 12, "21:00", None,
                     id="capped-at-the-abend"),
        pytest.param(local(BERLIN, 2026, 11, 28, 21, 30), "dusk 1", 12, "21:30", None,
                     id="phase-over-due-at-once"),
        pytest.param(local(BERLIN, 2026, 11, 29, 3), "night 2", 12, "09:00", "07:00",
                     id="capped-at-the-morgen"),
    ],
)  # fmt: skip
def test_question_deadline(
    asked_at: datetime, phase: str | None, hours: int, deadline: str, reminder: str | None
) -> None:
    cadence = Cadence.from_hours(question_hours=hours, question_reminder_hours=2)
    timetable = LocalTimetable(start=FRIDAY, zone=BERLIN, cadence=cadence)
    due = timetable.question_deadline(asked_at, phase)
    assert f"{due.astimezone(BERLIN):%H:%M}" == deadline
    assert due >= asked_at
    found = timetable.question_reminder(asked_at, due)
    assert (None if found is None else f"{found.astimezone(BERLIN):%H:%M}") == reminder
    deadlines = timetable.question(7, asked_at, phase)
    expected = [("question 7", due)]
    if found is not None:
        expected.insert(0, ("reminder question 7", found))
    assert [(d.name, d.at) for d in deadlines] == expected


def test_a_question_within_an_explicit_time() -> None:
    asked = utc(2026, 11, 28, 9)
    within = timedelta(minutes=30)
    assert ROUND.question_deadline(asked, within=within) == asked + within


def test_every_deadline_of_the_first_day_in_order() -> None:
    expected = [
        ("reminder day 1", "reminder", "night 1", utc(2026, 11, 28, 6)),
        ("day 1", "phase", "night 1", utc(2026, 11, 28, 8)),
        ("zwischenstand 1/1", "zwischenstand", "day 1", utc(2026, 11, 28, 12)),
        ("zwischenstand 1/2", "zwischenstand", "day 1", utc(2026, 11, 28, 16)),
        ("reminder dusk 1", "reminder", "day 1", utc(2026, 11, 28, 16)),
        ("dusk 1", "phase", "day 1", utc(2026, 11, 28, 18)),
        ("night 2", "phase", "dusk 1", utc(2026, 11, 28, 20)),
    ]
    found = ROUND.deadlines_through("dusk 1")
    assert [(d.name, d.kind, str(d.phase), d.at) for d in found] == expected
    assert [d.name for d in ROUND.deadlines_through("dusk 2", first="day 2")][-1] == "night 3"
    only = ROUND.deadlines_through("dusk 1", kinds=("phase", "zwischenstand"))
    assert [d.name for d in only] == [n for n, kind, _, _ in expected if kind != "reminder"]


@pytest.mark.parametrize(
    ("name", "kind", "phase", "extra"),
    [
        ("day 2", "phase", "night 2", "begins day 2"),
        ("dusk 2", "phase", "day 2", "begins dusk 2"),
        ("night 3", "phase", "dusk 2", "begins night 3"),
        ("zwischenstand 2/1", "zwischenstand", "day 2", ""),
        ("reminder dusk 2", "reminder", "day 2", "of dusk 2"),
        ("reminder day 3", "reminder", "night 3", "of day 3"),
        ("question 7", "question", None, ""),
        ("reminder question 7", "reminder", None, "of question 7"),
        ("night 1", "other", None, ""),  # begins at the start: never a deadline
        ("evening 2", "other", None, ""),
        ("zwischenstand x", "other", None, ""),
        ("day 0", "other", None, ""),
    ],
    ids=lambda v: v if isinstance(v, str) and " " in v else None,
)
def test_a_stored_name_tells_what_the_deadline_is(
    name: str, kind: str, phase: str | None, extra: str
) -> None:
    deadline = Deadline.parse(name, utc(2026, 12, 1))
    assert (deadline.kind, str(deadline.phase) if deadline.phase else None) == (kind, phase)
    if extra.startswith("begins"):
        assert str(deadline.begins) == extra.removeprefix("begins ")
    if extra.startswith("of"):
        assert deadline.of == extra.removeprefix("of ")
    # the engine-free reading `wolfbot status` uses says the same
    assert names.kind_of(name) == kind
    assert names.begins(name) == (str(deadline.begins) if deadline.begins else None)
    assert names.reminder_of(name) == deadline.of
    for made in ROUND.deadlines_through("night 3"):
        assert Deadline.parse(made.name, made.at) == made
        assert names.kind_of(made.name) == made.kind


def test_the_names_know_the_engines_phases() -> None:
    assert names.PHASES == PHASE_ORDER
    assert names.DAY_KINDS == DAY_KINDS


# -- compressed time ---------------------------------------------------------------------------
def test_compressed_time_keeps_the_proportions() -> None:
    demo = ROUND.compressed(86_400)  # a day of the round in a second
    assert demo.begins("night 1") == FRIDAY
    assert demo.ends("night 1") - FRIDAY == timedelta(hours=13) / 86_400
    for phase in ("day 1", "dusk 1", "night 2", "dusk 3"):
        real = ROUND.ends(phase) - FRIDAY
        assert demo.ends(phase) - FRIDAY == real / 86_400
    assert demo.ends("dusk 5") - FRIDAY < timedelta(seconds=6)  # five days in seconds
    assert [z - FRIDAY for z in demo.zwischenstaende(1)] == [
        (z - FRIDAY) / 86_400 for z in ROUND.zwischenstaende(1)
    ]
    asked = demo.begins("day 1")
    assert demo.question_deadline(asked) - asked == timedelta(hours=12) / 86_400
    assert demo.question_deadline(asked, "day 1") == demo.ends("day 1")  # 10 h < 12 h
    assert demo.phase_at(demo.begins("dusk 2")) == Phase(2, "dusk")


@pytest.mark.parametrize(
    ("phase", "seconds"),
    [("night 1", 0), ("day 1", 2), ("dusk 1", 5), ("night 2", 6), ("day 2", 8), ("night 4", 18)],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_fixed_phase_lengths(phase: str, seconds: int) -> None:
    start = utc(2026, 11, 30, 12)
    demo = FixedTimetable(
        start,
        night=timedelta(seconds=2),
        day=timedelta(seconds=3),
        dusk=timedelta(seconds=1),
        zone=BERLIN,
    )
    assert demo.begins(phase) == start + timedelta(seconds=seconds)
    assert [d.kind for d in demo.deadlines("day 1")] == ["phase"]  # no Zwischenstand, reminder
    assert demo.days(1)[0].dusk_begins == local(BERLIN, 2026, 11, 30, 13, 0, 5)


def test_fixed_lengths_must_be_positive() -> None:
    with pytest.raises(ValueError, match="dusk"):
        FixedTimetable(FRIDAY, timedelta(1), timedelta(1), timedelta(0))


# -- the deadlines in the store ----------------------------------------------------------------
class FakeClock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Store:
    """A round's SQLite file; `open()` is a process (re)starting over it."""

    def __init__(self, path: Path):
        self.path = path
        self.engines: list[Engine] = []
        with db.session_factory(self._engine())() as session:
            self.game_id = records.create_game(
                session, title="Testrunde", ruleset="duesterliga", seed=1, now=FRIDAY
            )

    def _engine(self) -> Engine:
        engine = db.upgrade(self.path)  # what the bot does at start-up
        self.engines.append(engine)
        return engine

    def open(self, clock: Callable[[], datetime]) -> Deadlines:
        return Deadlines(db.session_factory(self._engine()), self.game_id, clock=clock)

    def close(self) -> None:
        for engine in self.engines:
            engine.dispose()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "round.sqlite")
    yield opened
    opened.close()


class Recorder:
    def __init__(self, fail: Collection[str] = ()):
        self.fired: list[str] = []
        self.fail = set(fail)

    def __call__(self, deadline: Deadline) -> None:
        if deadline.name in self.fail:
            raise RuntimeError(f"{deadline.name} failed")
        self.fired.append(deadline.name)


FIRST_DAY = ROUND.deadlines_through("dusk 1")  # up to "night 2", Saturday 21:00


def test_a_restart_loses_nothing(store: Store) -> None:
    clock = FakeClock(FRIDAY)
    store.open(clock).plan(ROUND.deadlines_through("dusk 2"))
    store.close()
    again = store.open(clock)  # a new process over the same file
    assert again.pending() == ROUND.deadlines_through("dusk 2")
    assert again.due() == []
    assert again.next() == FIRST_DAY[0]
    again.plan(ROUND.deadlines_through("dusk 1"))  # planned again at start-up: harmless
    assert len(again.pending()) == len(ROUND.deadlines_through("dusk 2"))


def test_a_missed_deadline_fires_once_on_restart_in_order(store: Store) -> None:
    clock = FakeClock(FRIDAY)
    first = DeadlineScheduler(store.open(clock), Recorder())
    first.plan(FIRST_DAY)
    clock.now = utc(2026, 11, 28, 5)
    assert first.run_due() == []  # nothing due yet; then the bot goes down
    store.close()

    clock.now = utc(2026, 11, 28, 18, 30)  # back in the Dämmerung
    recorder = Recorder()
    second = DeadlineScheduler(store.open(clock), recorder)
    assert [d.name for d in second.load()] == [d.name for d in FIRST_DAY]
    fired = second.run_due()
    expected = [d.name for d in FIRST_DAY[:-1]]  # all but "night 2" (21:00)
    assert [d.name for d in fired] == recorder.fired == expected
    assert second.run_due() == []  # once
    assert second.deadlines.done_at("dusk 1") == clock.now
    store.close()

    third = DeadlineScheduler(store.open(clock), Recorder())
    assert third.run_due() == []  # once across restarts, too
    assert [d.name for d in third.deadlines.pending()] == ["night 2"]
    clock.now = utc(2026, 11, 28, 20)
    assert [d.name for d in third.run_due()] == ["night 2"]
    assert third.deadlines.pending() == []


def test_a_failing_deadline_stays_open_and_the_later_ones_wait(store: Store) -> None:
    clock = FakeClock(utc(2026, 11, 28, 20, 30))  # everything of the first day is due
    failing = DeadlineScheduler(store.open(clock), Recorder(fail={"dusk 1"}), retry_seconds=30)
    failing.plan(FIRST_DAY)
    with pytest.raises(RuntimeError, match="dusk 1 failed"):
        failing.run_due()
    assert failing.on_due.fired == [d.name for d in FIRST_DAY[:-2]]
    assert [d.name for d in failing.deadlines.pending()] == ["dusk 1", "night 2"]
    assert failing.jobs()[f"deadline {store.game_id} retry"] == clock.now + timedelta(seconds=30)
    store.close()

    recorder = Recorder()
    fixed = DeadlineScheduler(store.open(clock), recorder)
    assert [d.name for d in fixed.run_due()] == ["dusk 1", "night 2"]


def test_a_deadline_the_bot_marks_itself_keeps_its_time(store: Store) -> None:
    clock = FakeClock(utc(2026, 11, 28, 8, 1))
    deadlines = store.open(clock)
    with_advance = utc(2026, 11, 28, 8, 0, 30)

    def advance(deadline: Deadline) -> None:  # as records.record_events(..., done=name) does
        deadlines.mark_done(deadline.name, with_advance)

    alarm = DeadlineScheduler(deadlines, advance)
    alarm.plan(FIRST_DAY)
    assert [d.name for d in alarm.run_due()] == ["reminder day 1", "day 1"]
    assert deadlines.done_at("day 1") == with_advance


def test_handed_to_a_queue_once_per_process_until_the_loop_marks_it(store: Store) -> None:
    clock = FakeClock(utc(2026, 11, 28, 8, 1))
    queue: list[str] = []
    alarm = DeadlineScheduler(store.open(clock), lambda d: queue.append(d.name), mark_done=False)
    alarm.plan(FIRST_DAY)
    alarm.run_due()
    alarm.run_due()
    assert queue == ["reminder day 1", "day 1"]
    alarm.deadlines.mark_done("reminder day 1")  # the loop acted on it; then a crash
    store.close()
    restarted = DeadlineScheduler(store.open(clock), Recorder(), mark_done=False)
    assert [d.name for d in restarted.run_due()] == ["day 1"]


def test_moving_and_cancelling(store: Store) -> None:
    clock = FakeClock(FRIDAY)
    alarm = DeadlineScheduler(store.open(clock), Recorder())
    alarm.plan(FIRST_DAY)
    later = utc(2026, 11, 28, 19)  # the Spielleitung extends the day by an hour
    alarm.add(Deadline("dusk 1", later, "phase"))
    assert alarm.jobs()[f"deadline {store.game_id}: dusk 1"] == later
    assert len(alarm.jobs()) == len(FIRST_DAY)
    assert "dusk 1" not in [d.name for d in alarm.deadlines.due(utc(2026, 11, 28, 18, 30))]

    asked = utc(2026, 11, 28, 10)
    alarm.add(*ROUND.question(3, asked, "day 1"))
    assert {"question 3", "reminder question 3"} <= {d.name for d in alarm.deadlines.pending()}
    cancelled = alarm.cancel("question 3", "reminder question 3", "night 9")
    assert cancelled == ["reminder question 3", "question 3"]  # answered in time
    assert f"deadline {store.game_id}: question 3" not in alarm.jobs()
    assert "question 3" not in {d.name for d in alarm.deadlines.pending()}
    entries = dict((d.name, done) for d, done in alarm.deadlines.entries())
    assert entries["question 3"] is not None and entries["dusk 1"] is None
    assert len(alarm.cancel()) == len(FIRST_DAY)  # the game is over
    assert alarm.deadlines.pending() == [] and alarm.jobs() == {}
    assert len(alarm.deadlines.entries()) == len(FIRST_DAY) + 2


# -- APScheduler -------------------------------------------------------------------------------
def test_a_job_per_open_deadline_without_starting_the_scheduler(store: Store) -> None:
    clock = FakeClock(FRIDAY)
    store.open(clock).plan(FIRST_DAY)
    clock.now = utc(2026, 11, 28, 12, 30)  # restart after the first Zwischenstand
    alarm = DeadlineScheduler(store.open(clock), Recorder())
    alarm.load()
    assert not alarm.scheduler.running
    expected = {
        f"deadline {store.game_id}: {d.name}": max(d.at, clock.now) for d in FIRST_DAY
    }  # missed ones at once, the others at their time
    assert alarm.jobs() == expected
    alarm.load()  # again: still one job per deadline
    assert alarm.jobs() == expected
    job = alarm.scheduler.get_job(f"deadline {store.game_id}: dusk 1")
    assert job.misfire_grace_time is None and job.coalesce
    assert str(job.trigger.run_date.tzinfo) == "UTC"


def test_the_background_scheduler_fires_a_deadline(store: Store) -> None:
    fired = threading.Event()
    names: list[str] = []

    def on_due(deadline: Deadline) -> None:
        names.append(deadline.name)
        fired.set()

    deadlines = store.open(records.utc_now)  # the real clock
    alarm = DeadlineScheduler(deadlines, on_due)
    soon = records.utc_now() + timedelta(milliseconds=20)
    alarm.add(Deadline("question 1", soon, "question"))
    alarm.start()
    try:
        assert fired.wait(timeout=10)
    finally:
        alarm.shutdown(wait=True)
    assert names == ["question 1"]
    assert deadlines.is_done("question 1")
