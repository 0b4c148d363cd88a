"""WoltLab's answers to writes, read as wolfbot's errors (pure helpers of
:mod:`wolfbot.forum.woltlab.http`), and the redaction of the security token.

Shapes (WoltLab/WCF 5.4 and 6.0): ``AJAXException`` (JSON ``{code, message, returnValues}``;
a ``UserInputException`` becomes 400 with code 412 and ``returnValues.realErrorMessage``, which
is where flood control lands, e.g. ``ConversationMessageAction::validateQuickReply()``; 5.4
``TAJAXException`` sends an invalid token as 409 with code 401 and a permission problem as 403),
6.0 ``XsrfValidationFailedHandler`` (400 ``{message}``), ``PermissionDeniedHandler`` and
``OperationNotPermittedHandler`` (403 ``{message}`` or the HTML error page), form errors
(``formError.tpl`` ``p.error``, ``small.innerError``), flood texts (language items
``wcf.conversation.message.error.floodControl``, ``wcf.conversation.error.floodControl``).
A 409 that is not an expired session counts as flood control (wolfbot's write contract).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urljoin

import httpx

from wolfbot.forum.base import FloodLimited, ForumError, Refused
from wolfbot.forum.woltlab.pages import parse_page

LOGIN_URL = re.compile(r"[/?]login/", re.IGNORECASE)
_TOKEN_PARAM = re.compile(r"([?&]t=)[^&#\s\"']*")
_TAGS = re.compile(r"<[^>]+>")
SESSION_EXPIRED = re.compile(r"XSRF|security token|Sicherheitstoken", re.IGNORECASE)
_FLOOD = re.compile(
    r"flood|erst in .{0,20}Sekunde|innerhalb der letzten|bitte warte|must wait|wait until"
    r"|within the last|in the past 24 hours|zu viele Beiträge|too many (posts|messages)",
    re.IGNORECASE,
)
_WAIT = re.compile(
    r"(?P<before>\b\w+\s+)?(?P<n>\d+|einer|einem|eine|one|a|an)\s+"
    r"(?P<unit>Sekunden?|seconds?|Minuten?|minutes?|Stunden?|hours?)\b",
    re.IGNORECASE,
)
_INTERVAL_WORDS = ("letzten", "last", "past", "vergangenen")
MAX_REDIRECTS = 5


class _RedactToken(logging.Filter):
    """httpx logs every request URL at INFO; the ajax-proxy URL carries the token."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "t=" in message:
            record.msg, record.args = _TOKEN_PARAM.sub(r"\1***", message), None
        return True


if not any(isinstance(f, _RedactToken) for f in logging.getLogger("httpx").filters):
    logging.getLogger("httpx").addFilter(_RedactToken())


class SessionExpired(Exception):
    """Internal: the forum no longer knows our session (or our token); nothing was done.
    ``ambiguous``: a 6.0 "Access denied" (403 ``{message}``), which a guest whose session
    expired gets as well as a user who may not do this (editing another's message): the
    session is checked before the write is sent again."""

    def __init__(self, message: str, status: int | None = None, ambiguous: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.ambiguous = ambiguous


def safe_url(url: str | httpx.URL) -> str:
    """A URL for messages and logs: the security token blanked."""
    return _TOKEN_PARAM.sub(r"\1***", str(url))


def clean_text(text: str, limit: int = 400) -> str:
    text = " ".join(_TAGS.sub("", text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_retry_after(message: str, header: str | None = None) -> float | None:
    """Seconds to wait from a flood-control message: the last "N Sekunden/seconds/Minuten/…"
    that is not the length of the interval ("innerhalb der letzten 60 Sekunden")."""
    if header and header.strip().isdigit():
        return float(header.strip())
    found = None
    for match in _WAIT.finditer(message):
        if (match.group("before") or "").strip().lower() in _INTERVAL_WORDS:
            continue
        found = match
    if found is None:
        return None
    raw = found.group("n").lower()
    amount = int(raw) if raw.isdigit() else 1
    unit = found.group("unit").lower()
    factor = 3600 if unit.startswith(("stunde", "hour")) else 60 if "min" in unit else 1
    return float(amount * factor)


def flatten(prefix: str, value: Any) -> list[tuple[str, str]]:
    """``Core.serialize``: nested dicts/lists as ``prefix[key][0]=…`` form fields."""
    if isinstance(value, Mapping):
        return [pair for k, v in value.items() for pair in flatten(f"{prefix}[{k}]", v)]
    if isinstance(value, list | tuple):
        return [pair for i, v in enumerate(value) for pair in flatten(f"{prefix}[{i}]", v)]
    if isinstance(value, bool):
        return [(prefix, "1" if value else "0")]
    return [(prefix, str(value))]


def _json(response: httpx.Response) -> Any:
    try:
        return json.loads(response.text)
    except ValueError:
        return None


def json_message(response: httpx.Response) -> str | None:
    """The ``message`` of a 6.0 error handler's JSON answer (``{"message": …, "exception":
    …}``, sent when the request does not prefer HTML), else None."""
    if "json" not in response.headers.get("content-type", "") and not response.text.startswith("{"):
        return None
    body = _json(response)
    if isinstance(body, dict) and isinstance(body.get("message"), str):
        return clean_text(body["message"])
    return None


def ajax_error_text(body: Any) -> str:
    if not isinstance(body, dict):
        return ""
    values = body.get("returnValues")
    if isinstance(values, dict) and values.get("fieldName") == "objectID":
        # "The parameter “objectID” is missing or invalid." (realErrorMessage is only
        # "Please fill in this field.")
        return clean_text(str(body.get("message") or "the object does not exist"))
    if isinstance(values, dict):
        for key in ("realErrorMessage", "errorMessage", "errorType"):
            if isinstance(values.get(key), str) and values[key].strip():
                return clean_text(values[key])
    return clean_text(str(body.get("message") or ""))


def ajax_answer(response: httpx.Response) -> dict[str, Any]:
    """The JSON of a successful ajax-proxy answer, else the matching error."""
    status, body = response.status_code, _json(response)
    if login_redirect(response):
        raise SessionExpired("redirected to the login", status)
    if 200 <= status < 300 and isinstance(body, dict):
        return body
    message = ajax_error_text(body)
    code = body.get("code") if isinstance(body, dict) else None
    expired = code == 401 or bool(SESSION_EXPIRED.search(message))
    if _FLOOD.search(message) or (status == 409 and not expired):
        # WoltLab answers flood control with 400 (code 412); 409 is the session in 5.x
        retry = parse_retry_after(message, response.headers.get("retry-after"))
        raise FloodLimited(message or "flood control", status=status, retry_after=retry)
    if expired or status in (401, 409):
        raise SessionExpired(message or f"HTTP {status}", status)
    if status == 403:
        raise SessionExpired(message or f"HTTP {status}", status, ambiguous=True)
    if status == 200 and body is None:
        page = parse_page(response.text, str(response.url))
        if page.is_login_page or page.logged_in is False:
            raise SessionExpired("the answer is the login page", status)
        raise ForumError("the forum's answer is not JSON", status=status)
    if status >= 500:
        raise ForumError(f"server error {status}: {message or 'no details'}", status=status)
    if 400 <= status < 500:
        raise Refused(message or f"HTTP {status}", status=status)
    raise ForumError(message or f"HTTP {status}", status=status)


def form_answer(response: httpx.Response) -> str:
    """The absolute redirect target of a successful form POST, else the matching error."""
    url, status = str(response.request.url), response.status_code
    if response.is_redirect:
        if login_redirect(response):
            raise SessionExpired("redirected to the login", status)
        return urljoin(url, response.headers.get("location", ""))
    if status >= 500:
        raise ForumError(f"server error {status} on POST {safe_url(url)}", status=status)
    if (message := json_message(response)) is not None:
        # a 6.0 error handler's JSON (the request did not prefer HTML)
        if _FLOOD.search(message):
            retry = parse_retry_after(message, response.headers.get("retry-after"))
            raise FloodLimited(message, status=status, retry_after=retry)
        if status in (401, 403) or SESSION_EXPIRED.search(message):
            raise SessionExpired(message, status, ambiguous=status == 403)
        raise Refused(message or f"form refused (HTTP {status})", status=status)
    page = parse_page(response.text, url)
    message = clean_text("; ".join(filter(None, [page.error_message, *page.form_errors])))
    if _FLOOD.search(message):
        retry = parse_retry_after(message, response.headers.get("retry-after"))
        raise FloodLimited(message, status=status, retry_after=retry)
    if page.is_login_page or page.logged_in is False or SESSION_EXPIRED.search(message):
        raise SessionExpired(message or "login required", status)
    if status in (401, 403):
        raise SessionExpired(message or f"HTTP {status}", status, ambiguous=status == 403)
    raise Refused(message or f"form refused (HTTP {status})", status=status)


def login_redirect(response: httpx.Response) -> bool:
    """The answer is (or was redirected to) the login form."""
    hops = (*response.history, response)
    return any(LOGIN_URL.search(str(hop.url)) for hop in hops) or (
        response.is_redirect and bool(LOGIN_URL.search(response.headers.get("location", "")))
    )
