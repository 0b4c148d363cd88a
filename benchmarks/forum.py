"""The forum adapter's cost, measured on the local forum: a 40-page game thread.

Prints the requests and bytes of one idle poll (nothing new) against a full re-read, and the
parse throughput in posts per second on one core. Asserts nothing.

    python benchmarks/forum.py [--pages 40] [--markup 6]
"""

from __future__ import annotations

import argparse
import time

import httpx

from wolfbot.forum.base import ChannelRef, ReadMark
from wolfbot.forum.local import LocalForum, LocalForumServer
from wolfbot.forum.local.forum import Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.forum.woltlab.pages import parse_page

COMMANDS = ["!Lynch Anna", "!Lynch Bernd", "!Bürgermeister Clara", "!Lynch Spieler 7"]


def build(pages: int) -> tuple[LocalForum, int]:
    forum = LocalForum(rules=Rules(post_wait=0, message_wait=0))
    forum.add_user("Spielleitung", "geheim")
    players = [f"Spieler {i}" for i in range(1, 25)]
    for name in players:
        forum.add_user(name, "pw")
    thread = forum.add_thread("Düsterliga – Benchmark", "Spielleitung")
    for index in range(pages * forum.rules.per_page - 1):
        author = players[index % len(players)]
        text = (
            f"<p>Beitrag {index}: Ich habe da einen Verdacht, <em>ganz ehrlich</em>.</p>"
            f'<blockquote class="quoteBox"><p>Zitat</p></blockquote>'
            f"<p><strong>{COMMANDS[index % len(COMMANDS)]}</strong></p>"
        )
        forum.add_post(thread, author, text)
    return forum, thread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--markup", choices=["5", "6"], default="6")
    args = parser.parse_args()
    forum, thread_id = build(args.pages)
    channel = ChannelRef("thread", thread_id)
    with LocalForumServer(forum, markup=args.markup) as server:
        client = WoltLabForum(server.base_url, "Spielleitung", "geheim", min_interval=0)
        client.read(channel, ReadMark())  # log in, learn the thread's address
        server.reset_stats()
        start = time.perf_counter()
        full = client.read(channel, ReadMark())
        full_time = time.perf_counter() - start
        full_requests, full_bytes = sum(server.requests.values()), server.bytes_sent
        server.reset_stats()
        idle = client.read(channel, full.mark)
        idle_requests, idle_bytes = sum(server.requests.values()), server.bytes_sent
        pages = [
            httpx.get(
                f"{server.base_url}index.php?thread/{thread_id}/&pageNo={n}", follow_redirects=True
            ).content
            for n in range(1, args.pages + 1)
        ]
        client.close()
    start = time.perf_counter()
    posts = [post for page in pages for post in parse_page(page, server.base_url).posts]
    parse_time = time.perf_counter() - start
    start = time.perf_counter()
    commands = sum(len(post.body.commands) for post in posts)
    body_time = time.perf_counter() - start
    print(
        f"thread:               {args.pages} pages, {len(full.new)} posts, WoltLab {args.markup}.x"
    )
    print(f"full re-read:         {full_requests} requests, {full_bytes} bytes, {full_time:.2f} s")
    print(
        f"idle poll:            {idle_requests} requests, {idle_bytes} bytes ({len(idle.new)} new)"
    )
    print(f"page parsing:         {len(posts) / parse_time:,.0f} posts/s")
    print(
        f"parsing with bodies:  {len(posts) / (parse_time + body_time):,.0f} posts/s "
        f"({commands} commands)"
    )


if __name__ == "__main__":
    main()
