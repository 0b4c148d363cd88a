"""What hostile posts cost the bot (issue 34.1 and 34.2), on the bot's real intake path
(`benchmarks/intake.py`: a poll of `RoundBot` against the local look-alike, each post's
page read, its body and commands read, checked by the engine and stored):

* **a 1 MB post**, one poll that reads it – over loopback HTTP, and the bot's own work
  alone (the same answers replayed from memory). Shapes: paragraphs, a quote of 1 MB
  around a bold `!Lynch` (which must not count), 1 MB of bold command lines, and a quote
  nest 3,000 deep padded to 1 MB; each followed by the author's own `!Lynch`, each in a
  round of its own. Target: < 1 s.
* **a page holding a 3,000-deep post** followed by ordinary posts: the page parsed into
  its posts and their bodies (`parse_thread_page`, as every read does), against the same
  page without the deep post.

Prints numbers, asserts nothing.

    python benchmarks/hostile_posts.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import intake  # type: ignore[import-not-found]  # benchmarks/intake.py

from wolfbot.forum.woltlab.markup.message import parse_message
from wolfbot.forum.woltlab.pages import parse_thread_page

MB = 1_000_000
VOTE = "<p><strong>!Lynch Spieler05</strong></p>"
QUOTE = (
    '<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode"><div '
    'class="quoteBoxIcon"></div><div class="quoteBoxTitle">Zitat von Spielleitung</div>'
    '<div class="quoteBoxContent">'
)
UNQUOTE = "</div></blockquote>"
PARAGRAPH = "<p>" + "Ich sage euch, der Bäcker war es nicht. " * 25 + "</p>"


def padded(head: str, tail: str) -> str:
    """`head`, paragraphs up to 1 MB, `tail`."""
    room = MB - len(head) - len(tail)
    return head + PARAGRAPH * max(0, room // len(PARAGRAPH)) + tail


SHAPES: dict[str, str] = {
    "paragraphs": padded("", VOTE),
    "a 1 MB quote around a !Lynch": padded(QUOTE, "<p><b>!Lynch Spieler07</b></p>" + UNQUOTE)
    + VOTE,
    "1 MB of bold command lines": VOTE * (MB // len(VOTE)),
    "quotes 3,000 deep, padded": padded(QUOTE * 3000, UNQUOTE * 3000 + VOTE),
}


def one_post_poll(directory: Path, html: str) -> tuple[float, float]:
    """A round on day 1 whose thread holds one new post, `html` by Spieler01: seconds of
    the poll that reads it over HTTP, and of the same poll replayed (the bot's own work)."""
    directory.mkdir(parents=True)
    forum, server, clock, saved = intake.prepared(directory, 0)
    try:
        clock.tick(1)
        forum.add_post(forum.store.threads()[0].id, "Spieler01", html)
        recorder = intake.Recorder()

        def live() -> httpx.Client:
            return httpx.Client(
                timeout=30, trust_env=False, event_hooks={"response": [recorder.hook]}
            )

        def replayed() -> httpx.Client:
            return httpx.Client(transport=recorder.transport())

        parse_message.cache_clear()
        done, over_http = intake.timed_poll(
            directory, saved, "live.sqlite", live, server.base_url, clock
        )
        parse_message.cache_clear()
        again, own = intake.timed_poll(
            directory, saved, "own.sqlite", replayed, server.base_url, clock
        )
        assert done == again == 1, (done, again)
        return over_http, own
    finally:
        server.stop()
        forum.store.close()


def thread_page(directory: Path, deep: bool) -> str:
    """The first page of a thread (WoltLab 6.0 markup) as the bot gets it: with `deep`, a
    post of 3,000 nested quotes first, then 19 ordinary votes."""
    (directory := directory / ("deep" if deep else "flat")).mkdir(parents=True)
    forum, server, _, _ = intake.prepared(directory, 0)
    try:
        thread = forum.add_thread("Seite", "Spielleitung")
        posts = 19 + (not deep)
        if deep:
            forum.add_post(thread, "Spieler01", QUOTE * 3000 + "x" + UNQUOTE * 3000 + VOTE)
        for n in range(posts):
            forum.add_post(thread, intake.PLAYERS[n % 12], VOTE)
        url = f"{server.base_url}thread/{thread}/"
        return httpx.get(url, follow_redirects=True, trust_env=False, timeout=30).text
    finally:
        server.stop()
        forum.store.close()


def page_read(html: str, repeat: int) -> tuple[float, int, int]:
    """Median seconds of reading the page into posts and bodies, posts, votes read."""
    times = []
    for _ in range(repeat):
        parse_message.cache_clear()
        began = time.perf_counter()
        page = parse_thread_page(html)
        votes = sum(len(post.body.commands) for post in page.posts)
        times.append(time.perf_counter() - began)
    return statistics.median(times), len(page.posts), votes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        print("a 1 MB post: one poll of RoundBot that reads it (target < 1 s)")
        for n, (shape, html) in enumerate(SHAPES.items()):
            over_http, own = one_post_poll(directory / f"poll{n}", html)
            print(f"  {shape:32s} over loopback HTTP {over_http:5.2f} s   own work {own:5.2f} s")

        print("a page of 20 posts (WoltLab 6.0 markup), read into posts and bodies")
        pages: dict[str, Callable[[], str]] = {
            "20 ordinary votes": lambda: thread_page(directory, deep=False),
            "a 3,000-deep post, then 19 votes": lambda: thread_page(directory, deep=True),
        }
        for label, make in pages.items():
            html = make()
            seconds, posts, votes = page_read(html, args.repeat)
            print(
                f"  {label:32s} {len(html):9,d} bytes  {seconds * 1000:7.1f} ms"
                f"  ({posts} posts, {votes} votes read)"
            )


if __name__ == "__main__":
    main()
