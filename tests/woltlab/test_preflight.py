"""The real-server suite's start without a server: README.md names exactly what
``woltlab_support`` asks for, and the preflight's checks name what a server lacks (fake
accounts and respx; nothing leaves the process)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
import respx
from preflight import (
    FAILED_LOGINS_HINT,
    account_problems,
    flood_and_page_problems,
    login_problems,
    server_problems,
)
from woltlab_support import GROUPS, MESSAGES_PER_PAGE, PASSWORDS, SITE_OPTIONS, configured_url

from wolfbot.forum.base import (
    AccountView,
    ChannelRef,
    FloodLimited,
    ForumError,
    LoginFailed,
    ReadMark,
    ReadResult,
)

README = (Path(__file__).parent / "README.md").read_text()
BASE = "http://woltlab.test/"
CODE = re.compile(r"`([^`]+)`")


def table(heading: str) -> list[list[str]]:
    """The rows of the first table under ``## heading``, cells stripped, header dropped."""
    section = README.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def members(cell: str) -> set[str]:
    if cell.startswith("all ") and f"{len(PASSWORDS)} accounts" in cell:
        return set(PASSWORDS)
    names = CODE.findall(cell)
    if "–" in cell and len(names) == 2:
        (prefix, first), (_, last) = (re.match(r"(\D+)(\d+)", n).groups() for n in names)  # type: ignore[union-attr]
        return {f"{prefix}{n:0{len(first)}d}" for n in range(int(first), int(last) + 1)}
    return set(names)


def test_the_readme_lists_every_account_with_its_password() -> None:
    listed = {CODE.findall(name)[0]: CODE.findall(pw)[0] for name, pw in table("Accounts")}
    assert listed == PASSWORDS


def test_the_readme_lists_every_group_with_its_members_and_options() -> None:
    rows = {row[0]: row for row in table("Groups")}
    assert list(rows) == [group.name for group in GROUPS]
    for group in GROUPS:
        _, listed, options, why = rows[group.name]
        assert members(listed) == set(group.members), group.name
        written = {name: int(value) for name, value in re.findall(r"`(\w+)` (-?\d+)", options)}
        assert written == group.options, group.name
        assert why == group.why


def test_the_readme_lists_the_site_options() -> None:
    rows = {CODE.findall(row[0])[0]: int(row[1]) for row in table("Options")}
    assert rows == SITE_OPTIONS


@pytest.mark.parametrize(
    ("value", "expected"),
    [("", None), ("  ", None), ("http://localhost", "http://localhost/"),
     ("http://127.0.0.1/wsc/", "http://127.0.0.1/wsc/")],
    ids=["unset", "blank", "slash-added", "kept"],
)  # fmt: skip
def test_the_servers_address_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: str | None
) -> None:
    monkeypatch.setenv("WOLFBOT_WOLTLAB_URL", value)
    assert configured_url() == expected


# ---------------------------------------------------------------- the server


LOGIN_FORM = "<form></form><footer>Powered by <strong>WoltLab Suite&trade; {}</strong></footer>"


@pytest.mark.parametrize(
    ("status", "body", "problem"),
    [
        (200, LOGIN_FORM.format("6.0.18"), None),
        (200, LOGIN_FORM.format("6.1.2"), "is WoltLab Suite 6.1.2; the suite needs 6.0.x"),
        (403, "<p>WoltLab Suite: Access denied</p>", "the address is blocked"),
        (200, "<html>nginx welcome</html>", "not WoltLab Suite's login form"),
        (404, "WoltLab", "answers HTTP 404"),
    ],
    ids=["6.0", "6.1", "blocked", "another-site", "not-found"],
)
def test_the_server_must_answer_as_woltlab_suite_6_0(
    status: int, body: str, problem: str | None
) -> None:
    with respx.mock:
        respx.get(f"{BASE}index.php?login/").respond(status, text=body)
        found = server_problems(BASE)
    assert found == [] if problem is None else problem in found[0]


def test_a_server_that_does_not_answer_is_named() -> None:
    with respx.mock:
        respx.get(f"{BASE}index.php?login/").mock(side_effect=httpx.ConnectError("refused"))
        (found,) = server_problems(BASE)
    assert found.startswith(f"{BASE} does not answer")


# ---------------------------------------------------------------- the accounts


class FakeAccount:
    """What the preflight asks of an account, answered as a server set up per README.md
    unless a test says otherwise."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name = name
        self.log = log
        self.login_error: ForumError | None = None
        self.view = AccountView(name, None, 100 if name == "wolfbot" else 10, 0, 100000)
        self.wait = {"carol": 3.0}.get(name, 0.0)  # seconds a second message must wait
        self.last_write = False

    def login(self) -> None:
        if self.login_error:
            raise self.login_error

    def account(self) -> AccountView:
        return self.view

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        self.log.append(f"{self.name} opens with {len(participants)}")
        self.last_write = True
        return 7

    def post(self, channel: ChannelRef, html: str) -> int:
        if self.last_write and self.wait:
            raise FloodLimited("wait", retry_after=self.wait)
        self.last_write = True
        self.log.append(self.name)
        return len(self.log)

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        shown = min(self.per_page, len(self.log))
        return ReadResult([object()] * shown, [], [], mark, more=len(self.log) > shown)  # type: ignore[list-item]

    per_page = MESSAGES_PER_PAGE


@pytest.fixture
def accounts() -> dict[str, FakeAccount]:
    log: list[str] = []
    return {name: FakeAccount(name, log) for name in PASSWORDS}


def test_a_server_set_up_as_the_readme_asks_has_no_problems(
    accounts: dict[str, FakeAccount],
) -> None:
    assert login_problems(accounts) == []  # type: ignore[arg-type]
    assert account_problems(accounts) == []  # type: ignore[arg-type]
    assert flood_and_page_problems(accounts, accounts["wolfbot"]) == []  # type: ignore[arg-type]


def test_a_wrong_password_names_the_account_and_a_captcha_the_option(
    accounts: dict[str, FakeAccount],
) -> None:
    accounts["bob"].login_error = LoginFailed(
        "login as 'bob' failed: The entered password is wrong."
    )
    accounts["carol"].login_error = LoginFailed(
        "login as 'carol' failed: Please solve the captcha."
    )
    bob, carol = login_problems(accounts)  # type: ignore[arg-type]
    assert bob.startswith("account 'bob' (password 'BobPass123!')") and "wrong" in bob
    assert FAILED_LOGINS_HINT not in bob
    assert carol.endswith(FAILED_LOGINS_HINT)


WAIT = "You must wait at least 37 seconds."


@pytest.mark.parametrize(
    ("name", "seen", "problem"),
    [
        ("wolfbot", (None, 10, 100000), "'wolfbot': user.conversation.maxParticipants is 10, "
         "the suite needs 100 (set in its group 'Wolfbot')"),
        ("alice", (None, 10, 100), "'alice': user.conversation.maxConversations is 100, "
         "the suite needs 100000 (set in its group 'Mailbox')"),
        ("spieler10", (None, 25, 100000), "'spieler10': user.conversation.maxParticipants is "
         "25, the suite needs 10 (WoltLab's default of the group 'Users')"),
        ("bob", ("No conversations.", None, 100000),
         "'bob' may not start a conversation: 'No conversations.'"),
        ("spieler11", (WAIT, None, 100000), None),
    ],
    ids=["bot-participants", "mailbox", "default-participants", "no-conversations", "a-wait"],
)  # fmt: skip
def test_each_accounts_groups_are_checked_as_the_account_sees_them(
    accounts: dict[str, FakeAccount],
    name: str,
    seen: tuple[str | None, int | None, int],
    problem: str | None,
) -> None:
    add_form, max_participants, max_conversations = seen
    accounts[name].view = AccountView(name, add_form, max_participants, 0, max_conversations)
    assert account_problems(accounts) == ([] if problem is None else [problem])  # type: ignore[arg-type]


def test_conversations_not_installed_is_named(accounts: dict[str, FakeAccount]) -> None:
    def missing() -> AccountView:
        raise ForumError("HTTP 404 for GET index.php?conversation-list/")

    accounts["wolfbot"].account = missing  # type: ignore[method-assign]
    (found,) = account_problems(accounts)  # type: ignore[arg-type]
    assert "Conversations installed?" in found


@pytest.mark.parametrize(
    ("name", "wait", "problem"),
    [
        ("spieler03", 60.0, "'spieler03' must wait 60 s between messages; "
         "user.conversation.floodControlTime must be 0 (set in its group 'Spieler')"),
        ("wolfbot", 20.0, "'wolfbot' must wait 20 s between messages; "
         "user.conversation.floodControlTime must be 0 (set in its group 'Wolfbot')"),
        ("carol", 60.0, "'carol' must wait 60 s between messages; "
         "user.conversation.floodControlTime must be 3 (set in its group 'Flood3')"),
        ("carol", 0.0, None),
    ],
    ids=["player-waits", "bot-waits", "carol-waits-long", "carol-need-not-wait"],
)  # fmt: skip
def test_the_accounts_that_must_write_without_waiting_write_twice(
    accounts: dict[str, FakeAccount], name: str, wait: float, problem: str | None
) -> None:
    accounts[name].wait = wait
    found = flood_and_page_problems(accounts, accounts["wolfbot"])  # type: ignore[arg-type]
    assert found == ([] if problem is None else [problem])
    assert accounts["wolfbot"].log[0] == "wolfbot opens with 9"


@pytest.mark.parametrize(
    ("per_page", "problem"),
    [(5, None), (4, "shows 4 messages per page"), (20, "shows at least 20 messages per page")],
    ids=["five", "four", "twenty"],
)
def test_a_conversation_page_must_hold_five_messages(
    accounts: dict[str, FakeAccount], per_page: int, problem: str | None
) -> None:
    accounts["wolfbot"].per_page = per_page
    found = flood_and_page_problems(accounts, accounts["wolfbot"])  # type: ignore[arg-type]
    assert found == [] if problem is None else problem in found[0]
