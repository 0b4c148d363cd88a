"""`LocalForumServer`: the local forum over HTTP/1.1 (keep-alive) on a stdlib
`ThreadingHTTPServer`, in a background thread or blocking; request and byte counts for the
benchmarks; the injected faults of `LocalForum.fail_next()` acted out on the socket."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, tzinfo
from http.client import responses
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Literal

from wolfbot.forum.local import texts
from wolfbot.forum.local.app import ErrorMode, ForumApp
from wolfbot.forum.local.forum import LocalForum
from wolfbot.forum.local.render import Renderer
from wolfbot.forum.local.urls import Links
from wolfbot.forum.local.web import Request, Response, html_response, json_response


@dataclass(frozen=True, slots=True)
class RequestRecord:
    method: str
    target: str
    status: int | None  # None: no answer (an injected drop or timeout)
    bytes_sent: int


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # keep-alive connections must not hold up stop()
    owner: LocalForumServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "WoltLabSuite-local"
    timeout = 60  # idle keep-alive connections end after a minute
    server: _Server

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def _serve(self, head: bool = False) -> None:
        owner = self.server.owner
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        headers = {name.lower(): value for name, value in self.headers.items()}
        request = Request("GET" if head else self.command, self.path, headers, body)
        fault = owner.forum.take_fault(self.path, self.command)
        if fault == "drop":
            self._no_answer(owner)
            return None
        if fault == "500":
            response = owner.failure(request)
        elif fault == "flood":
            with owner.forum.flooding():
                response = owner.app.handle(request)
        else:
            response = owner.app.handle(request)
        if fault == "timeout_after_commit":
            self._no_answer(owner)
            owner.stopping.wait(owner.fault_delay)
            return None
        if fault == "garbage":
            response.body = owner.forum.faults.garbage(response.body)
        raw = self._raw(response, head)
        owner.record(RequestRecord(self.command, self.path, response.status, len(raw)))
        self.wfile.write(raw)
        self.wfile.flush()

    def _no_answer(self, owner: LocalForumServer) -> None:
        self.close_connection = True
        owner.record(RequestRecord(self.command, self.path, None, 0))

    def _raw(self, response: Response, head: bool) -> bytes:
        reason = responses.get(response.status, "")
        lines = [f"HTTP/1.1 {response.status} {reason}", "Server: " + self.server_version]
        lines += [f"{name}: {value}" for name, value in response.headers]
        lines.append(f"Content-Length: {len(response.body)}")
        if self.close_connection:
            lines.append("Connection: close")
        head_bytes = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        return head_bytes if head else head_bytes + response.body


class LocalForumServer:
    """Serves `forum` like a WoltLab Suite (markup "6" or "5").

    `friendly_urls` prints `thread/1-slug/` links instead of `index.php?thread/1-slug/`
    (both are always accepted); `errors` picks the ajax error statuses (see `ajax.py`);
    an injected "timeout_after_commit" holds the connection for `fault_delay` seconds
    (or until `stop()`) and then closes it without an answer.
    """

    def __init__(
        self,
        forum: LocalForum,
        host: str = "127.0.0.1",
        port: int = 0,
        markup: Literal["5", "6"] = "6",
        *,
        friendly_urls: bool = False,
        errors: ErrorMode = "issue",
        fault_delay: float = 30.0,
        timezone: tzinfo = UTC,
        site: str = "Düsterliga",
    ) -> None:
        self.forum = forum
        self.markup = markup
        self.fault_delay = fault_delay
        self.stopping = threading.Event()
        self._httpd = _Server((host, port), _Handler)
        self._httpd.owner = self
        bound_host, bound_port = self._httpd.server_address[:2]
        self.host, self.port = str(bound_host), int(bound_port)
        self.base_url = f"http://{self.host}:{self.port}/"
        links = Links(self.base_url, friendly_urls)
        renderer = Renderer(markup, links, timezone, site)
        self.app = ForumApp(forum, links, markup, errors, renderer)
        self.requests: Counter[str] = Counter()  # request target → count
        self.bytes_sent = 0
        self.log: list[RequestRecord] = []
        self._stats_lock = threading.Lock()
        self._thread: threading.Thread | None = None

    # --- statistics ---------------------------------------------------------------------
    def record(self, entry: RequestRecord) -> None:
        with self._stats_lock:
            self.requests[entry.target] += 1
            self.bytes_sent += entry.bytes_sent
            self.log.append(entry)

    @property
    def request_count(self) -> int:
        return sum(self.requests.values())

    def reset_stats(self) -> None:
        with self._stats_lock:
            self.requests.clear()
            self.bytes_sent = 0
            self.log.clear()

    # --- lifecycle ---------------------------------------------------------------------
    def failure(self, request: Request) -> Response:
        """The injected "500": nothing is handled or stored."""
        if request.is_ajax_proxy:
            return json_response(500, {"code": 503, "message": texts.INTERNAL_ERROR})
        return html_response(
            500, f"<!DOCTYPE html><title>Fehler</title><p>{texts.INTERNAL_ERROR}</p>"
        )

    def expire_sessions(self) -> None:
        """Every session ends now (as if the forum had been restarted)."""
        self.app.sessions.end_all()

    def start(self) -> LocalForumServer:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._httpd.serve_forever,
                kwargs={"poll_interval": 0.02},  # stop() waits for one poll
                name="local-forum",
                daemon=True,
            )
            self._thread.start()
        return self

    def serve_forever(self) -> None:
        try:
            self._httpd.serve_forever()
        finally:
            self.stopping.set()
            self._httpd.server_close()

    def stop(self) -> None:
        self.stopping.set()
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> LocalForumServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
