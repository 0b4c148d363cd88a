"""Reminders before a deadline (`reminder <name>` in the schedule, see
`wolfbot.schedule_types`): to players who have not voted or acted yet, and to a player
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

from wolfbot.bot.channels import Outgoing
from wolfbot.engine import views
from wolfbot.engine.state import Phase
from wolfbot.forum.outbox_types import Priority
from wolfbot.posts import german
from wolfbot.posts.woltlab import mentioner
from wolfbot.schedule_types import Deadline
from wolfbot.store import records
from wolfbot.store.models import PlayerRow, QuestionRow, ScheduleEntry

if TYPE_CHECKING:
    from wolfbot.bot.round import RoundBot

log = logging.getLogger("wolfbot.bot.reminders")
TEMPLATE = "erinnerung.html.j2"
TITLE = "Erinnerung"


@dataclass(frozen=True, slots=True)
class Reminder:
    """Whom a reminder goes to: `votes` (the names, one thread post), `actions` (each
    player with the night commands he still has), `question` (the player asked)."""

    kind: Literal["votes", "actions", "question"]
    names: tuple[str, ...] = ()
    words: dict[str, list[str]] = field(default_factory=dict)
    prompt: str = ""
    default: str = ""

    def __bool__(self) -> bool:
        return bool(self.names)


def applies(bot: RoundBot, deadline: Deadline) -> bool:
    """Whether the reminder still has someone to remind."""
    return bool(_reminder(bot, deadline))


def remind(bot: RoundBot, deadline: Deadline) -> int:
    """Queue the reminder(s) of `deadline` and mark it done; returns how many were queued."""
    reminder = _reminder(bot, deadline)
    due = _due(bot, deadline)
    key = bot.desk.book.keys.on_demand(deadline.name)
    queued = 0
    if reminder.kind == "votes" and reminder:
        html = _render(bot, kind="votes", due=due, names=reminder.names)
        thread = bot.desk.book.thread
        bot.desk.enqueue(Outgoing(key, "post", html, thread, TITLE, (), Priority.QUESTION))
        queued = 1
    for name in reminder.names if reminder.kind != "votes" else ():
        html = _render(
            bot,
            kind=reminder.kind,
            due=due,
            words=reminder.words.get(name, []),
            prompt=reminder.prompt,
            default=reminder.default,
        )
        queued += _private(bot, f"{key}/{name}", name, html)
    with bot.sessions() as session:
        records.mark_done(session, bot.game_id or 0, deadline.name, now=bot.clock())
    log.info("%s: %d reminders queued", deadline.name, queued)
    return queued


def _reminder(bot: RoundBot, deadline: Deadline) -> Reminder:
    of = deadline.of or ""
    game = bot.game
    if of.startswith("question "):
        return _question(bot, of)
    try:
        ends = Phase.parse(of)  # the phase that begins at the deadline
    except ValueError:
        return Reminder("votes")
    running = game.state.phase
    if running.next() != ends:
        return Reminder("votes")
    if running.kind == "day":
        return Reminder("votes", tuple(views.awaited_votes(game)))
    if running.kind == "night":
        awaited = views.awaited_actions(game)
        return Reminder("actions", tuple(sorted(awaited)), awaited)
    return Reminder("votes")


def _question(bot: RoundBot, of: str) -> Reminder:
    key = of.removeprefix("question ")
    if not key.isdigit():
        return Reminder("question")
    with bot.sessions() as session:
        row = session.execute(
            select(QuestionRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == QuestionRow.player_id)
            .where(QuestionRow.id == int(key), QuestionRow.game_id == (bot.game_id or 0))
        ).first()
    if row is None or row[0].answered_at is not None:
        return Reminder("question")
    question, player = row
    optional = any(
        q.optional
        for q in bot.game.state.questions
        if q.player == player and q.kind == question.kind
    )
    default = "Ohne Antwort verzichtest du." if optional else "Ohne Antwort entscheidet das Los."
    return Reminder("question", (player,), prompt=question.prompt, default=default)


def _due(bot: RoundBot, deadline: Deadline) -> datetime | None:
    with bot.sessions() as session:
        return session.scalar(
            select(ScheduleEntry.due_at).where(
                ScheduleEntry.game_id == (bot.game_id or 0), ScheduleEntry.name == deadline.of
            )
        )


def _render(bot: RoundBot, **data: Any) -> str:
    context = bot.context
    zone = context.zone

    def when(moment: datetime | None) -> str:
        return german.when(moment, zone) if moment is not None else "bald"

    template = bot.desk.publisher.env.get_template(TEMPLATE)
    html = template.render(mention=mentioner(context.user_ids), when=when, ctx=context, **data)
    return "".join(line.strip() for line in html.splitlines())


def _private(bot: RoundBot, key: str, player: str, html: str) -> int:
    parent = bot.desk.book.roles.get(player)
    if parent is None:
        log.info("%s: %s has no conversation with the bot", key, player)
        return 0
    bot.desk.enqueue(Outgoing(key, "post", html, None, TITLE, (), Priority.QUESTION, parent))
    return 1
