"""Issue 17: wording the posts layer from the ruleset's catalog must not change one German
text. Everything a player sees is compared with its transcript in tests/data/transcripts/
(made from the texts before the change):

- a small demo round per German ruleset: everything the bot posts – in the thread and in
  every conversation, title and HTML, in the forum's order – (`<ruleset>.txt`), and what
  the simulated players post there (`<ruleset>.players.txt`: their chatter is the demo's);
- every scenario of tests/scenarios/: each distinct title and block of HTML of every post
  and private message it makes, sorted (`scenarios/<folder>.txt`) – the receipts, the
  questions, the exclusions, the new roles … that a demo round may not make;
- the sign-up thread's answers, one of each kind (`signup.txt`).

A wanted change of a German text: `WOLFBOT_WRITE_TRANSCRIPTS=1 pytest -n 0` on this file writes
the transcripts anew; the diff then shows every text that changed."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from wolfbot.demo.round import GAME_MASTER, Demo
from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.forum.woltlab.html import woltlab_tags
from wolfbot.rulesets import loader
from wolfbot.scenario.model import load
from wolfbot.scenario.runner import run_scenario, scenario_files
from wolfbot.setup.signup import read_signups

TRANSCRIPTS = Path(__file__).parents[1] / "data" / "transcripts"
SCENARIOS = Path(__file__).parents[1] / "scenarios"
START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
# (ruleset, players, seed): small rounds that come to an end with many kinds of text
ROUNDS = [("duesterliga", 7, 3), ("wolfvillage", 7, 5), ("klassisch", 7, 2)]
FOLDERS = ["core", "examples", "klassisch", "roles", "wolfvillage"]  # the German scenarios
BLOCK = re.compile(r"(?=<(?:p|li|ul|ol|h\d|woltlab-spoiler|woltlab-quote)\b)")


def compared(path: Path, written: str) -> None:
    if os.environ.get("WOLFBOT_WRITE_TRANSCRIPTS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(written, encoding="utf-8")
    assert written == path.read_text(encoding="utf-8")


def _lines(shown: dict[str, list[str]]) -> str:
    lines = []
    for channel in sorted(shown):
        lines.append(f"=== {channel}")
        lines += [f"--- {text}" for text in shown[channel]]
    return "\n".join(lines) + "\n"


def players_posts(demo: Demo) -> dict[str, list[str]]:
    """What the simulated players post: per channel (the thread, each conversation by its
    title) their posts in the forum's order – author and HTML."""
    shown: dict[str, list[str]] = {}
    for post in demo.forum.posts(demo.thread_id):
        if post.author != GAME_MASTER:
            shown.setdefault("thread", []).append(f"{post.author}: {post.html}")
    for row in demo.forum.conversations(GAME_MASTER):
        for message in demo.forum.conversation(row.id).messages:
            if message.author != GAME_MASTER:
                shown.setdefault(row.title, []).append(f"{message.author}: {message.html}")
    return shown


@pytest.fixture(scope="module", params=ROUNDS, ids=[r[0] for r in ROUNDS])
def demo_round(request, tmp_path_factory) -> tuple[str, str, str]:
    """A demo round's ruleset, the bot's transcript and the players'."""
    ruleset, players, seed = request.param
    directory = tmp_path_factory.mktemp(ruleset)
    demo = Demo(players, seed, directory, start=START, out=lambda *_: None, ruleset=ruleset)
    try:
        demo.run()
        return ruleset, _lines(demo.bot_posts()), _lines(players_posts(demo))
    finally:
        demo.close()


def test_every_text_of_a_german_round_is_the_one_of_its_transcript(demo_round) -> None:
    ruleset, bot, _ = demo_round
    compared(TRANSCRIPTS / f"{ruleset}.txt", bot)


def test_what_the_simulated_players_post_is_the_one_of_its_transcript(demo_round) -> None:
    ruleset, _, players = demo_round
    compared(TRANSCRIPTS / f"{ruleset}.players.txt", players)


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_text_of_the_scenarios_is_one_of_its_transcript(folder: str) -> None:
    shown: set[str] = set()
    for path in scenario_files([SCENARIOS / folder]):
        for message in run_scenario(load(path)).messages:
            shown.add(f"{message.channel} | {message.title}")
            html = woltlab_tags(message.html)  # the forum's tags, "[" not yet escaped
            shown.update(part for part in BLOCK.split(html) if part)
    compared(TRANSCRIPTS / "scenarios" / f"{folder}.txt", "\n".join(sorted(shown)) + "\n")


T0 = datetime(2026, 11, 1, 18, 0, tzinfo=UTC)
# (author, minute, conversation or None for the sign-up thread, HTML): one of every answer
SIGNUPS = [
    ("Anna", 1, None, "<p><strong>!Dabei</strong></p>"),
    ("Bernd", 2, None, "<p><strong>!Spieler</strong></p>"),
    ("Anna", 3, None, "<p><strong>!Dabei</strong></p>"),
    ("Carla", 4, None, "<p><strong>!Dabei</strong></p>"),
    ("Hans", 5, None, "<p><strong>!Dabei</strong></p>"),
    ("Dora", 6, None, "<p><strong>!Reserve</strong></p>"),
    ("Dora", 7, None, "<p><strong>!Dabei</strong></p>"),
    ("Emil", 8, None, "<p><strong>!Beobachter</strong></p>"),
    ("Emil", 9, None, "<p><strong>!Dabei bin ich</strong></p>"),
    ("Emil", 10, None, "<p><strong>!Mitspielen</strong></p>"),
    ("Emil", 11, None, "<p><strong>!Abmelden</strong></p>"),
    ("Spielleitung", 12, None, "<p><strong>!Dabei</strong></p>"),
    ("Bernd", 13, None, "<p><strong>!Beobachter</strong></p>"),
    ("Fritz", 14, 7, "<p><strong>!Dabei</strong></p>"),
    ("Fritz", 15, 7, "<p>Ich möchte mich abmelden.</p>"),
    ("Anna", 16, 8, "<p>Ich möchte zurücktreten.</p>"),
    ("Carla", 17, 9, "<p>Abmeldung, bitte.</p>"),
    ("Emil", 18, None, "<p><strong>!Reserve</strong></p>"),
    ("Gerd", 90, None, "<p><strong>!Dabei</strong></p>"),
]


@pytest.mark.parametrize("ruleset", [r[0] for r in ROUNDS])
def test_every_answer_of_the_sign_up_is_the_one_of_its_transcript(ruleset: str) -> None:
    posts = [
        ForumPost(
            post_id=number,
            channel=ChannelRef("thread", 1) if where is None else ChannelRef("conversation", where),
            author=author,
            author_id=None,
            time=T0 + timedelta(minutes=minute),
            html=html,
            parsed=WOLTLAB.read(html),
        )
        for number, (author, minute, where, html) in enumerate(SIGNUPS, 1)
    ]
    signup = read_signups(
        posts,
        game_master={"Spielleitung"},
        closes_at=T0 + timedelta(minutes=60),
        min_players=3,
        max_players=3,
        ruleset=loader.load(ruleset),
    )
    written = [v.receipt for v in signup.verdicts] + signup.problems
    compared(TRANSCRIPTS / "signup.txt", "\n".join(written) + "\n")
