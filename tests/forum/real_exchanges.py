"""Replaying the answers a real WoltLab Suite Core 6.0.18 + Conversations 6.0.17 gave
(``fixtures/woltlab-6.0-real/``, recorded by ``tests/woltlab/capture_real.sh``; see
``tests/woltlab/FINDINGS.md``) with respx: what test_woltlab_real_exchanges.py and
test_real_suite_recorded.py share.

The fake answers by the request's ``Accept`` header the way 6.0's error handlers do
(``Helper::getPreferredContentType($request, ['application/json', 'text/html'])``): JSON
``{"message": …}`` unless HTML is preferred."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qsl

import httpx
import respx

from wolfbot.forum.base import ChannelRef
from wolfbot.forum.woltlab.client import WoltLabForum

REAL = Path(__file__).parent / "fixtures" / "woltlab-6.0-real"
HOST = "http://localhost"
TOKEN = "a1b2c3-dG9rZW4="
CONV = ChannelRef("conversation", 1)
SLUG = f"{HOST}/index.php?conversation/1-rollenmitteilung-test/"
AJAX = f"{HOST}/index.php?ajax-proxy/&t=a1b2c3-dG9rZW4%3D"
ACCESS_DENIED = "Access denied. You\u2019re not authorized to view this page."

# the recording's users; the passwords are redacted there, these are the test server's
PASSWORDS = {
    "alice": "AlicePass123!",
    "bob": "BobPass123!",
    "carol": "CarolPass123!",
    "wolfbot": "BotPass123!",
}
# each user's successful login (302 to /); a wrong password gets exchange 48
LOGGED_IN = {
    "alice": "02-login-post-alice",
    "bob": "09-login-post-bob",
    "carol": "24-login-post-carol",
    "wolfbot": "28-login-post-wolfbot",
}
WRONG_PASSWORD = "48-login-wrong-password"


def body(name: str) -> str:
    (path,) = [p for p in REAL.glob(f"{name}.response.*") if not p.name.endswith(".headers")]
    return path.read_text()


def _answer(block: str, content: bytes = b"") -> httpx.Response:
    """One answer of a ``.response.headers`` file (redacted cookies given a test token)."""
    lines = block.splitlines()
    status = int(lines[0].split()[1])
    headers = []
    for line in lines[1:]:
        key, _, value = line.partition(": ")
        value = value.replace("XSRF-TOKEN=<redacted>", f"XSRF-TOKEN={TOKEN}")
        value = value.replace("<redacted>", "session-1")
        headers.append((key, value))
    return httpx.Response(status, headers=headers, content=content)


def _answers(name: str) -> list[str]:
    return (REAL / f"{name}.response.headers").read_text().strip().split("\n\n")


def recorded(name: str) -> httpx.Response:
    """The last response of exchange ``name``, with its recorded body."""
    return _answer(_answers(name)[-1], body(name).encode())


def first_hop(name: str) -> httpx.Response:
    """The first response of exchange ``name``: the redirect the recording followed (its
    body was not recorded)."""
    return _answer(_answers(name)[0])


def recorded_fields(name: str) -> dict[str, str]:
    """The form fields the recorded request of exchange ``name`` sent."""
    lines = (REAL / f"{name}.request.txt").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("form fields"))
    return dict(line.strip().split("=", 1) for line in lines[start + 1 :] if line.strip())


def prefers_html(request: httpx.Request) -> bool:
    accept = request.headers.get("accept", "*/*")
    return accept.split(",")[0].strip() in ("text/html", "application/xhtml+xml")


def error_answer(request: httpx.Request, status: int, message: str, html: str) -> httpx.Response:
    if prefers_html(request):
        return httpx.Response(status, text=html, headers={"content-type": "text/html"})
    return httpx.Response(
        status,
        json={"message": message, "exception": None},
        headers={"content-type": "application/json"},
    )


def form(request: httpx.Request) -> dict[str, str]:
    return dict(parse_qsl(request.content.decode()))


class Real:
    """A respx router with the real login (exchange 01, then the user's recorded login
    POST, or 48 for a wrong password) and counters."""

    def __init__(self, mock: respx.MockRouter) -> None:
        self.mock = mock
        self.logins = 0
        self.accepts: list[tuple[str, str, str]] = []
        mock.get(f"{HOST}/index.php?login/").mock(side_effect=self._login_form)
        mock.post(f"{HOST}/index.php?login/").mock(side_effect=self._login_post)
        mock.get(f"{HOST}/").mock(return_value=recorded("45-login-page-while-logged-in"))
        self.logged_in = False

    def _login_form(self, request: httpx.Request) -> httpx.Response:
        self.accepts.append(("GET", "login", request.headers.get("accept", "")))
        if self.logged_in:  # exchange 45: a logged-in user is redirected away
            return first_hop("45-login-page-while-logged-in")
        return recorded("01-login-form-alice")

    def _login_post(self, request: httpx.Request) -> httpx.Response:
        self.logins += 1
        fields = form(request)
        user = fields["username"]
        self.logged_in = PASSWORDS.get(user) == fields["password"]
        return recorded(LOGGED_IN[user] if self.logged_in else WRONG_PASSWORD)

    def forum(self, user: str = "alice", password: str | None = None, **kw: object) -> WoltLabForum:
        return WoltLabForum(HOST, user, password or PASSWORDS[user], min_interval=0, **kw)  # type: ignore[arg-type]


@contextmanager
def replaying() -> Iterator[Real]:
    """Every request answered from the recordings; one that is not mocked fails."""
    with respx.mock(assert_all_mocked=True, assert_all_called=False) as mock:
        yield Real(mock)
