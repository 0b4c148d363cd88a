"""The console measured (issue 37): the time of each page on a 24-player round's store,
and the bot's intake with consoles open beside it. Prints numbers; asserts nothing.

- Pages: a 24-player demo round (or `--db`), the console served on loopback by uvicorn as
  `wolfbot console` serves it, one logged-in client fetching every page `--repeat` times;
  median and slowest, the server's work and the loopback included (target < 200 ms).
- Intake: `benchmarks/intake.py`'s poll of `--posts` new thread posts (the bot's own work,
  the forum's answers replayed from memory), alternately without and with consoles open in
  the same process – each asking `/live` every `--every` seconds and fetching its page (the
  audit, the heaviest) again whenever the store changed, as the page's script does (target
  ≥ 2,000 posts/s). Measured twice: one console asking every 3 s, as a page does, and
  `--consoles` consoles asking every second (three Spielleiter, three times as often).

    python benchmarks/console.py [--db wolfbot.sqlite] [--repeat 20] [--posts 2000]
                                 [--consoles 3] [--runs 3]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))

import intake  # noqa: E402

from wolfbot.console.app import ConsoleSettings  # noqa: E402
from wolfbot.console.pages import PAGES  # noqa: E402
from wolfbot.console.security import Credentials, Sessions  # noqa: E402
from wolfbot.console.server import ConsoleServer  # noqa: E402
from wolfbot.console.source import RoundSource  # noqa: E402
from wolfbot.demo.settings import ZONE  # noqa: E402

PASSWORD = "messung"


@contextmanager
def logged_in(url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=url, trust_env=False, timeout=30) as client:
        form = client.get("/anmelden").text
        token = re.search(r'name="csrf" value="([^"]+)"', form)
        assert token is not None
        login = {"csrf": token.group(1), "name": "Messung", "password": PASSWORD}
        client.post("/anmelden", data=login)
        yield client


def serve(db: Path) -> ConsoleServer:
    source = RoundSource(db)
    return ConsoleServer(
        source, Sessions(Credentials(PASSWORD, True)), ConsoleSettings(ZONE), port=0
    ).start()


def page_times(db: Path, repeat: int) -> None:
    with serve(db) as server, logged_in(server.url) as client:
        print(f"pages of {db} ({repeat} fetches each; median / slowest):")
        # every page; an earlier night (the round rebuilt to its end, kept while the store
        # does not change) and day as the pager links them
        for path in [*(p for p, *_ in PAGES), "/nacht?nr=1", "/tag?nr=1"]:
            times = []
            for _ in range(repeat):
                began = time.perf_counter()
                answer = client.get(path)
                times.append((time.perf_counter() - began) * 1000)
                assert answer.status_code == 200, (path, answer.status_code)
            print(
                f"  {path:16s} {statistics.median(times):6.1f} ms / {max(times):6.1f} ms"
                f"   ({len(answer.content) / 1024:5.0f} KB)"
            )


class OpenConsoles:
    """`count` consoles open on the store `db`, asking as the page's script asks."""

    def __init__(self, db: Path, count: int, every: float) -> None:
        self.server = serve(db)
        self.every = every
        self.stop = threading.Event()
        self.fetched = 0
        self.threads = [threading.Thread(target=self._watch, daemon=True) for _ in range(count)]
        for thread in self.threads:
            thread.start()

    def _watch(self) -> None:
        with logged_in(self.server.url) as client:
            seen = None
            while not self.stop.wait(self.every):
                revision = client.get("/live").json()["revision"]
                if revision != seen:
                    client.get("/befehle")
                    self.fetched += 1
                    seen = revision

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()
        self.server.stop()


PAGE_EVERY = 3.0  # seconds: how often the page's script asks `/live` (console.js)


def intake_rates(posts: int, consoles: int, runs: int, every: float) -> None:
    print(f"intake: a poll of {posts} new thread posts (the bot's own work), {runs} runs each")
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        forum, server, clock, saved = intake.prepared(directory, posts)
        try:
            recorder = intake.Recorder()

            def live() -> httpx.Client:
                return httpx.Client(
                    timeout=10, trust_env=False, event_hooks={"response": [recorder.hook]}
                )

            intake.timed_poll(directory, saved, "record.sqlite", live, server.base_url, clock)

            def replayed() -> httpx.Client:
                return httpx.Client(transport=recorder.transport())

            for run in range(runs):
                for label, open_consoles in (("without console", 0), ("with consoles", consoles)):
                    db = directory / f"run{run}-{open_consoles}.sqlite"
                    beside = None
                    if open_consoles:
                        db.write_bytes(saved.read_bytes())
                        beside = OpenConsoles(db, open_consoles, every)
                        time.sleep(1.5)  # logged in and asking
                    try:
                        processed, seconds = intake.timed_poll(
                            directory, saved, db.name, replayed, server.base_url, clock
                        )
                    finally:
                        if beside is not None:
                            beside.close()
                    extra = f"  ({open_consoles} open, every {every:g} s)" if open_consoles else ""
                    print(f"  {label:16s} {intake.rate(processed, seconds)}{extra}")
        finally:
            server.stop()
            forum.store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, help="a round's store (default: a 24-player demo)")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--posts", type=int, default=2000)
    parser.add_argument("--consoles", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as name:
        db = args.db
        if db is None:
            from wolfbot.demo.round import run_demo

            print("playing a 24-player demo round for its store …")
            db = run_demo(24, 3, Path(name) / "demo", out=lambda line: None).bot_db
        page_times(db, args.repeat)
    intake_rates(args.posts, 1, args.runs, PAGE_EVERY)
    intake_rates(args.posts, args.consoles, args.runs, 1.0)


if __name__ == "__main__":
    main()
