"""The console in a real browser beside a whole demo round (`wolfbot demo --console`, here
stepped by the test): the countdown moves, the page refreshes itself when the round moves
on, a draft is approved in the console and then stands in the forum's thread, a vote
appears in the day's picture and a misspelt one accepted as corrected changes the count, a wrong
CSRF token and a missing login are refused – and the round plays on to its end."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, require_browser, wait_for

from wolfbot.console.app import ConsoleSettings
from wolfbot.console.security import Credentials, Sessions
from wolfbot.console.server import ConsoleServer
from wolfbot.console.source import RoundSource
from wolfbot.demo.round import Demo
from wolfbot.demo.settings import ZONE

PASSWORD = "kennwort-der-spielleitung"


@dataclass
class Beside:
    demo: Demo
    server: ConsoleServer
    browser: Any

    def open(self, path: str) -> None:
        self.browser.get(self.server.url + path.lstrip("/"))

    def text(self, css: str = "body") -> str:
        from selenium.webdriver.common.by import By

        return self.browser.find_element(By.CSS_SELECTOR, css).text

    def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        self.browser.find_element(By.CSS_SELECTOR, css).click()

    def log_in(self, name: str = "Gerda") -> None:
        from selenium.webdriver.common.by import By

        self.open("/anmelden")
        self.browser.find_element(By.NAME, "name").send_keys(name)
        self.browser.find_element(By.NAME, "password").send_keys(PASSWORD)
        self.click("form button")
        wait_for(lambda: "Abmelden" in self.text(), what="logged in")

    def mark_page(self) -> None:
        """A mark in the page's window: still there later means it was never reloaded."""
        self.browser.execute_script("window.notReloaded = true;")

    def not_reloaded(self) -> bool:
        return bool(self.browser.execute_script("return window.notReloaded === true;"))

    def thread_subjects(self) -> list[str]:
        return [p.subject for p in self.demo.forum.posts(self.demo.thread_id)]


def living(demo: Demo) -> list[str]:
    return [p.name for p in demo.game.state.players if p.alive and p.active]


def vote_row(beside: Beside, text: str) -> Any:
    """The Tag page's row of the vote written as `text`."""
    from selenium.webdriver.common.by import By

    for row in beside.browser.find_elements(By.CSS_SELECTOR, "table.votes tbody tr"):
        if row.find_element(By.TAG_NAME, "code").text == text:
            return row
    raise AssertionError(f"no vote {text!r} in the Tag page")


def votes_for(beside: Beside, target: str) -> int:
    """The count of `target` in the Tag page's count now (0: none)."""
    from selenium.webdriver.common.by import By

    for row in beside.browser.find_elements(By.CSS_SELECTOR, "table.tally.now tbody tr"):
        if row.find_element(By.TAG_NAME, "strong").text == target:
            return int(row.find_element(By.CSS_SELECTOR, "td.number").text)
    return 0


@pytest.fixture
def beside(tmp_path: Path) -> Iterator[Beside]:
    require_browser()
    demo = Demo(8, 3, tmp_path / "demo", out=lambda line: None)
    try:
        demo.begin()
        source = RoundSource(demo.bot_db, clock=demo.clock)
        logins = Sessions(Credentials(PASSWORD, True))
        with ConsoleServer(source, logins, ConsoleSettings(ZONE), port=0) as server:
            with chromium() as browser:
                yield Beside(demo, server, browser)
    finally:
        demo.close()


def test_a_whole_demo_round_with_the_console_open(beside: Beside) -> None:
    from selenium.webdriver.common.by import By

    demo = beside.demo
    beside.log_in()

    # the countdown to the next deadline moves, second by second
    first = beside.text("header .countdown")
    wait_for(lambda: beside.text("header .countdown") != first, 5, "the countdown moved")

    # draft mode on: the next phase post waits in the queue, shown there as it will stand
    beside.open("/warteschlange")
    beside.click(".draft-mode button")
    wait_for(lambda: "Entwurfsmodus ist an" in beside.text("main"), what="draft mode on")
    beside.mark_page()
    before = len(beside.thread_subjects())
    while not demo.bot.outbox.messages(["draft"]):
        demo.stretch()
    drafted = demo.bot.outbox.messages(["draft"])[0]
    # … and the open page shows it by itself, without being reloaded
    wait_for(lambda: "Freigeben" in beside.text("main"), 10, "the draft appeared in the page")
    assert beside.not_reloaded()
    assert len(beside.thread_subjects()) == before  # held back

    # approved in the console, the bot sends it: it stands in the forum's thread
    beside.click("article.draft form.act:not(.danger) button")
    wait_for(lambda: "freigegeben" in beside.text("main"), what="approved")
    demo.settle()
    assert drafted.title in beside.thread_subjects()
    beside.click(".draft-mode button")  # draft mode off again
    wait_for(lambda: "Entwurfsmodus ist aus" in beside.text("main"), what="draft mode off")

    # a day: a vote posted in the thread appears in the open Tag page by itself
    while demo.game.state.phase.kind != "day":
        demo.stretch()
    beside.open("/tag")
    beside.mark_page()
    voter, target = living(demo)[:2]
    demo.forum.add_post(demo.thread_id, voter, f"<p><strong>!Lynch {target}</strong></p>")
    demo.settle()
    wait_for(lambda: f"!Lynch {target}" in beside.text("table.votes"), 10, "the vote appeared")
    assert beside.not_reloaded()

    # a vote for a misspelt name is refused; accepted as corrected, the count changes
    other = living(demo)[2]
    demo.forum.add_post(demo.thread_id, other, f"<p><strong>!Lynch {target}x</strong></p>")
    demo.settle()
    wait_for(lambda: f"!Lynch {target}x" in beside.text("table.votes"), 10, "the typo shown")
    before = votes_for(beside, target)
    row = vote_row(beside, f"!Lynch {target}x")
    assert "abgelehnt" in row.text
    row.find_element(By.NAME, "as_text").send_keys(f"!Lynch {target}")
    row.find_element(By.NAME, "reason").send_keys("Tippfehler im Namen")
    row.find_element(By.CSS_SELECTOR, "form.act button").click()
    wait_for(lambda: "Eingriff Nr." in beside.text("main"), what="the intervention noted")
    demo.settle()  # the bot's next turn applies it
    wait_for(lambda: votes_for(beside, target) == before + 1, 10, "the count changed")

    # a form whose CSRF token is not the session's is refused, and changes nothing
    beside.open("/warteschlange")
    beside.browser.execute_script(
        "document.querySelector('.draft-mode input[name=csrf]').value = 'gefälscht';"
    )
    beside.click(".draft-mode button")
    wait_for(lambda: "CSRF" in beside.text(), what="the CSRF refusal")
    beside.open("/warteschlange")
    assert "Entwurfsmodus ist aus" in beside.text("main")

    # without the login cookie nothing of the round is shown
    beside.browser.delete_all_cookies()
    beside.open("/")
    wait_for(lambda: "Kennwort" in beside.text(), what="the login page")
    assert "Werwolf" not in beside.text()

    # the round plays on to its end beside the console
    beside.log_in()
    for _ in range(200):
        if demo.game.state.phase.kind == "over":
            break
        demo.stretch()
    assert demo.game.state.phase.kind == "over"
    beside.open("/")
    wait_for(lambda: "beendet" in beside.text("header"), what="the round is over")
