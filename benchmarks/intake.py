"""Posts per second of the bot's real intake path: a poll of `RoundBot` reading a thread
of N new posts – each page parsed, each post's body and bold commands read, checked by
the engine and stored with its answers in one transaction – measured twice:

* over loopback HTTP against the local look-alike (the forum's own time included);
* without the network: the same answers replayed from memory (`httpx.MockTransport`), so
  only the bot's own work counts.

Each run starts from the same copy of the store (a restarted bot: the round is rebuilt
before the clock starts). Prints numbers, asserts nothing.

    python benchmarks/intake.py [--posts 2000]
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import tempfile
import time
from collections import defaultdict, deque
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from sqlalchemy import Engine

from wolfbot.bot import RoundBot
from wolfbot.bot.live import freeze_startup_objects
from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.store.db import engine_for, session_factory, upgrade

RULES = loader.load("duesterliga")
BOT, PASSWORD = "Spielleitung", "geheim"
PLAYERS = [f"Spieler{n:02d}" for n in range(1, 13)]
ROLES = ["Werwolf"] * 3 + ["Seherin", "Hexe", "Medium"] + ["Bürger"] * 6
CONTEXT = PostContext(season=2026, round_number=9, round_name="Messrunde")
LIMITS = FloodLimits(0, 0, conversations_per_day=100, max_participants=20)
RETRY = RetryPolicy(max_attempts=5, backoff=0, backoff_max=0)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 2, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: float = 1) -> None:
        self.now += timedelta(seconds=seconds)


class Recorder:
    """Keeps every answer of a client, to hand them out again in the same order."""

    def __init__(self) -> None:
        self.answers: dict[tuple[str, str], deque[httpx.Response]] = defaultdict(deque)

    def hook(self, response: httpx.Response) -> None:
        response.read()
        key = (response.request.method, str(response.request.url))
        headers = [(k, v) for k, v in response.headers.multi_items() if k != "content-encoding"]
        self.answers[key].append(
            httpx.Response(response.status_code, headers=headers, content=response.content)
        )

    def transport(self) -> httpx.MockTransport:
        """The answers in the order they came, for one more client (each gets them all)."""
        answers = {key: deque(kept) for key, kept in self.answers.items()}

        def answer(request: httpx.Request) -> httpx.Response:
            return answers[(request.method, str(request.url))].popleft()

        return httpx.MockTransport(answer)


def measured_bot(client: WoltLabForum, engine: Engine, clock: Clock) -> RoundBot:
    """The bot of the measured round, on `client` and the store behind `engine`."""
    return RoundBot(
        client,
        session_factory(engine),
        RULES,
        context=CONTEXT,
        limits=LIMITS,
        retry=RETRY,
        clock=clock,
    )


def prepared(directory: Path, posts: int) -> tuple[LocalForum, LocalForumServer, Clock, Path]:
    """A round on day 1 with `posts` new votes in the thread, the bot's store saved."""
    clock = Clock()
    forum = LocalForum(
        clock=clock, rules=Rules(post_wait=0, message_wait=0, conversations_per_day=100)
    )
    forum.add_user(BOT, PASSWORD)
    for name in PLAYERS:
        forum.add_user(name, f"pw-{name}")
    thread = forum.add_thread("Düsterliga – Messrunde", BOT)
    db = directory / "bot.sqlite"
    upgrade(db).dispose()
    server = LocalForumServer(forum, errors="woltlab").start()
    engine = engine_for(db)
    client = WoltLabForum(server.base_url, BOT, PASSWORD, min_interval=0, timeout=10)
    bot = measured_bot(client, engine, clock)
    bot.start_round(list(zip(PLAYERS, ROLES, strict=True)), 3, CONTEXT, thread_id=thread)
    bot.send()
    clock.tick(60)
    bot.poll()
    bot.deadline("day 1")
    bot.decide_open_questions("day 1")  # the night waits for the Hexe: day 1 begins
    bot.send()
    clock.tick(60)
    bot.poll()
    client.close()
    engine.dispose()
    for n in range(posts):
        clock.tick(1)
        voter, target = PLAYERS[n % 12], PLAYERS[(n * 7 + 3) % 12]
        if voter == target:
            target = PLAYERS[(n + 1) % 12]
        html = f"<p>Meine Stimme, Nr. {n}:</p><p><strong>!Lynch {target}</strong></p>"
        forum.add_post(thread, voter, html)
    saved = directory / "saved.sqlite"
    shutil.copy(db, saved)
    return forum, server, clock, saved


def timed_poll(
    directory: Path,
    saved: Path,
    name: str,
    make_http: Callable[[], httpx.Client],
    base_url: str,
    clock: Clock,
) -> tuple[int, float]:
    db = directory / name
    shutil.copy(saved, db)
    engine = engine_for(db)
    http = make_http()
    client = WoltLabForum(base_url, BOT, PASSWORD, client=http, min_interval=0, timeout=10)
    try:
        bot = measured_bot(client, engine, clock)
        freeze_startup_objects()  # as `wolfbot run` does when it starts
        began = time.perf_counter()
        processed = bot.poll().processed
        return processed, time.perf_counter() - began
    finally:
        client.close()
        engine.dispose()


def verdicts(directory: Path, name: str) -> str:
    """What the engine said to the measured commands ("accepted 1,990, rejected 10"): the
    rate means little if every vote was refused for the same reason."""
    with sqlite3.connect(directory / name) as db:
        counts = db.execute("SELECT verdict, count(*) FROM commands GROUP BY verdict").fetchall()
    return ", ".join(f"{verdict} {count:,}" for verdict, count in sorted(counts))


def rate(processed: int, seconds: float) -> str:
    return f"{processed:5d} posts in {seconds:5.2f} s = {processed / seconds:7,.0f} posts/s"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--posts", type=int, default=2000)
    args = parser.parse_args(argv)
    print(f"intake: a poll of {args.posts} new thread posts, one !Lynch each (12 players)")
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        forum, server, clock, saved = prepared(directory, args.posts)
        try:
            recorder = Recorder()

            def live() -> httpx.Client:
                return httpx.Client(
                    timeout=10, trust_env=False, event_hooks={"response": [recorder.hook]}
                )

            processed, seconds = timed_poll(
                directory, saved, "live.sqlite", live, server.base_url, clock
            )
            print(f"  over loopback HTTP:   {rate(processed, seconds)}")
            print(f"  the commands:         {verdicts(directory, 'live.sqlite')}")

            def replayed() -> httpx.Client:
                return httpx.Client(transport=recorder.transport())

            processed, seconds = timed_poll(
                directory, saved, "replay.sqlite", replayed, server.base_url, clock
            )
            print(f"  the bot's own work:   {rate(processed, seconds)}  (target ≥ 2,000)")
        finally:
            server.stop()
            forum.store.close()


if __name__ == "__main__":
    main()
