"""Sessions and CSRF tokens, the two ways WoltLab has done it.

6.x / 5.5+: the token lives in the `XSRF-TOKEN` cookie, not in the session. It is a signed
string (`CryptoUtil::createSignedString()`: `signature-base64(value)`, so it contains "+",
"/" and "=") and is sent rawurlencoded; forms and the ajax proxy must carry its *decoded*
value as `t`. Pages print `<input type="hidden" name="t" class="xsrfTokenInput"
value="NOT_MODIFIED">` and leave the filling-in to JavaScript.

5.x (before 5.5): the token belongs to the session (a guest session too) and is printed
into every form (`<input type="hidden" name="t" value="…">`) and as
`var SECURITY_TOKEN = '…';` in a script block. No XSRF-TOKEN cookie.

Sessions expire after an idle time measured on the forum's clock.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass

SESSION_COOKIE = "wsc_user_session"
XSRF_COOKIE = "XSRF-TOKEN"


@dataclass(slots=True)
class Session:
    id: str
    user_id: int | None
    token: str  # the 5.x session-bound security token
    last_seen: float


class Sessions:
    def __init__(self, now: Callable[[], float], timeout: float) -> None:
        self._now = now
        self.timeout = timeout
        self._secret = secrets.token_bytes(32)
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    def get(self, session_id: str | None) -> Session | None:
        """The live session with this id; an idle one is ended (and None returned)."""
        if not session_id:
            return None
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None:
                return None
            now = self._now()
            if now - session.last_seen > self.timeout:
                del self._sessions[session_id]
                return None
            session.last_seen = now
            return session

    def start(self, user_id: int | None) -> Session:
        now = self._now()
        session = Session(secrets.token_hex(20), user_id, secrets.token_hex(20), now)
        with self._lock:
            if len(self._sessions) > 1000:  # clients without cookies leave guest sessions
                for old in [s for s in self._sessions.values() if now - s.last_seen > self.timeout]:
                    del self._sessions[old.id]
            self._sessions[session.id] = session
        return session

    def end(self, session_id: str) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)

    def end_all(self) -> None:
        """Every session ends at once (a test's "the server restarted")."""
        with self._lock:
            self._sessions.clear()

    # the 6.x cookie token
    def new_xsrf_token(self) -> str:
        value = secrets.token_bytes(16)
        return self._sign(value) + "-" + base64.b64encode(value).decode("ascii")

    def xsrf_valid(self, token: str) -> bool:
        signature, _, encoded = token.partition("-")
        try:
            value = base64.b64decode(encoded, validate=True)
        except ValueError:
            return False
        return bool(encoded) and hmac.compare_digest(signature, self._sign(value))

    def _sign(self, value: bytes) -> str:
        return hmac.new(self._secret, value, hashlib.sha256).hexdigest()[:40]


def tokens_match(expected: str, given: str | None) -> bool:
    """`SessionHandler::checkSecurityToken()`: a "+" that arrived as a space counts as "+"."""
    if not given or not expected:
        return False
    return hmac.compare_digest(expected, given.replace(" ", "+"))
