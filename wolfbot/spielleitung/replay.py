"""`wolfbot replay`: rebuild a round from its stored inputs and seed – with the bot's own
replay (`wolfbot.bot.replay`), exactly as a restarted bot rebuilds it – and compare

1. the rebuilt event log with the stored events (`events`), and
2. the messages the bot's publisher makes of each step (`Desk`, the bot's own routing and
   write-queue keys) with the messages the write queue has published under the same keys.

The messages are collected, never queued: the store is not changed. Their text depends on
the round's `PostContext` (title, schedule, Spielleitung …) – stored with the round when it
was started (`games.context`) and used here unless another is passed (`context`) – and on
the template folder, which the store does not hold (`templates`); or compare the events
alone (`messages=False`). Posts made on demand (the Zwischenstände)
are not made by a replay and not compared.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import interventions, replay, stored
from wolfbot.bot.channels import ChannelBook, Keys
from wolfbot.bot.writing import Desk
from wolfbot.engine import events as ev
from wolfbot.forum import software
from wolfbot.forum.base import ChannelRef
from wolfbot.outbox.rows import check_participants, snapshot, validate
from wolfbot.outbox.values import FloodLimits, QueuedMessage
from wolfbot.posts.context import PostContext
from wolfbot.posts.context_json import context_from_json
from wolfbot.posts.publisher import Publisher, environment
from wolfbot.rulesets import loader
from wolfbot.store.models import EventRow, OutgoingMessage
from wolfbot.store.results import event_from_payload

ContextFor = Callable[[stored.StoredRound], PostContext]
NOTHING = "(nichts)"


@dataclass(frozen=True, slots=True)
class Made:
    """A message the replay would queue (one `Outbox.enqueue` call)."""

    key: str
    kind: str
    title: str | None
    html: str
    participants: tuple[str, ...]


class Collector:
    """Stands in for the `Outbox` behind the bot's `Desk`: keeps what would be queued
    (the first message of a key, as the outbox does) and refuses conversations over the
    participant limit as the outbox does, so the Desk routes around them the same way."""

    def __init__(self, limits: FloodLimits) -> None:
        self.limits = limits
        self.made: dict[str, Made] = {}

    def enqueue(
        self,
        key: str,
        kind: str,
        channel: ChannelRef | str | None = None,
        html: str = "",
        title: str | None = None,
        participants: Sequence[str] = (),
        priority: int = 0,
        *,
        parent: str | None = None,
        not_before: object = None,
        target: int | None = None,
        draft: bool = False,
        batch: object = None,  # nothing is stored
    ) -> int:
        _, people = validate(key, kind, channel, html, title, participants, parent, target)
        if kind == "conversation":
            check_participants(self.limits.max_participants, title or "", people)
        self.made.setdefault(key, Made(key, kind, title, html, tuple(people)))
        return len(self.made)

    def messages(self, states: object = None) -> list[QueuedMessage]:
        return []


@dataclass(frozen=True, slots=True)
class Difference:
    """The first place where the replay and the store disagree. `expected`: what the
    store holds (was published); `found`: what the replay gives."""

    what: str  # "event" or "message"
    index: int | None  # the event's index in the log (for a message: of the event it was made of)
    expected: str
    found: str
    key: str | None = None  # the write-queue key of a message
    detail: str = ""


@dataclass
class ReplayReport:
    game_id: int
    events: int = 0  # stored
    rebuilt: int = 0  # events the replay made
    inputs: int = 0
    compared: bool = False  # the messages were compared (the events are identical)
    messages: int = 0  # published messages compared
    unpublished: int = 0  # messages the replay makes that are not published (yet)
    difference: Difference | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return self.difference is None


def replay_round(
    sessions: sessionmaker[Session],
    game_id: int,
    *,
    context: PostContext | ContextFor | None = None,
    templates: Path | None = None,
    limits: FloodLimits | None = None,
    messages: bool = True,
) -> ReplayReport:
    """Rebuild round `game_id` and compare it with the store (see the module docstring).
    Raises `stored.RoundNotFound` for a round that cannot be rebuilt at all."""
    report = ReplayReport(game_id)
    try:
        data = stored.load_round(sessions, game_id)
    except stored.RoundNotFound:
        raise
    except Exception as error:  # a stored event that is no event any more
        report.difference = _unreadable_event(sessions, game_id, error)
        return report
    report.events, report.inputs = len(data.events), len(data.inputs)
    rules = loader.load(data.ruleset)
    game = replay.new_game(rules, data.roster, data.seed, data.options)
    ctx = context(data) if callable(context) else context or _stored_context(data)
    ctx = ctx.for_rules(rules)
    collector = Collector(limits or FloodLimits())
    thread = ChannelRef("thread", data.thread_id) if data.thread_id else None
    publisher = Publisher(env=environment(templates))
    book = ChannelBook(Keys(game_id), thread)
    dialect = software.stored_dialect()
    desk = Desk(collector, book, publisher, ctx, sessions, data.conversations, dialect)  # type: ignore[arg-type]
    failure: Exception | None = None
    try:
        desk.start(game)
        step = functools.partial(interventions.publish, desk, game)
        replay.replay(game, data.events, data.inputs, step, dialect)
    except Exception as error:  # ReplayError, or the engine refusing a stored input
        failure = error
    report.rebuilt = len(game.state.log)
    report.difference = first_event_difference(data.events, game.state.log, failure)
    if report.difference is None and messages:
        published = _published(sessions, game_id)
        report.compared = True
        report.messages = sum(1 for m in published if m.state == "sent")
        report.difference, report.unpublished = compare_messages(collector.made, published)
    elif not messages:
        report.notes.append("Nachrichten nicht verglichen (--events-only)")
    return report


def first_event_difference(
    stored_log: Sequence[ev.Event], rebuilt: Sequence[ev.Event], failure: Exception | None
) -> Difference | None:
    for index in range(max(len(stored_log), len(rebuilt))):
        mine = rebuilt[index] if index < len(rebuilt) else None
        theirs = stored_log[index] if index < len(stored_log) else None
        if mine != theirs:
            found = repr(mine) if mine is not None else NOTHING
            if mine is None and failure is not None:
                found = f"{NOTHING} – der Nachbau bricht ab: {failure}"
            expected = repr(theirs) if theirs is not None else f"{NOTHING} (Protokoll endet)"
            return Difference("event", index, expected, found)
    if failure is not None:
        return Difference("event", len(rebuilt), "", f"der Nachbau bricht ab: {failure}")
    return None


_EVENT_KEY = re.compile(r"^g\d+/e(\d+)/")


def compare_messages(
    made: dict[str, Made], published: list[QueuedMessage]
) -> tuple[Difference | None, int]:
    """The first difference between the replay's messages and the published ones (in the
    order the replay makes them), and how many of the replay's are not published."""
    by_key = {m.key: m for m in published}
    unpublished = 0
    for key, mine in made.items():
        theirs = by_key.get(key)
        if theirs is None or theirs.state != "sent":
            unpublished += 1
            continue
        for name in ("kind", "title", "participants", "html"):
            want, got = getattr(theirs, name), getattr(mine, name)
            if name == "participants":
                want, got = tuple(want), tuple(got)
            if want != got:
                return _message_difference(key, name, want, got), unpublished
    for theirs in published:  # published, but the replay does not make it
        if theirs.state == "sent" and theirs.key not in made and _replayable(theirs.key):
            title = theirs.title or theirs.kind
            return _message_difference(theirs.key, "", title, NOTHING), unpublished
    return None, unpublished


def _replayable(key: str) -> bool:
    """A key the replay makes (not a post made on demand such as a Zwischenstand)."""
    tail = key.split("/", 1)[-1]
    return tail == "eroeffnung" or tail.startswith("rolle/") or bool(_EVENT_KEY.match(key))


def _message_difference(key: str, name: str, want: object, got: object) -> Difference:
    match = _EVENT_KEY.match(key)
    index = int(match.group(1)) if match else None
    if isinstance(want, str) and isinstance(got, str) and name == "html":
        want, got = _around_change(want, got)
    return Difference("message", index, str(want), str(got), key=key, detail=name)


def _around_change(a: str, b: str, width: int = 60) -> tuple[str, str]:
    """The two texts around their first difference."""
    start = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    if start is None:
        start = min(len(a), len(b))
    begin = max(start - width // 2, 0)

    def cut(s: str) -> str:
        piece = s[begin : start + width]
        return ("…" if begin else "") + piece + ("…" if start + width < len(s) else "")

    return cut(a), cut(b)


def _published(sessions: sessionmaker[Session], game_id: int) -> list[QueuedMessage]:
    """The round's messages in the write queue (read directly: an `Outbox` would recover
    rows the running bot is sending)."""
    with sessions() as session:
        rows = session.scalars(
            select(OutgoingMessage)
            .where(OutgoingMessage.key.startswith(f"g{game_id}/", autoescape=True))
            .order_by(OutgoingMessage.id)
        ).all()
        whole: dict[int, str] = {}  # each edit of the Eröffnungsbeitrag rebuilt once
        return [snapshot(row, whole) for row in rows]


def _unreadable_event(
    sessions: sessionmaker[Session], game_id: int, error: Exception
) -> Difference:
    with sessions() as session:
        rows = session.execute(
            select(EventRow.seq, EventRow.type, EventRow.payload)
            .where(EventRow.game_id == game_id)
            .order_by(EventRow.seq)
        ).all()
    for seq, type_name, payload in rows:
        try:
            event_from_payload(type_name, payload)
        except Exception as bad:
            return Difference("event", seq, f"{type_name} {payload}", f"unlesbar: {bad}")
    return Difference("event", None, "", f"die Runde ist nicht lesbar: {error}")


def _stored_context(data: stored.StoredRound) -> PostContext:
    """The context the round was started with (`games.context`), else the default."""
    return context_from_json(data.context) if data.context is not None else PostContext()
