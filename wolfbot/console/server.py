"""`ConsoleServer`: the console served by uvicorn on 127.0.0.1 (by default), in a thread
beside the bot or the demo, or blocking for `wolfbot console`."""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType

import uvicorn

from wolfbot.console.app import ConsoleSettings, create_app
from wolfbot.console.security import Sessions
from wolfbot.console.source import RoundSource

DEFAULT_PORT = 8765


class ConsoleServer:
    def __init__(
        self,
        source: RoundSource,
        logins: Sessions,
        settings: ConsoleSettings,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
    ) -> None:
        self.source = source
        self.logins = logins
        # IPPROTO_TCP, not protocol 0: only then asyncio sets TCP_NODELAY on the connections,
        # and a small page's body (written apart from its head) does not wait 40 ms for the
        # browser's delayed ACK (as `forum.local.server.listening_socket` explains)
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, port))  # port 0: a free one (tests)
        self.host, self.port = host, self._socket.getsockname()[1]
        config = uvicorn.Config(
            create_app(source, logins, settings),
            log_level="warning",
            access_log=False,
            proxy_headers=bool(settings.allowed_hosts),  # behind a reverse proxy: its client
            server_header=False,
            lifespan="off",
        )
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self) -> ConsoleServer:
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, name="console", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        return self

    def serve_forever(self) -> None:
        self._server.run(sockets=[self._socket])

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._socket.close()
        self.source.close()

    def __enter__(self) -> ConsoleServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
