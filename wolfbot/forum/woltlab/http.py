"""The HTTP session of the WoltLab client: one ``httpx.Client``, one request at a time, a
minimum interval between requests (redirect hops included), login once (a failed login is
never retried by itself), the security token, a page GET that renews an expired session once,
and writes that are sent once (again only after the forum refused them for an expired
session). What WoltLab's answers mean: :mod:`wolfbot.forum.woltlab.errors`.

WoltLab sources this follows (WoltLab/WCF, branches 5.4 and 6.0):

- login: ``LoginForm`` (POST ``username``, ``password``, ``url``, ``t``; success is a redirect,
  failure the form again with ``small.innerError``; ``hasValidCookie()`` needs a session cookie
  first, so the login page is requested before the POST; a redirect to
  ``multifactor-authentication`` means the account needs a second factor);
- token: ``SessionHandler::initSecurityToken()`` sets the cookie ``XSRF-TOKEN`` (rawurlencoded)
  and ``checkSecurityToken()`` compares ``t`` with the decoded value; 5.4 pages also carry it as
  ``SECURITY_TOKEN``/``input[name=t]``;
- AJAX: ``index.php?ajax-proxy/&t=TOKEN`` (``Ajax.ts``), form-encoded like ``Core.serialize``
  (``parameters[data][message]``, ``objectIDs[0]``), ``X-Requested-With: XMLHttpRequest``,
  ``Accept: application/json`` (6.x error handlers answer JSON then); answers
  ``{actionName, objectIDs, returnValues}`` (``AbstractDatabaseObjectAction``);
- session expiry on pages: a redirect to ``login/`` (``FORCE_LOGIN``), the login form, the
  guest's ``permissionDenied.tpl`` or a page whose user panel says "guest", or 6.0's JSON
  ``403 {"message": "Access denied…"}``;
- the ``Accept`` header: 6.0's error handlers (``PermissionDeniedHandler``,
  ``NotFoundHandler``, ``OperationNotPermittedHandler``, ``XsrfValidationFailedHandler``)
  answer JSON ``{message}`` unless the request prefers HTML (``*/*``, httpx's default, gets
  JSON). Page GETs and form POSTs send ``text/html,application/xhtml+xml``, ajax-proxy
  ``application/json``; both shapes are understood on both paths.
- a 6.0 403 "Access denied" is ambiguous: a guest (a lost session: the XSRF cookie outlives
  it) and a user who may not do this (another user's message) get the same answer. A write
  refused so is therefore not sent again blindly: one GET of ``login/`` (a redirect away
  means the session is alive) tells them apart; alive → :class:`Refused`, else a new login
  and the write once more; a 403 right after a fresh login is :class:`Refused`.
"""

from __future__ import annotations

import logging
import re
import ssl
import threading
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any
from urllib.parse import quote, unquote, urljoin

import httpx

from wolfbot.forum.base import ForumError, LoginFailed, Refused
from wolfbot.forum.woltlab.errors import (
    LOGIN_URL,
    MAX_REDIRECTS,
    SESSION_EXPIRED,
    SessionExpired,
    ajax_answer,
    clean_text,
    flatten,
    form_answer,
    json_message,
    login_redirect,
    safe_url,
)
from wolfbot.forum.woltlab.pages import Page, parse_page

log = logging.getLogger(__name__)

HTML_ACCEPT = "text/html,application/xhtml+xml"
JSON_ACCEPT = "application/json"


@cache
def certificates() -> ssl.SSLContext:
    """httpx's TLS settings, made once per process: reading the certificate store took
    50 ms for every new client (a restarted bot, each test's)."""
    return httpx.create_ssl_context()


_PAGE_END = re.compile(rb"</html>\s*$", re.IGNORECASE)


def whole_page(response: httpx.Response) -> bool:
    """Whether an HTML answer ends as every WoltLab page does (`</html>`): a page cut off in
    the middle (a broken proxy, a dropped connection with a wrong length) would show fewer
    posts than there are – posts that seem deleted, a message that seems edited."""
    if "html" not in response.headers.get("content-type", "html"):
        return True
    return bool(_PAGE_END.search(response.content[-256:]))


class WoltLabSession:
    """HTTP for :class:`wolfbot.forum.woltlab.client.WoltLabForum`; not part of the Forum
    protocol."""

    def __init__(
        self,
        base_url: str,
        username: str,
        password: str,
        *,
        client: httpx.Client | None,
        user_agent: str,
        timeout: float,
        min_interval: float,
        clock: Callable[[], float],
        sleep: Callable[[float], None],
    ) -> None:
        base = base_url.strip()
        base = base[: -len("index.php")] if base.endswith("index.php") else base
        self.base_url = base.rstrip("/") + "/"
        self.username = username
        self.__password = password
        self._own_client = client is None
        self._client = client or httpx.Client(timeout=timeout, verify=certificates())
        self._headers = {"User-Agent": user_agent, "Accept": HTML_ACCEPT}
        self._timeout = timeout
        self.min_interval = min_interval
        self._clock = clock
        self._sleep = sleep
        self.lock = threading.RLock()
        self._last_request: float | None = None
        self.logged_in = False
        self._login_failure: str | None = None
        self._page_token: str | None = None
        self.request_count = 0

    def __repr__(self) -> str:
        return f"WoltLabSession({self.base_url!r}, user={self.username!r})"

    def set_credentials(self, username: str, password: str) -> None:
        with self.lock:
            self.username, self.__password = username, password
            self._login_failure = None
            self.logged_in = False

    def close(self) -> None:
        if self._own_client:
            self._client.close()

    def url(self, path: str) -> str:
        return urljoin(self.base_url, path)

    # ------------------------------------------------------------------ requests

    def _pace(self) -> None:
        if self._last_request is not None and self.min_interval > 0:
            wait = self._last_request + self.min_interval - self._clock()
            if wait > 0:
                self._sleep(wait)

    def request(
        self,
        method: str,
        url: str,
        *,
        data: Any = None,
        headers: Mapping[str, str] | None = None,
        follow: bool = True,
    ) -> httpx.Response:
        """A request; with ``follow`` its redirects too, each hop paced like a request of
        its own. Network errors and timeouts become :class:`ForumError` (``status=None``)
        whose message never holds the URL's token."""
        with self.lock:
            request = self._client.build_request(
                method,
                url,
                data=data,
                headers={**self._headers, **(headers or {})},
                timeout=self._timeout,
            )
            hops: list[httpx.Response] = []
            while True:
                response = self._send(request)
                if not (follow and response.next_request is not None):
                    response.history = hops
                    return response
                if len(hops) >= MAX_REDIRECTS:
                    raise ForumError(f"too many redirects from {method} {safe_url(url)}")
                response.close()
                hops.append(response)
                request = response.next_request

    def _send(self, request: httpx.Request) -> httpx.Response:
        self._pace()
        self.request_count += 1
        try:
            response = self._client.send(request, follow_redirects=False)
        except httpx.TimeoutException as exc:
            what = f"{request.method} {safe_url(request.url)}"
            raise ForumError(f"timeout ({type(exc).__name__}) on {what}") from None
        except httpx.HTTPError as exc:
            what = f"{request.method} {safe_url(request.url)}"
            raise ForumError(f"network error ({type(exc).__name__}) on {what}") from None
        finally:
            self._last_request = self._clock()
        log.debug("%s %s -> %s", request.method, safe_url(request.url), response.status_code)
        return response

    # ------------------------------------------------------------------ login and token

    def token(self) -> str:
        value = None
        for cookie in self._client.cookies.jar:
            if cookie.name == "XSRF-TOKEN" and cookie.value:
                value = unquote(cookie.value)
        value = value or self._page_token
        if not value:
            raise ForumError("the forum gave no security token (no XSRF-TOKEN cookie)")
        return value

    def remember(self, page: Page) -> None:
        if page.security_token:
            self._page_token = page.security_token

    def ensure_login(self) -> None:
        if not self.logged_in:
            self.login()

    def login(self) -> None:
        """Log in once. Wrong credentials raise :class:`LoginFailed` and every later call
        fails fast with it (no request) until :meth:`set_credentials`."""
        with self.lock:
            if self._login_failure is not None:
                raise LoginFailed(self._login_failure)
            self.logged_in = False
            login_url = self.url("index.php?login/")
            first = self.request("GET", login_url)
            if first.status_code >= 500:
                raise ForumError(
                    f"login: server error {first.status_code}", status=first.status_code
                )
            page = parse_page(first.text, str(first.url))
            self.remember(page)
            if page.logged_in and not LOGIN_URL.search(str(first.url)):
                self.logged_in = True  # the session was still valid: login/ redirected away
                return
            form = {"username": self.username, "password": self.__password, "url": ""}
            response = self.request(
                "POST", login_url, data={**form, "t": self.token()}, follow=False
            )
            if response.is_redirect:
                target = response.headers.get("location", "")
                if "multifactor" in target.lower():
                    self._fail("the account needs multi-factor authentication")
                self.logged_in = True
                log.info("logged in to %s as %s", self.base_url, self.username)
                return
            if response.status_code >= 500:
                raise ForumError(
                    f"login: server error {response.status_code}", status=response.status_code
                )
            page = parse_page(response.text, str(response.url))
            detail = "; ".join(page.form_errors) or page.error_message or ""
            if SESSION_EXPIRED.search(detail):
                raise ForumError(
                    "login: the forum refused the security token", status=response.status_code
                )
            self._fail(
                detail or f"the forum answered HTTP {response.status_code}", response.status_code
            )

    def _fail(self, detail: str, status: int | None = None) -> None:
        self._login_failure = f"login as {self.username!r} failed: {clean_text(detail)}"
        log.error("%s (not retried until the credentials change)", self._login_failure)
        raise LoginFailed(self._login_failure, status=status)

    # ------------------------------------------------------------------ pages

    def get_page(
        self, url: str, headers: Mapping[str, str] | None = None, channel: Any = None
    ) -> tuple[httpx.Response, Page | None]:
        """GET a page (``None`` for 304); an expired session is renewed once."""
        self.ensure_login()
        for attempt in (0, 1):
            response = self.request("GET", url, headers=headers)
            if response.status_code == 304:
                return response, None
            expired = login_redirect(response)
            page = None
            message = json_message(response) if response.status_code >= 400 else None
            if message is not None:
                # 6.0's JSON error answer; a 403 is what a guest gets (a lost session)
                expired = expired or response.status_code in (401, 403)
                if attempt and expired:
                    raise ForumError(
                        f"HTTP {response.status_code} for GET {safe_url(url)} right after a "
                        f"new login: {message}",
                        status=response.status_code,
                    )
            elif not expired and response.status_code < 500:
                if response.status_code == 200 and not whole_page(response):
                    raise ForumError(
                        f"GET {safe_url(url)}: the answer is no whole page (cut off or "
                        "garbled); read again later",
                        status=response.status_code,
                    )
                page = parse_page(response.text, str(response.url), channel)
                if page.cut_short:
                    raise ForumError(
                        f"GET {safe_url(url)}: the page cannot be read whole (nested too deep"
                        " even flattened); its posts are not read",
                        status=response.status_code,
                    )
                self.remember(page)
                expired = page.is_login_page or page.logged_in is False
            if expired:
                if attempt:
                    raise ForumError("the session expired again right after a new login")
                log.info("session expired; logging in again")
                self.logged_in = False
                self.login()
                continue
            if response.status_code >= 400:
                text = f"HTTP {response.status_code} for GET {safe_url(url)}"
                if message:
                    text += f": {message}"
                elif page is not None and page.error_message:
                    text += f": {clean_text(page.error_message)}"
                raise ForumError(text, status=response.status_code)
            return response, page
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ writes

    def ajax(
        self,
        class_name: str,
        action: str,
        parameters: Mapping[str, Any],
        *,
        object_ids: tuple[int, ...] = (),
        interface: str | None = None,
    ) -> dict[str, Any]:
        """One call of ``index.php?ajax-proxy/``; the answer's ``returnValues``' parent."""
        fields = [("actionName", action), ("className", class_name)]
        if interface:
            fields.append(("interfaceName", interface))
        fields += flatten("objectIDs", list(object_ids)) + flatten("parameters", parameters)
        headers = {"X-Requested-With": "XMLHttpRequest", "Accept": JSON_ACCEPT}
        return self._write(lambda: self._ajax_once(fields, headers))

    def session_alive(self) -> bool:
        """One GET of ``login/``, not followed: a logged-in user is redirected away."""
        response = self.request("GET", self.url("index.php?login/"), follow=False)
        if response.is_redirect:
            return not LOGIN_URL.search(response.headers.get("location", ""))
        if response.status_code >= 400:
            return False
        page = parse_page(response.text, str(response.url))
        return bool(page.logged_in) and not page.is_login_page

    def _write(self, send: Callable[[], Any]) -> Any:
        """A write is sent once; only when the forum refused it for an expired session
        (nothing was done) it is sent once more after a new login. An ambiguous 403 is
        checked first (:meth:`session_alive`): with a live session it is :class:`Refused`."""
        fresh = not self.logged_in
        self.ensure_login()
        try:
            return send()
        except SessionExpired as exc:
            if exc.ambiguous and (fresh or self.session_alive()):
                raise Refused(str(exc), status=exc.status) from None
            log.info("write refused for an expired session; logging in again")
            self.logged_in = False
            self.login()
        try:
            return send()
        except SessionExpired as exc:
            if exc.ambiguous:
                raise Refused(f"refused after a new login: {exc}", status=exc.status) from None
            raise ForumError(f"refused after a new login: {exc}", status=exc.status) from None

    def _write_token(self) -> str:
        """The token for a write; none (the XSRF-TOKEN cookie is gone while the session
        cookie is not) means a new login, like an expired session: nothing was sent."""
        try:
            return self.token()
        except ForumError as exc:
            raise SessionExpired(str(exc)) from None

    def _ajax_once(self, fields: list[tuple[str, str]], headers: dict[str, str]) -> dict[str, Any]:
        url = self.url("index.php?ajax-proxy/&t=" + quote(self._write_token(), safe=""))
        return ajax_answer(
            self.request("POST", url, data=dict(fields), headers=headers, follow=False)
        )

    def submit_form(self, path: str, fields: Mapping[str, str]) -> str:
        """POST a WoltLab form (``t`` added); the absolute redirect target on success."""
        return self._write(lambda: self._form_once(path, fields))

    def _form_once(self, path: str, fields: Mapping[str, str]) -> str:
        data = {**fields, "t": self._write_token()}
        return form_answer(self.request("POST", self.url(path), data=data, follow=False))
