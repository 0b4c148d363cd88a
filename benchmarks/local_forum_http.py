"""The local forum's HTTP layer alone: milliseconds per request over loopback, one keep-alive
httpx client, against a thread of 500 posts – a page of the thread (20 posts), the style
sheet (a small answer: the layer's cost without much rendering) and a quick reply's ajax
request (a write: form parsing, the token, the store). Median and 90th percentile of N
requests after a warm-up. Prints numbers, asserts nothing.

    python benchmarks/local_forum_http.py [--requests 200]
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
    args = parser.parse_args()
    forum = LocalForum()
    forum.add_user("Spielleitung", "wolfbot")
    forum.set_limits("Spielleitung", **SPIELLEITUNG)  # no flood control
    forum.add_user("Anna", "anna")
    thread_id = forum.add_thread("Messfaden", "Spielleitung", "<p>Los</p>")
    for n in range(499):
        forum.add_post(thread_id, "Anna", f"<p><strong>!Lynch Bernd</strong> Beitrag {n}</p>")
    with LocalForumServer(forum) as server, httpx.Client(base_url=server.base_url) as http:
        http.get("index.php?login/")
        token = unquote(http.cookies["XSRF-TOKEN"])
        login = {"username": "Spielleitung", "password": "wolfbot", "t": token}
        assert http.post("index.php?login/", data=login).status_code == 302
        page = f"index.php?thread/{thread_id}-messfaden/&pageNo=12"

        def reply() -> httpx.Response:
            data = [
                ("className", POST_ACTION),
                ("actionName", "quickReply"),
                ("parameters[objectID]", str(thread_id)),
                ("parameters[lastPostTime]", "1"),
                ("parameters[pageNo]", "1"),
                ("parameters[data][message]", "<p>Noch einer</p>"),
            ]
            return http.post(
                f"index.php?ajax-proxy/&t={quote(token, safe='')}",
                content=urlencode(data),
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )

        cases = {
            "thread page (20 of 500 posts)": lambda: http.get(page),
            "style sheet": lambda: http.get("style/local.css"),
            "quick reply (ajax write)": reply,
        }
        print(f"{args.requests} requests each, one keep-alive client, loopback")
        for name, request in cases.items():
            median, p90 = timed(args.requests, request)
            print(f"  {name:32} median {median:6.2f} ms   p90 {p90:6.2f} ms")


if __name__ == "__main__":
    main()
