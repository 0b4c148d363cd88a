"""The running bot applies the Spielleitung's interventions (`RoundBot.apply_interventions`,
`RoundBot.expire_question`) against the local forum: each kind recorded or refused, its
messages published like a post's, and a round with every kind rebuilt by a new bot and by
`wolfbot replay` to the same log."""

from __future__ import annotations

import pytest
from roundkit import BOT, CONTEXT, LABEL, SCRIPT, bold, site
from sqlalchemy import select

from wolfbot.bot import loop
from wolfbot.engine import events as ev
from wolfbot.spielleitung.replay import replay_round
from wolfbot.store import interventions as store
from wolfbot.store import records
from wolfbot.store.models import CommandRow, PlayerRow, QuestionRow, ScheduleEntry

RESERVE = "Zoë"


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        s.forum.add_user(RESERVE, "pw-zoe")
        yield s


def day_one(here):
    """A started round in day 1 (Dora was eaten), with Zoë as Reservespieler."""
    bot = here.bot()
    game_id = here.start(bot)
    bot.send()
    with bot.sessions() as session:
        records.add_players(session, game_id, [records.NewPlayer(RESERVE, "reserve")])
    for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
        here.act(step, bot)
    return bot


def command_id(bot, actor: str, text: str) -> int:
    with bot.sessions() as session:
        return session.scalars(
            select(CommandRow.id).where(CommandRow.actor == actor, CommandRow.text == text)
        ).one()


def request(bot, kind: str, **fields) -> int:
    with bot.sessions() as session:
        return store.request(
            session, bot.game_id, kind, reason="Test", requested_by="Spielleitung", **fields
        )


def rows(bot) -> dict[int, store.StoredIntervention]:
    with bot.sessions() as session:
        return {r.id: r for r in store.load(session, bot.game_id)}


def private_messages(here, name: str) -> list[str]:
    conversation = here.forum.conversation(here.conversation(name, "private"))
    return [m.html for m in conversation.messages if m.author == BOT]


def question_id(bot, player: str) -> int:
    with bot.sessions() as session:
        return session.scalars(
            select(QuestionRow.id)
            .join(PlayerRow, PlayerRow.id == QuestionRow.player_id)
            .where(PlayerRow.name == player, QuestionRow.answered_at.is_(None))
        ).one()


def test_every_kind_is_applied_published_and_rebuilt_identically(here) -> None:
    bot = day_one(here)
    here.act(("post", "Clara", "thread", bold("!Lynch Ana")), bot)  # a typo: rejected
    here.act(("post", "Emil", "thread", bold("!Lynch Anna")), bot)
    bot.poll()
    typo, vote = command_id(bot, "Clara", "!Lynch Ana"), command_id(bot, "Emil", "!Lynch Anna")
    ids = {
        "accept": request(
            bot, "accept", player="Clara", command_id=typo, command_text="!Lynch Anna"
        ),
        "reject": request(bot, "reject", player="Emil", command_id=vote),
        "reject again": request(bot, "reject", player="Emil", command_id=vote),
        "revive": request(bot, "revive", player="Dora"),
        "kill": request(bot, "kill", player="Frau Holle"),
        "exclude": request(bot, "exclude", player="Anna"),
        "role": request(bot, "role", player="Emil", argument="jäger"),
        "kill the Jäger": request(bot, "kill", player="Emil"),
    }
    loop.tick(bot, now=here.clock.now)  # applies them first, then sends
    done = rows(bot)
    assert {name: done[i].state for name, i in ids.items()} == {
        **{name: "applied" for name in ids},
        "reject again": "refused",
    }
    assert "nicht mehr der gültige !Lynch-Befehl von Emil" in done[ids["reject again"]].refusal
    assert bot.game.state.day.lynch_votes == {"Clara": "Anna"}
    shot = f"question {question_id(bot, 'Emil')}"
    expired = bot.expire_question(shot)
    assert isinstance(expired[0], ev.QuestionAnswered) and expired[0].by_lot
    assert bot.expire_question(shot) == []  # done: once
    assert expired[0].answer == "Bernd"  # the lot
    replace = request(bot, "replace", player="Anna", argument=RESERVE)  # the excluded wolf
    assert bot.apply_interventions() == 1 and rows(bot)[replace].state == "applied"
    here.act(("post", RESERVE, "thread", bold("!Lynch Clara")), bot)
    here.act(("poll",), bot)
    assert bot.game.state.day.lynch_votes == {"Clara": RESERVE, RESERVE: "Clara"}
    here.act(("deadline", "dusk 1"), bot)
    here.act(("send",), bot)

    # the store: both verdicts of each decided command, the players, the schedule
    with bot.sessions() as session:
        decided = session.execute(
            select(CommandRow.id, CommandRow.text, CommandRow.verdict, CommandRow.decided_by)
            .where(CommandRow.actor.in_(["Clara", "Emil"]), CommandRow.phase == "day 1")
            .order_by(CommandRow.id)
        ).all()
        players = dict(session.execute(select(PlayerRow.name, PlayerRow.kind)).all())
        withdrawn = session.scalar(select(PlayerRow.withdrawn_at).where(PlayerRow.name == "Anna"))
        entry = session.scalar(select(ScheduleEntry.done_at).where(ScheduleEntry.name == shot))
    assert [(t, v, d) for _, t, v, d in decided] == [
        ("!Lynch Ana", "rejected", "engine"),
        ("!Lynch Anna", "rejected", "spielleitung"),  # Emil's, overruled
        ("!Lynch Anna", "accepted", "spielleitung"),  # Clara's, as the Spielleitung read it
    ]
    assert players[RESERVE] == "player" and withdrawn is not None and entry is not None
    expire = [r for r in rows(bot).values() if r.kind == "expire"]
    assert [(r.requested_by, r.player, r.argument, r.state) for r in expire] == [
        ("schedule", "Emil", "shot", "applied")
    ]

    # the forum: the deaths in the next phase post, Zoë's conversations
    (dusk,) = [p for p in here.forum.posts(here.thread_id) if p.subject.startswith("Dämmerung")]
    assert "Frau Holle (Bürger) wurde von der Spielleitung aus der Runde genommen." in dusk.html
    assert "Zoë ersetzt Anna als Reservespieler." in dusk.html
    assert "Dora lebt wieder." in dusk.html
    assert "Anna wurde wegen Inaktivität aus der Runde ausgeschlossen." in dusk.html
    wolves = here.forum.conversation(here.conversation("Anna", "wolves"))
    assert RESERVE in wolves.participants
    assert any("Neu in der Wolfshöhle: Zoë." in m.html for m in wolves.messages)
    assert here.conversation(RESERVE, "private")  # his Rollenmitteilung
    assert any("Werwolf" in html for html in private_messages(here, RESERVE))
    assert any(
        "Die Spielleitung lässt diesen Befehl nicht gelten" in html
        for html in private_messages(here, "Emil")
    )
    assert any("Die Spielleitung hat dich" in html for html in private_messages(here, "Anna"))

    # a new bot and `wolfbot replay` rebuild exactly this round
    again = here.bot()
    assert again.game.state.log == bot.game.state.log
    assert again.game.state == bot.game.state
    assert again.desk.book.roles[RESERVE] == bot.desk.book.roles[RESERVE]
    report = replay_round(bot.sessions, bot.game_id, context=CONTEXT)
    assert report.identical, report.difference
    assert report.compared and report.unpublished == 0
    assert again.poll().processed == 0


def test_the_reserve_plays_on_in_his_own_conversation_after_a_restart(here) -> None:
    bot = day_one(here)
    request(bot, "replace", player="Clara", argument=RESERVE)
    assert bot.apply_interventions() == 1
    bot.send()
    for voter in ("Anna", "Bernd", "Emil"):
        here.act(("post", voter, "thread", bold("!Lynch Frau Holle")), bot)
    here.act(("poll",), bot)
    here.act(("deadline", "dusk 1"), bot)
    here.act(("deadline", "night 2"), bot)
    assert str(bot.game.state.phase) == "night 2"
    bot = here.bot()  # a restart
    bot.send()
    here.act(("post", RESERVE, "private", bold("!Sehen Bernd")), bot)
    here.act(("poll",), bot)
    assert bot.game.state.night.actions[RESERVE]["Sehen"].targets == ("Bernd",)
    here.act(("deadline", "day 2"), bot)
    here.act(("send",), bot)
    assert any("Bernd ist Werwolf" in html for html in private_messages(here, RESERVE))
    assert f"{RESERVE} – {LABEL}" in {c.title for c in here.forum.conversations(BOT)}


def test_the_reserve_receives_everything_the_player_was_told_privately(here) -> None:
    """ "Wenn möglich ersetzt die Spielleitung inaktive Dorfbewohner durch Reservespieler":
    the Reservespieler learns what his predecessor learnt – the Seherin's sight of night 1,
    the receipts – in his own conversation, once (also after a restart)."""
    bot = day_one(here)
    request(bot, "replace", player="Clara", argument=RESERVE)
    assert bot.apply_interventions() == 1
    bot.send()
    here.bot().send()  # a restart publishes nothing twice
    told = [m for m in private_messages(here, RESERVE) if "bisher von der Spielleitung" in m]
    assert len(told) == 1
    assert "Anna ist Werwolf" in told[0] and "Angenommen: <strong>!Sehen Anna</strong>" in told[0]
    assert "Frau Holle" not in told[0]  # what others were told stays theirs


def test_a_refused_intervention_changes_nothing(here) -> None:
    bot = day_one(here)
    log = list(bot.game.state.log)
    first = request(bot, "kill", player="Dora")  # dead already
    second = request(bot, "role", player="Clara", argument="Superheld")
    third = request(bot, "replace", player="Emil", argument="Clara")
    assert bot.apply_interventions() == 0
    refused = rows(bot)
    assert refused[first].refusal == "Dora ist bereits verstorben."
    assert "Keine Rolle heißt „Superheld“" in refused[second].refusal
    assert refused[third].refusal == "Clara spielt bereits in dieser Runde mit."
    assert {r.state for r in refused.values()} == {"refused"}
    assert bot.game.state.log == log
    assert records.next_seq(bot.sessions(), bot.game_id) == len(log)
    assert bot.apply_interventions() == 0  # refused ones are not tried again


def test_an_answered_question_only_marks_its_deadline_done(here) -> None:
    bot = day_one(here)
    request(bot, "role", player="Emil", argument="Jäger")
    request(bot, "kill", player="Emil")
    bot.apply_interventions()
    name = f"question {question_id(bot, 'Emil')}"
    here.act(("post", "Emil", "private", bold("!Erschießen Bernd")), bot)
    bot.poll()
    assert not bot.game.player("Bernd").alive
    events = len(bot.game.state.log)
    assert bot.expire_question(name) == []
    assert len(bot.game.state.log) == events
    with bot.sessions() as session:
        assert session.scalar(select(ScheduleEntry.done_at).where(ScheduleEntry.name == name))
    assert [r.kind for r in rows(bot).values()] == ["role", "kill"]  # no expire recorded


def test_a_failed_recording_rebuilds_and_the_intervention_waits(here, monkeypatch) -> None:
    bot = day_one(here)
    request(bot, "kill", player="Frau Holle")
    real = store.record_applied

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(store, "record_applied", broken)
    with pytest.raises(OSError):
        bot.apply_interventions()
    assert bot.game.player("Frau Holle").alive  # not ahead of the store
    monkeypatch.setattr(store, "record_applied", real)
    assert bot.apply_interventions() == 1
    assert not bot.game.player("Frau Holle").alive
    assert here.bot().game.state == bot.game.state
