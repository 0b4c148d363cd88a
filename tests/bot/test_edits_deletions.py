"""Edits and deletions of posts the bot had read ("Das Löschen von Beiträgen ist verboten.
Die Spielleitung stellt gelöschte Beiträge wieder her. Das Bearbeiten von Beiträgen ist nur
erlaubt, um unwesentliche Fehler zu korrigieren. Auf Antrag stellt die Spielleitung den
früheren Zustand eines Beitrags wieder her."): the first version counts and its author is
told so once; the Spielleitung sees every kept version and has the bot quote one back."""

from __future__ import annotations

import pytest
from roundkit import BOT, SCRIPT, Site, bold, site
from sqlalchemy import select, text

from wolfbot.bot.edits import NOT_COUNTED
from wolfbot.forum.woltlab.markup.message import parse_message
from wolfbot.store import interventions as store
from wolfbot.store.models import CommandRow, InputPost

DAY_ONE = SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]  # the Morgen is out


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        yield s


def day_one(here: Site):
    bot = here.started()
    for step in DAY_ONE:
        here.act(step, bot)
    return bot


def answers_to(here: Site, name: str) -> list[str]:
    """The bot's messages in the player's Rollenmitteilung after the role (receipts, …)."""
    conversation = here.forum.conversation(here.conversation(name, "private"))
    return [m.html for m in conversation.messages if m.author == BOT][1:]


def about_edits(here: Site, name: str) -> list[str]:
    return [a for a in answers_to(here, name) if "bearbeitet" in a or "gelöscht" in a]


def view(bot, name: str) -> list[dict]:
    with bot.sessions() as session:
        return [dict(r) for r in session.execute(text(f"SELECT * FROM {name}")).mappings()]


def thread_posts_by_bot(here: Site) -> list[str]:
    return [p.html for p in here.forum.posts(here.thread_id) if p.author == BOT]


def test_an_edit_that_changes_the_command_is_answered_once_and_does_not_count(here) -> None:
    bot = day_one(here)
    here.act(("post", "Emil", "thread", bold("!Lynch Anna", "<p>Sie war es.</p>")), bot)
    bot.poll()
    here.act(("edit", "Emil", -1, bold("!Lynch Clara", "<p>Sie war es.</p>")), bot)
    bot.poll()
    bot.send()
    assert bot.game.state.day.lynch_votes["Emil"] == "Anna"  # the first version counts
    (told,) = about_edits(here, "Emil")
    assert "Du hast deinen" in told and "bearbeitet" in told
    assert "Es gilt die erste Fassung:" in told
    assert "<strong>!Lynch Anna</strong> (angenommen)" in told
    assert "Nicht gezählt" in told and "<strong>!Lynch Clara</strong>" in told
    with bot.sessions() as session:
        added = session.scalars(select(CommandRow).where(CommandRow.text == "!Lynch Clara")).one()
    assert (added.actor, added.verdict, added.reason) == ("Emil", "rejected", NOT_COUNTED)
    (edited,) = view(bot, "v_edited")
    assert edited["first_commands"] == "!Lynch Anna" and edited["not_counted"] == "!Lynch Clara"
    # read again, and by a restarted bot from scratch: still one answer
    bot.poll()
    again = here.bot()
    again._marks.clear()  # noqa: SLF001 – as if no mark had been stored: every page again
    again.poll()
    again.send()
    assert len(about_edits(here, "Emil")) == 1
    assert again.game.state.day.lynch_votes["Emil"] == "Anna"
    assert len(view(again, "v_edited")) == 1


def test_an_edit_of_the_text_alone_is_kept_without_an_answer(here) -> None:
    bot = day_one(here)
    here.act(("post", "Emil", "thread", bold("!Lynch Anna", "<p>Sie war es.</p>")), bot)
    bot.poll()
    bot.send()
    before = answers_to(here, "Emil")
    here.act(("edit", "Emil", -1, bold("!Lynch Anna", "<p>Sie war es, sicher.</p>")), bot)
    bot.poll()
    bot.send()
    assert answers_to(here, "Emil") == before
    (edited,) = view(bot, "v_edited")
    assert "sicher" in edited["html"] and edited["not_counted"] is None


def test_a_command_added_by_an_edit_is_answered_as_not_counting(here) -> None:
    bot = day_one(here)
    here.act(("post", "Emil", "thread", "<p>Ich weiß noch nicht.</p>"), bot)
    bot.poll()
    here.act(("edit", "Emil", -1, bold("!Lynch Bernd", "<p>Ich weiß noch nicht.</p>")), bot)
    bot.poll()
    bot.send()
    assert "Emil" not in bot.game.state.day.lynch_votes
    (told,) = about_edits(here, "Emil")
    assert "Es gilt die erste Fassung, und sie enthielt keinen Befehl." in told
    assert "<strong>!Lynch Bernd</strong>" in told


def test_a_deleted_post_is_answered_listed_and_restored_once(here) -> None:
    bot = day_one(here)
    html = bold("!Lynch Anna", "<p>Anna hat sich verraten.</p>")
    here.act(("post", "Emil", "thread", html), bot)
    bot.poll()
    post_id = here.posted["Emil"][-1]
    here.forum.delete_post(post_id)
    bot.poll()
    bot.send()
    assert bot.game.state.day.lynch_votes["Emil"] == "Anna"  # what it did stands
    (told,) = about_edits(here, "Emil")
    assert "gelöscht" in told and "<strong>!Lynch Anna</strong> (angenommen)" in told
    assert "Die Spielleitung stellt gelöschte Beiträge wieder her." in told
    (deleted,) = view(bot, "v_deleted")
    assert (deleted["author"], deleted["post_id"], deleted["counted"]) == ("Emil", post_id, 1)
    assert deleted["commands"] == "!Lynch Anna" and "verraten" in deleted["html"]
    assert deleted["restored_at"] is None
    bot.poll()  # read again: nothing new
    bot.send()
    assert len(about_edits(here, "Emil")) == 1

    posts_before = len(thread_posts_by_bot(here))
    with bot.sessions() as session:
        store.request(
            session,
            bot.game_id,
            "restore",
            player="Emil",
            argument=str(deleted["input_id"]),
            reason="gelöscht",
            requested_by="Spielleitung",
        )
    assert bot.apply_interventions() == 1
    bot.send()
    restored = thread_posts_by_bot(here)[posts_before:]
    assert len(restored) == 1
    (quote,) = restored
    assert "Die Spielleitung stellt den gelöschten Beitrag von" in quote
    assert '<woltlab-quote data-author="Emil"' in quote and "Anna hat sich verraten." in quote
    assert "<strong>!Lynch Anna</strong>" in quote
    assert parse_message(quote).commands == ()  # a quote never counts
    # a restarted bot applies nothing twice and does not read its own post as a command
    again = here.bot()
    assert again.apply_interventions() == 0
    again.poll()
    again.send()
    assert thread_posts_by_bot(here)[posts_before:] == restored
    assert again.game.state == bot.game.state
    with again.sessions() as session:
        rows = session.scalars(select(InputPost).where(InputPost.author == BOT)).all()
    assert rows == []
    (row,) = view(again, "v_deleted")
    assert row["restored_at"] is not None


def test_the_earlier_state_of_an_edited_post_is_restored(here) -> None:
    bot = day_one(here)
    here.act(("post", "Emil", "thread", bold("!Lynch Anna", "<p>Anna war es.</p>")), bot)
    bot.poll()
    here.act(("edit", "Emil", -1, "<p>Nichts gesagt.</p>"), bot)
    bot.poll()
    (edited,) = view(bot, "v_edited")
    with bot.sessions() as session:
        store.request(
            session,
            bot.game_id,
            "restore",
            player="Emil",
            argument=str(edited["first_id"]),
            reason="Antrag von Bernd",
            requested_by="Spielleitung",
        )
    assert bot.apply_interventions() == 1
    bot.send()
    quote = thread_posts_by_bot(here)[-1]
    assert "den früheren Zustand des Beitrags von" in quote and "Anna war es." in quote


def test_a_conversation_post_is_restored_in_its_conversation_not_in_the_thread(here) -> None:
    """The Wolfshöhle's secrets stay there: an edited message's earlier state is quoted back
    into the conversation it was written in."""
    bot = day_one(here)
    wolves = here.conversation("Anna", "wolves")
    message_id = here.forum.add_conversation_message(wolves, "Anna", "<p>Morgen Clara.</p>")
    bot.poll()
    anna = here.forum.user_id("Anna")
    assert anna is not None
    here.forum.edit_own_message(anna, wolves, message_id, "<p>Nichts.</p>")
    bot.poll()
    (edited,) = view(bot, "v_edited")
    in_thread = thread_posts_by_bot(here)
    with bot.sessions() as session:
        store.request(
            session,
            bot.game_id,
            "restore",
            player="Anna",
            argument=str(edited["first_id"]),
            reason="Antrag von Bernd",
            requested_by="Spielleitung",
        )
    assert bot.apply_interventions() == 1
    bot.send()
    assert thread_posts_by_bot(here) == in_thread
    last = [m for m in here.forum.conversation(wolves).messages if m.author == BOT][-1]
    assert "früheren Zustand" in last.html and "Morgen Clara." in last.html
