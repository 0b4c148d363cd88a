"""Screenshots of the local forum as a person sees it, taken by a real browser (headless
Chromium), of a played demo round: the thread, a post with its spoiler opened, a
conversation and the conversation list.

    wolfbot forum screenshots DIR [--db wolfbot-demo/forum.sqlite]

Without `--db` a demo round is played first (into DIR/demo). The forum is served from its
SQLite file on a free port of 127.0.0.1, as `wolfbot forum serve` serves it. One headless
Chromium takes them all (DevTools protocol on a pipe), each in a fresh tab without cookies:
the thread is shot as a guest sees it; the pages
that need a login (a conversation, the list) are fetched logged in as the Spielleitung,
saved in DIR as .html and shot from there, their stylesheet still coming from the forum.
The spoiler shot is the page of the first post with a spoiler, that spoiler opened (in the
saved copy) and the post at the top.

`png_info` reads a PNG's size and counts its colours (zlib and the five PNG filters, no
image library), so that a test and the command can tell a blank shot from a page.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import httpx

from wolfbot.forum.local import DEFAULT_TIMEZONE, DEMO_GAME_MASTER, make_server

WINDOW = (1280, 1000)
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class ScreenshotError(RuntimeError):
    pass


def find_chromium() -> str | None:
    """`WOLFBOT_CHROMIUM`, else the first Chromium on the PATH."""
    configured = os.environ.get("WOLFBOT_CHROMIUM")
    if configured:
        return shutil.which(configured) or (configured if Path(configured).is_file() else None)
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


@dataclass(frozen=True, slots=True)
class Shot:
    name: str
    path: Path
    source: str  # the URL or the saved page it shows


def _flags(profile: str, window: tuple[int, int]) -> list[str]:
    flags = [
        "--headless",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--mute-audio",
        "--disable-features=Translate,MediaRouter,OptimizationHints",
        "--force-device-scale-factor=1",
        "--lang=de-DE",
        f"--user-data-dir={profile}",
        f"--window-size={window[0]},{window[1]}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        flags.append("--no-sandbox")  # Chromium's sandbox refuses to run as root
    return flags


def _above_4(fd: int) -> int:
    """`fd` moved to a number above 4, so that making one pipe end fd 3 cannot overwrite
    the other."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Browser:
    """One headless Chromium for several screenshots, driven over the DevTools protocol on
    a pipe (`--remote-debugging-pipe`: JSON messages ended by NUL, the browser reads fd 3
    and writes fd 4) – one start of the browser instead of one per screenshot."""

    def __init__(self, chromium: str, window: tuple[int, int] = WINDOW, timeout: float = 60):
        self.window, self.timeout = window, timeout
        self._profile = tempfile.TemporaryDirectory(prefix="wolfbot-chromium-")
        self._log = tempfile.TemporaryFile()
        to_browser, self._writer = (_above_4(fd) for fd in os.pipe())
        self._reader, from_browser = (_above_4(fd) for fd in os.pipe())
        # the pipe ends become the browser's fds 3 and 4 in a small trampoline (a shell's
        # `3<&N` takes only one digit in dash, and preexec_fn is unsafe with threads)
        trampoline = (
            "import os, sys; "
            f"os.dup2({to_browser}, 3); os.dup2({from_browser}, 4); "
            "os.execvp(sys.argv[1], sys.argv[1:])"
        )
        command = [
            sys.executable,
            "-c",
            trampoline,
            chromium,
            *_flags(self._profile.name, window),
            "--remote-debugging-pipe",
            "about:blank",
        ]
        self._process = subprocess.Popen(
            command,
            pass_fds=(to_browser, from_browser),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._log,  # a file: a full pipe would stall the browser
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._last_id = 0
        self._events: list[dict] = []

    def _message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._reader], [], [], max(0.0, left))
            chunk = os.read(self._reader, 1 << 20) if ready else b""
            if not chunk:
                raise ScreenshotError(
                    f"Chromium did not answer (ended or too slow): {self._tail()}"
                )
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def _tail(self) -> str:
        self._log.seek(0)
        lines = self._log.read().decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""

    def call(self, method: str, session: str | None = None, **params: object) -> dict:
        self._last_id += 1
        request: dict[str, object] = {"id": self._last_id, "method": method, "params": params}
        if session:
            request["sessionId"] = session
        os.write(self._writer, json.dumps(request).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._message(deadline)
            if message.get("id") == self._last_id:
                if "error" in message:
                    raise ScreenshotError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            self._events.append(message)

    def _wait(self, event: str, session: str) -> None:
        deadline = time.monotonic() + self.timeout
        while True:
            for index, message in enumerate(self._events):
                if message.get("method") == event and message.get("sessionId") == session:
                    del self._events[: index + 1]
                    return
            self._events.append(self._message(deadline))

    def shoot(self, target: str, png: Path) -> None:
        """A screenshot of the window showing `target` (a URL or a file URI)."""
        target_id = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target_id, flatten=True)
        sid = session["sessionId"]
        try:
            self.call("Page.enable", sid)
            width, height = self.window
            self.call(
                "Emulation.setDeviceMetricsOverride",
                sid,
                width=width,
                height=height,
                deviceScaleFactor=1,
                mobile=False,
            )
            self.call("Page.navigate", sid, url=target)
            self._wait("Page.loadEventFired", sid)
            shot = self.call("Page.captureScreenshot", sid, format="png")
            png.write_bytes(base64.b64decode(shot["data"]))
        finally:
            self.call("Target.closeTarget", targetId=target_id)

    def close(self) -> None:
        try:
            if self._process.poll() is None:
                self.call("Browser.close")
        except (ScreenshotError, OSError):
            pass
        finally:
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._log.close()
            os.close(self._writer)
            os.close(self._reader)
            self._profile.cleanup()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextmanager
def serving(forum_db: Path, timezone: str = DEFAULT_TIMEZONE) -> Iterator[str]:
    """The forum of `forum_db` on a free port (like `wolfbot forum serve`); its base URL."""
    server, _ = make_server(str(forum_db), "127.0.0.1", 0, "6", False, timezone)
    try:
        with server:
            yield server.base_url
    finally:
        server.forum.store.close()


def logged_in(base_url: str, name: str, password: str) -> httpx.Client:
    """An HTTP client logged in through the login form (6.x: the XSRF-TOKEN cookie is the
    form's token)."""
    client = httpx.Client(base_url=base_url, trust_env=False, timeout=10)
    form = client.get("index.php?login/")
    token = unquote(client.cookies.get("XSRF-TOKEN") or "")
    if not token:
        found = re.search(r"SECURITY_TOKEN\s*=\s*'([^']+)'", form.text)
        token = found.group(1) if found else ""
    answer = client.post(
        "index.php?login/", data={"username": name, "password": password, "t": token}
    )
    if answer.status_code != 302:
        client.close()
        raise ScreenshotError(f"login as {name} failed ({answer.status_code})")
    return client


_CONVERSATION_LINK = re.compile(r'<a href="([^"]+)" class="conversationLink[^"]*"[^>]*>')
_ANSWERS = re.compile(r"<dt>Antworten</dt><dd>(\d+)</dd>")
_SPOILER_POST = re.compile(
    r'<li id="post(\d+)"(?:(?!<li id="post).)*?<details class="spoilerBox"', re.DOTALL
)


def _save(directory: Path, name: str, html: str) -> str:
    page = directory / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    return page.resolve().as_uri()


def _busiest_conversation(listing: str) -> str:
    """The conversation of the list with the most answers (the Wolfshöhle, usually)."""
    rows = listing.split('class="tabularListRow"')[1:]
    best = max(
        rows,
        key=lambda row: int(m.group(1)) if (m := _ANSWERS.search(row)) else 0,
        default="",
    )
    link = _CONVERSATION_LINK.search(best)
    if link is None:
        raise ScreenshotError("the conversation list shows no conversation")
    return link.group(1).replace("&amp;", "&")


_NEXT_PAGE = re.compile(r'<link rel="next" href="([^"]+)"')


def _spoiler_page(thread_html: str, client: httpx.Client) -> tuple[str, str]:
    """The page of the first post with a spoiler (the thread read page by page: a night
    without deaths has no list of the dead), the posts before it left out and its first
    spoiler opened – the saved copy's HTML and the post's permalink."""
    found = _SPOILER_POST.search(thread_html)
    while found is None:
        following = _NEXT_PAGE.search(thread_html)
        if following is None:
            raise ScreenshotError("no post of the thread has a spoiler")
        thread_html = client.get(following.group(1).replace("&amp;", "&")).text
        found = _SPOILER_POST.search(thread_html)
    post_id = found.group(1)
    thread = re.search(r'<link rel="canonical" href="([^"]+)"', thread_html)
    assert thread is not None
    url = thread.group(1).replace("&amp;", "&").split("&pageNo=")[0] + f"&postID={post_id}"
    html = client.get(url).text
    start = html.find(f'<li id="post{post_id}"')
    first = html.find('<li id="post')
    if start > first >= 0:
        html = html[:first] + html[start:]
    html = html.replace('<details class="spoilerBox">', '<details class="spoilerBox" open>', 1)
    return html, url


def take(
    forum_db: Path,
    directory: Path,
    *,
    chromium: str | None = None,
    timezone: str = DEFAULT_TIMEZONE,
    window: tuple[int, int] = WINDOW,
) -> list[Shot]:
    """Screenshots of the forum in `forum_db` into `directory` (see the module docstring)."""
    browser = chromium or find_chromium()
    if browser is None:
        raise ScreenshotError("no Chromium found (apt-get install chromium, or WOLFBOT_CHROMIUM)")
    directory.mkdir(parents=True, exist_ok=True)
    with serving(forum_db, timezone) as base_url:
        with httpx.Client(base_url=base_url, trust_env=False, timeout=10) as guest:
            index = guest.get("").text
        thread = re.search(r'<a href="([^"]+)" class="messageGroupLink wbbTopicLink"', index)
        if thread is None:
            raise ScreenshotError(f"{forum_db} has no thread")
        thread_url = thread.group(1).replace("&amp;", "&")
        name, password = DEMO_GAME_MASTER
        client = logged_in(base_url, name, password)
        try:
            thread_html = client.get(thread_url).text
            spoiler_html, _ = _spoiler_page(thread_html, client)
            listing = client.get("index.php?conversation-list/").text
            conversation = client.get(_busiest_conversation(listing)).text
        finally:
            client.close()
        targets = [
            ("thread", thread_url),
            ("spoiler", _save(directory, "spoiler", spoiler_html)),
            ("conversation", _save(directory, "conversation", conversation)),
            ("conversations", _save(directory, "conversations", listing)),
        ]
        shots = [Shot(n, directory / f"{n}.png", target) for n, target in targets]
        with Browser(browser, window) as chromium_session:
            for shot in shots:
                chromium_session.shoot(shot.source, shot.path)
    return shots


# --- a PNG's size and colours, without an image library ---------------------------------


@dataclass(frozen=True, slots=True)
class PngInfo:
    width: int
    height: int
    colours: int  # distinct colours among the pixels
    top_share: float  # the share of the most frequent colour

    @property
    def blank(self) -> bool:
        return self.colours < 8 or self.top_share > 0.98


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def _unfilter(kind: int, row: bytearray, prev: bytes | bytearray, bpp: int) -> bytearray:
    if kind == 1:  # Sub
        for i in range(bpp, len(row)):
            row[i] = (row[i] + row[i - bpp]) & 255
    elif kind == 2:  # Up
        row = bytearray(map((255).__and__, map(int.__add__, row, prev)))
    elif kind == 3:  # Average
        for i in range(len(row)):
            left = row[i - bpp] if i >= bpp else 0
            row[i] = (row[i] + ((left + prev[i]) >> 1)) & 255
    elif kind == 4:  # Paeth
        for i in range(len(row)):
            left = row[i - bpp] if i >= bpp else 0
            upper_left = prev[i - bpp] if i >= bpp else 0
            row[i] = (row[i] + _paeth(left, prev[i], upper_left)) & 255
    elif kind != 0:
        raise ValueError(f"unknown PNG filter {kind}")
    return row


def png_info(path: Path, rows: int | None = None) -> PngInfo:
    """Size and colours of an 8-bit, non-interlaced RGB/RGBA/grey PNG (what Chromium
    writes); ValueError for anything else. With `rows` only two bands of that many rows are
    decoded (pure Python takes about a second per million bytes): the top one and one from
    the first row past the middle whose filter needs no row above it (None or Sub)."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    offset, header, idat = 8, b"", bytearray()
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: PNG depth {depth}, colour type {colour}, interlace {interlace}")
    raw = zlib.decompress(bytes(idat))
    stride = width * channels
    if rows is None or 2 * rows >= height:
        bands = [range(height)]
    else:
        middle = next(
            (y for y in range(height // 2, height - rows) if raw[y * (stride + 1)] in (0, 1)),
            None,
        )
        bands = [range(rows)] + ([range(middle, middle + rows)] if middle is not None else [])
    counts: Counter[bytes] = Counter()
    for band in bands:
        prev: bytes | bytearray = bytes(stride)  # a band starts at a row that needs none
        for y in band:
            start = y * (stride + 1)
            line = bytearray(raw[start + 1 : start + 1 + stride])
            row = _unfilter(raw[start], line, prev, channels)
            counts.update(bytes(row[i : i + channels]) for i in range(0, stride, channels))
            prev = row
    total = sum(counts.values())
    top = counts.most_common(1)[0][1] if counts else 0
    return PngInfo(width, height, len(counts), top / total if total else 1.0)
