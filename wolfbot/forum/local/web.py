"""Request and response values between the socket (`server.py`) and the handlers, and
PHP's way of reading form fields (`parameters[data][message]`, `objectIDs[]`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import parse_qsl, unquote

from wolfbot.forum.local.urls import Route, parse_target

_KEY = re.compile(r"^([^\[\]]+)((?:\[[^\]]*\])*)$")
_SUBKEY = re.compile(r"\[([^\]]*)\]")


def php_form(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Nested dicts like PHP's `$_POST`: `a[b][]=1&a[b][]=2` → {"a": {"b": {"0": "1", "1":
    "2"}}}. Lists are dicts with "0", "1", … keys (PHP arrays); `as_list` reads either."""
    root: dict[str, Any] = {}
    for key, value in pairs:
        match = _KEY.match(key)
        if not match:
            root[key] = value
            continue
        path = [match.group(1), *_SUBKEY.findall(match.group(2))]
        node = root
        for index, name in enumerate(path):
            last = index == len(path) - 1
            if name == "":
                name = str(len(node))
            if last:
                node[name] = value
            else:
                child = node.get(name)
                if not isinstance(child, dict):
                    child = node[name] = {}
                node = child
    return root


def as_list(value: Any) -> list[str] | None:
    """A PHP array's values in order; None if `value` is not an array."""
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    return None


def dig(data: dict[str, Any], *path: str) -> Any:
    node: Any = data
    for name in path:
        if not isinstance(node, dict):
            return None
        node = node.get(name)
    return node


@dataclass
class Request:
    method: str
    target: str
    headers: dict[str, str]  # lower-case names
    body: bytes = b""
    route: Route = field(init=False)

    def __post_init__(self) -> None:
        self.route = parse_target(self.target)

    @cached_property
    def cookies(self) -> dict[str, str]:
        """Raw (still URL-encoded) cookie values."""
        jar: dict[str, str] = {}
        for piece in self.headers.get("cookie", "").split(";"):
            name, eq, value = piece.strip().partition("=")
            if eq:
                jar.setdefault(name, value.strip().strip('"'))
        return jar

    def cookie(self, name: str, decode: bool = False) -> str | None:
        value = self.cookies.get(name)
        return unquote(value) if value is not None and decode else value

    @cached_property
    def form(self) -> dict[str, Any]:
        if self.method != "POST":
            return {}
        text = self.body.decode("utf-8", errors="replace")
        return php_form(parse_qsl(text, keep_blank_values=True))

    def field(self, name: str) -> str:
        value = self.form.get(name)
        return value if isinstance(value, str) else ""

    @property
    def wants_json(self) -> bool:
        return self.headers.get(
            "x-requested-with"
        ) == "XMLHttpRequest" or "application/json" in self.headers.get("accept", "")

    def preferred_type(self, available: tuple[str, ...] = ("application/json", "text/html")) -> str:
        """`Helper::getPreferredContentType()` (6.0): the available type the Accept header
        rates highest; on a tie, no Accept header or nothing acceptable the server's first."""
        return preferred_type(self.headers.get("accept"), available)

    @property
    def is_ajax_proxy(self) -> bool:
        return self.route.controller == "ajax-proxy"


def _accept_ranges(header: str) -> list[tuple[str, str, float]]:
    ranges = []
    for piece in header.split(","):
        media, *params = (part.strip() for part in piece.split(";"))
        if "/" not in media:
            continue
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        kind, _, sub = media.lower().partition("/")
        ranges.append((kind, sub, quality))
    return ranges


def preferred_type(accept: str | None, available: tuple[str, ...]) -> str:
    """Content negotiation like willdurand/Negotiator's `getBest()`, which WoltLab uses: each
    available type gets the quality of the most specific range that matches it (exact,
    `type/*`, `*/*`); the best quality wins, ties go to the server's order; nothing
    acceptable (or no header) gives the server's first type."""
    if accept is None:
        return available[0]
    ranges = _accept_ranges(accept)
    best, best_quality = available[0], 0.0
    for offer in available:
        kind, _, sub = offer.partition("/")
        matches = [
            (2 if (k, s) == (kind, sub) else 1 if k == kind and s == "*" else 0, q)
            for k, s, q in ranges
            if (k, s) == (kind, sub) or (k == kind and s == "*") or (k, s) == ("*", "*")
        ]
        if not matches:
            continue
        quality = max(matches)[1]
        if quality > best_quality:
            best, best_quality = offer, quality
    return best


@dataclass(slots=True)
class Response:
    status: int
    body: bytes = b""
    headers: list[tuple[str, str]] = field(default_factory=list)

    def header(self, name: str, value: str) -> Response:
        self.headers.append((name, value))
        return self

    def get_header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


def html_response(status: int, text: str) -> Response:
    return Response(status, text.encode("utf-8"), [("Content-Type", "text/html; charset=UTF-8")])


def json_response(status: int, data: Any) -> Response:
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return Response(status, body, [("Content-Type", "application/json; charset=UTF-8")])


def handler_json(status: int, message: str) -> Response:
    """6.0's error handlers (`PermissionDeniedHandler`, `XsrfValidationFailedHandler`, …)
    as JSON: `{"message", "exception": null}`, `Content-Type: application/json`."""
    body = json.dumps({"message": message, "exception": None}, ensure_ascii=False)
    return Response(
        status,
        body.encode("utf-8"),
        [("Content-Type", "application/json"), ("Vary", "accept-language")],
    ).header("Cache-Control", "private")


def redirect(location: str, status: int = 302) -> Response:
    return Response(
        status,
        b"",
        [
            ("Location", location),
            ("Cache-Control", "private"),
            ("Content-Type", "text/html; charset=UTF-8"),
        ],
    )
