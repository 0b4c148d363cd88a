"""`wolfbot run`: the bot on a real configuration, from the Spielerliste to the
Abschlussbeitrag.

    live = Live(load_config("config.toml"))    # the forum client from the config
    live.step()                                # one pass (tests, `--once`)
    live.run(stop)                             # pass after pass until the round is over

What one pass does:

1. **Before the round** (no round in the store): the Spielerliste – the players of
   `[signup] players`, or the sign-up thread read until `[signup] closes`
   (`wolfbot.setup.signup.read_signups`; withdrawals are messages in the bot's conversations).
   Once it is closed and has `min_players`: the roles (`[roles] list`, or suggested per
   the "Rollenverteilung"), drawn with `[game] seed`, and `RoundBot.start_round` – the
   Eröffnungsbeitrag, the Rollenmitteilungen, the Wolfshöhle. Night 1 begins then.
   Too few players at the close: the Spielleitung is told in the log and the pass waits
   (extend `closes`, or list the players).
2. **During the round**: the Spielleitung's interventions, the due deadlines, the new
   posts, the write queue (`wolfbot.bot.loop.tick`), then the deadlines the game now calls
   for (`wolfbot.bot.planning.Planner`, times from `[schedule]` in `[game] timezone`,
   counted from the round's start as stored). APScheduler (`DeadlineScheduler`) wakes the
   process at each deadline between passes, so a Dämmerung is on time even with a long
   `poll_seconds`.
3. **After the round**: the last messages are sent; `run` returns.

Every pass is safe to repeat after a kill (`wolfbot.bot.round`): the store holds the round,
its schedule and the write queue."""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine

from wolfbot.balance.rating import Rating, rate
from wolfbot.bot import RoundBot, loop
from wolfbot.bot.planning import Planner
from wolfbot.forum.base import ChannelRef, Forum, ForumPost, ReadMark
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.values import PENDING, utc_now
from wolfbot.posts.context import PostContext
from wolfbot.posts.opening import outing_said
from wolfbot.rulesets import loader
from wolfbot.schedule.jobs import Deadlines, DeadlineScheduler
from wolfbot.schedule.parts import Deadline
from wolfbot.schedule.timetable import Timetable
from wolfbot.setup.config import Config
from wolfbot.setup.distribution import Assignment, assign_roles, suggest_roles
from wolfbot.setup.setups import ready_made
from wolfbot.setup.signup import Signup, read_signups
from wolfbot.store.db import session_factory, upgrade
from wolfbot.store.lookups import game_row

log = logging.getLogger("wolfbot.bot.live")
ESTIMATE_GAMES = 200  # the simulated games of the drawn role list at the start (`balance`)
Clock = Callable[[], datetime]


@dataclass(frozen=True, slots=True)
class PassReport:
    """What one pass did: `stage` is "signup", "running" or "over"."""

    stage: str
    detail: str = ""
    waiting: str | None = None  # a deadline that waits for the forum (`loop.TickReport`)


def forum_for(config: Config) -> WoltLabForum:
    section = config.forum
    return WoltLabForum(
        section.base_url,
        section.username,
        section.password.get_secret_value(),
        user_agent=section.user_agent,
        timeout=section.timeout,
        min_interval=section.request_interval,
    )


def _with_dealt_roles(options: dict, assignment: Assignment) -> dict:
    """The round's house rules with the roles the deal set aside: the Gaukler's three, the
    two left over for the Dieb."""
    out = dict(options)
    if assignment.gaukler_roles:
        out["gaukler_roles"] = list(assignment.gaukler_roles)
    if assignment.spare_roles:
        out["dieb_roles"] = list(assignment.spare_roles)
    return out


def freeze_startup_objects() -> None:
    """Keep what the process set up (the rules, the templates, the store's mappings, the
    rebuilt round) out of the garbage collector's scans: they live as long as the process,
    and scanning them again at every full collection cost a large poll a sixth of its time
    (`benchmarks/intake.py`). Garbage is collected first, so none is kept for good."""
    gc.collect()
    gc.freeze()


class Live:
    """The bot of one configured round (see the module docstring)."""

    def __init__(
        self,
        config: Config,
        *,
        forum: Forum | None = None,
        clock: Clock = utc_now,
        engine: Engine | None = None,
    ) -> None:
        self.config = config
        self.clock = clock
        self.engine = engine or upgrade(config.store.path)
        self.sessions = session_factory(self.engine)
        self.forum = forum if forum is not None else forum_for(config)
        self.rules = loader.load(config.game.ruleset)
        self.bot = RoundBot(
            self.forum,
            self.sessions,
            self.rules,
            limits=config.forum.limits.flood_limits(),
            retry=config.forum.retry.policy(),
            clock=clock,
        )
        self.alarm: DeadlineScheduler | None = None
        self.estimate: Rating | None = None  # the drawn role list's, once the round started

    # -- one pass ---------------------------------------------------------------------------
    def step(self) -> PassReport:
        started = ""
        if self.bot.game_id is None:
            waiting = self._signup()
            if self.bot.game_id is None:
                return waiting
            started = f"{waiting.detail}; "
        planner = self.planner()
        report = loop.tick(self.bot)
        planned = planner.plan()
        if self.alarm is not None and planned:
            self.alarm.add(*planned)
        if self.bot.game.state.phase.kind == "over":
            return PassReport("over", f"{started}{len(report.sent)} sent")
        phase = self.bot.game.state.phase
        detail = f"{started}{phase}, {report.processed} posts read"
        return PassReport("running", detail, waiting=report.waiting)

    def planner(self) -> Planner:
        schedule = self.config.schedule
        return Planner(
            self.bot,
            self.timetable(self.started_at()),
            night_question_time=timedelta(hours=schedule.night_question_hours),
        )

    def timetable(self, start: datetime) -> Timetable:
        return Timetable.from_config(self.config, start, phases=self.rules.phases)

    def started_at(self) -> datetime:
        """When the round began (night 1): the timetable counts from it."""
        with self.sessions() as session, session.begin():
            return game_row(session, self.bot.game_id or 0).created_at

    # -- before the round ---------------------------------------------------------------------
    def _signup(self) -> PassReport:
        section = self.config.signup
        if section is None:
            return PassReport("signup", "no [signup] section: nobody to play with")
        now = self.clock()
        if not section.thread_id:
            names, reserves, observers, ids = list(section.players), [], [], {}
        else:
            closes = (
                section.closes.replace(tzinfo=self.config.game.zone) if section.closes else None
            )
            if closes is not None and now < closes:
                return PassReport("signup", f"the sign-up closes at {closes.isoformat()}")
            signup, ids = self._read_signup(closes)
            if signup.problems:
                for problem in signup.problems:
                    log.warning("sign-up: %s", problem)
                return PassReport("signup", "; ".join(signup.problems))
            names = signup.player_names
            reserves, observers = signup.reserve_names, signup.observer_names
        ids = self._user_ids([*names, *reserves, *observers], ids)
        unknown = [name for name in names if name not in ids]
        if unknown:
            text = f"keine Forenmitglieder dieses Namens: {', '.join(unknown)}"
            log.warning("sign-up: %s", text)
            return PassReport("signup", text)
        self._start(names, reserves, observers, ids, now)
        started = f"round {self.bot.game_id} started with {len(names)} players"
        said = f"; Schätzung {self.estimate.summary()}" if self.estimate is not None else ""
        return PassReport("running", started + said)

    def _user_ids(self, names: list[str], known: dict[str, int]) -> dict[str, int]:
        """The forum's user id of each name (for mentions; a name the forum does not know
        cannot get a conversation): known from the sign-up posts, else looked up."""
        ids = dict(known)
        for name in names:
            if name not in ids:
                found = self.forum.resolve_user(name)
                if found is not None:
                    ids[name] = found
        return ids

    def _read_signup(self, closes: datetime | None) -> tuple[Signup, dict[str, int]]:
        section = self.config.signup
        assert section is not None
        posts = self._all_posts(ChannelRef("thread", section.thread_id))
        for conversation in self.forum.conversations():
            posts += self._all_posts(ChannelRef("conversation", conversation.id))
        masters = {self.forum.username, *self.config.round.game_masters}
        signup = read_signups(
            posts,
            game_master=masters,
            closes_at=closes,
            min_players=section.min_players,
            max_players=section.max_players,
            ruleset=self.rules,
        )
        ids = {p.author: p.author_id for p in posts if p.author_id is not None}
        return signup, ids

    def _all_posts(self, channel: ChannelRef) -> list[ForumPost]:
        return list(self.forum.read(channel, ReadMark()).new)

    def _default_roles(self, players: int, variants: tuple[str, ...]) -> list[str]:
        """Without `[roles] list`: the ruleset's first ready-made setup that fits (Wolf
        Village's Einsteiger), else the "Rollenverteilung" advice (the Düsterliga's)."""
        setup = ready_made(self.rules.name, players)
        if setup is not None:
            return setup[0]
        seed = self.config.game.seed
        return list(suggest_roles(players, self.rules, rng_seed=seed, variants=variants).roles)

    def _start(
        self,
        names: list[str],
        reserves: list[str],
        observers: list[str],
        ids: dict[str, int],
        now: datetime,
    ) -> None:
        config = self.config
        seed = config.game.seed
        played = config.game.options.get("variants", [])
        variants = tuple(played) if isinstance(played, list) else ()
        roles = list(config.roles.role_list) or self._default_roles(len(names), variants)
        assignment = assign_roles(names, roles, seed=seed, ruleset=self.rules)
        options = _with_dealt_roles(dict(config.game.options), assignment)
        dealt = [role for _, role in assignment.players]
        self.estimate = rate(self.rules, dealt, ESTIMATE_GAMES, seed=seed, options=options)
        # before the Rollenmitteilungen go out (with `[round] draft`: before they are approved)
        log.warning(
            "Die Rollen der Runde: %s. Schätzung %s.", ", ".join(dealt), self.estimate.summary()
        )
        context = self.context(len(names), observers, now)
        self.bot.start_round(
            assignment.as_players(),
            seed,
            context,
            thread_id=config.forum.thread_id,
            title=config.game.title,
            options=options,
            reserves=reserves,
            observers=observers,
            user_ids=ids,
            draft=config.round.draft,
        )
        log.info("round %s started: %s", self.bot.game_id, ", ".join(names))

    def context(self, players: int, observers: list[str], start: datetime) -> PostContext:
        config, section = self.config, self.config.round
        return PostContext(
            league=self.rules.title,
            ruleset=self.rules,
            season=section.season,
            round_type=section.round_type,
            round_number=section.round_number,
            round_name=section.round_name,
            title=config.game.title,
            game_masters=(config.forum.username, *section.game_masters),
            observers=tuple(observers),
            timezone=config.game.timezone,
            timetable=self.timetable(start).days(players + 2),
            rules_url=section.rules_url,
            outing=outing_said(self.rules, section.outing, section.outing_roles),
        )

    # -- the loop -------------------------------------------------------------------------------
    def run(self, stop: threading.Event | None = None) -> PassReport:
        """Pass after pass every `poll_seconds` until the round is over and its messages
        are sent (or `stop` is set); an error is logged and the next pass tries again."""
        stop = stop or threading.Event()
        freeze_startup_objects()
        interval = self.config.forum.poll_seconds
        report = PassReport("signup")
        wait: float | None = None
        try:
            while not stop.is_set():
                waiting = None
                try:
                    report = self.step()
                except Exception:
                    log.exception("the pass failed; again in %.0f s", interval)
                else:
                    log.info("%s: %s", report.stage, report.detail)
                    waiting = report.waiting
                    self._arm()
                    if report.stage == "over" and not self._unsent():
                        return report
                wait = loop.next_wait(interval, waiting, wait)
                stop.wait(wait)
        finally:
            if self.alarm is not None:
                self.alarm.shutdown(wait=False)
        return report

    def _arm(self) -> None:
        """APScheduler wakes the process at each deadline (once the round exists)."""
        if self.alarm is not None or self.bot.game_id is None:
            return
        deadlines = Deadlines(self.sessions, self.bot.game_id, clock=self.clock)
        self.alarm = DeadlineScheduler(deadlines, self._due)
        self.alarm.start()

    def _due(self, deadline: Deadline) -> None:
        with self.bot.lock:
            loop.on_due(self.bot, deadline)

    def _unsent(self) -> int:
        return len(self.bot.outbox.messages(list(PENDING)))

    def close(self) -> None:
        if self.alarm is not None:
            self.alarm.shutdown(wait=False)
        close = getattr(self.forum, "close", None)
        if callable(close):
            close()
        self.engine.dispose()
