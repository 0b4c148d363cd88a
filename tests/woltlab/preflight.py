"""Before the real-server suite runs: is the WoltLab Suite at ``WOLFBOT_WOLTLAB_URL`` set up
the way README.md in this folder asks? Each check returns what is missing, in words an
administrator can act on; an empty list means the suite can start.

Checked over HTTP, as the accounts themselves see the server: that it answers as WoltLab
Suite 6.0 with Conversations, that every account logs in with its password, the options each
account's groups show to it (participants per conversation, the mailbox), the flood waits
(by writing: the bot opens one conversation "Vorprüfung …" and the accounts that must write
without waiting write into it twice in a row), and the messages per page of a conversation.
What no account can see – the 60 s of the default group, the daily limit of new
conversations – shows in the tests that rely on it."""

from __future__ import annotations

import re
import uuid

import httpx
from woltlab_support import (
    GROUPS,
    MESSAGES_PER_PAGE,
    NO_WAIT_PLAYERS,
    PASSWORDS,
    VERSION,
    option_of,
)

from wolfbot.forum.base import ChannelRef, FloodLimited, ForumError, LoginFailed, ReadMark
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.forum.woltlab.errors import parse_retry_after

_POWERED_BY = re.compile(r"WoltLab Suite(?:&trade;|™)?\s*(\d+\.\d+(?:\.\d+)?)")
FAILED_LOGINS_HINT = (
    "WoltLab counts failed logins from this address (the suite's wrong-password tests make "
    "some): turn off ACP → Configuration → Options → Security → 'Log failed login attempts' "
    "(enable_user_authentication_failure), then clear ACP → Logs → Failed Logins"
)


def problems_of(base_url: str) -> list[str]:
    """Everything the server lacks, in the order the checks run; a check that needs what an
    earlier one found missing is not run."""
    found = server_problems(base_url)
    if found:
        return found
    clients = {name: _client(base_url, name) for name in PASSWORDS}
    reader = _client(base_url, "wolfbot", max_pages=1)  # the first page of a conversation
    try:
        found = login_problems(clients)
        if found:
            return found
        return account_problems(clients) + flood_and_page_problems(clients, reader)
    finally:
        for client in [*clients.values(), reader]:
            client.close()


def _client(base_url: str, name: str, **options: object) -> WoltLabForum:
    return WoltLabForum(base_url, name, PASSWORDS[name], min_interval=0, **options)  # type: ignore[arg-type]


def server_problems(base_url: str) -> list[str]:
    """The login form answers as WoltLab Suite 6.0 and does not block this address."""
    try:
        form = httpx.get(base_url + "index.php?login/", headers={"Accept": "text/html"}, timeout=15)
    except httpx.HTTPError as exc:
        return [f"{base_url} does not answer: {exc!r}"]
    if form.status_code == 403 and "WoltLab" in form.text:
        return [f"the login form answers 403: the address is blocked. {FAILED_LOGINS_HINT}"]
    if form.status_code != 200 or "WoltLab" not in form.text:
        return [
            f"{base_url}index.php?login/ answers HTTP {form.status_code}, not WoltLab "
            "Suite's login form (is the URL the suite's root, with index.php below it?)"
        ]
    version = _POWERED_BY.search(form.text)
    if version and not version.group(1).startswith(VERSION + "."):
        return [f"the server is WoltLab Suite {version.group(1)}; the suite needs {VERSION}.x"]
    return []


def login_problems(clients: dict[str, WoltLabForum]) -> list[str]:
    """Every account of README.md logs in with its password."""
    found = []
    for name, client in clients.items():
        try:
            client.login()
        except LoginFailed as exc:
            hint = f" – {FAILED_LOGINS_HINT}" if "captcha" in str(exc).lower() else ""
            found.append(f"account {name!r} (password {PASSWORDS[name]!r}): {exc}{hint}")
        except ForumError as exc:
            found.append(f"account {name!r}: the login did not work: {exc}")
    return found


def account_problems(clients: dict[str, WoltLabForum]) -> list[str]:
    """What each account sees of its groups' options: Conversations installed, the
    participants a conversation may have, the mailbox's size."""
    found = []
    for name, client in clients.items():
        try:
            view = client.account()
        except ForumError as exc:
            return [
                f"the conversation list does not open for {name!r} ({exc}): is "
                "WoltLab Suite Core: Conversations installed?"
            ]
        seen = {"maxConversations": view.max_conversations}  # the list's quota box
        if view.add_form is None:
            seen["maxParticipants"] = view.max_participants  # the add form's field
        elif parse_retry_after(view.add_form) is None:  # a flood wait is the flood check's
            found.append(f"{name!r} may not start a conversation: {view.add_form!r}")
        for option, value in seen.items():
            wanted = option_of(name, option)
            if wanted is not None and value != wanted:
                found.append(
                    f"{name!r}: user.conversation.{option} is {value}, the suite needs "
                    f"{wanted} ({_groups_setting(name, option)})"
                )
    return found


def flood_and_page_problems(clients: dict[str, WoltLabForum], reader: WoltLabForum) -> list[str]:
    """The accounts that must write without waiting write twice in a row into one
    conversation, carol waits at most 3 s; its first page holds MESSAGES_PER_PAGE messages."""
    bot = clients["wolfbot"]
    writers = [*NO_WAIT_PLAYERS, "carol"]
    try:
        conversation = bot.open_conversation(
            f"Vorprüfung {uuid.uuid4().hex[:8]}", writers, "<p>Vorprüfung der Testsuite</p>"
        )
    except ForumError as exc:
        return [f"'wolfbot' cannot open a conversation with {len(writers)} accounts: {exc}"]
    channel = ChannelRef("conversation", conversation)
    found = []
    written = 1
    for name in ["wolfbot", *writers]:
        allowed = option_of(name, "floodControlTime") or 0
        for attempt in (1, 2):
            try:
                clients[name].post(channel, f"<p>{name}, Nachricht {attempt}</p>")
                written += 1
            except FloodLimited as exc:
                if (exc.retry_after or 0) > allowed:
                    found.append(
                        f"{name!r} must wait {exc.retry_after:.0f} s between messages; "
                        f"user.conversation.floodControlTime must be {allowed} "
                        f"({_groups_setting(name, 'floodControlTime')})"
                    )
                break
    return found + page_problems(reader, channel, written)


def page_problems(reader: WoltLabForum, channel: ChannelRef, written: int) -> list[str]:
    """The first page of a conversation of ``written`` messages holds MESSAGES_PER_PAGE
    (``reader`` reads one page at most)."""
    first = reader.read(channel, ReadMark())
    shown = len(first.new)
    if shown == MESSAGES_PER_PAGE and first.more:
        return []
    size = f"{shown}" if first.more else f"at least {written}"
    return [
        f"a conversation shows {size} messages per page; the suite needs "
        f"{MESSAGES_PER_PAGE} (ACP → Configuration → Options → Conversations → "
        "conversation_messages_per_page)"
    ]


def _groups_setting(name: str, option: str) -> str:
    groups = [g.name for g in GROUPS if name in g.members and option in g.options]
    if groups:
        return f"set in its group {groups[0]!r}"
    return "WoltLab's default of the group 'Users'"
