"""The running bot flags a post that quotes a conversation ("Die Spieler dürfen nicht aus
Konversationen zitieren"), stores the flag with the post, and flags nothing twice after a
restart; a player's own conversation with the Spielleitung is never a breach."""

from __future__ import annotations

import html
import re

import pytest
from roundkit import BOT, SCRIPT, site

from wolfbot.store import conduct as flag_store


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        yield s


def _night_one(here):
    bot = here.started()
    for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
        here.act(step, bot)
    return bot


def _text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _role_message(here, name: str) -> str:
    conversation = here.forum.conversation(here.conversation(name, "private"))
    return _text(next(m.html for m in conversation.messages if m.author == BOT))


def _flags(bot):
    with bot.sessions() as session:
        return flag_store.load(session, bot.game_id)


def test_zitat_a_thread_post_quoting_the_rollenmitteilung_is_flagged_once(here) -> None:
    bot = _night_one(here)
    told = _role_message(here, "Clara")
    passage = told[: told.index("Seherin") + len("Seherin. Deine Rolle")]
    assert passage.startswith("Hallo Clara, in der Runde")  # … spielst du die Rolle Seherin
    here.act(("post", "Clara", "thread", f"<p>Glaubt mir: {passage}</p>"), bot)
    here.act(("poll",), bot)
    (flag,) = _flags(bot)
    assert (flag.rule, flag.player, flag.state) == ("zitat", "Clara", "open")
    assert flag.clause == "Die Spieler dürfen nicht aus Konversationen zitieren."
    assert flag.url and flag.channel.startswith("thread:")
    assert "Clara" in flag.source and flag.source_text
    assert len(flag.evidence.split()) >= 6
    restarted = here.bot()
    restarted.poll()
    assert [f.id for f in _flags(restarted)] == [flag.id]
    with restarted.sessions() as session:
        assert flag_store.open_count(session, restarted.game_id) == 1


def test_zitat_the_wolves_words_in_the_thread_are_flagged_the_own_conversation_is_not(
    here,
) -> None:
    bot = _night_one(here)
    secret = "Ich denke wir sollten morgen ganz ruhig bleiben und auf Emil zeigen"
    here.act(("post", "Anna", "wolves", f"<p>{secret}</p>"), bot)
    here.act(("poll",), bot)
    here.act(("post", "Bernd", "private", f"<p>Anna sagt: {secret.lower()}</p>"), bot)
    here.act(("post", "Anna", "thread", f"<p>{secret}, sage ich euch</p>"), bot)  # her own
    here.act(("poll",), bot)
    assert _flags(bot) == []
    here.act(("post", "Bernd", "thread", f"<p>Naja. {secret.lower()}!</p>"), bot)
    here.act(("poll",), bot)
    assert _flags(bot) == []  # Anna said it in the thread first: public now
    other = "Clara hat heute Nacht bestimmt Anna angeschaut das macht mir Sorgen"
    here.act(("post", "Anna", "wolves", f"<p>{other}</p>"), bot)
    here.act(("poll",), bot)
    here.act(("post", "Bernd", "thread", f"<p>Hm, {other.lower()}.</p>"), bot)
    here.act(("poll",), bot)
    (flag,) = _flags(bot)
    assert (flag.rule, flag.player) == ("zitat", "Bernd")
    assert flag.source_text == other
