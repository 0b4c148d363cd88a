"""`wolfbot demo --ruleset weerwolven` (issue 17): a Dutch round against the local forum from
the Rollenmitteilungen to the last post – and not one German word in anything a player
reads or the simulated players write: the thread's title and posts, every conversation's
title and message, the receipts, questions and reminders."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from bs4 import BeautifulSoup
from dutch import GERMAN  # tests/rulesets/dutch.py

from wolfbot.demo.round import run_demo
from wolfbot.forum.local import LocalForum
from wolfbot.rulesets import loader
from wolfbot.spielleitung.replay import replay_round
from wolfbot.store.db import session_factory, upgrade

START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
RULES = loader.load("weerwolven")
# (players, seed): the README's demo and rounds of other sizes and deals
ROUNDS = [(12, 7), (8, 1), (16, 3)]
# the engine's own words of the commands the Weerwolven say otherwise ("!Heiltrank")
CANONICAL = re.compile(rf"!({'|'.join(map(re.escape, sorted(RULES.said_words)))})\b")


def _text(html: str) -> str:
    return BeautifulSoup(html, "html.parser").get_text(" ")


@pytest.fixture(scope="module", params=ROUNDS, ids=[f"{p}-spelers-seed-{s}" for p, s in ROUNDS])
def shown(request, tmp_path_factory):
    """The round's result and everything its forum shows: (where, who, text) – the thread's
    title and posts, every conversation's title and messages."""
    players, seed = request.param
    directory = tmp_path_factory.mktemp(f"weerwolven-{players}")
    result = run_demo(
        players, seed, directory, start=START, out=lambda *_: None, ruleset="weerwolven"
    )
    forum = LocalForum(str(result.forum_db))
    try:
        (thread,) = forum.store.threads()
        texts = [("thread", "", thread.title)]
        texts += [
            ("thread", p.author, f"{p.subject}\n{_text(p.html)}") for p in forum.posts(thread.id)
        ]
        for row in forum.conversations(result.game_master):
            texts.append((row.title, "", row.title))
            conversation = forum.conversation(row.id)
            texts += [(row.title, m.author, _text(m.html)) for m in conversation.messages]
        yield result, texts
    finally:
        forum.store.close()


def test_the_round_is_played_to_its_end_in_dutch_phases(shown) -> None:
    result, _ = shown
    assert result.game.rules.name == "weerwolven" and result.winners
    titles = result.phase_posts
    assert titles[0] == "Weerwolven seizoen '26 – Spel 1: Demospel"
    assert titles[1] == "Ochtend van dag 1" and titles[-1] == "Het einde van het spel"
    kinds = {"Ochtend", "Tussenstand", "Herinnering", "Avond"}
    assert {t.split()[0] for t in titles[1:-1]} <= kinds
    assert result.game_master == "Spelleiding"


def test_no_text_of_the_round_is_german(shown) -> None:
    """Neither the bot's nor the simulated players' – each line of each text checked."""
    _, texts = shown
    german = [
        (where, who, line)
        for where, who, text in texts
        for line in text.splitlines()
        if GERMAN.search(line) or CANONICAL.search(line)
    ]
    assert not german, german[:5]
    assert len(texts) > 80


def test_the_players_are_told_in_dutch_what_went_wrong(shown) -> None:
    """A misspelt name is refused in Dutch, with the names that were meant."""
    _, texts = shown
    refused = [t for _, who, t in texts if who == "Spelleiding" and "Geweigerd:" in t]
    assert refused
    assert all("want:" in t for t in refused)


def test_the_stored_dutch_round_replays_identically(shown) -> None:
    result, _ = shown
    engine = upgrade(result.bot_db)
    try:
        report = replay_round(session_factory(engine), 1, messages=False)
    finally:
        engine.dispose()
    assert report.identical, report.difference
