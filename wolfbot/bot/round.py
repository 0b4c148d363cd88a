"""`RoundBot`: one round, from the forum to the engine and back, restartable at any point.

    bot = RoundBot(forum, sessions, rules, context=context)   # rebuilds a stored round
    bot.start_round([("Anna", "Werwolf"), ...], seed=7, thread_id=12)   # or starts one
    bot.poll(); bot.deadline("dusk 1"); bot.send()

The engine stays pure; this is the I/O shell around it. Where each thing lives:

- the round (seed, roster, every processed post, every event, the deadlines done): the store
  (`wolfbot.store.records`), one transaction per batch of posts (up to `POSTS_PER_BATCH`)
  or per deadline;
- every message to write: the write queue (`Outbox`), under a key derived from the event
  that made it (`channels.Keys`), so that publishing an event twice queues it once;
- the game in memory: rebuilt from the store whenever a bot starts (`replay`), and the
  publisher with it – each replayed step is published again, which queues exactly the
  messages a kill between recording and queueing had lost;
- the read marks: in memory only, re-derived on a start from the processed posts
  (`stored.read_floors`). Reading from an older mark is safe: a post processed already is
  recognised (`records.is_processed`, or by its id when it was edited since) and skipped,
  and so are the bot's own posts.

A kill at any point therefore loses nothing and doubles nothing: a post is either recorded
with its events (and never given to the engine again) or not (and is read again); its
messages are queued by key; the queue never sends a message twice (`Outbox`).
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from jinja2 import Environment
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import conduct, foreign, interventions, replay, stored
from wolfbot.bot.channels import ChannelBook, Keys, Reading
from wolfbot.bot.edits import note_deletion, note_edit
from wolfbot.bot.reading import PollReport, read_channels
from wolfbot.bot.writing import Desk
from wolfbot.conduct.watch import ConductWatch
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.forum.base import ChannelRef, Forum, ForumPost, ReadMark
from wolfbot.outbox.queue import FloodLimits, Outbox, RetryPolicy, SendResult
from wolfbot.outbox.values import utc_now
from wolfbot.posts.context import PostContext
from wolfbot.posts.context_json import context_from_json, context_to_json
from wolfbot.posts.publisher import Publisher, environment
from wolfbot.spelling import name_key
from wolfbot.store import records
from wolfbot.store.batch import RowBatch
from wolfbot.store.models import InputPost
from wolfbot.store.results import run_post

log = logging.getLogger("wolfbot.bot")
_MAX_CHAIN = 100  # questions raised by deciding questions: far more than any round has


@functools.cache
def _environment(templates: Path | None) -> Environment:
    """The templates, compiled once per process (Jinja reloads a file that changed)."""
    return environment(templates)


# While a channel cannot be read, the posts written after its last known post wait for it
# (`read_channels`), so the engine sees every post in the order written. A channel that
# fails longer than this (deleted, the bot shut out) no longer holds the others: its own
# posts count when it reads again, the deadlines still wait for it (`wolfbot status`).
HOLD_FOR_A_FAILED_READ = timedelta(minutes=10)

# The posts of a poll are stored in transactions of this many (their rows written together);
# when one fails, its posts are taken again one per transaction, so a post that cannot be
# taken costs only itself.
POSTS_PER_BATCH = 200


class RoundBot:
    """The bot of one round (see the module docstring). Used from one thread."""

    def __init__(
        self,
        forum: Forum,
        sessions: sessionmaker[Session],
        rules: Ruleset,
        *,
        context: PostContext | None = None,
        outbox: Outbox | None = None,
        limits: FloodLimits | None = None,
        retry: RetryPolicy | None = None,
        clock: Callable[[], datetime] = utc_now,
        game_id: int | None = None,
        templates: Path | None = None,
    ) -> None:
        """Rebuild the round `game_id` (default: the newest round in the store, if any; one
        that is over is loaded too – its last messages may still be unqueued – and a new
        round may then be started)."""
        self.forum = forum
        self.sessions = sessions
        self.rules = rules
        self.context = (context or PostContext()).for_rules(rules)
        self.clock = clock
        self.outbox = outbox or Outbox(sessions, limits, clock, retry=retry, marks=self.mark_of)
        self._templates = templates
        self.lock = threading.RLock()  # for callers in other threads (the alarm clock)
        self.game_id: int | None = None
        self._game: Game | None = None
        self._desk: Desk | None = None
        self._marks: dict[ChannelRef, ReadMark] = {}
        self._read_up_to: dict[ChannelRef, datetime] = {}  # read to its end after a deadline
        self._failing: dict[ChannelRef, datetime] = {}  # channels whose reads fail, since
        self._floors: dict[str, int] = {}
        self._outside: foreign.Outside | None = None  # conversations the bot did not open
        found = game_id if game_id is not None else stored.latest_game(sessions)
        if found is not None:
            self._load(found)

    @property
    def game(self) -> Game:
        if self._game is None:
            raise RuntimeError("no round: start_round first")
        return self._game

    @property
    def desk(self) -> Desk:
        if self._desk is None:
            raise RuntimeError("no round: start_round first")
        return self._desk

    # -- the round -------------------------------------------------------------------------
    def start_round(
        self,
        players: Sequence[tuple[str, str]],
        seed: int,
        context: PostContext | None = None,
        *,
        thread_id: int,
        title: str | None = None,
        options: dict | None = None,
        reserves: Sequence[str] = (),
        observers: Sequence[str] = (),
        user_ids: dict[str, int] | None = None,
        draft: bool = False,
    ) -> int:
        """Create the round in the store and queue its start: the Eröffnungsbeitrag, a
        Rollenmitteilung conversation per player, the conversations the start opens
        (Wolfshöhle, …). Returns the game id. Killed half-way, the next `RoundBot` finds the
        round and queues what is missing (a kill before the players were stored leaves an
        empty game row, which is never loaded: start again). The context is stored with
        the round (a restart and `wolfbot replay` publish with exactly it); `reserves` and
        `observers` are stored for the Spielleitung (a Reservespieler may replace a player);
        `user_ids` (forum user ids by name) make mentions WoltLab's own; `draft`: every
        thread post waits for `wolfbot approve`."""
        if self._game is not None and self._game.state.phase.kind != "over":
            raise RuntimeError(f"round {self.game_id} is running; one RoundBot, one round")
        self.context = (context or self.context).for_rules(self.rules)
        if user_ids:
            self.context = replace(self.context, user_ids={**self.context.user_ids, **user_ids})
        # the live bot waits at each information stage ("teilt ... mit ... kann nun")
        options = {"split_night": True, **(options or {})}
        with self.sessions() as session:
            game_id = records.create_game(
                session,
                title=title or self.context.round_title,
                ruleset=self.rules.name,
                seed=seed,
                options=options,
                thread_id=thread_id,
                now=self.clock(),
                context=context_to_json(self.context),
                draft=draft,
                ballot_words=self.rules.ballot_words,
            )
            ids = dict(self.context.user_ids)
            new = [
                records.NewPlayer(n, position=i, role=r, forum_user_id=ids.get(n))
                for i, (n, r) in enumerate(players, 1)
            ]
            new += [records.NewPlayer(n, "reserve", forum_user_id=ids.get(n)) for n in reserves]
            new += [records.NewPlayer(n, "observer", forum_user_id=ids.get(n)) for n in observers]
            records.add_players(session, game_id, new)
        log.info("round %d created: %d players, seed %d", game_id, len(players), seed)
        self._load(game_id)
        return game_id

    def _load(self, game_id: int) -> None:
        """Rebuild the game from the store and queue whatever its steps should have queued."""
        data = stored.load_round(self.sessions, game_id)
        if data.ruleset != self.rules.name:
            raise ValueError(f"round {game_id} is played by {data.ruleset}, not {self.rules.name}")
        self.game_id, self._game, self._marks = game_id, None, {}
        self._outside = foreign.Outside(self.sessions, game_id)
        if data.context is not None:  # the round is published with the context it began with
            self.context = context_from_json(data.context).for_rules(self.rules)
        thread = ChannelRef("thread", data.thread_id) if data.thread_id else None
        publisher = Publisher(env=_environment(self._templates))
        desk = Desk(
            self.outbox,
            ChannelBook(Keys(game_id), thread),
            publisher,
            self.context,
            self.sessions,
            data.conversations,
            self.forum.dialect,
            post_url=self.forum.post_url,
        )
        game = replay.new_game(self.rules, data.roster, data.seed, data.options)
        recorded = list(data.events)
        if not recorded:  # killed between storing the players and recording the start
            with self.sessions() as session:
                records.record_events(session, game_id, game.state.log, 0, now=self.clock())
            recorded = list(game.state.log)
        context = self.context
        desk.watch = ConductWatch(self.rules, context.outing_rules, context.outing_roles)
        with desk.rebuilding():
            desk.start(game)
            step = functools.partial(interventions.publish, desk, game)
            remember = conduct.remembering(desk.watch, game)
            replay.replay(game, recorded, data.inputs, step, self.forum.dialect, on_post=remember)
        desk.watch.prepare(tuple(p.name for p in game.state.players))
        self._game, self._desk = game, desk
        with self.sessions() as session:
            self._floors = stored.read_floors(session, game_id)
        with self.sessions() as session:
            self._marks = stored.read_marks(session, game_id)  # resume where each read stopped
        desk.learn(game_id)
        log.info("round %d loaded: %s, %d events", game_id, game.state.phase, len(recorded))

    # -- reading -----------------------------------------------------------------------------
    def poll(self, until: datetime | None = None) -> PollReport:
        """Read the thread and every conversation of the round since their marks, and give
        each new post to the engine (oldest first). With `until`, posts written after it wait
        for the next poll (a deadline at `until` comes between them)."""
        if self.game.state.phase.kind == "over":
            return PollReport()
        self.desk.learn(self._id)
        done = {c for c, up_to in self._read_up_to.items() if until is not None and up_to >= until}
        readings = self.desk.book.readings()
        now = self.clock()
        broken = {c for c, since in self._failing.items() if now - since > HOLD_FOR_A_FAILED_READ}
        batch, report = read_channels(
            self.forum, readings, self._mark, until, done=done, broken=broken
        )
        self._failing = {c: self._failing.get(c, now) for c in report.failed}
        if until is not None:
            self._read_up_to.update(dict.fromkeys(report.complete, until))
        wanted = [(post, reading) for post, reading in batch if self._wanted(post, reading)]
        for start in range(0, len(wanted), POSTS_PER_BATCH):
            report.processed += self._take_batch(wanted[start : start + POSTS_PER_BATCH])
        edits = [(post, reading) for post, reading in report.edits if self._wanted(post, reading)]
        if edits or report.deleted:  # before the marks: a stored mark has seen them
            self._take_changes([post for post, _ in edits], report.deleted)
        self._marks.update(report.marks)
        if report.marks:  # after the posts are recorded: a stored mark is never ahead of them
            with self.sessions() as session:
                stored.save_read_marks(session, self._id, report.marks, self.clock())
        if self._outside is not None and report.activity is not None:
            here = foreign.Round.of(self.desk.book, self.game, self.context)
            self._outside.watch(self.forum, report.activity, here, self.clock())
        return report

    def mark_of(self, channel: ChannelRef) -> ReadMark | None:
        """The reader's mark of a channel (the write queue's free lower bound)."""
        return self._marks.get(channel)

    def _mark(self, reading: Reading) -> ReadMark:
        known = self._marks.get(reading.ref)
        if known is not None:
            return known
        return ReadMark(last_post_id=max(reading.floor, self._floors.get(str(reading.ref), 0)))

    def _wanted(self, post: ForumPost, reading: Reading) -> bool:
        """Not the bot's own post, and in a player's conversation only the player's."""
        author = name_key(post.author)
        if author == name_key(self.forum.username):
            return False
        if reading.owner is not None and author != name_key(reading.owner):
            log.warning(
                "%s: %s wrote in %s's conversation; ignored",
                reading.ref,
                post.author,
                reading.owner,
            )
            return False
        return True

    def _take_batch(self, posts: Sequence[tuple[ForumPost, Reading]]) -> int:
        """Take the posts in one transaction: their rows are written together, optimistic
        that every message they queue is new. If anything fails, nothing of them is
        stored, the round is rebuilt from the store and they are taken one per
        transaction instead (`_take_one`). Returns how many were processed now."""
        if len(posts) == 1:
            return self._take_one(*posts[0])
        try:
            with self.sessions() as session, session.begin():
                batch = RowBatch(session, optimistic=True)
                known = records.versions_of(session, self._id, [post for post, _ in posts])
                taken = 0
                for post, reading in posts:
                    earlier = known.get((str(post.channel), post.post_id), [])
                    taken += self._take(post, reading, batch, earlier)
                batch.write()
            return taken
        except Exception as error:
            log.warning("a batch of %d posts is taken again post by post: %r", len(posts), error)
            self._load(self._id)  # the game in memory may be ahead of the store
        return sum(self._take_one(post, reading) for post, reading in posts)

    def _take_one(self, post: ForumPost, reading: Reading) -> int:
        """Take one post in a transaction of its own: all of it is stored or none (a
        failure rebuilds the game from the store, and the post is read again next time)."""
        with self.sessions() as session, session.begin():
            batch = RowBatch(session)
            try:
                taken = self._take(post, reading, batch, records.versions(session, self._id, post))
                batch.write()
            except Exception:
                log.exception("%s: post %d failed; the round is rebuilt", reading.ref, post.post_id)
                session.rollback()
                self._load(self._id)
                raise
        return taken

    def _take_changes(
        self, edits: Sequence[ForumPost], deleted: Sequence[tuple[ChannelRef, int]]
    ) -> None:
        """The edits and deletions of processed posts a poll saw, in one transaction: each
        version kept, the authors told (`wolfbot.bot.edits`). A failure is logged: the
        game does not depend on them."""
        now, phase = self.clock(), str(self.game.state.phase)
        try:
            with self.sessions() as session, session.begin():
                batch = RowBatch(session)
                known = records.versions_of(session, self._id, edits)
                for post in edits:
                    earlier = known.get((str(post.channel), post.post_id), [])
                    note_edit(self.desk, self.rules, self._id, phase, post, batch, earlier, now)
                batch.write()
                batch = RowBatch(session)
                for channel, post_id in deleted:
                    if note_deletion(self.desk, self.rules, self._id, channel, post_id, batch):
                        log.warning("%s: post %d was deleted after it was read", channel, post_id)
                batch.write()
        except Exception:
            log.exception("edits and deletions of this poll could not be recorded")

    def _take(
        self, post: ForumPost, reading: Reading, batch: RowBatch, earlier: list[InputPost]
    ) -> int:
        """Skip the post (`earlier`: its recorded versions), or run it through the engine,
        stage its rows in `batch` and queue what it did. Returns 1 if it was processed. A
        post processed already in another version was edited since (read again from an
        older mark): that version is kept and answered as an edit (`note_edit`)."""
        done = {row.content_hash for row in earlier if row.processed_at is not None}
        if post.content_hash in done:
            return 0
        if done:
            log.warning(
                "%s: post %d was edited after it was processed; the first version counts",
                reading.ref,
                post.post_id,
            )
            phase = str(self.game.state.phase)
            note_edit(self.desk, self.rules, self._id, phase, post, batch, earlier, self.clock())
            return 0
        start = len(self.game.state.log)
        results = run_post(self.game, post.author, reading.engine, post.body)
        now = self.clock()
        recorded = records.add_input(batch, self._id, post, results, now=now, earlier=earlier)
        watch = self.desk.watch
        if watch is not None:
            where = (str(post.channel), post.url)
            flags = conduct.post_flags(
                watch, self.game, post.author, reading.engine, where, post.body
            )
            phase = str(self.game.state.phase)
            conduct.stage(batch, self._id, recorded.input_id, post, flags, phase=phase, now=now)
        self.desk.publish(self.game, start, results.events, batch)
        return 1

    # -- time ----------------------------------------------------------------------------------
    def deadline(self, name: str) -> list[ev.Event]:
        """The deadline `name` has passed (`wolfbot.schedule.parts` names it by what begins:
        "day 2" ends night 2, "question 7" ends a question's time): advance the game, record
        its events and mark `name` done in one transaction, publish. A name done already does
        nothing (a restarted scheduler may hand it out twice). Poll first: a post read later
        counts in the next phase (`loop.on_due` does both)."""
        if not self._pending(name):
            log.info("deadline %s was done already", name)
            return []
        return self._advance(name)

    def decide_open_questions(self, why: str) -> list[ev.Event]:
        """The time of every open question is up (`why`: the deadline that says so): each is
        decided as its deadline decides it (no choice / lot), and so is every question that
        decision raises (a Jäger shot by a Jäger), until none is open or the game is over.
        Each step is recorded like a deadline's advance (without marking a deadline)."""
        events: list[ev.Event] = []
        for _ in range(_MAX_CHAIN):
            if not self.game.state.questions or self.game.state.phase.kind == "over":
                break
            log.info("%s: the open questions are decided", why)
            events += self._advance(None)
        return events

    def _advance(self, done: str | None) -> list[ev.Event]:
        """One `Game.advance()`, recorded (marking `done` in the same transaction), published."""
        start = len(self.game.state.log)
        events = self.game.advance()
        with self.sessions() as session:
            try:
                records.record_events(session, self._id, events, start, done=done, now=self.clock())
            except Exception:
                log.exception("deadline %s: recording failed; the round is rebuilt", done)
                self._load(self._id)
                raise
        log.info("deadline %s: %d events, now %s", done, len(events), self.game.state.phase)
        self.desk.publish(self.game, start, events)
        return events

    def zwischenstand(self, name: str) -> bool:
        """Queue the Zwischenstand of the schedule entry `name` once (only by day: False
        otherwise, and when it was done already)."""
        if not self._pending(name):
            return False
        by_day = self.game.state.phase.by_day
        if by_day:
            message = self.desk.publisher.zwischenstand(self.game, self.context)
            self.desk.post_now(self.desk.book.keys.on_demand(name), message.title, message.html)
        with self.sessions() as session:
            records.mark_done(session, self._id, name, now=self.clock())
        return by_day

    def _pending(self, name: str) -> bool:
        """Whether the schedule entry `name` is still to be done (planned now if missing)."""
        with self.sessions() as session:
            state = stored.schedule_state(session, self._id, name)
            if state == "missing":
                records.schedule(session, self._id, name, self.clock())
        return state != "done"

    # -- the Spielleitung (`wolfbot.bot.interventions`) ----------------------------------------
    def apply_interventions(self) -> int:
        """Apply the Spielleitung's pending interventions in order (each recorded, or
        refused with the engine's reason); returns how many were applied."""
        return interventions.apply_pending(self)

    def expire_question(self, name: str) -> list[ev.Event]:
        """The deadline "question <id>" has passed: that question alone is decided (no
        choice / lot), recorded as an `expire` intervention; the entry is marked done."""
        return interventions.expire_question(self, name)

    # -- writing -------------------------------------------------------------------------------
    def send(self, limit: int = 10_000) -> list[SendResult]:
        """Publish the due messages of the write queue until none is due (or the forum
        refused the login); returns what each try did."""
        results: list[SendResult] = []
        while len(results) < limit:
            result = self.outbox.send_next(self.forum)
            if result is None:
                break
            results.append(result)
            if result.status == "login_failed":
                break
        if self._desk is not None and self._desk.learn(self._id) and len(results) < limit:
            results += self.send(limit - len(results))  # the Eröffnungsbeitrag's new link
        return results

    @property
    def _id(self) -> int:
        if self.game_id is None:
            raise RuntimeError("no round: start_round first")
        return self.game_id
