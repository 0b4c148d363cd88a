"""The forum software wolfbot can play on, by the name `[forum] software` gives: each with
its transport (a `Forum`, connected from the settings) and its dialect (how its messages
read and are written). Adding a forum: a folder under `wolfbot/forum/` and a line in
`SOFTWARE`.

Nothing outside `wolfbot.forum` imports an adapter's modules: it takes the forum and the
dialect from here (the local look-alike is started by the demo and `wolfbot forum`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import httpx

from wolfbot.forum.base import ForumClient
from wolfbot.forum.dialect import Dialect
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.forum.woltlab.dialect import WOLTLAB

DEFAULT = "woltlab"


@dataclass(frozen=True, slots=True)
class Connection:
    """Where the forum is and how the bot logs in (`[forum]` of the config)."""

    base_url: str
    username: str
    password: str
    user_agent: str | None = None
    timeout: float = 20.0
    request_interval: float = 1.0
    client: httpx.Client | None = None  # the HTTP client to use (the demo's); None: its own


@dataclass(frozen=True, slots=True)
class Software:
    connect: Callable[[Connection], ForumClient]
    dialect: Dialect


def _woltlab(connection: Connection) -> ForumClient:
    return WoltLabForum(
        connection.base_url,
        connection.username,
        connection.password,
        user_agent=connection.user_agent,
        timeout=connection.timeout,
        min_interval=connection.request_interval,
        client=connection.client,
    )


SOFTWARE: dict[str, Software] = {
    "woltlab": Software(_woltlab, WOLTLAB),  # WoltLab Suite 5.x/6.x and the local look-alike
}


class UnknownSoftware(ValueError):
    """A forum software wolfbot has no adapter for."""

    def __init__(self, name: str) -> None:
        known = ", ".join(f'"{known}"' for known in sorted(SOFTWARE))
        super().__init__(f'unbekannte Forensoftware "{name}" (bekannt: {known})')


def named(name: str) -> Software:
    """The software of `[forum] software`; `UnknownSoftware` names the known ones."""
    try:
        return SOFTWARE[name]
    except KeyError:
        raise UnknownSoftware(name) from None


def stored_dialect() -> Dialect:
    """The dialect the store's posts are read in where no config is at hand (`wolfbot
    replay`, `explain`, `deleted` read the database alone): the store does not record a
    round's software, and every round so far was played on the default's."""
    return SOFTWARE[DEFAULT].dialect
