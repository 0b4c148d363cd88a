"""The local forum: a small web application that looks like a WoltLab Suite forum (Burning
Board 6.x markup by default, 5.x as an option) closely enough that wolfbot's WoltLab client
runs unchanged against it. For the demo and end-to-end tests; it needs no internet.

It is a Starlette application (`app.py`: routing, form parsing, requests and responses;
`urls.py` maps WoltLab's `index.php?controller/…` targets onto Starlette's router, `web.py`
reads form fields and cookies the PHP way and negotiates like WoltLab 6.0) served by uvicorn
on loopback (`server.py`: HTTP/1.1 with keep-alive, in a background thread or blocking, the
request and byte counts, the injected faults of `faults.py` acted out around the app).

    forum = LocalForum()                      # SQLite, ":memory:" or a file
    forum.add_user("Spielleitung", "wolfbot")
    thread_id = forum.add_thread("Spiel 1", "Spielleitung")
    with LocalForumServer(forum, markup="6") as server:
        print(server.base_url)                # http://127.0.0.1:PORT/

Endpoints (`index.php?X/` and the friendly `X/`; details in `app.py`, `forms.py`,
`ajax.py`):

    GET  thread/ID-slug/[&pageNo=N|&postID=P|&action=lastPost]   thread page (no ETag, no
         304, like 6.0; other spellings 301 to the canonical URL; a page past the end is
         the last page)
    GET  conversation/ID-slug/[&pageNo=N|&messageID=M]           login required (302 to
         login/; 6.x errors="woltlab": 403), participants only (403)
    GET  conversation-list/[&pageNo=N]                           login required
    GET  login/  POST login/ username, password, t[, url]        302 + session cookie, or
         the form again (200) with p.error / small.innerError
    POST logout/ t                                               302 to the index
    GET|POST post-add/THREADID/  subject, text, t                302 to …&postID=ID#postID
    GET|POST conversation-add/   subject, participants, text, t  302 to the conversation
    POST ajax-proxy/&t=TOKEN     quickReply (PostAction, ConversationMessageAction),
         save of thread posts and conversation messages (the inline editor; author only),
         addParticipants (ConversationAction), getSearchResultList (UserAction)
"""

from __future__ import annotations

from datetime import tzinfo
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from wolfbot.forum.local.forum import ConversationView, LocalForum
from wolfbot.forum.local.rules import ADMINISTRATORS, SPIELLEITUNG, Rules
from wolfbot.forum.local.server import LocalForumServer, RequestRecord
from wolfbot.forum.local.store import Message, Post

__all__ = [
    "ADMINISTRATORS",
    "DEFAULT_TIMEZONE",
    "SPIELLEITUNG",
    "ConversationView",
    "LocalForum",
    "LocalForumServer",
    "Message",
    "Post",
    "RequestRecord",
    "Rules",
    "make_server",
    "seed_demo",
    "serve_main",
    "timezone_named",
]

DEMO_PLAYERS = (
    "Anna", "Bernd", "Frau Holle", "Jürgen_93", "Zoë", "Dr. No",
    "Spieler 7", "Malakiel", "Rotkäppchen", "Gustav", "Hanna", "Ömer",
)  # fmt: skip
DEMO_GAME_MASTER = ("Spielleitung", "wolfbot")
DEMO_THREAD = "Werwölfe von Düsterwald – Runde 1"


def demo_password(index: int) -> str:
    return f"spieler{index}"


def seed_demo(forum: LocalForum) -> int:
    """The demo's users (Spielleitung/"wolfbot", twelve players with "spielerN") and an
    empty game thread; returns the thread's id. Does nothing twice (a file database)."""
    name, password = DEMO_GAME_MASTER
    if forum.user_id(name) is None:
        forum.add_user(name, password)
    # the Spielleitung's group: no flood control, unlimited conversations, a Wolfshöhle of
    # every player; the players keep the "Users" group's limits
    forum.set_limits(name, **SPIELLEITUNG, max_participants=max(10, len(DEMO_PLAYERS)))
    for index, player in enumerate(DEMO_PLAYERS, 1):
        if forum.user_id(player) is None:
            forum.add_user(player, demo_password(index))
    for thread in forum.store.threads():
        if thread.title == DEMO_THREAD:
            return thread.id
    return forum.add_thread(DEMO_THREAD, name)


DEFAULT_TIMEZONE = "Europe/Berlin"  # a German league's forum: its members read MEZ/MESZ


def timezone_named(name: str) -> tzinfo:
    """The IANA time zone `name` ("Europe/Berlin", "UTC"); ValueError if there is none."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"unknown time zone {name!r} (e.g. Europe/Berlin, UTC)") from exc


def make_server(
    db: str,
    host: str,
    port: int,
    markup: str,
    demo: bool,
    timezone: str = DEFAULT_TIMEZONE,
) -> tuple[LocalForumServer, list[str]]:
    """The server of `wolfbot forum serve` (not started) and what it prints: its address,
    the time zone of its pages and, with `demo`, the thread and the logins."""
    if markup not in ("5", "6"):
        raise ValueError(f"markup must be '5' or '6', not {markup!r}")
    zone = timezone_named(timezone)
    forum = LocalForum(db)
    thread_id = seed_demo(forum) if demo else None
    version: Literal["5", "6"] = "5" if markup == "5" else "6"
    server = LocalForumServer(forum, host, port, version, timezone=zone)
    links = server.app.links
    lines = [f"Lokales Forum (WoltLab {markup}.x-Markup) läuft auf {server.base_url}"]
    if thread_id is not None:
        thread = forum.store.thread(thread_id)
        assert thread is not None
        lines.append(f"Spielthread: {links.thread(thread.id, thread.slug)}")
    lines.append(f"Anmeldung:   {links.controller('login')}")
    if thread_id is not None:
        lines.append(f"  {DEMO_GAME_MASTER[0]} / {DEMO_GAME_MASTER[1]}")
        for index, player in enumerate(DEMO_PLAYERS, 1):
            lines.append(f"  {player} / {demo_password(index)}")
    lines.append(f"Zeiten in {timezone} (--timezone).")
    return server, lines


def serve_main(
    db: str, host: str, port: int, markup: str, demo: bool, timezone: str = DEFAULT_TIMEZONE
) -> None:
    """`wolfbot forum serve`: serve the forum in `db` until interrupted (blocking); times
    are shown in `timezone`."""
    server, lines = make_server(db, host, port, markup, demo, timezone)
    for line in lines:
        print(line, flush=True)
    print("Beenden mit Strg+C.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.forum.store.close()
