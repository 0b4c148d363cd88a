"""`wolfbot deleted` and `wolfbot restore` on a real store: a round played by the `RoundBot`
against the local forum (`tests/bot/roundkit.py`). "Die Spielleitung stellt gelöschte
Beiträge wieder her": the listing shows the kept text and its Nr., `restore` writes a
pending row, the running bot quotes the post back into the thread once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from roundkit import BOT, SCRIPT, bold, site  # noqa: E402
from sqlalchemy import select  # noqa: E402

from wolfbot.cli import app  # noqa: E402
from wolfbot.store.models import InputPost  # noqa: E402

ENV = {"COLUMNS": "250", "NO_COLOR": "1"}


@pytest.fixture
def round_(tmp_path):
    """Day 1 of the test round: Emil voted for Anna and deleted the post; Clara's vote
    stands as she wrote it."""
    with site(tmp_path) as here:
        bot = here.started()
        for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
            here.act(step, bot)
        here.act(
            ("post", "Emil", "thread", bold("!Lynch Anna", "<p>Anna hat sich verraten.</p>")), bot
        )
        here.act(("post", "Clara", "thread", bold("!Lynch Anna", "<p>Ich auch.</p>")), bot)
        bot.poll()
        here.forum.delete_post(here.posted["Emil"][-1])
        bot.poll()
        bot.send()
        yield here, bot


def run(here, *args: str):
    return CliRunner().invoke(app, [*args, "--db", str(here.db)], env=ENV)


def input_id(bot, author: str) -> int:
    with bot.sessions() as session:
        return session.scalars(
            select(InputPost.id).where(InputPost.author == author).order_by(InputPost.id.desc())
        ).first()


def test_the_deleted_post_is_listed_and_restored_once(round_) -> None:
    here, bot = round_
    status = run(here, "status")
    assert status.exit_code == 0, status.output
    assert "Gelöschte Beiträge, nicht wiederhergestellt: 1" in status.output
    listed = run(here, "deleted")
    assert listed.exit_code == 0, listed.output
    number = input_id(bot, "Emil")
    assert f"│ {number} " in listed.output and "Anna hat sich verraten." in listed.output
    assert "!Lynch Anna" in listed.output and "wolfbot restore NR" in listed.output

    result = run(here, "restore", str(number), "--reason", "Löschen ist verboten")
    assert result.exit_code == 0, result.output
    assert (
        f"Eingriff Nr. 1 vorgemerkt: Beitrag wiederhergestellt – Beitrag Nr. {number} von Emil"
        " (gelöscht)." in result.output
    )
    again = run(here, "restore", str(number), "--reason", "noch einmal")
    assert again.exit_code == 2 and "bereits wiederhergestellt (Eingriff Nr. 1" in again.output

    assert bot.apply_interventions() == 1
    bot.send()
    posts = [p for p in here.forum.posts(here.thread_id) if p.author == BOT]
    assert posts[-1].subject == "Wiederhergestellter Beitrag"
    assert "Anna hat sich verraten." in posts[-1].html
    assert here.bot().apply_interventions() == 0  # a restarted bot: nothing again
    assert [p for p in here.forum.posts(here.thread_id) if p.author == BOT] == posts
    assert "wiederhergestellt" in run(here, "deleted").output
    assert "Beitrag wiederhergestellt" in run(here, "interventions").output
    assert "Gelöschte Beiträge" not in run(here, "status").output
    replayed = run(here, "replay")  # the notices and the restore are no steps of the game
    assert replayed.exit_code == 0 and "identisch" in replayed.output, replayed.output


def test_a_post_as_it_stands_or_none_at_all_is_not_restored(round_) -> None:
    here, bot = round_
    standing = run(here, "restore", str(input_id(bot, "Clara")), "--reason", "x")
    assert standing.exit_code == 2 and "weder gelöscht noch seitdem bearbeitet" in standing.output
    missing = run(here, "restore", "9999", "--reason", "x")
    assert missing.exit_code == 2 and "Kein Beitrag Nr. 9999" in missing.output


def test_an_edited_post_is_listed_with_its_first_version_to_restore(round_) -> None:
    here, bot = round_
    first = input_id(bot, "Clara")
    here.act(("edit", "Clara", -1, bold("!Lynch Bernd", "<p>Doch nicht.</p>")), bot)
    bot.poll()
    listed = run(here, "deleted")
    assert "Bearbeitete Beiträge" in listed.output and f"│ {first} " in listed.output
    assert "Ich auch." in listed.output and "Doch nicht." in listed.output
    assert "!Lynch Bernd" in listed.output  # not counted
    result = run(here, "restore", str(first), "--reason", "Antrag von Anna")
    assert result.exit_code == 0 and "(früherer Zustand)" in result.output
