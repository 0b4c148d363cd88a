"""The forum's failures in the Spielleitung's words: what a `ForumError` – or the error text
the write queue stored of one ("ForumError: timeout (ReadTimeout) on POST …") – means, in
German and without the request's details (the developer log and `--debug` keep those).

    described(error)          # "keine Verbindung zum Forum"
    described("Refused: Der Beitrag enthält unzulässige Inhalte")
                              # "vom Forum abgelehnt: Der Beitrag enthält unzulässige Inhalte"

Standard library only: `wolfbot status` words its write queue with it and stays quick to
start (it imports neither `wolfbot.forum.base` nor HTTP)."""

from __future__ import annotations

import re

# (what the English text of the client's error says, the German words); the first that
# matches, in this order
_TEXTS = (
    (re.compile(r"\btimeout\b|\btimed out\b", re.I), "das Forum antwortet nicht rechtzeitig"),
    (re.compile(r"network error|connect|unreachable", re.I), "keine Verbindung zum Forum"),
    (re.compile(r"session expired|security token", re.I), "die Sitzung beim Forum ist abgelaufen"),
    (
        re.compile(r"no whole page|not a \w+ page|not the conversation list|not JSON", re.I),
        "das Forum liefert unvollständige oder fremde Seiten",
    ),
)
_SERVER = re.compile(r"(?:server error|HTTP) (5\d\d)")
_LOGIN = re.compile(r"failed: (.+)$")


def described(error: BaseException | str) -> str:
    """What went wrong with the forum, in a few German words (see the module docstring).
    `error` is an exception or a stored "ClassName: text"."""
    if isinstance(error, BaseException):
        kind, text = type(error).__name__, str(error)
    else:
        kind, _, text = error.partition(": ")
        if not text or not kind.isidentifier():
            kind, text = "", error
    if kind == "LoginFailed":
        said = _LOGIN.search(text)
        return "Anmeldung abgelehnt" + (f" ({said.group(1)})" if said else "")
    if kind == "Refused":
        return f"vom Forum abgelehnt: {text}" if text else "vom Forum abgelehnt"
    if kind == "FloodLimited":
        return "die Flood-Sperre des Forums verlangt eine Pause"
    if kind in ("TimeoutError", "ReadTimeout", "ConnectTimeout"):
        return "das Forum antwortet nicht rechtzeitig"
    if kind in ("ConnectionError", "ConnectError", "ConnectionRefusedError"):
        return "keine Verbindung zum Forum"
    for pattern, words in _TEXTS:
        if pattern.search(text):
            return words
    if server := _SERVER.search(text):
        return f"Serverfehler {server.group(1)} des Forums"
    if kind in ("ForumError", "HTTPError", "HTTPStatusError"):
        return "eine unerwartete Antwort des Forums"
    return text or kind
