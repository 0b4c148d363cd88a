"""A question's deadline and default, as the live bot plays them against the local forum:
the `Planner` puts `question <id>` – `question_time` after the question was asked, capped at
the end of the phase it belongs to – and `reminder question <id>` into the schedule and the
deadline into `questions.deadline` (`v_open_questions`); the reminder tells the player asked
privately what happens without an answer; at the deadline the lot decides ("Der Jäger muss
einen anderen Dorfbewohner erschießen!", "Der Bürgermeister muss bei seinem Tod einen
Nachfolger ernennen!", the Bürgermeister's decision on a Gleichstand), the decision is
recorded and published, and a new `RoundBot` rebuilds exactly that round. An answer in time
cancels both deadlines."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from roundkit import (
    BOT,
    CONTEXT,
    LIMITS,
    PLAYERS,
    RETRY,
    RULES,
    SCRIPT,
    SEED,
    Site,
    bold,
    bot_messages,
    site,
    thread_titles,
)
from sqlalchemy import select, text

from wolfbot.bot import RoundBot, loop
from wolfbot.bot.planning import Planner
from wolfbot.engine import events as ev
from wolfbot.posts import language
from wolfbot.schedule.parts import Cadence
from wolfbot.schedule.timetable import FixedTimetable
from wolfbot.store.models import QuestionRow, ScheduleEntry

HOUR = timedelta(hours=1)
QUESTION_TIME = timedelta(minutes=10)
LEAD = timedelta(minutes=2)  # the question's reminder before its deadline
NIGHT_QUESTION_TIME = timedelta(minutes=5)  # the split night's questions: they hold the Morgen
JAEGER = [(name, "Jäger" if name == "Clara" else role) for name, role in PLAYERS]
HEXE = [(name, "Hexe" if name == "Frau Holle" else role) for name, role in PLAYERS]
LOT, NO_CHOICE = "Ohne Antwort entscheidet das Los.", "Ohne Antwort verzichtest du."


def utc(stored: str) -> datetime:
    return datetime.fromisoformat(stored).replace(tzinfo=UTC)


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        yield s


def new_bot(here: Site) -> RoundBot:
    """A new bot process on the store (its clock is the forum's)."""
    return RoundBot(
        here.client(),
        here.sessions(),
        RULES,
        context=CONTEXT,
        limits=LIMITS,
        retry=RETRY,
        clock=here.clock,
    )


@dataclass
class Round:
    """One round on a timetable of hour-long phases, driven through the bot's loop: the
    forum's clock is set to each deadline the planner put into the schedule, then ticked."""

    here: Site
    bot: RoundBot
    planner: Planner
    timetable: FixedTimetable

    def new_bot(self) -> RoundBot:
        return new_bot(self.here)

    def tick(self, now: datetime | None = None) -> list[str]:
        now = now or self.here.clock.now
        self.here.clock.now = now
        done = loop.tick(self.bot, now=now).done
        self.planner.plan()
        self.bot.send()
        return done

    def until(self, name: str) -> list[str]:
        """The deadline `name` comes: the clock is set to it and the bot ticks."""
        return self.tick(self.due(name))

    def due(self, name: str) -> datetime:
        return self.schedule()[name][0]

    def schedule(self) -> dict[str, tuple[datetime, datetime | None]]:
        with self.bot.sessions() as session:
            rows = session.scalars(select(ScheduleEntry)).all()
            return {row.name: (row.due_at, row.done_at) for row in rows}

    def post(self, author: str, where: str, command: str) -> None:
        self.here.act(("post", author, where, bold(command)), self.bot)

    def play(self, steps: Iterable[tuple]) -> None:
        """Steps of roundkit's script; its deadlines come by the schedule."""
        for step in steps:
            if step[0] == "deadline":
                self.until(step[1])
            else:
                self.here.act(step, self.bot)

    def question(self) -> QuestionRow:
        """The first question asked (the one each test is about)."""
        with self.bot.sessions() as session:
            row = session.scalars(select(QuestionRow).order_by(QuestionRow.id)).first()
            assert row is not None
            session.expunge(row)
            return row

    def open_questions(self) -> list[tuple[str, str, datetime, datetime]]:
        """`v_open_questions` (its times are UTC, as SQLite stores them)."""
        with self.bot.sessions() as session:
            query = "SELECT player, kind, asked_at, deadline FROM v_open_questions"
            rows = session.execute(text(query)).all()
        return [(p, k, utc(asked), utc(due)) for p, k, asked, due in rows]

    def messages_to(self, name: str) -> list[str]:
        conversation = self.here.forum.conversation(self.here.conversation(name, "private"))
        # "&#91;": the bot writes every "[" so (no BBCode to WoltLab); the reader sees "["
        return [m.html.replace("&#91;", "[") for m in conversation.messages if m.author == BOT]

    def thread_post(self, title: str) -> str:
        (post,) = [p for p in self.here.forum.posts(self.here.thread_id) if p.subject == title]
        return post.html


def begin(here: Site, players, question_time: timedelta) -> Round:
    cadence = Cadence(
        zwischenstand_every=None,
        vote_reminder=None,
        night_reminder=None,
        question_time=question_time,
        question_reminder=LEAD,
    )
    timetable = FixedTimetable(here.clock.now, HOUR, HOUR, HOUR, cadence=cadence)
    bot = new_bot(here)
    bot.start_round(players, SEED, CONTEXT, thread_id=here.thread_id)
    planner = Planner(bot, timetable, night_question_time=NIGHT_QUESTION_TIME)
    game = Round(here, bot, planner, timetable)
    game.tick()
    return game


# -- the situations ---------------------------------------------------------------------------
def jaeger_eaten(here: Site, question_time: timedelta) -> Round:
    """Night 1: the pack eats Clara, the Jäger; at the night's end she is asked."""
    game = begin(here, JAEGER, question_time)
    game.post("Anna", "wolves", "!Fressen Clara")
    game.until("day 1")
    return game


def mayor_eaten(here: Site, question_time: timedelta) -> Round:
    """roundkit's script: Clara, the Bürgermeisterin, is eaten in night 2."""
    game = begin(here, PLAYERS, question_time)
    game.play(SCRIPT[: SCRIPT.index(("deadline", "day 2")) + 1])
    return game


def lynch_tie(here: Site, question_time: timedelta) -> Round:
    """Day 1: Clara Bürgermeisterin, 2:2 between Anna and Emil, Clara has not voted."""
    game = begin(here, PLAYERS, question_time)
    game.play(SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2])
    for voter in ("Clara", "Emil", "Frau Holle"):
        game.post(voter, "thread", "!Bürgermeister Clara")
    for voter, target in (("Emil", "Anna"), ("Frau Holle", "Anna"), ("Anna", "Emil")):
        game.post(voter, "thread", f"!Lynch {target}")
    game.post("Bernd", "thread", "!Lynch Emil")
    game.until("dusk 1")
    game.until("night 2")
    return game


def hexe_told(here: Site, question_time: timedelta) -> Round:
    """Night 1: the pack eats Dora; at the night's end Frau Holle, the Hexe, is told and
    asked (the split night: the Morgen waits, `night_question_time`)."""
    game = begin(here, HEXE, question_time)
    game.post("Anna", "wolves", "!Fressen Dora")
    game.until("day 1")
    return game


@dataclass(frozen=True)
class Case:
    played: Callable[[Site, timedelta], Round]  # the moment the question is asked
    player: str
    kind: str
    options: tuple[str, ...]
    phase: str  # where the game is held
    ends: str  # the phase whose end caps the deadline
    answer: str  # the command answering in time
    post: str  # the phase post that publishes the decision
    question_time: timedelta = QUESTION_TIME
    capped: bool = False  # the question's time reaches past that end
    optional: bool = False
    several: bool = False  # several words answer it: the answer is the commands of a post

    @property
    def within(self) -> timedelta:
        return NIGHT_QUESTION_TIME if self.optional else self.question_time


CASES = {
    "shot": Case(
        jaeger_eaten, "Clara", "shot", ("Anna", "Bernd", "Dora", "Emil", "Frau Holle"),
        "night 1", "day 1", "!Erschießen Anna", "Morgen des ersten Tages",
    ),
    "successor_mayor": Case(
        mayor_eaten, "Clara", "successor_mayor", ("Bernd", "Emil", "Frau Holle"),
        "night 2", "day 2", "!Nachfolger Emil", "Morgen des zweiten Tages",
    ),
    "lynch_tie": Case(
        lynch_tie, "Clara", "lynch_tie", ("Anna", "Emil"), "dusk 1", "night 2",
        "!Lynch Emil", "Abend des ersten Tages", question_time=2 * HOUR, capped=True,
    ),
    "choice-hexe": Case(
        hexe_told, "Frau Holle", "choice", ("Dora",), "night 1", "day 1",
        "!Heiltrank Dora", "Morgen des ersten Tages", optional=True, several=True,
    ),
}  # fmt: skip
BY_KIND = [pytest.param(case, id=kind) for kind, case in CASES.items()]


def asked(here: Site, case: Case) -> tuple[Round, datetime]:
    game = case.played(here, case.question_time)
    state = game.bot.game.state
    (question,) = state.questions
    assert (question.player, question.kind) == (case.player, case.kind)
    assert question.options == case.options
    assert str(state.phase) == case.phase and state.step is not None  # the game is held
    return game, game.question().asked_at


def decided(game: Round, case: Case, choice: str, by_lot: bool) -> None:
    """What the decision did, and the phase post that follows says so."""
    post = game.thread_post(case.post)
    state = game.bot.game.state
    if case.kind == "shot":
        assert not game.bot.game.player(choice).alive
        assert re.search(rf"<li>{choice} \(\w+\) wurde vom Jäger erschossen\.</li>", post)
    elif case.kind == "successor_mayor":
        assert state.mayor == choice
        how = ", durch Los" if by_lot else ""
        assert f"Neuer Bürgermeister: <strong>{choice}</strong> (Nachfolger von Clara{how})" in post
    elif case.kind == "lynch_tie":
        how = "durch Los" if by_lot else "Entscheidung des Bürgermeisters"
        assert f"Gelyncht wird <strong>{choice}</strong> ({how})." in post
        assert not game.bot.game.player(choice).alive
    else:  # the Hexe: her Heiltrank, or no choice
        assert game.bot.game.player("Dora").alive is (choice == "Dora")
        assert ("<li>Dora (Bürger) wurde von den Werwölfen gefressen.</li>" in post) is not (
            choice == "Dora"
        )


# -- the tests ---------------------------------------------------------------------------------
@pytest.mark.parametrize("case", BY_KIND)
def test_the_question_gets_its_deadline_and_reminder(here, case: Case) -> None:
    """`question_time` after it was asked (`night_question_time` in the night's resolution),
    no later than the end of the phase the held resolution leads into."""
    game, asked_at = asked(here, case)
    question = game.question()
    ends = game.timetable.ends(case.ends)
    assert (asked_at + case.within > ends) is case.capped
    due = min(asked_at + case.within, ends)
    name = f"question {question.id}"
    schedule = game.schedule()
    assert schedule[name] == (due, None)
    assert schedule[f"reminder {name}"] == (due - LEAD, None)
    assert game.open_questions() == [(case.player, case.kind, asked_at, due)]
    assert question.deadline == due
    held = game.bot.game.state.phase.next()  # the phase the held resolution leads into
    assert str(held.next()) not in schedule  # is planned once the question is decided
    word = case.answer.split()[0]
    (asking,) = [m for m in game.messages_to(case.player) if "Antworte mit" in m]
    assert f"Antworte mit <strong>{word} [Spielername]" in asking


@pytest.mark.parametrize("case", BY_KIND)
def test_the_reminder_says_what_happens_without_an_answer(here, case: Case) -> None:
    game, _ = asked(here, case)
    name = f"question {game.question().id}"
    due = game.due(name)
    before = len(game.messages_to(case.player))
    assert game.until(f"reminder {name}") == [f"reminder {name}"]
    (reminder,) = game.messages_to(case.player)[before:]
    assert reminder.startswith("<p>Erinnerung: Die Spielleitung wartet auf deine Antwort bis ")
    assert language.when(RULES, due, CONTEXT.zone) in reminder
    assert game.question().prompt in reminder
    assert (NO_CHOICE if case.optional else LOT) in reminder
    assert game.bot.game.state.questions  # still open: a reminder decides nothing
    assert game.tick() == [] and len(game.messages_to(case.player)) == before + 1  # once


@pytest.mark.parametrize("case", BY_KIND)
def test_at_the_deadline_the_default_is_applied_recorded_published_and_rebuilt(
    here, case: Case
) -> None:
    """Mandatory: the lot decides; optional: "no choice" (the Hexe keeps her Heiltrank)."""
    game, _ = asked(here, case)
    name = f"question {game.question().id}"
    due = game.due(name)
    assert case.post not in thread_titles(here)  # the phase post waits for the answer
    assert game.until(name) == [f"reminder {name}", name]  # a tick that came late: both
    state = game.bot.game.state
    answers = [e for e in state.log if isinstance(e, ev.QuestionAnswered) and e.kind == case.kind]
    assert [(a.player, a.by_lot) for a in answers] == [(case.player, not case.optional)]
    choice = answers[0].answer
    assert choice == "" if case.optional else choice in case.options
    assert not state.questions and state.phase.kind != "over"
    row = game.question()
    by_lot = not case.optional
    assert (row.answer, row.by_lot, row.answered_at, row.deadline) == (choice, by_lot, due, due)
    assert game.open_questions() == []
    assert game.schedule()[name] == (due, due)
    decided(game, case, choice, by_lot)
    assert game.schedule()[str(state.phase.next())][0] == game.timetable.ends(state.phase)
    seen = bot_messages(here)
    rebuilt = game.new_bot()
    assert rebuilt.game.state == state
    rebuilt.send()
    assert bot_messages(here) == seen  # nothing published twice


@pytest.mark.parametrize("case", BY_KIND)
def test_an_answer_in_time_cancels_both_deadlines(here, case: Case) -> None:
    game, _ = asked(here, case)
    name = f"question {game.question().id}"
    due = game.due(name)
    game.post(case.player, "private", case.answer)
    answered_at = here.clock.now
    game.tick()
    choice = case.answer.split()[-1]
    row = game.question()
    answer = case.answer if case.several else choice
    assert (row.answer, row.by_lot, row.answered_at) == (answer, False, answered_at)
    schedule = game.schedule()
    assert schedule[name] == (due, answered_at)  # cancelled: done before it was due
    assert schedule[f"reminder {name}"] == (due - LEAD, answered_at)
    assert game.open_questions() == []
    decided(game, case, choice, by_lot=False)
    messages = len(game.messages_to(case.player))
    assert not {name, f"reminder {name}"} & set(game.tick(due + LEAD))
    assert len(game.messages_to(case.player)) == messages  # no reminder
    log = game.bot.game.state.log
    answers = [e for e in log if isinstance(e, ev.QuestionAnswered) and e.kind == case.kind]
    assert [(a.answer, a.by_lot) for a in answers] == [(answer, False)]
    assert game.new_bot().game.state == game.bot.game.state


def test_a_question_raised_by_an_answer_read_at_its_deadline_gets_its_own_time(here) -> None:
    """The Jäger answers just before her deadline; the bot's tick comes just after it and
    reads the answer first (`poll(until=…)`): she shoots the Bürgermeister, whose question
    is asked then – and gets its own deadline, not the lot at once (`on_due` decides the
    question of the deadline alone: `bot.expire_question`, not `bot.deadline`)."""
    game = begin(here, JAEGER, QUESTION_TIME)
    game.post("Anna", "wolves", "!Fressen Dora")
    game.until("day 1")
    for voter in ("Clara", "Emil", "Frau Holle"):
        game.post(voter, "thread", "!Bürgermeister Emil")
    for voter in ("Anna", "Bernd", "Emil"):
        game.post(voter, "thread", "!Lynch Clara")
    game.until("dusk 1")
    game.until("night 2")  # Clara is lynched: her shot
    shot = f"question {game.question().id}"
    due = game.due(shot)
    here.clock.now = due - timedelta(seconds=30)
    game.post("Clara", "private", "!Erschießen Emil")
    game.tick(due + timedelta(seconds=30))
    state = game.bot.game.state
    assert not game.bot.game.player("Emil").alive
    answered = [
        (e.player, e.kind, e.by_lot) for e in state.log if isinstance(e, ev.QuestionAnswered)
    ]
    assert answered == [("Clara", "shot", False)]
    assert [(q.player, q.kind) for q in state.questions] == [("Emil", "successor_mayor")]
    name = f"question {game.question().id + 1}"
    assert game.schedule()[name] == (here.clock.now + QUESTION_TIME, None)
