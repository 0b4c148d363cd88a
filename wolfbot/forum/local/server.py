"""`LocalForumServer`: the local forum's Starlette application (`app.py`) served by uvicorn
over HTTP/1.1 (h11, keep-alive), in a background thread or blocking; request and byte counts
for the benchmarks; the injected faults of `LocalForum.fail_next()` acted out around the
application.

How the faults are acted out (`ForumServer.__call__`, an ASGI layer in front of the app):

- "500": the app is not called; the answer is the forum's internal error (JSON for the
  ajax proxy, else an HTML page), so nothing is handled or stored;
- "flood": the app handles the request inside `LocalForum.flooding()` (a context variable,
  so it reaches the handler in Starlette's thread pool): a write meets flood control;
- "garbage": the app's answer is held back until its body is complete, then sent with the
  body mangled (`Faults.garbage`) and its `content-length` corrected;
- "drop" and "timeout_after_commit": the client gets no answer at all. ASGI has no message
  for "close the connection without an answer" – an app that returns without one makes
  uvicorn send a 500 – so the server speaks HTTP through `_Connection`, uvicorn's h11
  protocol with one addition: it puts its transport's `close` into each request's scope
  state (`CLOSE_CONNECTION`, set in `connection_made`, the asyncio protocol's own hook). The
  layer reads the request's body, closes the connection, and waits for the
  `http.disconnect` that follows, so uvicorn sees a client gone and sends nothing. "drop"
  does so before the app is called (nothing handled or stored); "timeout_after_commit"
  after the app has handled the request (a write is stored) and its answer has been thrown
  away, holding the connection open for `fault_delay` seconds or until `stop()`.

Bytes sent (`RequestRecord.bytes_sent`) are counted from what the app hands to uvicorn: the
status line, uvicorn's default header (`server`), the `connection: close` it adds when the
client asked for one, the app's headers and the body (none for HEAD), as h11 writes them –
the bytes on the wire, as the former `ThreadingHTTPServer` counted its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, tzinfo
from http import HTTPStatus
from types import TracebackType
from typing import Literal

import uvicorn
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from wolfbot.forum.local import texts
from wolfbot.forum.local.app import ErrorMode, ForumApp
from wolfbot.forum.local.forum import LocalForum
from wolfbot.forum.local.render import Renderer
from wolfbot.forum.local.urls import Links
from wolfbot.forum.local.web import html_response, json_response

SERVER = "WoltLabSuite-local"  # the `server` header of every answer
CLOSE_CONNECTION = "local_forum.close_connection"  # scope["state"]: ends the connection
KEEP_ALIVE = 60  # seconds an idle keep-alive connection stays open


@dataclass(frozen=True, slots=True)
class RequestRecord:
    method: str
    target: str
    status: int | None  # None: no answer (an injected drop or timeout)
    bytes_sent: int


class _Connection(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, whose requests may end their connection without an
    answer: `scope["state"][CLOSE_CONNECTION]()` closes the transport."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.app_state = {**self.app_state, CLOSE_CONNECTION: transport.close}


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on `host`:`port` (0: a free one). Made with `IPPROTO_TCP`, not
    the default protocol 0: asyncio disables Nagle's algorithm (`TCP_NODELAY`) only on the
    connections of such a socket, and uvicorn writes an answer's head and body apart – with
    Nagle the body of a small answer waits for the client's delayed ACK (40 ms on Linux)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


class _Server(uvicorn.Server):
    """uvicorn's server that stops at once: `exit()` (from any thread) wakes it instead of
    its tick of 0.1 s, and its shutdown closes the listener and the idle connections and
    waits only for the answers under way, without uvicorn's fixed pause of 0.1 s – the
    tests start and stop hundreds of forums."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None

    async def main_loop(self) -> None:
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        await self.on_tick(0)  # the default headers
        while not self.should_exit:  # also set by uvicorn's signal handler (Ctrl+C)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.1):
                    await self._wake.wait()

    def exit(self) -> None:
        self.should_exit = True
        if self._loop is not None and self._wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                self._loop.call_soon_threadsafe(self._wake.set)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()
        for connection in list(self.server_state.connections):
            connection.shutdown()  # idle: closed now; answering: closed after the answer
        deadline = time.monotonic() + 5
        while self.server_state.connections or self.server_state.tasks:
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.005)
        for server in self.servers:
            await server.wait_closed()


class ForumServer:
    """The ASGI layer around the forum's app: faults, request and byte counts."""

    def __init__(self, owner: LocalForumServer) -> None:
        self.owner = owner
        self.default_headers = len(f"server: {SERVER}\r\n")  # uvicorn's, before the app's

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.owner.app(scope, receive, send)
        owner, app = self.owner, self.owner.app
        target = app.target_of(scope)
        method = scope["method"]
        fault = owner.forum.take_fault(target.sent, method)
        request = _Request(receive)
        closing = (b"connection", b"close") in scope["headers"]  # uvicorn answers it in kind
        answer = _Answer(send, method == "HEAD", self.default_headers + 19 * closing)
        # counted before the answer's last bytes leave: a client that has its answer finds
        # its request counted (`reset_stats` right after a login resets the login too)
        answer.done = lambda: owner.record(
            RequestRecord(method, target.sent, answer.status, answer.bytes_sent)
        )
        if fault in ("drop", "timeout_after_commit"):
            if fault == "timeout_after_commit":
                await app(scope, request.receive, _swallow)
            owner.record(RequestRecord(method, target.sent, None, 0))
            if fault == "timeout_after_commit":
                await self._hold(owner.fault_delay)
            return await self._no_answer(scope, request)
        if fault == "500":
            await owner.failure(target.controller)(scope, request.receive, answer.send)
        elif fault == "flood":
            with owner.forum.flooding():
                await app(scope, request.receive, answer.send)
        elif fault == "garbage":
            answer.mangle = owner.forum.faults.garbage
            await app(scope, request.receive, answer.send)
        else:
            await app(scope, request.receive, answer.send)
        await answer.close()

    async def _hold(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.owner.stopping.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    @staticmethod
    async def _no_answer(scope: Scope, request: _Request) -> None:
        """The request read to its end, the connection closed, its end awaited."""
        while not request.read:
            await request.receive()
        scope["state"][CLOSE_CONNECTION]()
        while (await request.receive())["type"] != "http.disconnect":
            pass


async def _swallow(message: Message) -> None:
    """The `send` of an answer nobody gets."""


class _Request:
    """A `receive` that knows whether the request's body has been read to its end."""

    def __init__(self, receive: Receive) -> None:
        self._receive = receive
        self.read = False

    async def receive(self) -> Message:
        message = await self._receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            self.read = True
        return message


class _Answer:
    """A `send` that counts the status and the bytes of an answer (and with `mangle` sends
    its body mangled). The head waits for the first body message: a client may hold its
    whole answer once the head is out (a redirect without a body), so the request is
    counted (`done`) before the head of a one-piece answer leaves, or before the last piece
    of a longer one."""

    def __init__(self, send: Send, head: bool, default_headers: int) -> None:
        self._send = send
        self._head = head
        self._start: Message | None = None
        self.mangle: Callable[[bytes], bytes] | None = None
        self.status: int | None = None
        self.bytes_sent = 0
        self._default_headers = default_headers
        self.done: Callable[[], None] | None = None  # called once, as the answer ends

    def finish(self) -> None:
        done, self.done = self.done, None
        if done is not None:
            done()

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            self._start = message  # sent with the first body message
            return
        if message["type"] != "http.response.body":
            return await self._send(message)
        start, self._start = self._start, None
        if start is not None and self.mangle is not None:
            body = self.mangle(message.get("body", b""))  # the app's answers: one body message
            headers = [(k, v) for k, v in start["headers"] if k != b"content-length"]
            start = {**start, "headers": [*headers, (b"content-length", b"%d" % len(body))]}
            message = {**message, "body": body}
        if start is not None:
            self._count_head(start)
        if not self._head:
            self.bytes_sent += len(message.get("body", b""))
        if not message.get("more_body", False):
            self.finish()
        if start is not None:
            await self._send(start)
        await self._send(message)

    async def close(self) -> None:
        """After the app: a head it sent without a body goes out; the request is counted."""
        start, self._start = self._start, None
        if start is not None:
            self._count_head(start)
        self.finish()
        if start is not None:
            await self._send(start)

    def _count_head(self, start: Message) -> None:
        status = start["status"]
        self.bytes_sent += len(f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n") + 2
        self.bytes_sent += self._default_headers
        self.bytes_sent += sum(len(k) + len(v) + 4 for k, v in start["headers"])


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
        self._socket = listening_socket(host, port)
        bound_host, bound_port = self._socket.getsockname()[:2]
        self.host, self.port = str(bound_host), int(bound_port)
        self.base_url = f"http://{self.host}:{self.port}/"
        links = Links(self.base_url, friendly_urls)
        renderer = Renderer(markup, links, timezone, site)
        self.app = ForumApp(forum, links, markup, errors, renderer)
        config = uvicorn.Config(
            ForumServer(self),
            http=_Connection,
            ws="none",
            lifespan="off",
            log_config=None,
            access_log=False,
            server_header=False,
            date_header=False,  # as before: the look-alike's answers carry no Date
            headers=[("server", SERVER)],
            timeout_keep_alive=KEEP_ALIVE,
        )
        self._server = _Server(config)
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
    def failure(self, controller: str) -> Response:
        """The injected "500": nothing is handled or stored."""
        if controller == "ajax-proxy":
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
                target=self._server.run,
                kwargs={"sockets": [self._socket]},
                name="local-forum",
                daemon=True,
            )
            self._thread.start()
            while not self._server.started and self._thread.is_alive():
                time.sleep(0.005)
        return self

    def serve_forever(self) -> None:
        try:
            self._server.run(sockets=[self._socket])
        finally:
            self.stopping.set()
            self._socket.close()

    def stop(self) -> None:
        self.stopping.set()
        self._server.exit()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._socket.close()

    def __enter__(self) -> LocalForumServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
