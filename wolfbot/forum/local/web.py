"""What WoltLab's requests and answers need beyond Starlette's `Request` and `Response`:
PHP's way of reading form fields (`parameters[data][message]`, `objectIDs[]`) from the pairs
Starlette parses, PHP's cookies (the first of a name counts, the value as sent), content
negotiation like WoltLab 6.0 (`Helper::getPreferredContentType()`), and the shapes of its
answers (header names, `Content-Type` with its charset, as WoltLab sends them)."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from starlette.requests import Request
from starlette.responses import Response

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


def cookie(request: Request, name: str, decode: bool = False) -> str | None:
    """The cookie `name` as PHP's `$_COOKIE` has it: the first of that name in the Cookie
    header (the most specific path), quotes stripped, URL-decoded only with `decode`."""
    for piece in request.headers.get("cookie", "").split(";"):
        key, eq, value = piece.strip().partition("=")
        if eq and key == name:
            value = value.strip().strip('"')
            return unquote(value) if decode else value
    return None


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


HTML = "text/html; charset=UTF-8"  # WoltLab's `Content-type` of pages and redirects
JSON = "application/json; charset=UTF-8"  # … of the ajax proxy


def answer(status: int, body: bytes, content_type: str, *headers: tuple[str, str]) -> Response:
    """A response with exactly these headers; Starlette adds `content-length` (its header
    names are lower case, as HTTP/2 and WoltLab's own `cache-control` are)."""
    return Response(body, status, {"content-type": content_type, **dict(headers)})


def html_response(status: int, text: str, *headers: tuple[str, str]) -> Response:
    return answer(status, text.encode("utf-8"), HTML, *headers)


def json_response(status: int, data: Any, *headers: tuple[str, str]) -> Response:
    return answer(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), JSON, *headers)


def handler_json(status: int, message: str) -> Response:
    """6.0's error handlers (`PermissionDeniedHandler`, `XsrfValidationFailedHandler`, …)
    as JSON: `{"message", "exception": null}`, `Content-Type: application/json`."""
    body = json.dumps({"message": message, "exception": None}, ensure_ascii=False)
    return answer(
        status,
        body.encode("utf-8"),
        "application/json",
        ("vary", "accept-language"),
        ("cache-control", "private"),
    )


def redirect(location: str, status: int = 302) -> Response:
    return answer(status, b"", HTML, ("location", location), ("cache-control", "private"))
