"""Reminders before a deadline (`reminder <name>` in the schedule, see
`wolfbot.schedule.parts`): to players who have not voted or acted yet, and to a player
whose answer the game waits for.

- `reminder dusk N` (by day, before the Dämmerung): one post in the game thread that
  mentions everyone without a `!Lynch` vote – WoltLab notifies each mentioned user – and
  repeats the rule on inactivity ("in zwei aufeinanderfolgenden Dämmerungen keine Stimme").
- `reminder day N` (by night, before the night ends): a private message to each player
  who could still give a night command and has not, listing those commands.
- `reminder question K`: a private message to the player asked, with the question and
  what happens without an answer.

A reminder that no longer applies (everyone voted, the question was answered, the phase
is over) is not sent. Each is queued once under a key of its deadline (a restart queues
nothing twice) and the deadline is marked done."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import select

from wolfbot.bot import stored
from wolfbot.bot.channels import Outgoing, into_conversations
from wolfbot.engine import views
from wolfbot.engine.text import say
from wolfbot.outbox.values import Priority
from wolfbot.posts.messages import Message
from wolfbot.posts.wording import worded
from wolfbot.schedule.parts import Deadline
from wolfbot.store import records
from wolfbot.store.models import ScheduleEntry

if TYPE_CHECKING:
    from wolfbot.bot.round import RoundBot

log = logging.getLogger("wolfbot.bot.reminders")
TEMPLATE = "erinnerung.html.j2"


@dataclass(frozen=True, slots=True)
class Reminder:
    """Whom a reminder goes to: `votes` (the names, one thread post), `actions` (each
    player with the night commands he still has), `question` (the player asked)."""

    kind: Literal["votes", "actions", "question"]
    names: tuple[str, ...]
    words: dict[str, list[str]] = field(default_factory=dict)
    prompt: str = ""
    default: str = ""  # what happens without an answer


def applies(bot: RoundBot, deadline: Deadline) -> bool:
    """Whether the reminder still has someone to remind."""
    return _reminder(bot, deadline) is not None


def remind(bot: RoundBot, deadline: Deadline) -> int:
    """Queue the reminder(s) of `deadline` and mark it done; returns how many were queued."""
    reminder = _reminder(bot, deadline)
    key = bot.desk.book.keys.on_demand(deadline.name)
    queued: list[Outgoing] = []
    if reminder is not None:
        title = worded(bot.game.rules, say("post.title.reminder"))
        data = {"kind": reminder.kind, "due": _due(bot, deadline)}
        if reminder.kind == "votes":
            html = _render(bot, title, {**data, "names": reminder.names})
            thread = bot.desk.book.thread
            queued.append(Outgoing(key, "post", html, thread, title, (), Priority.QUESTION))
        else:
            data |= {"prompt": reminder.prompt, "default": reminder.default}
            for name in reminder.names:
                html = _render(bot, title, {**data, "words": reminder.words.get(name, [])})
                message = Message("private", (name,), title, html)
                queued += into_conversations(
                    f"{key}/{name}", message, Priority.QUESTION, bot.desk.book
                )
    for item in queued:
        bot.desk.enqueue(item)
    with bot.sessions() as session:
        records.mark_done(session, bot.game_id or 0, deadline.name, now=bot.clock())
    log.info("%s: %d reminders queued", deadline.name, len(queued))
    return len(queued)


def _reminder(bot: RoundBot, deadline: Deadline) -> Reminder | None:
    """Who is still to be reminded (None: nobody)."""
    of = deadline.of or ""
    if of.startswith("question "):
        return _question(bot, of)
    game = bot.game
    running = game.state.phase
    if running.kind not in ("day", "night") or str(game.next_phase()) != of:
        return None
    if running.kind == "day":
        names = tuple(views.awaited_votes(game))
        return Reminder("votes", names) if names else None
    awaited = {  # the commands as the ruleset's players write them (`Ruleset.shown_word`)
        name: list(game.rules.shown_words(words))
        for name, words in views.awaited_actions(game).items()
    }
    return Reminder("actions", tuple(sorted(awaited)), awaited) if awaited else None


def _question(bot: RoundBot, name: str) -> Reminder | None:
    with bot.sessions() as session:
        question = stored.open_question(session, bot.game_id or 0, name)
    if question is None:
        return None
    optional = any(
        q.optional
        for q in bot.game.state.questions
        if q.player == question.player and q.kind == question.kind
    )
    default = say("post.reminder.no_answer")
    if optional:
        default = say("post.reminder.no_answer_optional")
    words = worded(bot.game.rules, default)
    return Reminder("question", (question.player,), prompt=question.prompt, default=words)


def _due(bot: RoundBot, deadline: Deadline) -> datetime | None:
    with bot.sessions() as session:
        return session.scalar(
            select(ScheduleEntry.due_at).where(
                ScheduleEntry.game_id == (bot.game_id or 0), ScheduleEntry.name == deadline.of
            )
        )


def _render(bot: RoundBot, title: str, data: dict[str, Any]) -> str:
    return bot.desk.publisher.render_html(bot.game.rules, TEMPLATE, title, bot.context, data)
