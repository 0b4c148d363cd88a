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
its schedule and the write queue.

**What the Spielleitung reads.** This module's log (`JOURNAL`) is the Spielleitung's, in
German: the start (the roles drawn, their estimate and what it means), each pass with `-v`,
and the forum's state – one line when it stops answering ("nicht erreichbar"), one when it
answers again; while it does not, the passes come at growing pauses (5 s, 10 s, 20 s, … up
to `RETRY_MAX` or `poll_seconds`), and no traceback is logged but at DEBUG. A login the
forum refuses ends `run` at once (`LoginFailed`): WoltLab blocks an address after ten
failed logins, so it is never tried again by itself. The other modules' logs are the
developers' (English; `wolfbot --debug run` shows them)."""

from __future__ import annotations

import gc
import logging
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import httpx
from sqlalchemy import Engine

from wolfbot.bot import RoundBot, loop
from wolfbot.bot.estimate import Estimate, estimate
from wolfbot.bot.journal import JOURNAL, ForumWatch
from wolfbot.bot.planning import Planner
from wolfbot.forum import software
from wolfbot.forum.base import (
    ChannelRef,
    Forum,
    ForumClient,
    ForumError,
    ForumPost,
    LoginFailed,
    ReadMark,
)
from wolfbot.forum.trouble import described
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

log = logging.getLogger(JOURNAL)
FORUM_TROUBLE = (ForumError, httpx.HTTPError, ConnectionError, TimeoutError)
Clock = Callable[[], datetime]


@dataclass(frozen=True, slots=True)
class PassReport:
    """What one pass did: `stage` is "signup", "running" or "over"; `detail` says it in
    German, for the Spielleitung."""

    stage: str
    detail: str = ""
    waiting: str | None = None  # a deadline that waits for the forum (`loop.TickReport`)
    unread: int = 0  # channels the pass could not read (the forum failed them)
    trouble: str = ""  # why, in the Spielleitung's words (`forum.trouble`)


STAGE_WORDS = {"signup": "Anmeldung", "running": "Runde läuft", "over": "Runde vorbei"}


@dataclass(frozen=True, slots=True)
class Deal:
    """The roles of a round dealt to its players (`Live.deal`): the assignment, and the
    house rules with the roles the deal set aside."""

    assignment: Assignment
    options: dict

    @property
    def roles(self) -> list[str]:
        return [role for _, role in self.assignment.players]


def forum_for(config: Config) -> ForumClient:
    """The forum of `[forum]`, by the software it names (`wolfbot.forum.software`)."""
    section = config.forum
    connection = software.Connection(
        section.base_url,
        section.username,
        section.password.get_secret_value(),
        user_agent=section.user_agent,
        timeout=section.timeout,
        request_interval=section.request_interval,
    )
    return software.named(section.software).connect(connection)


def _with_dealt_roles(options: dict, assignment: Assignment) -> dict:
    """The round's house rules with the roles the deal set aside, each in its role's house
    rule (the Gaukler's three in `gaukler_roles`, the two left over for the Dieb in
    `dieb_roles`)."""
    return {**options, **{rule: list(roles) for rule, roles in assignment.set_aside.items()}}


def roles_said(roles: list[str]) -> str:
    """ "Alter Wolf, 6× Bürger, 2× Werwolf" – sorted, so that the list does not follow the
    Spielerliste."""
    counts = Counter(roles)
    return ", ".join(f"{n}× {role}" if n > 1 else role for role, n in sorted(counts.items()))


def _phase_words(phase: str) -> str:
    """ "night 1" → "Nacht 1" (the words of `wolfbot status`)."""
    kind, _, number = phase.partition(" ")
    words = {"night": "Nacht", "day": "Tag", "dusk": "Dämmerung", "runoff": "Stichwahl"}
    return f"{words[kind]} {number}" if kind in words else phase


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
        self.estimate: Estimate | None = None  # the drawn role list's, once the round started
        self._stop: threading.Event | None = None  # `run`'s
        self._refused: LoginFailed | None = None  # a login refused in the alarm's thread

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
        if self.bot.outbox.login_error is not None:
            raise LoginFailed(self.bot.outbox.login_error)
        self._tell_refusals(report.sent)
        planned = planner.plan()
        if self.alarm is not None and planned:
            self.alarm.add(*planned)
        unread = len(report.unread)
        trouble = "; ".join(sorted({described(e) for e in report.unread.values()}))
        if self.bot.game.state.phase.kind == "over":
            sent = sum(1 for r in report.sent if r.published)
            return PassReport("over", f"{started}{sent} Nachrichten veröffentlicht", None, unread)
        phase = _phase_words(str(self.bot.game.state.phase))
        detail = f"{started}{phase}, {report.processed} neue Beiträge gelesen"
        return PassReport("running", detail, report.waiting, unread, trouble)

    def _tell_refusals(self, sent: list) -> None:
        """A message the forum refused, or gave up after every try, waits for the
        Spielleitung (`wolfbot status` shows why)."""
        for result in sent:
            if result.status == "blocked":
                log.warning(
                    "Das Forum hat die Nachricht %s abgelehnt (%s); `wolfbot status` zeigt sie.",
                    result.key,
                    described(result.error or ""),
                )
            elif result.status == "failed":
                log.warning(
                    "Die Nachricht %s ging nach allen Versuchen nicht hinaus (%s); "
                    "`wolfbot status` zeigt sie.",
                    result.key,
                    described(result.error or ""),
                )

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
            return PassReport("signup", "kein Abschnitt [signup]: niemand, der mitspielt")
        now = self.clock()
        if not section.thread_id:
            names, reserves, observers, ids = list(section.players), [], [], {}
        else:
            closes = (
                section.closes.replace(tzinfo=self.config.game.zone) if section.closes else None
            )
            if closes is not None and now < closes:
                return PassReport("signup", f"die Anmeldung endet am {closes:%d.%m.%Y um %H:%M}")
            signup, ids = self._read_signup(closes)
            if signup.problems:
                for problem in signup.problems:
                    log.warning("Anmeldung: %s", problem)
                return PassReport("signup", "; ".join(signup.problems))
            names = signup.player_names
            reserves, observers = signup.reserve_names, signup.observer_names
        ids = self._user_ids([*names, *reserves, *observers], ids)
        unknown = [name for name in names if name not in ids]
        if unknown:
            text = f"keine Forenmitglieder dieses Namens: {', '.join(unknown)}"
            log.warning("Anmeldung: %s", text)
            return PassReport("signup", text)
        self._start(names, reserves, observers, ids, now)
        started = f"Runde {self.bot.game_id} begonnen mit {len(names)} Spielern"
        said = ""
        if self.estimate is not None:
            said = f"; Schätzung {self.estimate.said()}"
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

    def deal(self, names: list[str]) -> Deal:
        """The roles of `names` – `[roles] list`, or the ruleset's default for their number –
        drawn with `[game] seed` (the same names give the same deal: `wolfbot check-config`
        shows it before the round)."""
        config = self.config
        played = config.game.options.get("variants", [])
        variants = tuple(played) if isinstance(played, list) else ()
        roles = list(config.roles.role_list) or self._default_roles(len(names), variants)
        assignment = assign_roles(
            names, roles, seed=config.game.seed, ruleset=self.rules, house_rules=config.game.options
        )
        return Deal(assignment, _with_dealt_roles(dict(config.game.options), assignment))

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
        dealt = self.deal(names)
        self.estimate = estimate(self.rules, dealt.roles, seed, dealt.options)
        # before the Rollenmitteilungen go out (with `[round] draft`: before they are approved)
        log.warning(
            "Die Rollen der Runde: %s. Schätzung %s", roles_said(dealt.roles), self.estimate.said()
        )
        self.start_round(dealt, names, reserves, observers, ids, now)
        with self.sessions() as session, session.begin():  # for `wolfbot status`
            row = game_row(session, self.bot.game_id or 0)
            row.context = {**(row.context or {}), "estimate": self.estimate_record(dealt)}
        log.warning(
            "Runde %s begonnen mit %d Spielern: %s.", self.bot.game_id, len(names), ", ".join(names)
        )

    def start_round(
        self,
        dealt: Deal,
        names: list[str],
        reserves: list[str],
        observers: list[str],
        ids: dict[str, int],
        now: datetime,
        *,
        thread_id: int | None = None,
    ) -> None:
        """The round in the store and its start in the write queue (`RoundBot.start_round`;
        `thread_id`: another than `[forum] thread_id`)."""
        context = self.context(len(names), observers, now)
        self.bot.start_round(
            dealt.assignment.as_players(),
            self.config.game.seed,
            context,
            thread_id=thread_id or self.config.forum.thread_id,
            title=self.config.game.title,
            options=dealt.options,
            reserves=reserves,
            observers=observers,
            user_ids=ids,
            draft=self.config.round.draft,
        )

    def estimate_record(self, dealt: Deal) -> dict:
        """The estimate as `wolfbot status` reads it from the round's context."""
        assert self.estimate is not None
        return {
            "roles": sorted(dealt.roles),  # not in the players' order
            "summary": self.estimate.rating.summary(),
            "meaning": self.estimate.meaning,
        }

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
            outing_rules=tuple(section.outing),
            outing_roles=tuple(section.outing_roles),
        )

    # -- the loop -------------------------------------------------------------------------------
    def run(self, stop: threading.Event | None = None) -> PassReport:
        """Pass after pass every `poll_seconds` until the round is over and its messages
        are sent (or `stop` is set). A pass the forum fails is tried again at growing
        pauses (`ForumWatch`); a refused login ends the run (`LoginFailed` is raised)."""
        stop = stop or threading.Event()
        self._stop = stop
        freeze_startup_objects()
        interval = self.config.forum.poll_seconds
        watch = ForumWatch(self.config.forum.base_url, interval)
        report = PassReport("signup", "die Runde hat noch nicht begonnen")
        wait: float | None = None
        try:
            while not stop.is_set():
                try:
                    report = self.step()
                except LoginFailed:
                    raise
                except FORUM_TROUBLE as error:
                    log.debug("the pass failed", exc_info=True)
                    stop.wait(watch.failed(described(error)))
                    continue
                except Exception as error:  # a bug: the next pass tries again
                    log.debug("the pass failed", exc_info=True)
                    why = f"{type(error).__name__}: {error}"
                    stop.wait(watch.failed(why, forum=False))
                    continue
                if self._refused is not None:
                    raise self._refused
                watch.passed(report.unread, report.trouble, report.waiting)
                log.info("%s: %s", STAGE_WORDS.get(report.stage, report.stage), report.detail)
                self._arm()
                if report.stage == "over" and not self._unsent():
                    return report
                wait = loop.next_wait(interval, report.waiting, wait)
                stop.wait(wait)
            if self._refused is not None:
                raise self._refused
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
        """A deadline, in the alarm clock's thread: the forum's failures are the next
        pass's to tell (the deadline stays due); a refused login stops `run`."""
        try:
            with self.bot.lock:
                loop.on_due(self.bot, deadline)
        except LoginFailed as error:
            self._refused = error
            if self._stop is not None:
                self._stop.set()
        except (*FORUM_TROUBLE, loop.DeadlineWaits):
            log.debug("deadline %s waits for the next pass", deadline.name, exc_info=True)

    def _unsent(self) -> int:
        return len(self.bot.outbox.messages(list(PENDING)))

    def close(self) -> None:
        if self.alarm is not None:
            self.alarm.shutdown(wait=False)
        close = getattr(self.forum, "close", None)
        if callable(close):
            close()
        self.engine.dispose()
