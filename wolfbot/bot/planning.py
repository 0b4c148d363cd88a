"""Which deadlines the round has, put into the schedule as the game reaches them.

    planner = Planner(bot, timetable)          # timetable: wolfbot.schedule.timetable.Timetable
    planner.plan()                             # after every `loop.tick(bot)`

The store's `schedule` table is the only memory: what is planned is read back from it, so
a restarted bot plans nothing twice and forgets nothing.

- **Phases.** When a phase runs (and no question holds the resolution that leads into it),
  its deadlines are planned from the timetable: the Zwischenstände, the reminder and its
  end (`Timetable.deadlines`), named after the phase that begins then ("dusk 2"). The times
  are the timetable's, fixed in the forum's time zone: a phase that began late (a question
  held the game) still ends on time.
- **Questions.** Each question the bot asked gets `question <id>`: `question_time` after
  it was asked (`night_question_time` for a question of the night's resolution, which holds
  the Morgen), but no later than the end of the phase it belongs to – the running phase,
  or, when the question holds a resolution, the phase that resolution leads into – and,
  if it fits, `reminder question <id>`. The deadline is written to the question
  (`questions.deadline`, shown in `v_open_questions`). A question answered in time has
  its deadlines cancelled.
- **The end.** When the game is over every open deadline is cancelled.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import timedelta

from sqlalchemy import select

from wolfbot.bot.round import RoundBot
from wolfbot.engine.state import Phase
from wolfbot.schedule.jobs import Deadlines
from wolfbot.schedule.parts import Deadline, Kind, question_name, reminder_name
from wolfbot.schedule.timetable import Timetable
from wolfbot.store import records
from wolfbot.store.models import PlayerRow, QuestionRow

log = logging.getLogger("wolfbot.bot.planning")
ALL_KINDS: tuple[Kind, ...] = ("phase", "runoff", "zwischenstand", "reminder", "question")


class Planner:
    """Plans the deadlines of one round (see the module docstring)."""

    def __init__(
        self,
        bot: RoundBot,
        timetable: Timetable,
        *,
        kinds: Collection[Kind] = ALL_KINDS,
        night_question_time: timedelta | None = None,
    ) -> None:
        self.bot = bot
        self.timetable = timetable
        self.kinds = tuple(kinds)
        self.night_question_time = night_question_time

    @property
    def deadlines(self) -> Deadlines:
        return Deadlines(self.bot.sessions, self.bot.game_id or 0, clock=self.bot.clock)

    def plan(self) -> list[Deadline]:
        """Plan what the game's state calls for now; returns what was newly planned."""
        if self.bot.game_id is None:
            return []
        state = self.bot.game.state
        deadlines = self.deadlines
        if state.phase.kind == "over":
            cancelled = deadlines.cancel()
            if cancelled:
                log.info("the round is over: %d deadlines cancelled", len(cancelled))
            return []
        known = {deadline.name for deadline, _ in deadlines.entries()}
        planned: list[Deadline] = []
        if state.step is None and state.phase.kind == "runoff":  # a Stichwahl: its own end
            end = self.timetable.runoff(state.phase, self.bot.clock())
            if end.name not in known:
                planned += deadlines.plan([end])
        elif state.step is None and str(self.bot.game.next_phase()) not in known:
            phase_deadlines = self.timetable.deadlines(state.phase, self.kinds)
            planned += deadlines.plan(d for d in phase_deadlines if d.name not in known)
        planned += self._questions(deadlines, known)
        for deadline in planned:
            log.info("planned %s at %s", deadline.name, deadline.at.isoformat())
        return planned

    def _questions(self, deadlines: Deadlines, known: set[str]) -> list[Deadline]:
        if "question" not in self.kinds:
            return []
        bot = self.bot
        with bot.sessions() as session, session.begin():
            rows = session.execute(
                select(QuestionRow, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == QuestionRow.player_id)
                .where(QuestionRow.game_id == bot.game_id)
                .order_by(QuestionRow.id)
            ).all()
        open_names = {deadline.name for deadline in deadlines.pending()}
        planned: list[Deadline] = []
        for row, player in rows:
            name = question_name(row.id)
            if row.answered_at is not None:
                if name in open_names:
                    deadlines.cancel(name, reminder_name(name))
                continue
            if name in known:
                continue
            made = self._question_deadlines(row)
            if "reminder" not in self.kinds:
                made = [d for d in made if d.kind != "reminder"]
            planned += deadlines.plan(made)
            due = next(d.at for d in made if d.kind == "question")
            with bot.sessions() as session:  # for `v_open_questions` and `status`
                records.set_question_deadline(session, bot.game_id or 0, player, row.kind, due)
        return planned

    def _question_deadlines(self, row: QuestionRow) -> list[Deadline]:
        state = self.bot.game.state
        belongs: Phase = state.phase if state.step is None else self.bot.game.next_phase()
        if belongs.kind == "runoff":  # no later than the day it belongs to would have ended
            belongs = Phase(belongs.number, "day")
        in_night = state.step == "night"
        within = self.night_question_time if in_night else None
        return self.timetable.question(row.id, row.asked_at, belongs, within=within)
