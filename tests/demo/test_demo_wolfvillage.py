"""`wolfbot demo --ruleset wolfvillage`: a Wolf Village round against the local forum, played,
posted, stored and replayed like a Düsterliga round – in Wolf Village's phases (no
Dämmerung), with a ready-made setup and in the narrator's words."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime

import pytest
from bs4 import BeautifulSoup
from typer.testing import CliRunner

from wolfbot.cli import app
from wolfbot.demo.deal import demo_roles
from wolfbot.demo.round import GAME_MASTER, run_demo
from wolfbot.forum.local import LocalForum
from wolfbot.rulesets import loader
from wolfbot.spielleitung.replay import replay_round
from wolfbot.store.db import session_factory, upgrade

PLAYERS = 9  # Chaos from 9 players on: the setup with the most roles there
START = datetime(2026, 10, 20, 18, 0, tzinfo=UTC)
ORDINALS = "ersten zweiten dritten vierten fünften sechsten siebten achten neunten".split()
# what only the Düsterliga has: no text of a Wolf Village round may speak of it
DUESTERLIGA_ONLY = re.compile(r"Wolfshöhle|Bürgermeister|Alpha|Dämmerung|Lynch|gelyncht")
KLASSISCH_NEVER = re.compile(r"Wolfshöhle|Bürgermeister|Alpha|Dämmerung|Wütender Mob|gelyncht")


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    directory = tmp_path_factory.mktemp("wolfvillage")
    lines: list[str] = []
    result = run_demo(PLAYERS, 7, directory, start=START, out=lines.append, ruleset="wolfvillage")
    forum = LocalForum(str(result.forum_db))
    try:
        yield result, forum, lines
    finally:
        forum.store.close()


def _bot_posts(forum: LocalForum):
    (thread,) = forum.store.threads()
    return [p for p in forum.posts(thread.id) if p.author == GAME_MASTER]


def test_the_round_is_played_to_the_end_in_wolf_villages_phases(demo) -> None:
    result, forum, _ = demo
    assert result.game.rules.name == "wolfvillage"
    assert result.game.state.phase.kind == "over" and result.winners
    titles = [p.subject for p in _bot_posts(forum)]
    assert titles == result.phase_posts
    assert titles[0] == "Wolf Village Season '26 - Ligarunde 1: Demorunde"
    assert titles[-1] == "Das Ende der Runde"
    phases = [t for t in titles[1:-1] if t.split()[0] in ("Morgen", "Abend")]
    expected = [f"{kind} des {nth} Tages" for nth in ORDINALS for kind in ("Morgen", "Abend")]
    assert len(phases) >= 3 and phases == expected[: len(phases)]
    assert not [t for t in titles if "Dämmerung" in t]


def test_the_demo_deals_a_ready_made_setup_with_its_house_rules() -> None:
    """The setup with the most different roles for twelve players: Chaos (with the
    Hauptmann), as `rules/wolfvillage/setups.yaml` deals it."""
    roles, options = demo_roles(loader.load("wolfvillage"), 12, 7)
    assert len(roles) == 12 and roles.count("Werwolf") == 2
    assert {"Seherin", "Heiler", "Jäger", "Amor", "Günstling", "Narr", "Hexe"} <= set(roles)
    assert options["hauptmann"] is True and options["split_night"] is True


def test_the_morgen_speaks_the_narrators_sentences(demo) -> None:
    _, forum, _ = demo
    morgen = [p for p in _bot_posts(forum) if p.subject.startswith("Morgen")]
    assert morgen and all("Guten Morgen, liebes Dorf." in p.html for p in morgen)
    texts = " ".join(BeautifulSoup(p.html, "html.parser").get_text(" ") for p in morgen)
    assert re.search(r"\w+ war (der|die|ein|eine) \w+|war der Jäger!", texts)


def test_no_text_of_the_round_speaks_of_what_only_the_duesterliga_has(demo) -> None:
    result, _, _ = demo
    with sqlite3.connect(result.bot_db) as db:
        rows = db.execute("select coalesce(title, ''), html from outgoing_messages").fetchall()
    assert rows
    for title, html in rows:
        shown = f"{title} {BeautifulSoup(html, 'html.parser').get_text(' ')}"
        assert not DUESTERLIGA_ONLY.search(shown), shown[:300]


def test_the_stored_round_replays_identically(demo) -> None:
    result, _, _ = demo
    engine = upgrade(result.bot_db)
    try:
        report = replay_round(session_factory(engine), 1, messages=False)
    finally:
        engine.dispose()
    assert report.identical, report.difference
    assert report.events > 40 and report.inputs > 20


def test_the_command_line_plays_another_ruleset(tmp_path) -> None:
    runner = CliRunner()
    refused = runner.invoke(app, ["demo", "--ruleset", "nirgendwo", "--dir", str(tmp_path)])
    assert refused.exit_code == 2 and "wolfvillage" in refused.output


def test_a_ruleset_without_setups_shows_its_roles_in_the_demo(tmp_path) -> None:
    """`wolfbot demo --ruleset klassisch` (7 players): no ready-made setups and no Dorf
    and Rudel of the "Rollenverteilung" – the demo deals a Werwolf per four players and
    other roles of the ruleset drawn by the seed, plays the round to its end in
    Düsterwald's words and phases."""
    lines: list[str] = []
    result = run_demo(7, 3, tmp_path, start=START, out=lines.append, ruleset="klassisch")
    assert result.game.rules.name == "klassisch" and result.game.state.phase.kind == "over"
    roles = [role for _, role in result.roles]
    assert roles.count("Werwolf") == 1 and roles.count("Bürger") >= 2
    assert len(set(roles)) >= 5 and "Dieb" not in roles
    titles = result.phase_posts
    assert titles[-1] == "Das Ende der Runde" and not [t for t in titles if "Dämmerung" in t]
    with sqlite3.connect(result.bot_db) as db:
        rows = db.execute("select coalesce(title, ''), html from outgoing_messages").fetchall()
    for title, html in rows:  # its vote is the Düsterliga's !Lynch (rules/klassisch/README.md)
        shown = f"{title} {BeautifulSoup(html, 'html.parser').get_text(' ')}"
        assert not KLASSISCH_NEVER.search(shown), shown[:300]
