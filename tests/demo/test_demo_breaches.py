"""Issue 36: a demo round with breaches of the conduct rules planted (`wolfbot demo
--breaches`): `wolfbot conduct` lists exactly them – each planted one with its player and
rule, nothing of the simulated players' chatter – and a restarted bot flags nothing more."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from wolfbot.cli import app
from wolfbot.demo.round import Demo
from wolfbot.store import conduct as flag_store


@pytest.fixture(scope="module", params=[3, 8], ids=["seed-3", "seed-8"])
def played(request, tmp_path_factory):
    demo = Demo(12, request.param, tmp_path_factory.mktemp("breaches"), out=lambda *_: None,
                breaches=True)  # fmt: skip
    demo.run()
    try:
        yield demo
    finally:
        demo.close()


def test_the_four_kinds_of_breach_are_planted(played) -> None:
    assert played.breaches is not None
    rules = sorted(p.rule for p in played.breaches.planted)
    assert rules == ["ausserhalb", "offenbarung", "zitat", "zitat"]


def test_wolfbot_conduct_lists_exactly_the_planted_breaches(played) -> None:
    with played.bot.sessions() as session:
        stored = flag_store.load(session, played.bot.game_id)
    assert sorted((f.player, f.rule) for f in stored) == sorted(
        (p.player, p.rule) for p in played.breaches.planted
    )
    out = CliRunner().invoke(
        app, ["conduct", "--db", str(played.bot_db)], env={"COLUMNS": "200", "NO_COLOR": "1"}
    )
    assert out.exit_code == 0, out.output
    assert f"{len(stored)} offene Meldungen" in out.output
    for flag in stored:
        assert f"Nr. {flag.id} · offen · " in out.output and flag.player in out.output


def test_a_restarted_bot_flags_nothing_more(played: Demo) -> None:
    with played.bot.sessions() as session:
        before = len(flag_store.load(session, played.bot.game_id))
    again = type(played.bot)(
        played.bot.forum, played.bot.sessions, played.rules, context=played.context,
        clock=played.clock,
    )  # fmt: skip
    again.poll()
    with again.sessions() as session:
        assert len(flag_store.load(session, again.game_id)) == before
