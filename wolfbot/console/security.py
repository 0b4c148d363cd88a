"""Who may use the console, and that every action comes from its own page.

- **Login.** With `WOLFBOT_CONSOLE_PASSWORD` in the environment every Spielleiter logs in
  with his name and that password (2–3 Spielleiter share a round); without it the console
  makes a token at start and prints it – the token is the password. The name goes into the
  audit trail (`requested_by`) as the CLI's `--by` does. Wrong passwords are answered
  slowly and, after `MAX_FAILURES` in a row, not at all for `LOCKOUT` (per client address).
- **Sessions** live in the server's memory (a restart logs everyone out), behind a random
  cookie that is `HttpOnly`, `SameSite=Strict` and – behind TLS – `Secure`; they end after
  `SESSION_HOURS` or at logout.
- **CSRF.** Each session has its own token; every form carries it in a hidden field and
  every POST without the right one is refused (403). The login form, before any session,
  carries a token bound to a pre-login cookie (double submit).
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

PASSWORD_ENV = "WOLFBOT_CONSOLE_PASSWORD"
SESSION_COOKIE = "wolfbot_console"
LOGIN_COOKIE = "wolfbot_console_login"
SESSION_HOURS = 12
MAX_FAILURES = 5
LOCKOUT = timedelta(minutes=5)
NAME_LIMIT = 40


def same(a: str, b: str) -> bool:
    """Compared in constant time (a token is never guessed by timing)."""
    return hmac.compare_digest(a.encode(), b.encode())


@dataclass(frozen=True, slots=True)
class Credentials:
    """What a login must give: the shared password, or the token printed at start."""

    secret: str
    from_environment: bool

    @classmethod
    def from_env(cls, environ: dict[str, str]) -> Credentials:
        password = environ.get(PASSWORD_ENV, "")
        if password.strip():
            return cls(password, True)
        return cls(secrets.token_urlsafe(18), False)

    def accepts(self, given: str) -> bool:
        return bool(given) and same(given, self.secret)


@dataclass(slots=True)
class ConsoleSession:
    name: str
    csrf: str
    created: datetime


class LoginRefused(Exception):
    """A login that did not succeed; the message is the page's (German)."""


@dataclass
class Sessions:
    """The console's logins, in memory; `clock` is the wall clock (not the round's)."""

    credentials: Credentials
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    _open: dict[str, ConsoleSession] = field(default_factory=dict)
    _failures: dict[str, tuple[int, datetime]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def login(self, name: str, password: str, client: str) -> tuple[str, ConsoleSession]:
        """A new session's cookie value and the session; LoginRefused otherwise."""
        now = self.clock()
        name = " ".join(name.split())[:NAME_LIMIT]
        with self._lock:
            count, since = self._failures.get(client, (0, now))
            if count >= MAX_FAILURES and now - since < LOCKOUT:
                raise LoginRefused(
                    "Zu viele falsche Anmeldungen – in ein paar Minuten noch einmal versuchen."
                )
            if not self.credentials.accepts(password):
                self._failures[client] = (count + 1, now)
                raise LoginRefused("Das Kennwort stimmt nicht.")
            if not name:
                raise LoginRefused(
                    "Bitte einen Namen angeben – er steht im Audit bei jeder Aktion."
                )
            self._failures.pop(client, None)
            cookie = secrets.token_urlsafe(32)
            session = ConsoleSession(name, secrets.token_urlsafe(32), now)
            self._open[cookie] = session
        return cookie, session

    def get(self, cookie: str | None) -> ConsoleSession | None:
        if not cookie:
            return None
        with self._lock:
            session = self._open.get(cookie)
            if session is None:
                return None
            if self.clock() - session.created > timedelta(hours=SESSION_HOURS):
                del self._open[cookie]
                return None
            return session

    def logout(self, cookie: str | None) -> None:
        with self._lock:
            self._open.pop(cookie or "", None)


def login_token() -> str:
    """The token of a login form (also its cookie's value: double submit)."""
    return secrets.token_urlsafe(24)
