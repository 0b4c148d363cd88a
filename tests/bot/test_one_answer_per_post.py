"""A post is answered once: the receipts of its commands are one message in the player's
conversation, and a post with hundreds of bold lines costs ten checks and one answer – not
hours of the forum's pacing."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from roundkit import BOT, bold, site
from sqlalchemy import select

from wolfbot.intake.process import MAX_COMMANDS_PER_POST
from wolfbot.store.models import CommandRow


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        yield s


def answers_to(here, name: str) -> list[str]:
    conversation = here.forum.conversation(here.conversation(name, "private"))
    return [m.html for m in conversation.messages if m.author == BOT][1:]  # not the role


@pytest.mark.parametrize("lines", [2, 5, 500], ids=["two", "five", "five hundred"])
def test_the_commands_of_one_post_are_answered_in_one_message(here, lines: int) -> None:
    bot = here.started()
    html = "".join(bold("!Sehen Anna" if i % 2 else "!Sehen Niemand") for i in range(lines))
    here.act(("post", "Clara", "private", html), bot)
    bot.poll()
    bot.send()
    (answer,) = answers_to(here, "Clara")  # one message, however many lines
    receipts = min(lines, MAX_COMMANDS_PER_POST) + (lines > MAX_COMMANDS_PER_POST)
    assert answer.count("<p>") == receipts
    assert answer.count("Angenommen") == min(lines, MAX_COMMANDS_PER_POST) // 2
    if lines > MAX_COMMANDS_PER_POST:
        assert f"höchstens {MAX_COMMANDS_PER_POST} Befehlen" in answer
        assert f"die {lines - MAX_COMMANDS_PER_POST - 1} danach" in answer
    with bot.sessions() as session:
        rows = session.scalars(select(CommandRow).where(CommandRow.text.like("!Sehen%"))).all()
    assert len(rows) == receipts  # each line read is a command row; the rest is one


def test_a_post_with_one_command_keeps_its_own_receipt(here) -> None:
    bot = here.started()
    here.act(("post", "Clara", "private", bold("!Sehen Anna")), bot)
    bot.poll()
    bot.send()
    (answer,) = answers_to(here, "Clara")
    assert answer.startswith("<p>Angenommen: <strong>!Sehen Anna</strong>")


def test_bbcode_in_a_command_the_bot_repeats_stays_text(here) -> None:
    """WoltLab runs its BBCode parser over a saved message's HTML: "[url=…]" or "[b]" in a
    command the receipt repeats would become a link or bold text in the bot's message."""
    bot = here.started()
    line = "!Sehen [url=http://evil.example]Anna[/url] [b]x[/b]"
    here.act(("post", "Clara", "private", bold(line)), bot)
    bot.poll()
    bot.send()
    (answer,) = answers_to(here, "Clara")
    assert "[" not in answer and "&#91;url=http://evil.example]Anna&#91;/url]" in answer
    shown = BeautifulSoup(answer, "lxml").get_text()
    assert "[url=http://evil.example]Anna[/url] [b]x[/b]" in shown  # what the player reads
