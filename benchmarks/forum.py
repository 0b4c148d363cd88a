"""What the forum costs the bot, in requests and bytes, measured on the local WoltLab
look-alike (which answers like WoltLab Suite 6.0: no ETag, no 304, a 301 to the slug URL):

* a **full round**: the demo round (`wolfbot demo`, 12 players) – all of the bot's reading
  and writing, from the Rollenmitteilungen to the Abschlussbeitrag;
* an **idle tick**: one poll of the game thread and of every conversation of that round
  with nothing new (and, for comparison, the first read of each, which follows the 301);
* when `http://localhost/` answers as a real WoltLab Suite (another engineer's server; this
  script never starts one) the same idle tick against it, conversations only (the real site
  has no threads), logged in as `WOLFBOT_REAL_WOLTLAB_USER` (default `wolfbot`) with
  `WOLFBOT_REAL_WOLTLAB_PASSWORD` (default setup.sh's `BotPass123!`); otherwise it prints
  "real WoltLab: not running";
* and then, against that real server, the **split round** of
  `tests/woltlab/test_split_round.py` (8 players, the thread on a local look-alike, every
  conversation on the real server, each player posting with his own account): the requests
  and bytes of the bot's conversation side, login included. It needs the suite's test
  accounts (spieler01–08 in a group without flood wait: run `pytest -m woltlab` once).

Bytes are counted on the client's side (status line, headers and body as received), the
same way for both servers. Prints numbers, asserts nothing.

    python benchmarks/forum.py [--players 12] [--seed 7] [--markup 6]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

import httpx

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.woltlab.client import WoltLabForum

REAL_URL = "http://localhost/"
REAL_USER = os.environ.get("WOLFBOT_REAL_WOLTLAB_USER", "wolfbot")
REAL_PASSWORD = os.environ.get("WOLFBOT_REAL_WOLTLAB_PASSWORD", "BotPass123!")


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


def idle_tick(client: WoltLabForum, meter: Meter, channels: Iterable[ChannelRef]) -> list[str]:
    """The first read of every channel (learning its address and mark), then one read of
    each with nothing new – in total and for the conversations alone; the lines to print."""
    channels = list(channels)  # the client is logged in already
    meter.reset()
    marks = {channel: client.read(channel, ReadMark()).mark for channel in channels}
    lines = [f"  first read of each:     {meter.line()}"]
    new, parts = 0, {}
    for kind in ("thread", "conversation"):
        meter.reset()
        for channel in (c for c in channels if c.kind == kind):
            new += len(client.read(channel, marks[channel]).new)
        parts[kind] = (meter.requests, meter.bytes, meter.line())
    requests = sum(part[0] for part in parts.values())
    size = sum(part[1] for part in parts.values())
    lines.append(
        f"  idle tick:              {requests:5d} requests, {size:10,d} bytes  ({new} new)"
    )
    count = sum(1 for c in channels if c.kind == "conversation")
    each = parts["conversation"][1] // count if count else 0
    lines.append(f"    of it conversations:  {parts['conversation'][2]}, {each:,d} bytes each")
    return lines


def local(players: int, seed: int, markup: Literal["5", "6"]) -> list[ChannelRef]:
    from wolfbot.demo.round import GAME_MASTER, GM_PASSWORD, Demo

    with tempfile.TemporaryDirectory() as directory:
        demo = Demo(players, seed, Path(directory), markup, out=lambda *_: None)
        try:
            began = time.perf_counter()
            demo.run()
            seconds = time.perf_counter() - began
            log = demo.server.log
            methods = Counter(entry.method for entry in log)
            statuses = Counter(entry.status for entry in log)
            print(f"local look-alike (WoltLab {markup}.x markup), demo round: {players} players")
            print(
                f"  full round:           {len(log):5d} requests, {demo.server.bytes_sent:10,d} "
                f"bytes  ({methods['GET']} GET, {methods['POST']} POST; "
                + ", ".join(f"{n}× {s}" for s, n in sorted(statuses.items(), key=str))
                + f"; {seconds:.1f} s)"
            )
            conversations = demo.forum.conversations(GAME_MASTER)
            channels = [ChannelRef("thread", demo.thread_id)]
            channels += [ChannelRef("conversation", row.id) for row in conversations]
            meter = Meter()
            client = metered_client(meter, demo.server.base_url, GAME_MASTER, GM_PASSWORD)
            try:
                client.conversations()
                meter.reset()
                client.conversations()
                print(f"  conversation list:      {meter.line()}")
                print(f"  channels:             1 thread, {len(conversations)} conversations")
                for line in idle_tick(client, meter, channels):
                    print(line)
            finally:
                client.close()
        finally:
            demo.close()
    return channels


def real_woltlab_running() -> bool:
    try:
        answer = httpx.get(REAL_URL, timeout=2.0, follow_redirects=True, trust_env=False)
    except httpx.HTTPError:
        return False
    text = answer.text
    return "WoltLab Suite" in text or "XSRF-TOKEN" in answer.headers.get("set-cookie", "")


def real() -> None:
    if not real_woltlab_running():
        print("real WoltLab: not running")
        return
    meter = Meter()
    client = metered_client(meter, REAL_URL, REAL_USER, REAL_PASSWORD)
    try:
        client.conversations()  # the login is not counted
        meter.reset()
        conversations = client.conversations()
        print(f"real WoltLab at {REAL_URL} (as {REAL_USER}): {len(conversations)} conversations")
        print(f"  conversation list:      {meter.line()}")
        if not conversations:
            print("  no conversations to poll")
            return
        channels = [ChannelRef("conversation", c.id) for c in conversations]
        for line in idle_tick(client, meter, channels):
            print(line)
    except Exception as error:  # a benchmark: say what happened, do not fail
        print(f"real WoltLab: {type(error).__name__}: {error}")
    finally:
        client.close()


def split_round() -> None:
    if not real_woltlab_running():
        return
    import sys

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
    args = parser.parse_args()
    markup: Literal["5", "6"] = "5" if args.markup == "5" else "6"
    local(args.players, args.seed, markup)
    real()
    split_round()


if __name__ == "__main__":
    main()
