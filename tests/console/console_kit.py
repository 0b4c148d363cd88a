"""What the console's tests share (`conftest.py` builds its fixtures from it): the Spielleitung's
password, the console served beside a round, a logged-in client, the CSRF token of a page.
A module of its own: a test imports it by this name (two `conftest` modules, the console's
and the forum's, would shadow each other in one run)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from roundkit import Site  # noqa: E402

from wolfbot.bot import RoundBot  # noqa: E402
from wolfbot.console.server import ConsoleServer  # noqa: E402

PASSWORD = "kennwort-der-spielleitung"
ZONE = ZoneInfo("Europe/Berlin")


@dataclass
class Console:
    here: Site
    bot: RoundBot
    server: ConsoleServer

    @property
    def url(self) -> str:
        return self.server.url

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, trust_env=False, timeout=15)

    @contextmanager
    def logged_in(self, name: str = "Gerda") -> Iterator[httpx.Client]:
        with self.client() as client:
            token = csrf_of(client.get("/anmelden").text)
            answer = client.post(
                "/anmelden",
                data={"csrf": token, "name": name, "password": PASSWORD, "weiter": "/"},
            )
            assert answer.status_code == 303, answer.text
            yield client


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, html[:500]
    return found.group(1)
