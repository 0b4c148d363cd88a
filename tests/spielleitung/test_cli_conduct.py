"""`wolfbot conduct`, `conduct dismiss` and `conduct record` on a real store: a round played
by the `RoundBot` against the local forum (`tests/bot/roundkit.py`) in which Clara pastes her
Rollenmitteilung into the thread ("Die Spieler dürfen nicht aus Konversationen zitieren").
The Spielleitung sees the flag with its evidence and link in `wolfbot conduct`, its count in
`wolfbot status`, and decides – the players never see a flag."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from roundkit import BOT, SCRIPT, site  # noqa: E402

from wolfbot.cli import app  # noqa: E402
from wolfbot.store import conduct as flag_store  # noqa: E402

ENV = {"COLUMNS": "250", "NO_COLOR": "1"}


@pytest.fixture
def round_(tmp_path):
    with site(tmp_path) as here:
        bot = here.started()
        for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
            here.act(step, bot)
        conversation = here.forum.conversation(here.conversation("Clara", "private"))
        told = next(m.html for m in conversation.messages if m.author == BOT)
        told = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", told)).split())
        passage = told[: told.index("Seherin") + len("Seherin. Deine Rolle")]
        here.act(("post", "Clara", "thread", f"<p>Ich zeige es euch: {passage}</p>"), bot)
        bot.poll()
        bot.send()
        yield here, bot


def run(here, *args: str):
    return CliRunner().invoke(app, [*args, "--db", str(here.db)], env=ENV)


def test_conduct_lists_the_flag_with_rule_link_and_evidence(round_) -> None:
    here, bot = round_
    status = run(here, "status")
    assert status.exit_code == 0, status.output
    assert "Verhalten: 1 offene Meldung" in status.output
    listed = run(here, "conduct")
    assert listed.exit_code == 0, listed.output
    out = listed.output
    assert "Nr. 1 · offen · Zitat aus einer Konversation · Clara · Tag 1" in out
    assert "Regel: „Die Spieler dürfen nicht aus Konversationen zitieren.“" in out
    assert "Beitrag: http://127.0.0.1" in out
    assert "Beleg: „Hallo Clara, in der Runde" in out
    assert "Quelle: Clara – 1. Ligarunde (an Clara)" in out
    assert "Hallo Clara, in der Runde „Düsterliga Season" in out
    bot.send()
    clara = here.forum.conversation(here.conversation("Clara", "private"))
    seen = [p.html for p in here.forum.posts(here.thread_id)] + [m.html for m in clara.messages]
    assert not [h for h in seen if "Zitat aus einer Konversation" in h or "Meldung" in h]


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        pytest.param(["1", "--reason", " "], "nennt den Grund", id="dismiss-needs-a-reason"),
        pytest.param(["7", "--reason", "x"], "Keine Meldung Nr. 7", id="dismiss-unknown-number"),
    ],
)
def test_dismiss_refuses_bad_input(round_, args, refusal) -> None:
    here, _ = round_
    result = run(here, "conduct", "dismiss", *args)
    assert result.exit_code == 2 and refusal in result.output


def test_dismiss_closes_the_flag_once_with_its_reason(round_) -> None:
    here, bot = round_
    result = run(here, "conduct", "dismiss", "1", "--reason", "Nur die Begrüßung, nichts Geheimes")
    assert result.exit_code == 0, result.output
    assert "Meldung Nr. 1 verworfen" in result.output
    assert "keine offenen Meldungen" in run(here, "conduct").output
    every = run(here, "conduct", "--all").output
    assert "Nr. 1 · verworfen" in every and "Nur die Begrüßung, nichts Geheimes" in every
    again = run(here, "conduct", "dismiss", "1", "--reason", "nochmal")
    assert again.exit_code == 2 and "bereits entschieden: verworfen" in again.output
    assert "Verhalten:" not in run(here, "status").output


def test_record_puts_a_breach_the_bot_cannot_see_on_record(round_) -> None:
    here, bot = round_
    result = run(
        here, "conduct", "record", "emil", "--rule", "ausserhalb",
        "--what", "Konversation mit Dora über die Abstimmung eröffnet",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Meldung Nr. 2: Spielrelevantes außerhalb der Runde – Emil" in result.output
    with bot.sessions() as session:
        flag = flag_store.get(session, bot.game_id, 2)
    assert flag is not None and flag.found_by == "Spielleitung" and flag.input_id is None
    assert flag.clause.startswith("Die Teilnehmer dürfen außerhalb des Themas der Runde")
    wrong = run(here, "conduct", "record", "Emil", "--rule", "zitate", "--what", "x")
    assert wrong.exit_code == 2 and "Meinten Sie „zitat“" in wrong.output or "zitat" in wrong.output
