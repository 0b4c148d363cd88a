"""`RoundBot` against the local forum over loopback: deadlines once, posts on the right
side of a deadline, the schedule, the conversations, and what happens when a start or a
recording is interrupted."""

from __future__ import annotations

from datetime import timedelta

import pytest
from roundkit import BOT, LABEL, PLAYERS, RULES, SCRIPT, SEED, bold, site, thread_titles
from sqlalchemy import select

from wolfbot.bot import RoundBot, loop
from wolfbot.engine import events as ev
from wolfbot.schedule.parts import Deadline
from wolfbot.store import records
from wolfbot.store.models import InputPost, PlayerRow


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        yield s


def messages_to(here, name: str) -> list[str]:
    conversation = here.forum.conversation(here.conversation(name, "private"))
    return [m.html for m in conversation.messages if m.author == BOT]


def test_the_start_opens_every_conversation_and_remembers_it(here) -> None:
    bot = here.started()
    titles = {c.title for c in here.forum.conversations(BOT)}
    assert titles == {f"{n} – {LABEL}" for n, _ in PLAYERS} | {
        f"Wolfshöhle – {LABEL}",
        f"Totenreich – {LABEL}",
    }
    wolves = here.forum.conversation(here.conversation("Anna", "wolves"))
    assert set(wolves.participants) == {BOT, "Anna", "Bernd"}
    with bot.sessions() as session:
        ids = dict(session.execute(select(PlayerRow.name, PlayerRow.conversation_id)).all())
    assert ids == {n: here.conversation(n, "private") for n, _ in PLAYERS}
    assert thread_titles(here) == ["Düsterliga Season '26 - Ligarunde 1: Testrunde"]
    with pytest.raises(RuntimeError, match="running"):
        here.start(bot)


def test_the_dead_are_added_to_the_totenreich(here) -> None:
    bot = here.started()
    for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
        here.act(step, bot)
    totenreich = here.forum.conversation(here.conversation("Emil", "dead"))
    assert set(totenreich.participants) == {BOT, "Emil", "Dora"}
    assert "Neu im Totenreich: Dora." in totenreich.messages[-1].html


def test_a_deadline_is_carried_out_once_also_after_a_restart(here) -> None:
    bot = here.started()
    assert bot.deadline("day 1")
    assert bot.deadline("day 1") == []
    assert here.bot().deadline("day 1") == []
    assert str(here.bot().game.state.phase) == "day 1"


def test_posts_written_after_a_deadline_wait_for_it(here) -> None:
    bot = here.started()
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)
    deadline = here.clock.now
    here.act(("post", "Anna", "wolves", bold("!Fressen Dora")), bot)
    report = bot.poll(until=deadline)
    assert (report.processed, report.deferred) == (1, 1)
    assert bot.poll(until=deadline).processed == 0  # read again, not processed twice
    bot.deadline("day 1")
    assert bot.poll().processed == 1  # now in day 1: too late for the night
    bot.send()
    assert any(
        "Abgelehnt" in html and "!Fressen Dora" in html for html in messages_to(here, "Anna")
    )
    assert any("Anna ist Werwolf" in html for html in messages_to(here, "Clara"))


def test_a_tick_carries_out_the_due_schedule_once(here) -> None:
    bot = here.started()
    start = here.clock.now
    with bot.sessions() as session:
        records.schedule(session, bot.game_id, "day 1", start + timedelta(seconds=2))
        records.schedule(session, bot.game_id, "zwischenstand 1/1", start + timedelta(seconds=3))
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)  # in night 1
    here.act(("post", "Anna", "wolves", bold("!Fressen Dora")), bot)  # at its end: counts
    here.act(("post", "Emil", "thread", bold("!Lynch Anna")), bot)  # day 1
    here.act(("post", "Frau Holle", "thread", bold("!Lynch Anna")), bot)  # after the Zwischenstand
    first = loop.tick(bot, now=here.clock.now)
    assert first.done == ["day 1", "zwischenstand 1/1"] and first.processed == 4
    assert loop.tick(bot, now=here.clock.now).done == []
    assert loop.tick(here.bot(), now=here.clock.now).done == []
    assert thread_titles(here).count("Zwischenstand des ersten Tages") == 1
    (zwischenstand,) = [p for p in here.forum.posts(here.thread_id) if "Zwischen" in p.subject]
    assert "1 Gegenstimme (Emil)" in zwischenstand.html
    assert not bot.game.player("Dora").alive and bot.game.state.day.lynch_votes == {
        "Emil": "Anna",
        "Frau Holle": "Anna",
    }


def test_an_interrupted_start_is_completed_by_the_next_bot(here) -> None:
    players = [records.NewPlayer(n, position=i, role=r) for i, (n, r) in enumerate(PLAYERS, 1)]
    with here.bot().sessions() as session:  # a start killed after the players were stored
        game_id = records.create_game(
            session, title="t", ruleset="duesterliga", seed=SEED, thread_id=here.thread_id
        )
        records.add_players(session, game_id, players)
    bot = here.bot()
    assert bot.game_id == game_id and str(bot.game.state.phase) == "night 1"
    bot.send()
    assert len(here.forum.conversations(BOT)) == len(PLAYERS) + 2
    assert thread_titles(here) == ["Düsterliga Season '26 - Ligarunde 1: Testrunde"]


def test_a_round_of_another_ruleset_is_not_loaded(here) -> None:
    bot = here.started()
    other = RULES.model_copy(update={"name": "klassisch"})
    with pytest.raises(ValueError, match="played by duesterliga"):
        RoundBot(here.client(), bot.sessions, other)


def test_a_failed_recording_rebuilds_the_game_from_the_store(here, monkeypatch) -> None:
    bot = here.started()
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)
    real = records.add_input

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(records, "add_input", broken)
    with pytest.raises(OSError):
        bot.poll()
    assert bot.game.state.night.actions == {}  # not ahead of the store
    monkeypatch.setattr(records, "add_input", real)
    assert bot.poll().processed == 1
    assert "Clara" in bot.game.state.night.actions


def test_a_processed_post_that_is_deleted_is_marked(here) -> None:
    bot = here.started()
    bot.deadline("day 1")
    here.act(("post", "Emil", "thread", bold("!Lynch Anna")), bot)
    bot.poll()
    here.forum.delete_post(here.posted["Emil"][-1])
    bot.poll()
    with bot.sessions() as session:
        assert session.scalars(select(InputPost.deleted)).all() == [True]
    assert bot.game.state.day.lynch_votes == {"Emil": "Anna"}  # the vote stands


def test_an_answer_in_time_holds_and_a_phase_end_decides_a_question_still_open(here) -> None:
    bot = here.started()
    for step in SCRIPT[: SCRIPT.index(("deadline", "day 2")) + 1]:
        here.act(step, bot)
    assert bot.game.pending() == ["Clara"] and str(bot.game.state.phase) == "night 2"
    now = here.clock.now
    with bot.sessions() as session:
        for offset, name in enumerate(["reminder question 1", "question 1"], start=1):
            records.schedule(session, bot.game_id, name, now + timedelta(seconds=offset))
    assert loop.tick(bot, now=now).done == []  # nothing due yet: the game waits for Clara
    here.act(("post", "Clara", "private", bold("!Nachfolger Emil")), bot)
    later = now + timedelta(seconds=5)
    # answered in time: the reminder has nobody to remind, the deadline nothing to decide
    assert loop.tick(bot, now=later).done == ["reminder question 1", "question 1"]
    assert str(bot.game.state.phase) == "day 2" and bot.game.state.mayor == "Emil"
    assert not any(m.key.endswith("reminder question 1/Clara") for m in bot.outbox.messages())
    events = len(bot.game.state.log)
    loop.on_due(bot, Deadline.parse("day 2", later))  # handed out again: long past
    assert len(bot.game.state.log) == events


def test_a_phase_end_decides_the_questions_still_open_and_the_phase_ends_on_time(here) -> None:
    """A question still open when the phase it holds should have ended: its time is up
    with the phase – decided as its own deadline decides it (here: by lot) – and the
    phase ends at its deadline, not later."""
    bot = here.started()
    for step in SCRIPT[: SCRIPT.index(("deadline", "day 2")) + 1]:
        here.act(step, bot)
    assert bot.game.pending() == ["Clara"]
    now = here.clock.now
    with bot.sessions() as session:
        records.schedule(session, bot.game_id, "dusk 2", now + timedelta(seconds=1))
    assert loop.tick(bot, now=now + timedelta(seconds=2)).done == ["dusk 2"]
    answered = [e for e in bot.game.state.log if isinstance(e, ev.QuestionAnswered)]
    assert answered[-1].player == "Clara" and answered[-1].by_lot
    assert str(bot.game.state.phase) == "dusk 2" and bot.game.state.mayor is not None
    assert here.bot().game.state == bot.game.state  # and a restart rebuilds exactly this


def test_a_reminder_reaches_the_player_a_question_waits_for(here) -> None:
    bot = here.started()
    for step in SCRIPT[: SCRIPT.index(("deadline", "day 2")) + 1]:
        here.act(step, bot)
    now = here.clock.now
    with bot.sessions() as session:
        records.schedule(session, bot.game_id, "reminder question 1", now)
    assert loop.tick(bot, now=now).done == ["reminder question 1"]
    (message,) = [m for m in bot.outbox.messages() if "reminder question 1" in m.key]
    assert message.key.endswith("/Clara") and "Ohne Antwort entscheidet das Los." in message.html


def test_after_a_finished_round_a_new_one_may_start(here) -> None:
    bot = here.started()
    for step in SCRIPT:
        here.act(step, bot)
    assert bot.game.state.phase.kind == "over"
    assert here.bot().game.state == bot.game.state
    second = bot.start_round(PLAYERS, SEED + 1, thread_id=here.thread_id)
    assert second == bot.game_id != 1 and str(bot.game.state.phase) == "night 1"
