"""The running bot applies the Spielleitung's interventions (`wolfbot accept|reject|
override` write them `pending`) and the question deadlines of the schedule.

    bot.apply_interventions()          # each pending one in order; at every tick
    bot.expire_question("question 7")  # the schedule's deadline of question 7

A `restore` (`wolfbot restore`) is no step of the game: the bot quotes a kept post back
where it stood (`_restore`), the engine is not asked and replay skips it.

Each other intervention is one step like a post: the engine checks and applies it
(`Game.intervene`), its events are recorded with the row marked `applied` at that place in
the log (or the row is marked `refused` with the engine's reason, and nothing changed), in
one transaction (`wolfbot.store.interventions`); then its events are published like a
post's (`publish`: a Reservespieler also gets his Rollenmitteilung). Replay applies the
applied ones again at their log positions (`to_intervention` rebuilds the value).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import stored
from wolfbot.bot.channels import Outgoing
from wolfbot.bot.writing import Desk
from wolfbot.engine import events as ev
from wolfbot.engine.errors import CommandError
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import (
    AcceptCommand,
    AwardWin,
    ExpireQuestion,
    Intervention,
    InterventionError,
    RejectCommand,
    ReplacePlayer,
    about_a_player,
)
from wolfbot.engine.interventions.rules import find_question
from wolfbot.forum.base import ChannelRef
from wolfbot.intake.commands import parse_command
from wolfbot.outbox.values import Priority
from wolfbot.posts.edits import KeptPost, restored
from wolfbot.posts.wording import worded
from wolfbot.store import interventions as store
from wolfbot.store import records
from wolfbot.store.interventions import Replacement, StoredIntervention
from wolfbot.store.models import POST_INTERVENTIONS
from wolfbot.store.results import CommandResult

log = logging.getLogger("wolfbot.bot.interventions")


class Round(Protocol):
    """What applying an intervention needs of the bot's round – a `RoundBot`, which calls
    these functions with itself (a protocol, so that this module does not import it back)."""

    game_id: int | None
    sessions: sessionmaker[Session]
    lock: threading.RLock
    clock: Callable[[], datetime]

    @property
    def game(self) -> Game: ...

    @property
    def desk(self) -> Desk: ...

    def _load(self, game_id: int) -> None:
        """Rebuild the round from the store (the game in memory may be ahead of it)."""


class UnreadableIntervention(ValueError):
    """A stored row that names no intervention (a kind without its player or command)."""


# -- the value of a stored row -----------------------------------------------------------------
def to_intervention(game: Game, row: StoredIntervention) -> Intervention:
    """The engine's value of a stored intervention, read against the game as it is now
    (an accept's command line is parsed now, as if posted now)."""
    name, argument, reason = row.player or "", row.argument or "", row.reason
    decision = about_a_player(row.kind, name, argument, reason)
    if decision is not None:
        return decision
    match row.kind:
        case "expire":
            return ExpireQuestion(name, argument)
        case "win":
            return AwardWin(argument, reason)
        case "accept" if row.command is not None:
            text = row.command_text or row.command.text
            actor, channel = row.command.actor, row.command.channel
            try:
                command = parse_command(text, actor, channel, game)
            except CommandError as error:
                return AcceptCommand(actor, channel, text, reason, None, error.reason)
            return AcceptCommand(actor, channel, text, reason, command)
        case "reject" if row.command is not None:
            c = row.command
            return RejectCommand(
                c.actor, c.channel, c.word or "", c.targets, c.phase, c.text, reason
            )
    raise UnreadableIntervention(f"intervention {row.id}: {row.kind} without what it decides on")


# -- publishing --------------------------------------------------------------------------------
def publish(desk: Desk, game: Game, start: int, events: Sequence[ev.Event]) -> None:
    """`Desk.publish`, and for a Reservespieler who took a player's place his
    Rollenmitteilung first: a conversation of his own, his private channel from now on
    (the conversations of the old player he joins by the events' ParticipantsAdded), then
    everything the old player was told privately so far, in one message. The step of every
    replay too, so that a restarted bot reads the Reservespieler's conversation."""
    for event in events:
        if isinstance(event, ev.Intervened) and event.kind == "replace":
            reserve = event.argument
            message = desk.publisher.role_message(game, reserve, desk.context)
            desk.told(message)
            key = desk.book.add_player(reserve)
            desk.enqueue(
                Outgoing(key, "conversation", message.html, None, message.title, (reserve,))
            )
            before = game.state.log[:start]
            told = desk.publisher.told_privately(game, event.player, reserve, before, desk.context)
            if told is not None:  # "the reserve receives everything the player was told"
                desk.told(told)
                desk.enqueue(
                    Outgoing(
                        f"{key}/vorgeschichte", "post", told.html, None, told.title, parent=key
                    )  # fmt: skip
                )
    desk.publish(game, start, events)


# -- applying ----------------------------------------------------------------------------------
def apply_pending(bot: Round) -> int:
    """Apply every pending intervention of the bot's round in order; returns how many were
    applied (the others were refused)."""
    if bot.game_id is None:
        return 0
    with bot.lock:
        with bot.sessions() as session:
            rows = store.pending(session, bot.game_id)
        return sum(1 for row in rows if _apply(bot, row) is not None)


def expire_question(bot: Round, name: str) -> list[ev.Event]:
    """The schedule's deadline `name` ("question 7", `questions.id` 7) has passed: the
    question is decided as its deadline decides it (no choice / lot; `ExpireQuestion`),
    recorded as an `expire` intervention requested by "schedule", with the schedule entry
    marked done in the same transaction. A question answered already (or not open in the
    game) only marks the entry done; an entry done already does nothing."""
    game_id = bot.game_id
    if game_id is None:
        return []
    with bot.lock:
        apply_pending(bot)  # one requested before (a kill between asking and now …)
        with bot.sessions() as session:
            state = stored.schedule_state(session, game_id, name)
            if state == "done":
                return []
            if state == "missing":
                records.schedule(session, game_id, name, bot.clock())
        open_question = _open_question(bot, game_id, name)
        if open_question is None:
            with bot.sessions() as session:
                records.mark_done(session, game_id, name, now=bot.clock())
            log.info("%s: no open question; nothing to decide", name)
            return []
        player, kind = open_question
        with bot.sessions() as session:
            row_id = store.request(
                session,
                game_id,
                "expire",
                player=player,
                argument=kind,
                reason=f"Antwortfrist abgelaufen ({name})",
                requested_by=store.SCHEDULE,
                now=bot.clock(),
            )
            row = store.get(session, row_id)
        return _apply(bot, row, done=name) or []


def _open_question(bot: Round, game_id: int, name: str) -> tuple[str, str] | None:
    """(player, kind) of the question the deadline `name` is about, if the game still has
    it open."""
    with bot.sessions() as session:
        found = stored.open_question(session, game_id, name)
    if found is None or find_question(bot.game, found.player, found.kind) is None:
        return None
    return found.player, found.kind


def _apply(bot: Round, row: StoredIntervention, done: str | None = None) -> list[ev.Event] | None:
    """One pending intervention: applied and recorded (its events returned, published) or
    refused (None)."""
    game_id, game = bot.game_id or 0, bot.game
    if row.kind in POST_INTERVENTIONS:
        return _restore(bot, row)
    start = len(game.state.log)
    try:
        value = to_intervention(game, row)
        events = game.intervene(value)
    except (InterventionError, UnreadableIntervention) as error:
        if isinstance(error, InterventionError):
            reason = worded(game.rules, error.reason)
        else:
            reason = str(error)
        with bot.sessions() as session:
            store.refuse(session, row.id, reason, now=bot.clock())
            if done is not None:
                records.mark_done(session, game_id, done, now=bot.clock())
        log.warning("intervention %d (%s %s) refused: %s", row.id, row.kind, row.player, reason)
        return None
    except Exception:
        log.exception("intervention %d failed; the round is rebuilt", row.id)
        bot._load(game_id)  # the game in memory may be ahead of the store
        raise
    try:
        with bot.sessions() as session:
            store.record_applied(
                session,
                game_id,
                row.id,
                events,
                start,
                now=bot.clock(),
                accepted=_accepted(value, events, start, row.reason),
                rejected=row.command_id if isinstance(value, RejectCommand) else None,
                replacement=_replacement(value),
                done=done,
            )
    except Exception:
        log.exception("intervention %d: recording failed; the round is rebuilt", row.id)
        bot._load(game_id)
        raise
    log.info("intervention %d (%s %s): %d events", row.id, row.kind, row.player, len(events))
    publish(bot.desk, game, start, events)
    return events


def _restore(bot: Round, row: StoredIntervention) -> list[ev.Event] | None:
    """`restore`: the kept version `row.argument` (an `input_posts` id) quoted back where
    the post stood – a deleted post, or an edited one's earlier state – by a post of the
    bot under the key of that version (queued once, with the row `applied`, in one
    transaction). The engine is not asked: nothing in the game changes. Refused when there
    is no such version, or it is what the forum shows (neither deleted nor edited since)."""
    game_id = bot.game_id or 0
    with bot.sessions() as session:
        versions = records.versions_beside(session, game_id, int(row.argument or 0))
    chosen = next((v for v in versions if str(v.id) == row.argument), None)
    refusal = None
    if chosen is None:
        refusal = f"Runde {game_id} hat keinen Beitrag Nr. {row.argument}."
    elif not chosen.deleted and chosen is versions[-1]:
        refusal = f"Beitrag Nr. {chosen.id} steht im Forum, wie er ist: nichts wiederherzustellen."
    if chosen is None or refusal is not None:
        with bot.sessions() as session:
            store.refuse(session, row.id, refusal or "", now=bot.clock())
        log.warning("intervention %d (restore %s) refused: %s", row.id, row.argument, refusal)
        return None
    first = next((v for v in versions if v.processed_at is not None), chosen)
    desk = bot.desk
    post = KeptPost(chosen.author, chosen.posted_at, chosen.url, first.engine_channel)
    quoted = desk.dialect.quotable(chosen.html)
    message = restored(
        desk.publisher, bot.game.rules, desk.context, post, quoted, deleted=chosen.deleted
    )
    channel = ChannelRef.parse(chosen.channel)
    title = message.title if channel.kind == "thread" else None
    key = desk.book.keys.post_note(chosen.id, "wiederhergestellt")
    out = Outgoing(key, "post", message.html, channel, title, (), Priority.PHASE)
    with bot.sessions() as session:
        store.record_restored(
            session,
            game_id,
            row.id,
            lambda batch: desk.enqueue(out, batch),
            log_position=len(bot.game.state.log),
            now=bot.clock(),
        )
    log.info("intervention %d: post %d of %s restored in %s", row.id, chosen.post_id,
             chosen.author, channel)  # fmt: skip
    return []


def _accepted(
    value: Intervention, events: Sequence[ev.Event], start: int, reason: str
) -> CommandResult | None:
    if not isinstance(value, AcceptCommand) or value.command is None:
        return None
    seq = next(start + i for i, event in enumerate(events) if isinstance(event, ev.CommandAccepted))
    return CommandResult.of(
        value.command, "accepted", reason, event_seq=seq, decided_by="spielleitung"
    )


def _replacement(value: Intervention) -> Replacement | None:
    if isinstance(value, ReplacePlayer):
        return Replacement(value.player, value.reserve)
    return None
