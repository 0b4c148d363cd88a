"""`wolfbot status` reads well at 80 columns and at 200 (rich's console width): no word of a
cell is cut across lines, no line is wider than the terminal; and a message of the write
queue that waits says why (its "Grund")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from test_controls import PLAYERS, RULES, THREAD, Clock, MemoryForum, stores
from typer.testing import CliRunner

from wolfbot.bot import RoundBot
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.spielleitung import readonly
from wolfbot.store.db import engine_for, session_factory, upgrade

__all__ = ["stores"]  # the fixture of test_controls: the round in night 1, day 1, a question
BORDERS = "│┃┏┓┗┛┡┩└┘━─┳╇┻┴┌┐┬┼├┤╭╮╰╯•·"


def words(text: str) -> list[str]:
    """The words of a rendering: borders and the paragraphs' marks are no words, nor is a
    label's colon."""
    for border in BORDERS:
        text = text.replace(border, " ")
    return [word.rstrip(":") for word in text.split()]


def status(db: Path, width: int) -> str:
    """`wolfbot status` on a terminal `width` columns wide."""
    app = typer.Typer()
    readonly.register(app)
    args = ["status", "--db", str(db), "--timezone", "Europe/Berlin"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": str(width), "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("width", [80, 200])
@pytest.mark.parametrize("stop", ["night", "day", "question"])
def test_status_keeps_every_word_whole_at_80_and_200_columns(stores, stop, width) -> None:
    wide = status(stores[stop], 1000)  # nothing wraps: every word as it is
    out = status(stores[stop], width)
    seen = set(words(out))
    broken = sorted({w for w in words(wide) if len(w) <= width - 4 and w not in seen})
    assert not broken, f"cut at {width} columns: {broken}\n{out}"
    too_long = [line for line in out.splitlines() if len(line) > width]
    assert not too_long, too_long


def test_a_waiting_message_says_why(tmp_path: Path) -> None:
    """The start of a round of 12 (with a Medium: 14 conversations) when the account may
    open 10 conversations a day: the Rollenmitteilungen, the Wolfshöhle and the Totenreich
    that wait say so, naming the setting."""
    db = tmp_path / "runde.sqlite"
    upgrade(db).dispose()
    engine = engine_for(db)
    clock = Clock()
    forum = MemoryForum(clock)
    players = [*PLAYERS, *[(f"Spieler {n}", "Bürger") for n in range(7, 13)]]
    limits = FloodLimits(0, 0, conversations_per_day=10, max_participants=10)
    bot = RoundBot(
        forum,
        session_factory(engine),
        RULES,
        limits=limits,
        retry=RetryPolicy(max_attempts=5, backoff=0, backoff_max=0),
        clock=clock,
    )
    bot.start_round(players, seed=1, thread_id=THREAD)
    bot.send()
    engine.dispose()
    out = status(db, 1000)  # a row a line
    queue = out[out.index("Warteschlange: nicht veröffentlicht") :]
    held = [line for line in queue.splitlines() if "schon 10 neue Konversationen" in line]
    assert len(held) == 4, queue  # two Rollenmitteilungen, the Wolfshöhle, the Totenreich
    assert all("forum.limits.conversations_per_day" in line for line in held)
    assert any("Wolfshöhle" in line for line in held)
    assert re.search(r"Warteschlange: \d+ veröffentlicht, 4 wartet", out)
