"""What the real-server suite needs of the WoltLab Suite the environment provides, as data:
the accounts, the user groups with their conversation rights, the site's options. README.md
in this folder words the same (a test keeps the two alike); ``preflight.py`` checks them at
the suite's start."""

from __future__ import annotations

import os
from dataclasses import dataclass

URL_VARIABLE = "WOLFBOT_WOLTLAB_URL"
REQUIRE_VARIABLE = "WOLFBOT_REQUIRE_WOLTLAB"
VERSION = "6.0"
MESSAGES_PER_PAGE = 5
PASSWORDS = {
    "wolfbot": "BotPass123!",
    "alice": "AlicePass123!",
    "bob": "BobPass123!",
    "carol": "CarolPass123!",
    **{f"spieler{i:02d}": f"Spieler{i:02d}Pass!" for i in range(1, 13)},
}
PLAYERS = [f"spieler{i:02d}" for i in range(1, 13)]
NO_WAIT_PLAYERS = PLAYERS[:8]  # the split round's players; spieler09–12 keep the default wait


@dataclass(frozen=True)
class Group:
    """A user group of the test server: its members and the conversation options
    (``user.conversation.NAME`` in the ACP's group editor) it sets."""

    name: str
    members: tuple[str, ...]
    options: dict[str, int]
    why: str


GROUPS = (
    Group(
        "Wolfbot",
        ("wolfbot",),
        {
            "floodControlTime": 0,
            "maxStartedConversationsPer24Hours": -1,
            "maxParticipants": 100,
            "maxConversations": 100000,
        },
        "the bot's account as the README asks for it on a real forum",
    ),
    Group("Flood3", ("carol",), {"floodControlTime": 3}, "a short flood wait the suite waits out"),
    Group(
        "Spieler",
        tuple(NO_WAIT_PLAYERS),
        {"floodControlTime": 0},
        "the split round's players write without waiting",
    ),
    Group(
        "Mailbox",
        tuple(PASSWORDS),
        {"maxConversations": 100000, "maxStartedConversationsPer24Hours": -1},
        "the suite opens hundreds of conversations; a second run on the same day too",
    ),
)

# WoltLab's defaults of the group "Users" that the tests rely on (spieler09–12, alice, bob)
DEFAULT_OPTIONS = {"floodControlTime": 60, "maxParticipants": 10}

# ACP → Configuration → Options: name → value the suite needs
SITE_OPTIONS = {
    "conversation_messages_per_page": MESSAGES_PER_PAGE,
    "enable_user_authentication_failure": 0,
}


def option_of(account: str, option: str) -> int | None:
    """The value of a conversation option for an account: its own groups' value, else
    WoltLab's default (None where the suite relies on neither)."""
    for group in GROUPS:
        if account in group.members and option in group.options:
            return group.options[option]
    return DEFAULT_OPTIONS.get(option)


def configured_url() -> str | None:
    """The server's address from the environment, with the trailing slash the client
    expects; None when the environment provides none."""
    url = os.environ.get(URL_VARIABLE, "").strip()
    if not url:
        return None
    return url if url.endswith("/") else url + "/"


@dataclass(frozen=True)
class Server:
    base_url: str
    passwords: dict[str, str]
    preflight_seconds: float
