"""What the Spielleitung reads while `wolfbot run` runs (issue 34, points 6 and 8): a login
the forum refuses ends the run at once with one German sentence and exit code 2; a forum
that does not answer is tried again at growing pauses, with one German line when it stops
answering and one when it answers again, never a traceback, and no line of Alembic's; the
drawn roles' estimate, with what it means, is in the start report and in `wolfbot status`."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from roundkit import site
from test_live import ENV, config_for, config_text
from typer.testing import CliRunner

from wolfbot.bot import journal as bot_journal
from wolfbot.bot import live as live_module
from wolfbot.bot.journal import ForumWatch
from wolfbot.bot.live import Live
from wolfbot.cli import app
from wolfbot.forum.base import ForumError, LoginFailed
from wolfbot.spielleitung import journal

JOURNAL = "wolfbot.bot.live"


def wolfbot(*args: str, env: dict[str, str], seconds: float | None = None):
    """`wolfbot ARGS` in a process of its own; with `seconds`, stopped (SIGTERM) after them."""
    command = [sys.executable, "-m", "wolfbot.cli", *args]
    full = {**os.environ, **env, "COLUMNS": "200"}
    full.pop("WOLFBOT_DEBUG", None)
    if seconds is None:
        return subprocess.run(command, capture_output=True, text=True, env=full, timeout=120)
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=full
    )
    time.sleep(seconds)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def test_the_journal_is_the_live_module_s_log() -> None:
    assert journal.JOURNAL == live_module.log.name == JOURNAL


def test_a_refused_login_ends_the_run_at_once_in_one_german_sentence(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        path = tmp_path / "config.toml"
        path.write_text(config_text(here), encoding="utf-8")
        done = wolfbot("run", str(path), env={"WOLFBOT_TEST_PASSWORD": "falsch"})
        logins = [r for r in here.server.log if "login" in r.target and r.method == "POST"]
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "Traceback" not in said and "not retried" not in said and "login as" not in said
    assert said.count("Fehler: Das Forum hat die Anmeldung als „Spielleitung“ abgelehnt") == 1
    assert "WOLFBOT_TEST_PASSWORD" in said and "nach zehn Fehlversuchen" in said
    assert len(logins) == 1  # never tried again


def test_an_unreachable_forum_is_one_german_warning_and_no_traceback(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        text = config_text(here).replace(here.server.base_url, "http://127.0.0.1:9/")
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    done = wolfbot("run", str(path), "-v", env=ENV, seconds=8)  # passes after 0, 5 s
    said = done.stdout + done.stderr
    assert "Traceback" not in said and "alembic" not in said and "ERROR" not in said, said
    assert said.count("nicht erreichbar") == 1, said
    assert "Warnung: Das Forum http://127.0.0.1:9/ ist nicht erreichbar (keine Verbindung" in said
    assert "the pass failed" not in said


def test_the_pauses_grow_while_the_forum_fails() -> None:
    watch = ForumWatch("http://forum/", interval=60)
    pauses = [watch.failed("keine Verbindung zum Forum") for _ in range(9)]
    assert pauses == [5, 10, 20, 40, 80, 160, 300, 300, 300]


class Flaky:
    """The forum, which fails its first `failing` user look-ups as a network error does."""

    def __init__(self, forum, failing: int) -> None:
        self.forum, self.failing = forum, failing

    def resolve_user(self, name: str):
        if self.failing:
            self.failing -= 1
            raise ForumError("network error (ConnectError) on GET http://forum/")
        return self.forum.resolve_user(name)

    def __getattr__(self, name: str):
        return getattr(self.forum, name)


def test_a_forum_that_answers_again_is_said_once_each(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_journal, "RETRY_FIRST", 0.05)
    caplog.set_level(logging.DEBUG, logger="wolfbot")
    with site(tmp_path) as here:
        runner = Live(config_for(here), forum=Flaky(here.client(), failing=3))
        stop = threading.Event()
        thread = threading.Thread(target=runner.run, args=(stop,))
        thread.start()
        for _ in range(300):
            if runner.bot.game_id is not None:
                break
            time.sleep(0.05)
        stop.set()
        thread.join(timeout=30)
        runner.close()
    told = [r for r in caplog.records if r.name == JOURNAL and r.levelno >= logging.WARNING]
    lines = [r.getMessage() for r in told]
    assert sum("nicht erreichbar" in line for line in lines) == 1, lines
    assert sum("antwortet wieder" in line for line in lines) == 1, lines
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING and r.exc_info]


class RefusesLogin:
    """The forum, once the round runs: the login is refused (the password was changed)."""

    def __init__(self, forum) -> None:
        self.forum, self.refusing = forum, False

    def read(self, *args, **kwargs):
        if self.refusing:
            raise LoginFailed("login as 'Spielleitung' failed: Dieses Kennwort ist falsch.")
        return self.forum.read(*args, **kwargs)

    def activity(self, *args, **kwargs):
        if self.refusing:
            raise LoginFailed("login as 'Spielleitung' failed: Dieses Kennwort ist falsch.")
        return self.forum.activity(*args, **kwargs)

    def __getattr__(self, name: str):
        return getattr(self.forum, name)


def test_a_login_refused_during_the_round_stops_the_bot(tmp_path: Path) -> None:
    """A refused login is no channel that failed to read: the pass ends with it."""
    with site(tmp_path) as here:
        forum = RefusesLogin(here.client())
        runner = Live(config_for(here), forum=forum, clock=here.clock)
        assert runner.step().stage == "running"
        forum.refusing = True
        with pytest.raises(LoginFailed):
            runner.step()
        runner.close()


def test_the_start_report_and_status_say_what_the_estimate_means(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wolfbot")
    with site(tmp_path) as here:
        runner = Live(config_for(here), forum=here.client(), clock=here.clock)
        runner.step()
        runner.close()
        status = CliRunner().invoke(
            app, ["status", "--db", str(here.db)], env={"COLUMNS": "200", "WOLFBOT_DB": None}
        )
    start = " ".join(r.getMessage() for r in caplog.records if r.name == JOURNAL)
    assert "Schätzung aus 200 simulierten Spielen" in start
    assert "Das heißt: Das Modell sieht " in start  # two wolves of six: not the league's advice
    assert "Die Liste weicht von der Rollenverteilung der Liga ab." in start
    assert status.exit_code == 0, status.output
    said = " ".join(status.output.split())
    assert "Gezogene Rollen: 2× Bürger, Medium, Seherin, 2× Werwolf." in said
    assert "Schätzung aus 200 simulierten Spielen:" in said and "Das heißt:" in said
