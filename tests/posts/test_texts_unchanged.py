"""Issue 17: wording the posts layer from the ruleset's catalog must not change one German
text. A small demo round per German ruleset is played, and everything the bot posts – in the
thread and in every conversation, title and HTML, in the forum's order – is compared with its
transcript in tests/data/transcripts/ (made from the texts before the change).

A wanted change of a German text: `WOLFBOT_WRITE_TRANSCRIPTS=1 pytest -n 0` on this file writes
the transcripts anew; the diff then shows every text that changed."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from wolfbot.demo.round import Demo

TRANSCRIPTS = Path(__file__).parents[1] / "data" / "transcripts"
START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
# (ruleset, players, seed): small rounds that come to an end with many kinds of text
ROUNDS = [("duesterliga", 7, 3), ("wolfvillage", 7, 5), ("klassisch", 7, 2)]


def transcript(directory: Path, ruleset: str, players: int, seed: int) -> str:
    demo = Demo(players, seed, directory, start=START, out=lambda *_: None, ruleset=ruleset)
    try:
        demo.run()
        shown = demo.bot_posts()
    finally:
        demo.close()
    lines = []
    for channel in sorted(shown):
        lines.append(f"=== {channel}")
        lines += [f"--- {text}" for text in shown[channel]]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("ruleset", "players", "seed"), ROUNDS, ids=[r[0] for r in ROUNDS])
def test_every_text_of_a_german_round_is_the_one_of_its_transcript(
    tmp_path: Path, ruleset: str, players: int, seed: int
) -> None:
    written = transcript(tmp_path, ruleset, players, seed)
    path = TRANSCRIPTS / f"{ruleset}.txt"
    if os.environ.get("WOLFBOT_WRITE_TRANSCRIPTS"):
        path.write_text(written, encoding="utf-8")
    assert written == path.read_text(encoding="utf-8")
