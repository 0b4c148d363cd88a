"""`wolfbot demo`: a whole round against the built-in local forum, in compressed time.

    result = run_demo(players=12, seed=7, directory=Path("wolfbot-demo"))

What happens, all on this machine (loopback only, no network):

1. In `directory`: the local forum's SQLite file (`forum.sqlite`) and the bot's store
   (`wolfbot.sqlite`, `alembic upgrade head`); both are replaced if they exist.
2. The local forum runs in-process on a free port of 127.0.0.1 with the Spielleitung's
   account, one account per player and an empty game thread.
3. The roles: `deal.demo_roles` (a ready-made setup of the ruleset, the "Rollenverteilung"
   advice with the `SHOWCASE_ROLES` first, or a showcase of the ruleset's roles) and
   `assign_roles`, seeded.
4. `RoundBot` starts the round over real HTTP with the real WoltLab client (`forum.software`): the
   Rollenmitteilung conversations, the Wolfshöhle, the Eröffnungsbeitrag – from here on the
   bot only learns what it reads on the forum.
5. Each phase, simulated players (`wolfbot.demo.players`) post commands as forum HTML in the
   thread and in their conversations (through the forum's admin API, as from a browser);
   the bot's loop (`wolfbot.bot.loop.tick`) polls, processes, answers and, at each
   deadline of the timetable, writes the Morgen, Zwischenstand, Dämmerung and Abend – until
   the Abschlussbeitrag. Questions (Jäger, successors, ties, the Hexe's choice in the split
   night) are answered sometimes and otherwise decided at their deadline.

Compressed time: the forum and the bot share one clock (`DemoClock`) that stands still
while they work and is moved on by the demo – to the next post of a player or the next
deadline – so a week of the round takes seconds and nothing ever waits (no request pacing,
no flood-control waits, no backoff). The timetable is the config's default (day 09:00,
Dämmerung 19:00, night 21:00, Europe/Berlin) with a Zwischenstand at 14:00.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

import httpx
from sqlalchemy import Engine

from wolfbot.bot import RoundBot, loop
from wolfbot.bot.planning import Planner
from wolfbot.bot.presence import BotPresence
from wolfbot.demo.breaches import FOREIGN_TITLE, Breaches
from wolfbot.demo.deal import demo_roles
from wolfbot.demo.narration import Narrator
from wolfbot.demo.players import DemoPlayers, Post
from wolfbot.demo.settings import (  # noqa: F401 - re-exported
    BOT_FILE,
    CADENCE,
    DEFAULT_DIR,
    FORUM_FILE,
    GAME_MASTER,
    GM_PASSWORD,
    MAX_PLAYERS,
    MAX_STEPS,
    MIN_PLAYERS,
    OPTIONS,
    RULES_NAME,
    SHOWCASE_ROLES,
    ZONE,
    DemoClock,
    DemoResult,
    Out,
    _fresh,
    default_start,
    game_master,
    player_names,
    when,
    where_to_look,
)
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.forum import software
from wolfbot.forum.local import (
    LocalForum,
    LocalForumServer,
    demo_password,
)
from wolfbot.forum.local.faults import FaultMode
from wolfbot.forum.local.rules import SPIELLEITUNG
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.posts.messages import Message
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.schedule.jobs import Deadlines
from wolfbot.schedule.parts import DayTimes
from wolfbot.schedule.timetable import LocalTimetable
from wolfbot.setup.distribution import assign_roles
from wolfbot.store.db import session_factory, upgrade

FAULTS: tuple[FaultMode, ...] = ("500", "timeout_after_commit", "garbage", "flood")
FAULT_TIMEOUT = 0.1  # seconds the client waits for an answer in a run with faults
MAX_RETRIES = 200  # turns of the loop to catch up after faults, before giving up
RETRY_HOLD = timedelta(minutes=1)


class Demo:
    """One demo round (see the module docstring); `run()` plays it, `close()` ends it."""

    def __init__(
        self,
        players: int,
        seed: int,
        directory: Path,
        markup: Literal["5", "6"] = "6",
        *,
        start: datetime | None = None,
        out: Out = print,
        faults: float = 0.0,
        ruleset: str = RULES_NAME,
        breaches: bool = False,
        pace: float = 0.0,
        on_started: Callable[[Demo], object] | None = None,
    ) -> None:
        """`pace`: seconds of real time between two stretches of play (0: as fast as it
        goes), so that a person can follow the round in the console that `on_started` opens
        once the round is in the store. `faults`: the share of requests the forum fails
        (`LocalForum.faults.chaos`, seeded by `seed`): answered 500, timed out after it
        stored a write, garbage, a flood refusal. The bot must play the very same round.
        `breaches`: plant breaches of the conduct rules (`wolfbot.demo.breaches`) for
        `wolfbot conduct` to list."""
        self.rules = loader.load(ruleset)
        self.names = player_names(players, self.rules)
        self.game_master = game_master(self.rules)
        self.seed = seed
        self.directory = directory
        self.markup: Literal["5", "6"] = markup
        self.out = out
        self.rng = random.Random(seed)
        self.sim = DemoPlayers(random.Random(seed + 1), self.rules)
        start = start or default_start(players)
        self.clock = DemoClock(start)
        self.timetable = LocalTimetable(
            start=start, zone=ZONE, times=DayTimes(), cadence=CADENCE, phases=self.rules.phases
        )
        self.forum_db, self.bot_db = _fresh(directory)
        wide = max(10, players)  # the Totenreich may hold every dead player
        self.forum = LocalForum(
            str(self.forum_db),
            clock=self.clock,
        )  # the players have the limits of WoltLab's "Users" group, the bot others
        self.wide = wide
        self.faults = faults
        delay = FAULT_TIMEOUT * 2  # a write that times out: after the client gave up
        self.server = LocalForumServer(
            self.forum, "127.0.0.1", 0, markup, errors="woltlab", timezone=ZONE, fault_delay=delay
        )
        timeout = FAULT_TIMEOUT if faults else 10.0
        self.http = httpx.Client(timeout=timeout, trust_env=False)  # loopback: never a proxy
        self.engine: Engine = upgrade(self.bot_db)
        self.sessions = session_factory(self.engine)
        connection = software.Connection(
            self.server.base_url,
            self.game_master,
            GM_PASSWORD,
            timeout=timeout,  # each request's own: it overrides the client's
            request_interval=0,
            client=self.http,
        )
        self.client = software.named(software.DEFAULT).connect(connection)
        self.context = PostContext(
            league=self.rules.title,
            ruleset=self.rules,
            season=start.astimezone(ZONE).year,
            round_type=worded(self.rules, say("demo.round_type")),
            round_number=1,
            round_name=worded(self.rules, say("demo.round_name")),
            game_masters=(self.game_master,),
            timezone=str(ZONE),
            timetable=self.timetable.days(players + 2),
        )
        self.bot = RoundBot(
            self.client,
            self.sessions,
            self.rules,
            context=self.context,
            limits=FloodLimits(0, 0, conversations_per_day=10_000, max_participants=wide),
            # with faults each try fails on its own (no outage): more tries, a little apart
            retry=RetryPolicy(12, 1, 8) if faults else RetryPolicy(5, backoff=0, backoff_max=0),
            clock=self.clock,
        )
        self.thread_id = 0
        self.deadlines: Deadlines | None = None
        self.planner: Planner
        self.roles: tuple[tuple[str, str], ...] = ()
        self.posts: Counter[str] = Counter()
        self._segments: Counter[str] = Counter()  # per phase: stretches played
        self.narrator = Narrator(self.bot, self.clock, out)
        self.breaches = Breaches() if breaches else None
        self.pace = pace
        self.on_started = on_started
        # one bot per store: the console shows this round as run by a bot (not read-only)
        self.presence = BotPresence(self.bot_db).__enter__()

    # -- the round ----------------------------------------------------------------------------
    def run(self) -> DemoResult:
        began = time.perf_counter()
        self.begin()
        for _ in range(MAX_STEPS):
            if self.game.state.phase.kind == "over":
                break
            self.stretch()
            if self.pace:
                time.sleep(self.pace)
        else:
            raise RuntimeError(f"the demo round did not end after {MAX_STEPS} stretches")
        self._finish()
        return self._result(time.perf_counter() - began)

    def begin(self) -> None:
        """The forum up, the round started and its first posts out (then `on_started`)."""
        self.server.start()
        self._setup_forum()
        if self.faults:
            self.forum.faults.chaos(self.faults, self.seed, FAULTS)
        self._start_round()
        if self.on_started is not None:
            self.on_started(self)

    @property
    def game(self) -> Game:
        return self.bot.game

    def _setup_forum(self) -> None:
        forum = self.forum
        forum.add_user(self.game_master, GM_PASSWORD)
        # the rights the README asks for the bot account's group (no flood control,
        # unlimited conversations, a Wolfshöhle/Totenreich of every player)
        forum.set_limits(self.game_master, **SPIELLEITUNG, max_participants=self.wide)
        for index, name in enumerate(self.names, 1):
            forum.add_user(name, demo_password(index))
        self.thread_id = forum.add_thread(self.context.round_title, self.game_master)

    def _start_round(self) -> None:
        roles, options = demo_roles(self.rules, len(self.names), self.seed)
        assignment = assign_roles(self.names, roles, seed=self.seed, ruleset=self.rules)
        self.roles = assignment.players
        counts = Counter(role for _, role in self.roles)
        listed = ", ".join(f"{n}× {role}" if n > 1 else role for role, n in counts.most_common())
        started = say("demo.console.started", players=len(self.names), seed=self.seed, roles=listed)
        self.out(worded(self.rules, started))
        forum = say("demo.console.forum", url=self.server.base_url, markup=self.markup)
        self.out(worded(self.rules, forum))
        game_id = self.bot.start_round(
            assignment.as_players(),
            self.seed,
            self.context,
            thread_id=self.thread_id,
            options=options,
        )
        self.deadlines = Deadlines(self.bot.sessions, game_id, clock=self.clock)
        self.planner = Planner(self.bot, self.timetable, night_question_time=CADENCE.question_time)
        self.planner.plan()
        self.settle()  # the Eröffnungsbeitrag and every conversation go out

    def stretch(self) -> None:
        """Play until the next deadline – the players' posts in one or two waves, the bot
        polling and answering after each – then let the deadline pass."""
        assert self.deadlines is not None
        upcoming = self.deadlines.next()
        if upcoming is None:
            raise RuntimeError(f"nothing scheduled in {self.game.state.phase}")
        state = self.game.state
        now, end = self.clock(), upcoming.at
        # the game is held, or the stretch ends at a reminder: only the players asked
        # answer (the phase's waves of posts come once per stretch up to a phase post)
        if state.questions or upcoming.kind in ("reminder", "question"):
            self._post(self.sim.answers(self.game), now, now + (end - now) * 0.8)
            self.settle()
        else:
            phase = str(state.phase)
            # night: first actions, then the rest (the pack's victim after its Alpha); day:
            # until the Zwischenstand, then after it; dusk: the last changes of votes
            waves = (0, 1) if state.phase.kind == "night" else (min(self._segments[phase], 1),)
            self._segments[phase] += 1
            span = (end - now) / len(waves)
            for index, wave in enumerate(waves):
                begin = now + span * index
                posts = self.sim.phase_posts(self.game, wave) + self.sim.answers(self.game)
                posts += self._planted()
                self._post(posts, begin, begin + span * 0.9)
                self.settle()
        self.clock.set(end)
        self.settle()

    def _planted(self) -> list[Post]:
        """The planted breaches of this phase (`--breaches`); the players' own conversation
        of the first day is opened now."""
        if self.breaches is None:
            return []
        foreign = self.breaches.foreign(self.game)
        if foreign is not None:
            starter, other, text = foreign
            members = [other, self.game_master]
            self.forum.add_conversation(FOREIGN_TITLE, starter, members, f"<p>{text}</p>")
        told = self._role_messages() if str(self.game.state.phase) == "day 1" else {}
        return self.breaches.posts(self.game, told)

    def _role_messages(self) -> dict[str, str]:
        """Each player's Rollenmitteilung as he reads it (text)."""
        book, found = self.bot.desk.book, {}
        for name, key in book.roles.items():
            conversation_id = book.ids.get(key)
            if conversation_id is None:
                continue
            messages = self.forum.conversation(conversation_id).messages
            if messages:
                found[name] = Message("private", (name,), "", messages[0].html).text
        return found

    def _post(self, posts: list[Post], begin: datetime, end: datetime) -> None:
        """The posts, spread evenly between `begin` and `end` (forum time)."""
        if not posts:
            return
        step = (end - begin) / (len(posts) + 1)
        for index, post in enumerate(posts, 1):
            self.clock.set(begin + step * index)
            if self._deliver(post):
                self.posts[post.mistake or "ok"] += 1

    def _deliver(self, post: Post) -> bool:
        if post.where == "thread":
            self.forum.add_post(self.thread_id, post.author, post.html)
            return True
        book = self.bot.desk.book
        key = (
            book.roles.get(post.author) if post.where == "private" else book.groups.get(post.where)
        )
        conversation_id = book.ids.get(key) if key else None
        if conversation_id is None:
            return False
        if post.author not in self.forum.conversation(conversation_id).participants:
            return False
        self.forum.add_conversation_message(conversation_id, post.author, post.html)
        return True

    def settle(self) -> None:
        """Turns of the bot's loop (the due deadlines, a poll, the write queue) until it has
        done what it can now: while a read failed, a deadline waits for the forum or a
        message is due (tried again after a failure, or held a few seconds by flood
        control – then the clock moves on to then), the bot tries again, as its loop would
        a moment later."""
        for _ in range(MAX_RETRIES):
            report = loop.tick(self.bot)
            self.narrator.events()
            for result in report.sent:
                self.narrator.sent(result)
            self.planner.plan()
            if not self._busy(report):
                return
        raise RuntimeError(f"the bot could not catch up after {MAX_RETRIES} tries")

    def _busy(self, report: loop.TickReport) -> bool:
        if report.waiting or report.unread:
            return True
        due = self.bot.outbox.next_due()
        if due is None:
            return False
        now = self.clock()
        if due <= now:
            return bool(self.bot.outbox.due(now))
        if due - now <= RETRY_HOLD:
            self.clock.set(due)  # a retry's backoff or a flood wait: seconds
            return True
        return False

    def _finish(self) -> None:
        for _ in range(10):  # the last posts may still be queued
            if not self.bot.send():
                break
        left = [m for m in self.bot.outbox.messages() if m.state != "sent"]
        if left:
            states = Counter(m.state for m in left)
            unsent = say("demo.console.left_unsent", count=len(left), states=str(dict(states)))
            self.out(worded(self.rules, unsent))

    def _result(self, seconds: float) -> DemoResult:
        thread = self.forum.store.thread(self.thread_id)
        assert thread is not None
        links = self.server.app.links
        first = self.names[0]
        book = self.bot.desk.book
        conversation_id = book.ids[book.roles[first]]
        conversation = self.forum.store.conversation(conversation_id)
        assert conversation is not None
        sent = self.bot.outbox.messages(["sent"])
        return DemoResult(
            directory=self.directory,
            forum_db=self.forum_db,
            bot_db=self.bot_db,
            base_url=self.server.base_url,
            thread_url=links.thread(thread.id, thread.slug),
            conversation_url=links.conversation(conversation.id, conversation.slug),
            conversation_player=first,
            conversation_password=demo_password(1),
            conversation_login=links.login(links.conversation(conversation.id, conversation.slug)),
            conversations_url=links.controller("conversation-list"),
            markup=self.markup,
            game=self.game,
            roles=self.roles,
            game_master=self.game_master,
            phase_posts=list(self.narrator.phase_posts),
            player_posts=Counter(self.posts),
            questions=Counter(self.narrator.questions),
            bot_messages=len(sent),
            requests=self.server.request_count,
            seconds=seconds,
        )

    def bot_posts(self) -> dict[str, list[str]]:
        """What the forum shows of the bot: per channel (the thread, each conversation by
        title) its posts in the forum's order – title and HTML, without the forum's address
        (two runs, two ports)."""
        shown: dict[str, list[str]] = {}
        base = self.server.base_url
        for post in self.forum.posts(self.thread_id):
            if post.author == self.game_master:
                shown.setdefault("thread", []).append(post.subject + post.html.replace(base, "/"))
        for row in self.forum.conversations(self.game_master):
            for message in self.forum.conversation(row.id).messages:
                if message.author == self.game_master:
                    shown.setdefault(row.title, []).append(message.html.replace(base, "/"))
        return shown

    def serve_until_interrupted(self, stop: threading.Event | None = None) -> None:
        """Keep the forum up – its clock now runs on in real time from the round's end –
        until Ctrl+C (or until `stop` is set)."""
        self.clock.run()
        self.out(worded(self.rules, say("demo.console.serving", url=self.server.base_url)))
        stop = stop or threading.Event()
        try:
            while not stop.wait(1.0):
                pass
        except KeyboardInterrupt:
            pass

    def close(self) -> None:
        self.presence.__exit__(None, None, None)
        self.client.close()
        self.http.close()
        self.server.stop()
        self.forum.store.close()
        self.engine.dispose()


def run_demo(
    players: int = 12,
    seed: int = 7,
    directory: Path = DEFAULT_DIR,
    markup: Literal["5", "6"] = "6",
    *,
    serve: bool = False,
    start: datetime | None = None,
    out: Out = print,
    stop: threading.Event | None = None,
    ruleset: str = RULES_NAME,
    breaches: bool = False,
    pace: float = 0.0,
    on_started: Callable[[Demo], object] | None = None,
) -> DemoResult:
    """Play a demo round (see the module docstring), print where to look, and with `serve`
    keep the forum up until Ctrl+C (or `stop` is set). `start`: when night 1 begins
    (default: `default_start`)."""
    demo = Demo(
        players,
        seed,
        directory,
        markup,
        start=start,
        out=out,
        ruleset=ruleset,
        breaches=breaches,
        pace=pace,
        on_started=on_started,
    )
    try:
        result = demo.run()
        for line in where_to_look(result, serving=serve):
            out(line)
        if demo.breaches is not None:
            planted = ", ".join(f"{p.player} ({p.what})" for p in demo.breaches.planted)
            told = say("demo.console.breaches", planted=planted, bot_db=str(result.bot_db))
            out(worded(demo.rules, told))
        if serve:
            demo.serve_until_interrupted(stop)
        return result
    finally:
        demo.close()
