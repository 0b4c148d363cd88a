"""Starting the console: before the round exists (the sign-up) it says so and waits; its
start says where it is and how to log in; the bot's presence decides whether it acts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
import pytest
from console_kit import ZONE, csrf_of

from wolfbot.bot.presence import AlreadyRunning, BotPresence, bot_running
from wolfbot.console.app import ConsoleSettings
from wolfbot.console.command import start_console
from wolfbot.console.pages import PAGES
from wolfbot.console.security import PASSWORD_ENV, Credentials, Sessions
from wolfbot.console.server import ConsoleServer
from wolfbot.console.source import RoundSource
from wolfbot.store.db import upgrade


def log_in(client: httpx.Client, password: str) -> None:
    token = csrf_of(client.get("/anmelden").text)
    answer = client.post("/anmelden", data={"csrf": token, "name": "Gerda", "password": password})
    assert answer.status_code == 303, answer.text


@pytest.mark.parametrize("from_env", [False, True], ids=["token", "password-from-env"])
def test_the_start_says_where_and_how_to_log_in_and_the_sign_up_page_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, from_env: bool
) -> None:
    db = tmp_path / "wolfbot.sqlite"
    upgrade(db).dispose()
    if from_env:
        monkeypatch.setenv(PASSWORD_ENV, "gemeinsam")
    else:
        monkeypatch.delenv(PASSWORD_ENV, raising=False)
    said: list[str] = []
    server = start_console(db, ZONE, said.append, port=0)
    try:
        assert said[0] == f"Konsole der Spielleitung: {server.url}"
        if from_env:
            password = "gemeinsam"
            assert PASSWORD_ENV in said[1]
        else:
            password = said[1].rsplit(": ", 1)[1]
            assert len(password) >= 20
        with httpx.Client(base_url=server.url, trust_env=False) as client:
            log_in(client, password)
            shown = {path: client.get(path) for path, *_ in PAGES}
        for path, page in shown.items():
            assert page.status_code == 200, path
            assert "Die Runde hat noch nicht begonnen" in page.text, path
    finally:
        server.stop()


def test_one_bot_per_store_and_the_lock_goes_with_it(tmp_path: Path) -> None:
    db = tmp_path / "wolfbot.sqlite"
    assert not bot_running(db)
    with BotPresence(db):
        assert bot_running(db)
        with pytest.raises(AlreadyRunning):
            with BotPresence(db):
                pass
    assert not bot_running(db)


def test_without_a_running_bot_the_console_only_reads(console) -> None:
    """Actions would wait for a bot that is not there: they are refused, and said so."""
    copy = console.here.db.with_name("copy.sqlite")
    with sqlite3.connect(console.here.db) as old, sqlite3.connect(copy) as new:
        old.backup(new)
    source = RoundSource(copy)
    with ConsoleServer(
        source, Sessions(Credentials("pw", True)), ConsoleSettings(ZONE), port=0
    ) as s:
        with httpx.Client(base_url=s.url, trust_env=False) as client:
            log_in(client, "pw")
            page = client.get("/warteschlange")
            assert "Nur lesen" in page.text and "disabled" in page.text
            answer = client.post(
                "/aktion/draft_mode",
                data={"csrf": csrf_of(page.text), "on": "1", "zurueck": "/warteschlange"},
                follow_redirects=True,
            )
    assert "Nur lesen" in answer.text
    assert "Entwurfsmodus ist aus" in answer.text
