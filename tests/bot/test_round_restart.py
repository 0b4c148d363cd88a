"""Restart safety end to end: the real WoltLab client against the local forum over loopback.

The same scripted round is played twice: straight through by one bot, and with the bot
thrown away and rebuilt from its SQLite file after every step (a kill between any two
inputs). Both must leave the same forum – each bot post exactly once – and the same game."""

from __future__ import annotations

import pytest
from roundkit import (
    BOT,
    PLAYERS,
    SCRIPT,
    THREAD_TITLES,
    Site,
    bot_messages,
    site,
    store_counts,
    thread_titles,
)

from wolfbot.bot import RoundBot


def play(here: Site, *, restart_every_step: bool) -> RoundBot:
    bot = here.bot()
    here.start(bot)
    bot.send()
    for step in SCRIPT:
        if restart_every_step:
            bot = here.bot()
        here.act(step, bot)
    if restart_every_step:
        bot = here.bot()
    bot.send()
    return bot


@pytest.fixture(scope="module")
def straight(tmp_path_factory):
    with site(tmp_path_factory.mktemp("straight")) as here:
        bot = play(here, restart_every_step=False)
        yield bot.game.state, bot_messages(here), thread_titles(here), store_counts(bot)


def test_a_straight_round_publishes_every_post_once(straight) -> None:
    state, messages, titles, (inputs, commands) = straight
    assert state.phase.kind == "over" and state.winners == ("Dorf",)
    assert titles == THREAD_TITLES
    assert all(count == 1 for (where, _, _), count in messages.items() if where == "thread")
    rollen = [where for where, _, _ in messages if where.endswith("– 1. Ligarunde")]
    for name, _ in PLAYERS:
        assert f"{name} – 1. Ligarunde" in rollen
    assert "Wolfshöhle – 1. Ligarunde" in rollen and "Totenreich – 1. Ligarunde" in rollen
    receipts = [html for where, _, html in messages if where == "Frau Holle – 1. Ligarunde"]
    assert any("Abgelehnt" in html and "!Sehen Anna" in html for html in receipts)
    posts = [s for s in SCRIPT if s[0] == "post"]
    # the edit is kept (not processed), its changed "!Lynch Clara" a rejected command row
    assert inputs == len(posts) + 1
    assert commands == sum(s[3].count("<strong>!") for s in posts) + 1
    edited = [html for where, _, html in messages if where == "Frau Holle – 1. Ligarunde"]
    assert sum("bearbeitet" in html for html in edited) == 1  # told once


def test_a_kill_between_any_two_inputs_loses_and_doubles_nothing(straight, tmp_path) -> None:
    state, messages, titles, counts = straight
    with site(tmp_path) as here:
        bot = play(here, restart_every_step=True)
        assert bot.game.state == state
        assert bot_messages(here) == messages
        assert thread_titles(here) == titles
        assert store_counts(bot) == counts
        assert bot.outbox.messages(["queued", "sending", "uncertain", "failed", "blocked"]) == []


def test_a_morgen_that_times_out_after_the_forum_stored_it_is_posted_once(tmp_path) -> None:
    with site(tmp_path) as here:
        here.client_timeout = 2  # the server holds the stored write's answer for 3 s
        bot = here.bot()
        here.start(bot)
        bot.send()
        night_one = SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 1]
        for step in night_one:
            here.act(step, bot)
        here.forum.fail_next("post-add", "timeout_after_commit")
        first = bot.send()
        assert first[0].status == "retry" and first[0].key.endswith("/0")
        assert any(r.status == "appeared" for r in first)
        # and once more, with the bot killed right after the timeout, before its check
        here.act(("deadline", "dusk 1"), bot)
        here.forum.fail_next("post-add", "timeout_after_commit")
        assert bot.outbox.send_next(bot.forum).status == "retry"
        bot = here.bot()
        assert any(r.status == "appeared" for r in bot.send())
        titles = thread_titles(here)
        assert titles.count("Morgen des ersten Tages") == 1
        assert titles.count("Dämmerung des ersten Tages") == 1
        assert [p.author for p in here.forum.posts(here.thread_id)].count(BOT) == 3
