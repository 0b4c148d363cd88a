"""What the forum costs the bot, and what the forum's faults cost it, measured on the local
WoltLab look-alike (which answers like WoltLab Suite 6.0: no ETag, no 304, a 301 to the
slug URL) and, when the environment provides one in `WOLFBOT_WOLTLAB_URL`, a real WoltLab
Suite:

* **idle tick of a 24-player round**: `RoundBot.poll` with nothing new – the thread and the
  first page of the conversation list (issue 11.3: at most 2 requests), on the look-alike;
  on the real server (conversations only: it has no threads) the bot's 28 newest
  conversations read through the same reader;
* **a full demo round** (12 players): all of the bot's reading and writing;
* **intake**: posts per second of the bot's real intake path (`benchmarks/intake.py`);
* **a round with 20 % injected faults** (HTTP 500, timeouts after the forum stored a
  write, garbage pages, flood refusals – `LocalForum.faults.chaos`): its events and the
  bot's posts, per channel in the forum's order, against the fault-free run of the seed;
* the split round of `tests/woltlab/test_split_round.py` against the real server (its
  conversation side's requests and bytes; needs the accounts and groups of
  `tests/woltlab/README.md`).

The real server is logged into as `WOLFBOT_REAL_WOLTLAB_USER` (default `wolfbot`) with
`WOLFBOT_REAL_WOLTLAB_PASSWORD` (default the suite's `BotPass123!`); without
`WOLFBOT_WOLTLAB_URL` the real server's numbers are left out. Bytes are counted on the
client's side. Prints numbers, asserts nothing.

    python benchmarks/forum.py [--players 12] [--seed 7] [--markup 6] [--faults 0.2]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Literal

import httpx

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.woltlab.client import WoltLabForum

REAL_URL = os.environ.get("WOLFBOT_WOLTLAB_URL", "").strip().rstrip("/")
REAL_URL = REAL_URL and REAL_URL + "/"
REAL_USER = os.environ.get("WOLFBOT_REAL_WOLTLAB_USER", "wolfbot")
REAL_PASSWORD = os.environ.get("WOLFBOT_REAL_WOLTLAB_PASSWORD", "BotPass123!")
SETTLE = timedelta(seconds=2)  # the reader's STORE_DELAY on the real server: waited out


class Meter:
    """Counts the requests of an httpx client and the bytes of their answers."""

    def __init__(self) -> None:
        self.requests = 0
        self.bytes = 0
        self.statuses: Counter[int] = Counter()

    def hook(self, response: httpx.Response) -> None:
        response.read()
        head = len(f"HTTP/1.1 {response.status_code} {response.reason_phrase}\r\n")
        head += sum(len(k) + len(v) + 4 for k, v in response.headers.raw) + 2
        self.requests += 1
        self.bytes += head + len(response.content)
        self.statuses[response.status_code] += 1

    def reset(self) -> None:
        self.requests, self.bytes = 0, 0
        self.statuses.clear()

    def line(self) -> str:
        statuses = ", ".join(f"{n}× {status}" for status, n in sorted(self.statuses.items()))
        return f"{self.requests:5d} requests, {self.bytes:10,d} bytes  ({statuses})"


def metered_client(meter: Meter, base_url: str, user: str, password: str) -> WoltLabForum:
    http = httpx.Client(timeout=10.0, trust_env=False, event_hooks={"response": [meter.hook]})
    return WoltLabForum(base_url, user, password, client=http, min_interval=0)


def idle_round(players: int = 24) -> None:
    """A round of `players` started on the look-alike, every channel read once, then one
    idle poll of the bot: its requests and bytes."""
    from datetime import UTC, datetime, timedelta

    from wolfbot.bot import RoundBot
    from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
    from wolfbot.outbox.queue import FloodLimits, RetryPolicy
    from wolfbot.posts.context import PostContext
    from wolfbot.rulesets import loader
    from wolfbot.setup.distribution import assign_roles, suggest_roles
    from wolfbot.store.db import engine_for, session_factory, upgrade

    now = [datetime(2026, 11, 2, 19, 0, tzinfo=UTC)]
    rules = loader.load("duesterliga")
    names = [f"Spieler{n:02d}" for n in range(1, players + 1)]
    forum = LocalForum(clock=lambda: now[0], rules=Rules(0, 0, 100))
    forum.add_user("Spielleitung", "geheim")
    forum.set_limits("Spielleitung", max_participants=players)
    for name in names:
        forum.add_user(name, "pw")
    thread = forum.add_thread("Düsterliga – Leerlauf", "Spielleitung")
    roles = assign_roles(
        names, suggest_roles(players, rules, rng_seed=1).roles, seed=1, ruleset=rules
    )
    with tempfile.TemporaryDirectory() as directory, LocalForumServer(forum) as server:
        db = Path(directory) / "bot.sqlite"
        upgrade(db).dispose()
        engine = engine_for(db)
        meter = Meter()
        http = httpx.Client(timeout=10.0, trust_env=False, event_hooks={"response": [meter.hook]})
        client = WoltLabForum(
            server.base_url, "Spielleitung", "geheim", client=http, min_interval=0
        )
        try:
            context = PostContext(round_name="Leerlauf")
            bot = RoundBot(
                client, session_factory(engine), rules, context=context,
                limits=FloodLimits(0, 0, 1000, players), retry=RetryPolicy(5, 0, 0),
                clock=lambda: now[0],
            )  # fmt: skip
            bot.start_round(roles.as_players(), 1, context, thread_id=thread)
            bot.send()
            now[0] += timedelta(minutes=1)
            bot.poll()  # the first read of every channel: its address and mark
            now[0] += timedelta(minutes=1)
            meter.reset()
            report = bot.poll()
            count = len(forum.conversations("Spielleitung"))
            print(f"idle tick of a {players}-player round (1 thread, {count} conversations):")
            print(
                f"  look-alike:             {meter.line()}, {report.skipped} conversations skipped"
            )
        finally:
            client.close()
            engine.dispose()
            forum.store.close()


def demo_round(players: int, seed: int, markup: Literal["5", "6"]) -> None:
    from wolfbot.demo.round import Demo

    with tempfile.TemporaryDirectory() as directory:
        demo = Demo(players, seed, Path(directory), markup, out=lambda *_: None)
        try:
            began = time.perf_counter()
            demo.run()
            seconds = time.perf_counter() - began
            log = demo.server.log
            methods = Counter(entry.method for entry in log)
            print(f"full demo round, {players} players (WoltLab {markup}.x markup):")
            print(
                f"  look-alike:           {len(log):5d} requests, {demo.server.bytes_sent:10,d} "
                f"bytes  ({methods['GET']} GET, {methods['POST']} POST; {seconds:.1f} s)"
            )
        finally:
            demo.close()


def faulty_round(players: int, seed: int, rate: float) -> None:
    """The demo round of `seed` without faults and with `rate` of the requests failing."""
    from wolfbot.demo.round import Demo

    def play(faults: float) -> tuple[list[object], dict[str, list[str]], str]:
        with tempfile.TemporaryDirectory() as directory:
            demo = Demo(players, seed, Path(directory), out=lambda *_: None, faults=faults)
            try:
                began = time.perf_counter()
                demo.run()
                seconds = time.perf_counter() - began
                shown = demo.bot_posts()
                line = (
                    f"{len(demo.bot.game.state.log)} events, "
                    f"{sum(map(len, shown.values()))} bot posts, {demo.server.request_count} "
                    f"requests ({demo.forum.faults.injected} failed), {seconds:.1f} s"
                )
                return list(demo.bot.game.state.log), shown, line
            finally:
                demo.close()

    print(f"a round with {rate:.0%} of the requests failing ({players} players, seed {seed}):")
    events, posts, line = play(0.0)
    print(f"  without faults:       {line}")
    faulty_events, faulty_posts, line = play(rate)
    print(f"  with faults:          {line}")
    same_events = "equal" if faulty_events == events else "DIFFERENT"
    same_posts = "equal" if faulty_posts == posts else "DIFFERENT"
    print(
        f"  events: {same_events}; the bot's posts, per channel in the forum's order: {same_posts}"
    )


def real_woltlab_running() -> bool:
    if not REAL_URL:
        print("real WoltLab: WOLFBOT_WOLTLAB_URL is not set, left out")
        return False
    try:
        answer = httpx.get(REAL_URL, timeout=2.0, follow_redirects=True, trust_env=False)
    except httpx.HTTPError:
        return False
    text = answer.text
    return "WoltLab Suite" in text or "XSRF-TOKEN" in answer.headers.get("set-cookie", "")


def real() -> None:
    if not real_woltlab_running():
        print("  real WoltLab: not running")
        return
    from wolfbot.bot.channels import Reading
    from wolfbot.bot.reading import read_channels

    meter = Meter()
    client = metered_client(meter, REAL_URL, REAL_USER, REAL_PASSWORD)
    try:
        newest = list(client.activity(None).last_post)[:28]
        channels = [ChannelRef("conversation", cid) for cid in newest]
        readings = [Reading(channel, "private") for channel in channels]
        marks: dict[ChannelRef, ReadMark] = {}

        def poll() -> None:
            _, report = read_channels(
                client, readings, lambda r: marks.get(r.ref, ReadMark()), store_delay=SETTLE
            )
            marks.update(report.marks)

        poll()
        time.sleep(SETTLE.total_seconds() + 1)
        poll()
        meter.reset()
        poll()
        print(f"  real WoltLab ({len(channels)} conversations): {meter.line()}")
    except Exception as error:  # a benchmark: say what happened, do not fail
        print(f"  real WoltLab: {type(error).__name__}: {error}")
    finally:
        client.close()


def split_round() -> None:
    if not real_woltlab_running():
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "woltlab"))
    from split_round import played  # type: ignore[import-not-found]
    from woltlab_support import PASSWORDS  # type: ignore[import-not-found]

    meter = Meter()
    http = httpx.Client(timeout=10.0, trust_env=False, event_hooks={"response": [meter.hook]})
    try:
        with tempfile.TemporaryDirectory() as directory:
            with played(REAL_URL, dict(PASSWORDS), Path(directory), http) as here:
                messages = here.bot.outbox.messages()
                conversations = sum(1 for m in messages if m.kind == "conversation")
                into = sum(
                    1
                    for m in messages
                    if m.kind == "post" and (m.channel or "").startswith("conversation:")
                )
                print(
                    f"real WoltLab, split round of tests/woltlab ({here.seconds:.1f} s): the bot "
                    f"opened {conversations} conversations and wrote {into} messages into them"
                )
                print(f"  bot's conversation side: {meter.line()}")
    except Exception as error:  # a benchmark: say what happened, do not fail
        print(f"real WoltLab, split round: {type(error).__name__}: {error}")
    finally:
        http.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--markup", choices=["5", "6"], default="6")
    parser.add_argument("--faults", type=float, default=0.2)
    args = parser.parse_args()
    markup: Literal["5", "6"] = "5" if args.markup == "5" else "6"
    idle_round(24)
    real()
    demo_round(args.players, args.seed, markup)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import intake  # type: ignore[import-not-found]

    intake.main([])
    faulty_round(args.players, args.seed, args.faults)
    split_round()


if __name__ == "__main__":
    main()
