"""A whole 8-player round of the real `RoundBot` on a `SplitForum` (split_round.py: the
game thread on the local look-alike, every conversation on the real WoltLab Suite 6.0, each
player posting with his own account). Checked on the real server: one Rollenmitteilung per
player with his role, one Wolfshöhle with the wolves, the receipts, the Seherin's
information, the Bürgermeisterin's question – each conversation exactly as the Düsterliga
prescribes, in order – and every message the outbox sent there exactly once (nothing
pending at the end); on the look-alike every phase post of the thread once."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from split_round import BOT, ROLES, THREAD_TITLES, WOLVES, played
from woltlab_support import Server

from wolfbot.forum.base import ChannelRef, Conversation, ReadMark

pytestmark = pytest.mark.woltlab

ANGENOMMEN = "Angenommen: {} – vorgemerkt, wird am Ende der Nacht ausgewertet"
# what each conversation shows after the Rollenmitteilung (the bot's and the players' messages)
DAY = ["Angenommen: !Bürgermeister spieler03", "Angenommen: !Lynch spieler01"]  # receipts
DAY_TWO = ["Angenommen: !Lynch spieler02"]
EXPECTED = {
    "spieler01 – {label}": [
        ANGENOMMEN.format("!Alpha spieler02"),
        ANGENOMMEN.format("!Fressen spieler05"),
        "Angenommen: !Bürgermeister spieler01",
        "Angenommen: !Lynch spieler03",
    ],
    "spieler02 – {label}": [
        ANGENOMMEN.format("!Alpha spieler02"),
        ANGENOMMEN.format("!Fressen spieler05"),
        "Angenommen: !Bürgermeister spieler03",
        "Angenommen: !Lynch spieler03",
        ANGENOMMEN.format("!Fressen spieler03"),
        "Angenommen: !Lynch spieler04",
    ],
    "spieler03 – {label}": [
        "!Sehen spieler01",
        ANGENOMMEN.format("!Sehen spieler01"),
        "spieler01 ist Werwolf.",
        *DAY,
        "!Sehen spieler02",
        ANGENOMMEN.format("!Sehen spieler02"),
        "Du warst Bürgermeister: Wen ernennst du zu deinem Nachfolger? Zur Wahl: spieler02, "
        "spieler04, spieler05, spieler06, spieler07 und spieler08. Antworte mit "
        "!Nachfolger [Spielername] .",
        "spieler02 ist Werwolf.",
        "!Nachfolger spieler04",
        "Angenommen: !Nachfolger spieler04",
    ],
    "spieler04 – {label}": [
        "!Heiltrank spieler05",
        ANGENOMMEN.format("!Heiltrank spieler05"),
        "In dieser Nacht erfolgreich angegriffen: spieler05.",
        "Du heilst spieler05.",
        *DAY,
        *DAY_TWO,
    ],
    "spieler05 – {label}": [*DAY, *DAY_TWO],
    "spieler06 – {label}": [*DAY, *DAY_TWO],
    "spieler07 – {label}": [*DAY, *DAY_TWO],
    "spieler08 – {label}": [
        "!Sehen spieler01",
        "Abgelehnt: !Sehen spieler01 , weil: Du hast keinen Befehl !Sehen. "
        "Gültig sind jetzt: !Rücktritt.",
        *DAY,
        *DAY_TWO,
    ],
    "Wolfshöhle – {label}": [
        "!Alpha spieler02",
        "Gut, dann ich. !Alpha spieler02",
        "!Fressen spieler05",
        "!Fressen spieler05",
        "Euer Alpha ist spieler02.",
        "spieler01 darf als Wolfsgeist die Wolfshöhle nicht mehr nutzen.",
        "!Fressen spieler03",
        "spieler02 darf als Wolfsgeist die Wolfshöhle nicht mehr nutzen.",
    ],
}


def text(html: str) -> str:
    """What a message says, for comparing the outbox with the forum: the text without
    whitespace (WoltLab re-renders the markup; "@" of a mention may go)."""
    return re.sub(r"[\s@]+", "", BeautifulSoup(html, "html.parser").get_text())


def test_a_whole_round_with_the_thread_local_and_the_conversations_on_the_real_woltlab(
    woltlab: Server, tmp_path: Path
) -> None:
    with played(woltlab.base_url, woltlab.passwords, tmp_path) as here:
        bot, local, thread_id, real, context = (
            here.bot,
            here.local,
            here.thread_id,
            here.real,
            here.context,
        )
        label = here.label
        assert bot.game.state.phase.kind == "over"
        alive = {n for n in ROLES if bot.game.player(n).alive}
        assert alive == {"spieler04", "spieler05", "spieler06", "spieler07", "spieler08"}

        # the outbox: everything sent, nothing pending
        messages = bot.outbox.messages()
        assert [m.key for m in messages if m.state != "sent"] == []

        # the thread on the look-alike: each phase post once
        titles = [p.subject for p in local.posts(thread_id) if p.author == BOT]
        assert titles == [context.round_title, *THREAD_TITLES]

        # the conversations on the real server
        mine = [c for c in real.conversations() if c.title.endswith(f" – {label}")]
        by_title: dict[str, Conversation] = {c.title: c for c in mine}
        assert sorted(c.title for c in mine) == sorted(
            [f"{n} – {label}" for n in ROLES] + [f"Wolfshöhle – {label}"]
        )
        wolves = by_title[f"Wolfshöhle – {label}"]
        assert {wolves.author, *wolves.participants} == {BOT, *WOLVES}
        read = {c.title: real.read(ChannelRef("conversation", c.id), ReadMark()).new for c in mine}
        said = {
            title: [
                " ".join(BeautifulSoup(p.html, "html.parser").get_text(" ").split()) for p in posts
            ]
            for title, posts in read.items()
        }
        for name, role in ROLES.items():
            # one Rollenmitteilung each, with his role, first in his conversation
            rollen = [
                m for title, texts in said.items() for m in texts if "spielst du die Rolle" in m
            ]
            mine_ = [m for m in rollen if m.startswith(f"Hallo {name},")]
            assert len(mine_) == 1 and f"spielst du die Rolle {role} ." in mine_[0], name
            assert said[f"{name} – {label}"][0] == mine_[0]
        assert {t: m[1:] for t, m in said.items()} == {
            k.format(label=label): v for k, v in EXPECTED.items()
        }
        # nothing doubled or lost: the bot's messages there are what the outbox sent
        ids = {c.title: c.id for c in mine}
        on_forum = Counter(
            (ids[title], text(p.html))
            for title, posts in read.items()
            for p in posts
            if p.author == BOT
        )
        sent = Counter(
            (
                m.forum_id if m.kind == "conversation" else int((m.channel or "").split(":")[1]),
                text(m.html),
            )
            for m in messages
            if m.kind == "conversation"
            or (m.kind == "post" and (m.channel or "").startswith("conversation:"))
        )
        assert on_forum == sent and sum(sent.values()) == 49  # 22 receipts of thread votes
        # and the thread's: its 7 posts, the edits (links into the opening post) there
        assert Counter(
            (m.kind, (m.channel or "").split(":")[0]) for m in messages if m.kind != "conversation"
        ) == {("post", "conversation"): 40, ("post", "thread"): 7, ("edit", "thread"): 5}
        print(f"played in {here.seconds:.1f} s, {sum(sent.values())} conversation messages")
