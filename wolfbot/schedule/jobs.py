"""The round's deadlines in the store, and APScheduler as their alarm clock.

    deadlines = Deadlines(sessions, game_id)            # sessions: db.session_factory(engine)
    deadlines.plan(timetable.deadlines_through("dusk 1"))   # at the start (or phase by phase)
    alarm = DeadlineScheduler(deadlines, on_due)        # on_due(Deadline), see below
    alarm.start()                                       # after a restart too: it reloads
    ...
    alarm.add(*timetable.question(question_id, now, game.phase))   # a question holds the game
    deadlines.cancel(question_name(question_id))        # … and was answered in time

**The store is the truth** (table `schedule`: `name`, `due_at`, `done_at`); APScheduler only
wakes the process. Every job does the same: `run_due()` hands *every* deadline that is due
and not done to `on_due`, oldest first, one at a time (a lock; the scheduler has one
worker thread), so several deadlines missed while the bot was down fire at once on restart,
in order, each once. After `on_due` returns the deadline is marked done (unless `on_due`
did so itself, e.g. `records.record_events(..., done=deadline.name)` in the same
transaction as the advance – the way to make it exactly once across a crash). If `on_due`
raises, the deadline stays open, the later ones wait, and a retry is scheduled after
`retry_seconds`. With `mark_done=False` the wrapper never marks: `on_due` may just queue
the deadline for the bot's loop, which marks it when it has acted; until then it is handed
out once per process (and again after a restart).

**Why the BackgroundScheduler.** The bot's main thread is its loop (read the forum every
`poll_seconds`, process posts, send the outbox); the BlockingScheduler would take that
thread over. The background scheduler fires a deadline at its minute while the loop sleeps
or waits for the forum. `on_due` runs in the scheduler's worker thread: take the bot's lock
around the engine, or put the deadline into a `queue.Queue` the loop reads (with
`mark_done=False`). Jobs use `DateTrigger`s in UTC, `misfire_grace_time=None` and
`coalesce=True`: a job that could not run on time runs late, once – never skipped.

Tests need no thread: `run_due(now)` with a fake clock does what a job does, and
`DeadlineScheduler.load()` arms the jobs of a scheduler that is not started (`jobs()`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.base import JobLookupError
from apscheduler.jobstores.memory import MemoryJobStore
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.schedulers.base import BaseScheduler
from apscheduler.triggers.date import DateTrigger
from sqlalchemy import select
from sqlalchemy.orm import Session

from wolfbot.schedule.parts import Deadline
from wolfbot.store import records
from wolfbot.store.models import ScheduleEntry

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Sessions = Callable[[], Session]
_FOREVER = datetime(9999, 12, 31, tzinfo=UTC)


class Deadlines:
    """One game's deadlines in the store's `schedule` table (each call its own
    transaction). `clock` gives "now" (UTC); tests pass a fake one."""

    def __init__(self, sessions: Sessions, game_id: int, *, clock: Clock = records.utc_now):
        self.sessions = sessions
        self.game_id = game_id
        self.clock = clock

    def now(self) -> datetime:
        return self.clock().astimezone(UTC)

    def add(self, name: str, at: datetime) -> None:
        """Plan (or move) one deadline; one already done is left as it is."""
        with self.sessions() as session:
            records.schedule(session, self.game_id, name, at)

    def plan(self, deadlines: Iterable[Deadline]) -> list[Deadline]:
        """Plan these deadlines (e.g. `timetable.deadlines_through("dusk 3")`); planning
        them again is harmless (same names, same times; done ones stay done)."""
        planned = list(deadlines)
        with self.sessions() as session:
            for deadline in planned:
                records.schedule(session, self.game_id, deadline.name, deadline.at)
        return planned

    def due(self, now: datetime | None = None) -> list[Deadline]:
        """Due by `now` (default: the clock) and not done, oldest first."""
        with self.sessions() as session:
            rows = records.due(session, now or self.now(), self.game_id)
        return [Deadline.parse(row.name, row.due_at) for row in rows]

    def pending(self) -> list[Deadline]:
        """Every deadline not done yet, past or future, oldest first."""
        return self.due(_FOREVER)

    def next(self) -> Deadline | None:
        """The earliest deadline not done."""
        pending = self.pending()
        return pending[0] if pending else None

    def entries(self) -> list[tuple[Deadline, datetime | None]]:
        """Every deadline with when it was done (None: still open), by time (`status`)."""
        with self.sessions() as session, session.begin():
            rows = session.execute(
                select(ScheduleEntry.name, ScheduleEntry.due_at, ScheduleEntry.done_at)
                .where(ScheduleEntry.game_id == self.game_id)
                .order_by(ScheduleEntry.due_at, ScheduleEntry.id)
            ).all()
        return [(Deadline.parse(name, due_at), done_at) for name, due_at, done_at in rows]

    def done_at(self, name: str) -> datetime | None:
        """When the deadline was done; None while it is open (or not planned)."""
        with self.sessions() as session, session.begin():
            return session.scalar(
                select(ScheduleEntry.done_at).where(
                    ScheduleEntry.game_id == self.game_id, ScheduleEntry.name == name
                )
            )

    def is_done(self, name: str) -> bool:
        return self.done_at(name) is not None

    def mark_done(self, name: str, now: datetime | None = None) -> None:
        with self.sessions() as session:
            records.mark_done(session, self.game_id, name, now=now or self.now())

    def cancel(self, *names: str) -> list[str]:
        """No longer needed (a question answered, the game over): open deadlines of these
        names are marked done; returns those. Without names: every open deadline."""
        wanted = set(names)
        cancelled = [d.name for d in self.pending() if not names or d.name in wanted]
        for name in cancelled:
            self.mark_done(name)
        return cancelled


OnDue = Callable[[Deadline], object]


class DeadlineScheduler:
    """APScheduler (`BackgroundScheduler`, UTC, one worker) as the alarm clock of a game's
    `Deadlines`: a `DateTrigger` job per open deadline, each running `run_due`."""

    def __init__(
        self,
        deadlines: Deadlines,
        on_due: OnDue,
        *,
        scheduler: BaseScheduler | None = None,
        mark_done: bool = True,
        retry_seconds: float = 60.0,
    ):
        self.deadlines = deadlines
        self.on_due = on_due
        self.mark_done = mark_done
        self.retry = timedelta(seconds=retry_seconds)
        self.scheduler = scheduler or BackgroundScheduler(
            timezone=UTC,
            jobstores={"default": MemoryJobStore()},
            executors={"default": ThreadPoolExecutor(1)},
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
        )
        self._lock = threading.RLock()
        self._handed: set[str] = set()  # given to on_due in this process (mark_done=False)

    # arming
    def load(self) -> list[Deadline]:
        """Arm a job for every open deadline in the store (a missed one: at once)."""
        pending = self.deadlines.pending()
        for deadline in pending:
            self._arm(deadline.name, deadline.at)
        return pending

    def start(self) -> list[Deadline]:
        """Reload the open deadlines and start the scheduler's thread; returns them."""
        pending = self.load()
        if not self.scheduler.running:
            self.scheduler.start()
        return pending

    def shutdown(self, wait: bool = True) -> None:
        """Stop the scheduler (`wait`: for a deadline being handed out). Its jobs are
        dropped first – they are only alarms, the store keeps the deadlines: APScheduler 3
        would otherwise fail to remove a job it has just fired when the shutdown comes in
        between (JobLookupError in its thread)."""
        if self.scheduler.running:
            self.scheduler.pause()
            self.scheduler.remove_all_jobs()  # waits for a pass over the jobs in progress
            self.scheduler.shutdown(wait=wait)

    def add(self, *deadlines: Deadline) -> None:
        """Store and arm deadlines (a moved one is re-armed)."""
        self.deadlines.plan(deadlines)
        for deadline in deadlines:
            self._arm(deadline.name, deadline.at)

    def plan(self, deadlines: Iterable[Deadline]) -> None:
        self.add(*deadlines)

    def cancel(self, *names: str) -> list[str]:
        """`Deadlines.cancel`, and their jobs removed (without names: every open one)."""
        cancelled = self.deadlines.cancel(*names)
        for name in cancelled:
            try:
                self.scheduler.remove_job(self._job_id(name))
            except JobLookupError:
                pass
        return cancelled

    def jobs(self) -> dict[str, datetime]:
        """Job id → its run time (UTC), armed or pending."""
        return {
            job.id: job.trigger.run_date.astimezone(UTC)
            for job in self.scheduler.get_jobs()
            if isinstance(job.trigger, DateTrigger)
        }

    def _job_id(self, name: str) -> str:
        return f"deadline {self.deadlines.game_id}: {name}"

    def _arm(self, name: str, at: datetime, job_id: str | None = None) -> None:
        job_id = job_id or self._job_id(name)
        run_at = max(at.astimezone(UTC), self.deadlines.now())
        try:  # also a pending job of a scheduler not started yet (replace_existing does not)
            self.scheduler.remove_job(job_id)
        except JobLookupError:
            pass
        self.scheduler.add_job(
            self._wake,
            DateTrigger(run_at, timezone=UTC),
            args=[at.astimezone(UTC)],
            id=job_id,
            name=name,
            misfire_grace_time=None,
            coalesce=True,
        )

    def _wake(self, at: datetime) -> None:
        try:
            # never earlier than the job's own time, should the clocks disagree a little
            self.run_due(max(self.deadlines.now(), at))
        except Exception:
            log.exception("a deadline of game %s failed", self.deadlines.game_id)

    # firing
    def run_due(self, now: datetime | None = None) -> list[Deadline]:
        """Hand every due, open deadline to `on_due`, oldest first; returns those handed.
        An exception of `on_due` stops the run (later deadlines wait) and is raised after
        a retry is armed."""
        with self._lock:
            now = now or self.deadlines.now()
            fired = []
            for deadline in self.deadlines.due(now):
                if deadline.name in self._handed:
                    continue
                self._handed.add(deadline.name)
                log.info(
                    "game %s: %s is due (%s)",
                    self.deadlines.game_id,
                    deadline.name,
                    f"{deadline.at:%Y-%m-%d %H:%M:%S} UTC",
                )
                try:
                    self.on_due(deadline)
                except Exception:
                    self._handed.discard(deadline.name)
                    retry_at = now + self.retry
                    self._arm("retry", retry_at, f"deadline {self.deadlines.game_id} retry")
                    raise
                if self.mark_done and not self.deadlines.is_done(deadline.name):
                    self.deadlines.mark_done(deadline.name, now)
                fired.append(deadline)
            return fired
