"""The bot's loop: the schedule's deadlines, the forum's posts, the write queue.

    stop = threading.Event()
    run(bot, stop, interval=60)         # tick, wait, tick … until stop is set

or with the APScheduler alarm clock of `wolfbot.schedule.jobs`, which calls `on_due` in its
own thread at each deadline (hence `bot.lock`):

    DeadlineScheduler(Deadlines(bot.sessions, bot.game_id), functools.partial(on_due, bot))

Every step is safe to repeat after a kill (see `wolfbot.bot.round`), so the loop keeps no
state of its own: a restarted bot simply ticks again."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import datetime

from wolfbot.bot import reminders, stored
from wolfbot.bot.round import RoundBot
from wolfbot.engine.state import Phase
from wolfbot.forum.base import ChannelRef
from wolfbot.outbox.queue import SendResult
from wolfbot.schedule.parts import Deadline, phase_index, previous_phase
from wolfbot.store import records

log = logging.getLogger("wolfbot.bot.loop")


class DeadlineWaits(RuntimeError):
    """The game is not yet where the deadline applies (a question still holds an earlier
    phase): it stays open, and so do the later ones; try again later."""


class ReadIncomplete(DeadlineWaits):
    """Not every channel could be read up to the deadline (the forum failed): what is due
    waits – a phase never closes on a partial read, or an on-time command would count as
    late – and is carried out as soon as every channel reads again."""


def on_due(bot: RoundBot, deadline: Deadline) -> int:
    """Carry out a due deadline: first the posts written up to it, then by its kind
    (`wolfbot.schedule.parts`):

    - a phase ends (`day 2`: night 2 ends): questions still open are decided first (their
      time is up with the phase; `RoundBot.decide_open_questions`), then the phase ends
      (`bot.deadline`) – on time, whatever held the game;
    - a question's time is up → `bot.expire_question` (that question alone is decided);
    - a Zwischenstand → `bot.zwischenstand`; a reminder → `wolfbot.bot.reminders`.

    One that no longer applies (its phase is over, its question answered) is marked done
    without advancing. Returns how many posts were processed first."""
    with bot.lock:
        poll = bot.poll(until=deadline.at)
        if poll.failed:
            _wait_for_the_forum(bot, deadline, poll.failed)
        processed = poll.processed
        if deadline.kind == "phase" and _phase_running(bot, deadline):
            bot.decide_open_questions(deadline.name)
        if _applies(bot, deadline):
            if deadline.kind == "zwischenstand":
                bot.zwischenstand(deadline.name)
            elif deadline.kind == "reminder":
                reminders.remind(bot, deadline)
            elif deadline.kind == "question":
                bot.expire_question(deadline.name)
            else:
                bot.deadline(deadline.name)
            return processed
        log.info("%s: nothing to do in %s", deadline.name, bot.game.state.phase)
        with bot.sessions() as session:
            if stored.schedule_state(session, bot.game_id or 0, deadline.name) == "pending":
                records.mark_done(session, bot.game_id or 0, deadline.name, now=bot.clock())
        return processed


def _wait_for_the_forum(bot: RoundBot, deadline: Deadline, failed: dict[ChannelRef, str]) -> None:
    """Note in the store why the deadline waits (`wolfbot status`), log it, raise."""
    channels = "; ".join(f"{channel}: {error}" for channel, error in failed.items())
    why = f"Das Forum ist bis zur Frist nicht vollständig lesbar ({channels})"
    with bot.sessions() as session:
        if stored.schedule_state(session, bot.game_id or 0, deadline.name) == "pending":
            records.mark_waiting(session, bot.game_id or 0, deadline.name, why, now=bot.clock())
    log.warning("%s waits: %s", deadline.name, why)
    raise ReadIncomplete(why)


def _ended(bot: RoundBot, deadline: Deadline) -> Phase | None:
    """The phase a deadline ends: for a phase deadline the one before the phase it begins
    in the ruleset's order (a Wolf Village day ends with "night 2")."""
    if deadline.kind == "phase":
        return previous_phase(Phase.parse(deadline.name), bot.rules.phases)
    return deadline.phase


def _phase_running(bot: RoundBot, deadline: Deadline) -> bool:
    """The game has not gone past the phase the deadline ends."""
    state = bot.game.state
    ended = _ended(bot, deadline)
    if ended is None or state.phase.kind == "over":
        return False
    return phase_index(_as_day(state.phase)) <= phase_index(ended)


def _as_day(phase: Phase) -> Phase:
    """A Stichwahl counts as its day (the schedule knows no Stichwahl)."""
    return Phase(phase.number, "day") if phase.kind == "runoff" else phase


def _applies(bot: RoundBot, deadline: Deadline) -> bool:
    state = bot.game.state
    if state.phase.kind == "over":
        return False
    if deadline.kind in ("question", "zwischenstand"):
        return True  # a question answered in time: `expire_question` only marks it done
    if deadline.kind == "reminder":
        return reminders.applies(bot, deadline)
    if deadline.kind == "runoff":  # the Stichwahl still runs
        return state.phase == deadline.phase and state.step is None
    ended = _ended(bot, deadline)
    if deadline.kind != "phase" or ended is None:
        return False
    now, ends = phase_index(_as_day(state.phase)), phase_index(ended)
    if now < ends:  # an earlier phase's deadline has not been carried out yet
        raise DeadlineWaits(f"{deadline.name}: the game is still in {state.phase}")
    return now == ends


@dataclass
class TickReport:
    processed: int = 0
    done: list[str] = field(default_factory=list)
    sent: list[SendResult] = field(default_factory=list)
    waiting: str | None = None  # the deadline that waits for the forum, and why
    unread: dict[ChannelRef, str] = field(default_factory=dict)  # reads that failed


def tick(bot: RoundBot, now: datetime | None = None) -> TickReport:
    """One round of work: each schedule entry due by `now`, oldest first (`on_due`); then
    the posts written since; then the write queue."""
    report = TickReport()
    bot.apply_interventions()  # the Spielleitung's, requested since (`wolfbot override` …)
    with bot.sessions() as session:
        due = records.due(session, now or bot.clock(), bot.game_id)
    until = None  # a deadline that waits: no post written after it may count before it
    with bot.lock:
        for entry in due:
            try:
                report.processed += on_due(bot, Deadline.parse(entry.name, entry.due_at))
            except DeadlineWaits as waiting:
                log.info("%s", waiting)
                until = entry.due_at
                if isinstance(waiting, ReadIncomplete):
                    report.waiting = f"{entry.name}: {waiting}"
                break
            report.done.append(entry.name)
        poll = bot.poll(until=until)
        report.processed += poll.processed
        report.unread = poll.failed
        report.sent = bot.send()
    return report


FIRST_RETRY = 5.0


def next_wait(interval: float, waiting: str | None, waited: float | None) -> float:
    """How long to wait before the next tick: `interval`; while a deadline waits for the
    forum, sooner, backing off – 5 s, 10 s, 20 s, … up to `interval` – so the phase closes
    soon after the forum reads again without hammering a forum that is down."""
    if waiting is None:
        return interval
    if waited is None or waited >= interval:
        return min(interval, FIRST_RETRY)
    return min(interval, 2 * waited)


def run(bot: RoundBot, stop: threading.Event, interval: float = 60.0) -> None:
    """Tick every `interval` seconds until `stop` is set (sooner while a deadline waits
    for the forum: `next_wait`). An error is logged and the next tick tries again (every
    step is idempotent)."""
    wait: float | None = None
    while not stop.is_set():
        waiting = None
        try:
            waiting = tick(bot).waiting
        except Exception:
            log.exception("tick failed; trying again in %.0f s", interval)
        wait = next_wait(interval, waiting, wait)
        stop.wait(wait)
