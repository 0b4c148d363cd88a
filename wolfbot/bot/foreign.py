"""Conversations the bot did not open, shared with it (issue 36, part 5): "Die Teilnehmer
dürfen außerhalb des Themas der Runde und den von der Spielleitung eröffneten
Konversationen keine spielrelevanten Äußerungen tätigen. (Also z.B. keine Konversation mit
einem anderen Spieler eröffnen.)"

The bot sees only conversations it is in. When a player opens one with other players and
adds the bot's account (or the starter adds it later), it shows up in the bot's
conversation list – the list every poll looks at anyway (`PollReport.activity`). Such a
conversation becomes one `ausserhalb` flag for the Spielleitung (`wolfbot.store.conduct`);
nothing is said to the players, nothing is sanctioned, the bot never posts there, and its
messages are no input of the engine (no command in it counts).

Which conversation of the list is foreign: its id is later than the round's first
conversation (an earlier one was opened before the round: a sign-up's withdrawal, an
earlier round), it is none of the round's channel book, none the write queue knows as
opened by the bot (any round's), its starter is neither the bot nor one of the
Spielleitung (`PostContext.game_masters`: "den von der Spielleitung eröffneten
Konversationen"), and – the bot between opening one and recording its id – when the list
names no starter, its title is none of the round's queued conversations. It is flagged
when at least two of the round's players are in it: its starter and the participants the
list shows (a summary: at most five besides the starter), and, when the summary may hide
someone, the authors of its first messages.

The flag: the player is its starter (if he is none of the players, or the list does not
say: each player in it, one flag each), the channel "conversation:N", the link to it, as
evidence its title and participants, as source text its first message (read once through
`Forum.read`, like the round's conversations). Its key ("ausserhalb/conversation:N", or
".../NAME" for each player) is in the store: a restart flags nothing twice.

Cost: an idle poll nothing beyond the list page it reads anyway – a conversation is looked
up (the whole list, `Forum.conversations`, for its starter and participants; its first
page for the message) only when its id is new to this bot, or when a conversation looked
at and not flagged shows a later message (its participants may have grown). Not seen: a
conversation the bot is added to whose last message is older than the part of the list a
poll reads – until someone writes in it.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot.channels import ChannelBook
from wolfbot.bot.journal import JOURNAL
from wolfbot.conduct.flags import OUTSIDE
from wolfbot.conduct.outside import KEY, SharedConversation, outside_flags, players_in
from wolfbot.engine.game import Game
from wolfbot.forum.base import (
    Activity,
    ChannelRef,
    Conversation,
    Forum,
    ForumError,
    ForumPost,
    LoginFailed,
    ReadMark,
)
from wolfbot.posts.context import PostContext
from wolfbot.spelling import name_key
from wolfbot.store.conduct import BOT, record_breach
from wolfbot.store.models import ConductFlag, OutgoingMessage

log = logging.getLogger("wolfbot.bot.foreign")
journal = logging.getLogger(JOURNAL)

_NEVER = datetime.min.replace(tzinfo=UTC)


def key_id(key: str) -> int | None:
    """The conversation a flag's key names (None: not a flag of this module)."""
    if not key.startswith(KEY):
        return None
    number = key[len(KEY) :].partition("/")[0]
    return int(number) if number.isdigit() else None


@dataclass(frozen=True, slots=True)
class Round:
    """What the watch needs of the round at a poll."""

    book: ChannelBook
    players: Sequence[str]  # every player of the round, alive or dead
    masters: Collection[str]  # the Spielleitung's accounts (the bot's among them or not)
    phase: str
    clause: str  # the ruleset's `conduct.clauses.ausserhalb` ("": no such rule)

    @classmethod
    def of(cls, book: ChannelBook, game: Game, context: PostContext) -> Round:
        players = [player.name for player in game.state.players]
        clause = game.rules.conduct.clauses.get(OUTSIDE, "")
        return cls(book, players, context.game_masters, str(game.state.phase), clause)


@dataclass(frozen=True, slots=True)
class Found:
    """A foreign conversation with at least two players in it."""

    ref: ChannelRef
    conversation: Conversation
    starter: str  # "" when the list does not name one and its first message is not read
    players: tuple[str, ...]  # the round's players in it, as the roster spells them
    first: ForumPost | None  # its first message, if it could be read


class Outside:
    """The watch of one round (`RoundBot` keeps one per loaded round)."""

    def __init__(self, sessions: sessionmaker[Session], game_id: int) -> None:
        self._sessions = sessions
        self._game_id = game_id
        self._flagged: set[int] | None = None  # read from the store at the first look
        self._ours: set[int] = set()  # the bot's, or the Spielleitung's: never flagged
        self._looked: dict[int, datetime] = {}  # not flagged, as of its last message then

    def watch(self, forum: Forum, activity: Activity | None, here: Round, now: datetime) -> int:
        """Flag each foreign conversation of the list `activity` (a poll's) with two players
        in it; returns how many flags were recorded. What fails is logged and tried again
        at the next poll (the poll's posts are recorded already); a refused login is raised."""
        try:
            return self._watch(forum, activity, here, now)
        except LoginFailed:
            raise
        except Exception:
            log.exception("foreign conversations: looked at again next poll")
            return 0

    def _watch(self, forum: Forum, activity: Activity | None, here: Round, now: datetime) -> int:
        if activity is None or not here.clause or not activity.last_post:
            return 0
        round_ids = _round_ids(here.book)
        if not round_ids:
            return 0
        if self._flagged is None:
            self._flagged = self._stored_flags()
        floor = min(round_ids)
        new = [
            cid
            for cid, last in activity.last_post.items()
            if cid > floor
            and cid not in round_ids
            and cid not in self._ours
            and cid not in self._flagged
            and self._looked.get(cid, _NEVER) < last
        ]
        if not new:
            return 0
        opened, titles = self._queued(new)
        self._ours.update(opened)
        new = [cid for cid in new if cid not in opened]
        if not new:
            return 0
        listed = {c.id: c for c in forum.conversations()}  # a failure: again next poll
        recorded = 0
        for cid in sorted(new):
            conversation = listed.get(cid)
            last = activity.last_post[cid]
            if conversation is None:  # left or hidden since: nothing to see
                self._looked[cid] = last
                continue
            found = self._examine(forum, conversation, here, titles)
            if found is None:
                if cid not in self._ours:
                    self._looked[cid] = last
                continue
            recorded += self._flag(forum, found, here, now, last)
            self._flagged.add(cid)
        return recorded

    # -- what the conversation is --------------------------------------------------------------
    def _examine(
        self, forum: Forum, conversation: Conversation, here: Round, titles: set[str]
    ) -> Found | None:
        """The conversation as a flag, or None: the bot's, the Spielleitung's, or fewer than
        two players in it."""
        ref = ChannelRef("conversation", conversation.id)
        starter = conversation.author
        ours = {name_key(forum.username), *(name_key(m) for m in here.masters)}
        if name_key(starter) in ours or (not starter and conversation.title in titles):
            self._ours.add(conversation.id)
            return None
        inside = players_in([starter, *conversation.participants], here.players)
        complete = bool(starter) and conversation.participants_complete
        if len(inside) < 2 and complete:
            return None
        first = _first_message(forum, ref)
        if first is not None and not starter:
            starter = first[0].author  # the first message is the starter's
            if name_key(starter) in ours:
                self._ours.add(conversation.id)
                return None
        authors = [post.author for post in first or ()]
        inside = players_in([starter, *conversation.participants, *authors], here.players)
        if len(inside) < 2:
            return None
        return Found(ref, conversation, starter, tuple(inside), first[0] if first else None)

    # -- the flag ---------------------------------------------------------------------------------
    def _flag(self, forum: Forum, found: Found, here: Round, now: datetime, last: datetime) -> int:
        """Record the conversation's flags (one transaction); returns how many."""
        url = forum.link(found.ref)
        conversation, first = found.conversation, found.first
        shared = SharedConversation(
            conversation.id,
            conversation.title,
            found.starter,
            conversation.participants,
            conversation.participants_complete,
            _text_of(first) if first is not None else "",
            forum.link(found.ref, first.post_id) if first is not None else "",
            found.players,
        )
        flags = outside_flags(shared, here.players, here.clause)
        when = first.time if first is not None else last
        with self._sessions.begin() as session:
            for flag in flags:
                record_breach(
                    session,
                    self._game_id,
                    flag,
                    by=BOT,
                    phase=here.phase,
                    url=url,
                    now=now,
                    posted_at=when,
                )
        journal.warning(
            "Konversation außerhalb der Runde: „%s“ (%s), Spieler darin: %s – für die "
            "Spielleitung vermerkt (`wolfbot conduct`).",
            conversation.title,
            url,
            ", ".join(found.players),
        )
        return len(flags)

    # -- the store ------------------------------------------------------------------------------
    def _stored_flags(self) -> set[int]:
        with self._sessions() as session:
            keys = session.scalars(
                select(ConductFlag.key).where(
                    ConductFlag.game_id == self._game_id,
                    ConductFlag.rule == OUTSIDE,
                    ConductFlag.key.startswith(KEY, autoescape=True),
                )
            )
            return {cid for cid in map(key_id, keys) if cid is not None}

    def _queued(self, ids: Iterable[int]) -> tuple[set[int], set[str]]:
        """Of `ids`, those the write queue opened (any round's), and the titles of the
        conversations queued for this round (one opened but not yet recorded has one)."""
        prefix = f"g{self._game_id}/"
        with self._sessions() as session:
            opened = set(
                session.scalars(
                    select(OutgoingMessage.forum_id).where(
                        OutgoingMessage.kind == "conversation",
                        OutgoingMessage.forum_id.in_(list(ids)),
                    )
                )
            )
            titles = set(
                session.scalars(
                    select(OutgoingMessage.title).where(
                        OutgoingMessage.kind == "conversation",
                        OutgoingMessage.key.startswith(prefix, autoescape=True),
                    )
                )
            )
        return {i for i in opened if i is not None}, {t for t in titles if t}


def _round_ids(book: ChannelBook) -> set[int]:
    """The forum ids of the round's conversations known so far (the Rollenmitteilungen, a
    Reservespieler's, the group conversations)."""
    keys = [*book.roles.values(), *book.group_of]
    return {book.ids[key] for key in keys if key in book.ids}


def _first_message(forum: Forum, ref: ChannelRef) -> list[ForumPost] | None:
    """The conversation's first messages (its first read), None if it cannot be read."""
    try:
        return list(forum.read(ref, ReadMark()).new) or None
    except LoginFailed:
        raise
    except ForumError as error:
        log.warning("%s: not read (%s); flagged without its first message", ref, error)
        return None


def _text_of(post: ForumPost) -> str:
    try:
        body = post.body
    except ValueError:
        return ""
    return body.unread if body.unread is not None else body.text
