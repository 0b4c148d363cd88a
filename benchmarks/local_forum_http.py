"""The local forum's HTTP layer alone: milliseconds per request over loopback, one keep-alive
httpx client – a page of a thread (20 posts: the first, one in the middle reached by its
postID, the last) and of a conversation, each for a short and a long one (`--posts`, 100 and
8,000: a page should cost the same), the style sheet (a small answer: the layer's cost
without much rendering) and a quick reply's ajax request (a write: form parsing, the token,
the store). Median and 90th percentile of N requests after a warm-up. Prints numbers,
asserts nothing.

    python benchmarks/local_forum_http.py [--requests 200] [--posts 100 8000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from urllib.parse import quote, unquote, urlencode

import httpx

from wolfbot.forum.local import SPIELLEITUNG, LocalForum, LocalForumServer

POST_ACTION = "wbb\\data\\post\\PostAction"


def timed(count: int, request: Callable[[], httpx.Response]) -> tuple[float, float]:
    for _ in range(10):
        request().raise_for_status()
    times = []
    for _ in range(count):
        start = time.perf_counter()
        request().raise_for_status()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--posts", type=int, nargs="+", default=[100, 8000])
    args = parser.parse_args()
    forum = LocalForum()
    forum.add_user("Spielleitung", "wolfbot")
    forum.set_limits("Spielleitung", **SPIELLEITUNG)  # no flood control
    forum.add_user("Anna", "anna")
    threads, conversations = {}, {}
    for length in args.posts:
        thread_id = forum.add_thread(f"Faden {length}", "Spielleitung", "<p>Los</p>")
        conversation_id = forum.add_conversation(
            f"Gespraech {length}", "Spielleitung", ["Anna"], "<p>Los</p>"
        )
        for n in range(length - 1):
            html = f"<p><strong>!Lynch Bernd</strong> Beitrag {n}</p>"
            forum.add_post(thread_id, "Anna", html)
            forum.add_conversation_message(conversation_id, "Anna", html)
        threads[length], conversations[length] = thread_id, conversation_id
    with LocalForumServer(forum) as server, httpx.Client(base_url=server.base_url) as http:
        http.get("index.php?login/")
        token = unquote(http.cookies["XSRF-TOKEN"])
        login = {"username": "Spielleitung", "password": "wolfbot", "t": token}
        assert http.post("index.php?login/", data=login).status_code == 302
        reply_to = threads[args.posts[0]]

        def reply() -> httpx.Response:
            data = [
                ("className", POST_ACTION),
                ("actionName", "quickReply"),
                ("parameters[objectID]", str(reply_to)),
                ("parameters[lastPostTime]", "1"),
                ("parameters[pageNo]", "1"),
                ("parameters[data][message]", "<p>Noch einer</p>"),
            ]
            return http.post(
                f"index.php?ajax-proxy/&t={quote(token, safe='')}",
                content=urlencode(data),
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )

        def get(path: str) -> Callable[[], httpx.Response]:
            return lambda: http.get(path)

        cases: dict[str, Callable[[], httpx.Response]] = {}
        for length, thread_id in threads.items():
            posts = forum.posts(thread_id)
            middle = posts[len(posts) // 2].id
            thread = f"index.php?thread/{thread_id}-faden-{length}/"
            cases[f"thread of {length}: first page"] = get(thread)
            cases[f"thread of {length}: page of a postID"] = get(f"{thread}&postID={middle}")
            cases[f"thread of {length}: last page"] = get(f"{thread}&action=lastPost")
            conversation = f"index.php?conversation/{conversations[length]}-gespraech-{length}/"
            cases[f"conversation of {length}: last page"] = get(f"{conversation}&action=lastPost")
        cases["style sheet"] = get("style/local.css")
        cases[f"quick reply (ajax write, thread of {args.posts[0]})"] = reply
        print(f"{args.requests} requests each, one keep-alive client, loopback")
        for name, request in cases.items():
            median, p90 = timed(args.requests, request)
            print(f"  {name:44} median {median:6.2f} ms   p90 {p90:6.2f} ms")


if __name__ == "__main__":
    main()
