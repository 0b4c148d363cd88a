"""`wolfbot accept`, `reject`, `override …` and `interventions` on a real store: a round
played by the `RoundBot` against the local forum (`tests/bot/roundkit.py`); the command
line writes pending rows, the bot applies them, `interventions` and `status` show what
became of them; bad input exits 2 with a clear message."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from roundkit import SCRIPT, bold, site  # noqa: E402
from sqlalchemy import select, text  # noqa: E402

from wolfbot.cli import app  # noqa: E402
from wolfbot.store import interventions as store  # noqa: E402
from wolfbot.store import records  # noqa: E402
from wolfbot.store.models import CommandRow  # noqa: E402

ENV = {"COLUMNS": "250", "NO_COLOR": "1"}


@pytest.fixture
def round_(tmp_path):
    """Day 1 of the test round: Dora was eaten; Clara's "!Lynch Ana" was rejected, Emil's
    "!Lynch Anna" accepted; Zoë is a Reservespieler."""
    with site(tmp_path) as here:
        here.forum.add_user("Zoë", "pw-zoe")
        bot = here.bot()
        game_id = here.start(bot)
        bot.send()
        with bot.sessions() as session:
            records.add_players(session, game_id, [records.NewPlayer("Zoë", "reserve")])
        for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
            here.act(step, bot)
        here.act(("post", "Clara", "thread", bold("!Lynch Ana")), bot)
        here.act(("post", "Emil", "thread", bold("!Lynch Anna")), bot)
        bot.poll()
        yield here, bot


def run(here, *args: str):
    result = CliRunner().invoke(app, [*args, "--db", str(here.db)], env=ENV)
    return result


def command_id(bot, actor: str, text: str) -> int:
    with bot.sessions() as session:
        return session.scalars(
            select(CommandRow.id).where(CommandRow.actor == actor, CommandRow.text == text)
        ).one()


def stored(bot) -> list[store.StoredIntervention]:
    with bot.sessions() as session:
        return store.load(session, bot.game_id)


def test_accept_as_corrected_is_applied_by_the_bot(round_) -> None:
    here, bot = round_
    typo = command_id(bot, "Clara", "!Lynch Ana")
    audit = run(here, "audit")
    assert audit.exit_code == 0 and f"│ {typo} " in audit.output  # the Nr. to give
    result = run(here, "accept", str(typo), "--as", "!Lynch Anna", "--reason", "Tippfehler")
    assert result.exit_code == 0, result.output
    assert "Eingriff Nr. 1 vorgemerkt: Befehl gilt – Clara: !Lynch Anna." in result.output
    assert "nächsten Durchgang" in result.output
    (row,) = stored(bot)
    assert (row.kind, row.state, row.player, row.command_id, row.command_text) == (
        "accept",
        "pending",
        "Clara",
        typo,
        "!Lynch Anna",
    )
    assert bot.apply_interventions() == 1
    assert bot.game.state.day.lynch_votes == {"Clara": "Anna", "Emil": "Anna"}
    listed = run(here, "interventions")
    assert listed.exit_code == 0
    assert "angewandt" in listed.output and "(Engine: abgelehnt)" in listed.output
    audit = run(here, "audit", "--player", "Clara")
    assert "angenommen (Spielleitung)" in audit.output and "Tippfehler" in audit.output


def test_reject_and_every_override_write_pending_rows(round_) -> None:
    here, bot = round_
    vote = command_id(bot, "Emil", "!Lynch Anna")
    calls = [
        ("reject", str(vote), "--reason", "nach Fristende"),
        ("override", "kill", "frau holle", "--reason", "Regelverstoß"),
        ("override", "exclude", "Anna", "--reason", "inaktiv"),
        ("override", "revive", "Dora", "--reason", "versehentlich"),
        ("override", "role", "Emil", "jäger", "--reason", "Rollentausch"),
        ("override", "replace", "Bernd", "zoë", "--reason", "Reservespieler"),
    ]
    for call in calls:
        result = run(here, *call)
        assert result.exit_code == 0, (call, result.output)
    rows = stored(bot)
    assert [(r.kind, r.player, r.argument, r.state) for r in rows] == [
        ("reject", "Emil", None, "pending"),
        ("kill", "Frau Holle", None, "pending"),  # the spelling of the Spielerliste
        ("exclude", "Anna", None, "pending"),
        ("revive", "Dora", None, "pending"),
        ("role", "Emil", "Jäger", "pending"),
        ("replace", "Bernd", "Zoë", "pending"),
    ]
    assert bot.apply_interventions() == 6
    assert {r.state for r in stored(bot)} == {"applied"}
    assert [p.name for p in bot.game.state.players][1] == "Zoë"


def test_override_win_ends_the_round_with_the_faction_awarded(round_) -> None:
    """ "Die Spielleitung kann einer Fraktion den Sieg zusprechen, wenn es für alle anderen
    Fraktionen absolut unmöglich ist, den Sieg noch zu erringen." """
    here, bot = round_
    unknown = run(here, "override", "win", "Dorff", "--reason", "x")
    assert unknown.exit_code == 2 and "Meintest du „Dorf“" in unknown.output, unknown.output
    why = "Kein Werwolf kann mehr gewinnen"
    result = run(here, "override", "win", "das dorf", "--reason", why)
    assert result.exit_code == 0, result.output
    assert "Sieg zugesprochen – Dorf" in result.output
    (row,) = stored(bot)
    assert (row.kind, row.player, row.argument, row.state) == ("win", None, "Dorf", "pending")
    assert bot.apply_interventions() == 1
    assert bot.game.state.phase.kind == "over" and bot.game.state.winners == ("Dorf",)
    bot.send()
    final = [p for p in here.forum.posts(here.thread_id) if p.subject == "Das Ende der Runde"]
    assert len(final) == 1 and why in final[0].html


def test_a_refused_intervention_shows_in_status_and_interventions(round_) -> None:
    here, bot = round_
    assert run(here, "override", "kill", "Dora", "--reason", "x").exit_code == 0  # dead
    assert bot.apply_interventions() == 0
    for command in ("status", "interventions"):
        result = run(here, command)
        assert result.exit_code == 0, result.output
        assert "abgelehnt" in result.output and "Dora ist bereits verstorben." in result.output
    assert "Eingriffe der Spielleitung" in run(here, "status").output


@pytest.mark.parametrize(
    "args,message",
    [
        (("accept", "999", "--reason", "x"), "Kein Befehl 999 in Runde 1"),
        (("reject", "{clara}", "--reason", "x"), "gilt ohnehin nicht"),
        (("accept", "{emil}", "--reason", "x"), "gilt bereits"),
        (("accept", "{clara}", "--as", "Lynch Anna", "--reason", "x"), "Ausrufezeichen"),
        (("accept", "{clara}", "--reason", "  "), "braucht einen Grund"),
        (("override", "kill", "Klara", "--reason", "x"), "Klara spielt in Runde 1 nicht mit"),
        (("override", "replace", "Anna", "Gast", "--reason", "x"), "kein Reservespieler"),
        (("override", "replace", "Anna", "Emil", "--reason", "x"), "kein Reservespieler"),
        (("override", "role", "Anna", "Superheld", "--reason", "x"), "Keine Rolle heißt"),
        (("override", "kill", "Anna", "--reason", "x", "--game", "7"), "Keine Runde 7"),
    ],
    ids=[
        "unknown command",
        "reject a rejected one",
        "accept an accepted one",
        "a command begins with !",
        "no reason",
        "not a player",
        "not a reserve",
        "a player is no reserve",
        "unknown role",
        "unknown round",
    ],
)
def test_bad_input_exits_2_with_a_clear_message(round_, args, message: str) -> None:
    here, bot = round_
    ids = {
        "clara": command_id(bot, "Clara", "!Lynch Ana"),
        "emil": command_id(bot, "Emil", "!Lynch Anna"),
    }
    result = run(here, *(a.format(**ids) for a in args))
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert stored(bot) == []


def test_suggestions_for_close_names(round_) -> None:
    here, _ = round_
    result = run(here, "override", "kill", "Clar", "--reason", "x")
    assert result.exit_code == 2 and "Meintest du „Clara“?" in result.output
    result = run(here, "override", "role", "Anna", "Seherinn", "--reason", "x")
    assert result.exit_code == 2 and "Meintest du „Seherin“" in result.output  # the closest first


def test_a_finished_round_takes_no_interventions(round_) -> None:
    here, bot = round_
    with bot.sessions() as session:
        session.execute(text("UPDATE games SET status = 'finished', phase = 'over'"))
        session.commit()
    result = run(here, "override", "kill", "Anna", "--reason", "x")
    assert result.exit_code == 2 and "ist beendet" in result.output


def test_missing_reason_is_a_usage_error(round_) -> None:
    here, _ = round_
    result = run(here, "override", "kill", "Anna")
    assert result.exit_code == 2 and "--reason" in result.output


def test_a_player_withdraws_and_the_next_reserve_is_proposed_and_confirmed(round_) -> None:
    """ "Jeder Teilnehmer kann jederzeit … durch Mitteilung an die Spielleitung von der
    Teilnahme zurücktreten" – "Wenn möglich ersetzt die Spielleitung inaktive Dorfbewohner
    durch Reservespieler": `wolfbot status` proposes the next one, one command confirms."""
    here, bot = round_
    here.act(("post", "Bernd", "private", bold("!Rücktritt")), bot)
    bot.poll()
    assert bot.game.player("Bernd").excluded
    status = " ".join(run(here, "status").output.split())
    assert "Bernd ist zurückgetreten: Vorschlag – der nächste Reservespieler Zoë" in status
    assert 'wolfbot override replace "Bernd" --reason "zurückgetreten"' in status
    result = run(here, "override", "replace", "Bernd", "--reason", "zurückgetreten")
    assert result.exit_code == 0 and "Zoë für Bernd" in result.output, result.output
    assert bot.apply_interventions() == 1
    assert [p.name for p in bot.game.state.players][1] == "Zoë"
    assert not bot.game.player("Zoë").excluded  # he plays on in Bernd's place
    assert "Vorschlag" not in run(here, "status").output
