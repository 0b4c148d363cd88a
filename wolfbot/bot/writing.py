"""The bot's writing side: what the publisher makes of each event, queued in the write
queue under keys that make a second publication of the same event a no-op
(`channels.Keys`), the forum ids of the conversations once they are open, and the edits of
the Eröffnungsbeitrag that link each Morgen, Dämmerung and Abend once it is out
(`links`). In draft mode the thread's posts and edits are queued as drafts (`drafts`)."""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot.channels import ChannelBook, Outgoing, into_conversations, routes
from wolfbot.bot.drafts import is_draft
from wolfbot.bot.links import PhaseLinks, PostUrl
from wolfbot.conduct.watch import THREAD, ConductWatch, private_place
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.forum.dialect import Dialect
from wolfbot.outbox.queue import Outbox, Priority
from wolfbot.outbox.values import TooManyParticipants
from wolfbot.posts.context import PostContext
from wolfbot.posts.messages import Message, plain_text
from wolfbot.posts.private import receipts
from wolfbot.posts.publisher import Publisher
from wolfbot.store import records
from wolfbot.store.batch import RowBatch

log = logging.getLogger("wolfbot.bot.writing")


@dataclass(frozen=True, slots=True)
class Made:
    """A message the publisher made: of which event (its index in the log), the how-manyth."""

    event: ev.Event
    seq: int
    index: int
    message: Message


def _receipt_to(item: Made) -> str | None:
    """The player a receipt of a command is for (None: no receipt)."""
    is_receipt = isinstance(item.event, ev.CommandAccepted | ev.CommandRejected)
    if is_receipt and item.message.channel == "private" and len(item.message.recipients) == 1:
        return item.message.recipients[0]
    return None


def one_receipt_each(rules: Ruleset, made: list[Made]) -> list[Made]:
    """The messages with each player's receipts joined into the first of them."""
    by_player: dict[str, list[Made]] = {}
    for item in made:
        player = _receipt_to(item)
        if player is not None:
            by_player.setdefault(player, []).append(item)
    out = []
    for item in made:
        player = _receipt_to(item)
        if player is None or len(by_player[player]) == 1:
            out.append(item)
        elif item is by_player[player][0]:
            joined = receipts(rules, [r.message for r in by_player[player]])
            out.append(replace(item, message=joined))
    return out


class Desk:
    """Publisher → write queue for one round."""

    def __init__(
        self,
        outbox: Outbox,
        book: ChannelBook,
        publisher: Publisher,
        context: PostContext,
        sessions: sessionmaker[Session],
        conversations: dict[str, int],
        dialect: Dialect,
        post_url: PostUrl | None = None,
    ) -> None:
        """`dialect` (the forum's) writes the posts' neutral markup as the forum stores it
        when a message is queued; `post_url` (the forum's `Forum.post_url`) makes the links
        of the Eröffnungsbeitrag; without it (a test double) it is not edited."""
        self.outbox = outbox
        self.dialect = dialect
        self.book = book
        self.publisher = publisher
        self.context = context
        self._sessions = sessions
        self._stored = dict(conversations)  # player → conversation id as the store has it
        self._queued: set[str] | None = None
        self.links = PhaseLinks(book.thread, post_url)
        self._first: Game | None = None  # the game as it started: the Eröffnungsbeitrag's
        # the round's conduct watch: told every message the bot makes (its private ones
        # are what a post must not quote); None: nobody watches (a test double)
        self.watch: ConductWatch | None = None

    @contextmanager
    def rebuilding(self) -> Iterator[None]:
        """While the round is replayed, a key queued already is skipped without a look at
        its content (one query for all, instead of one per message)."""
        self._queued = {m.key for m in self.outbox.messages(prefix=self.book.keys.prefix)}
        try:
            yield
        finally:
            self._queued = None

    def start(self, game: Game) -> None:
        """The Eröffnungsbeitrag and a Rollenmitteilung conversation per player, made from
        the game as it starts (before anything the start itself publishes)."""
        self._first = Game(game.rules, copy.deepcopy(game.state))
        opening = self.publisher.opening(game, self.context)
        key = self.book.keys.opening()
        thread = self.book.thread
        self.enqueue(Outgoing(key, "post", opening.html, thread, opening.title, (), Priority.PHASE))
        self.told(opening)
        for message in self.publisher.role_messages(game, self.context):
            self.told(message)
            (name,) = message.recipients
            key = self.book.add_player(name)
            self.enqueue(Outgoing(key, "conversation", message.html, None, message.title, (name,)))

    def publish(
        self,
        game: Game,
        start: int,
        events: Sequence[ev.Event],
        batch: RowBatch | None = None,
    ) -> None:
        """Queue the messages the publisher makes of each event; `start` is the first
        event's index in the log, and `game` is in the state these events left it in. The
        receipts of one batch (a post, a deadline) to one player are one message, under
        the first one's key: a post with five commands is answered once. `batch`: queue
        them in the caller's transaction (a post's, with its commands and events)."""
        made = [
            Made(event, start + offset, index, message)
            for offset, event in enumerate(events)
            for index, message in enumerate(self.publisher.feed(game, [event], self.context))
        ]
        for item in one_receipt_each(game.rules, made):
            self.told(item.message)
            outs = routes(item.message, item.event, item.seq, item.index, self.book, self.context)
            for out in outs:
                self.links.note(item.event, out)
                self.enqueue(out, batch)

    def tell(self, key: str, message: Message, batch: RowBatch | None = None) -> None:
        """A private message made outside the engine's events (an edit's or a deletion's
        answer), into each recipient's conversation, queued once under `key`."""
        self.told(message)
        for out in into_conversations(key, message, Priority.RECEIPT, self.book):
            self.enqueue(out, batch)

    def post_now(self, key: str, title: str, html: str) -> None:
        """A post made on demand (the Zwischenstand), queued once under `key`."""
        self.enqueue(Outgoing(key, "post", html, self.book.thread, title, (), Priority.PHASE))

    def told(self, message: Message) -> None:
        """The conduct watch learns what the bot writes, and where: in the thread for all,
        else in each recipient's conversation or the group's."""
        if self.watch is None:
            return
        source = message.title or "Nachricht der Spielleitung"
        text = plain_text(message)
        if message.channel == "thread":
            self.watch.told(text, THREAD, source)
        elif message.channel == "private":
            for name in message.recipients:
                self.watch.told(text, private_place(name), f"{source} (an {name})")
        else:
            self.watch.told(text, message.channel, source)

    def enqueue(self, item: Outgoing, batch: RowBatch | None = None) -> None:
        if self._queued is not None and item.key in self._queued:
            return
        item = replace(item, html=self.dialect.render(item.html))  # neutral → the forum's
        try:
            self.outbox.enqueue(
                item.key,
                item.kind,
                item.channel,
                item.html,
                item.title,
                item.participants,
                item.priority,
                parent=item.parent,
                target=item.target,
                draft=self._held(item, batch),
                batch=batch,
            )
        except TooManyParticipants as error:
            log.error("%s: %s", item.key, error)
            channel = self.book.group_of.get(item.key)
            if channel is not None:  # its messages go to each member instead
                self.book.drop_group(channel, item.key)

    def _held(self, item: Outgoing, batch: RowBatch | None) -> bool:
        """Draft mode holds every post and edit in the thread (`wolfbot.bot.drafts`); the
        mode is read now, so that `wolfbot draft on|off` takes effect at once."""
        in_thread = item.channel is not None and item.channel.kind == "thread"
        if item.kind not in ("post", "edit") or not in_thread:
            return False
        if batch is not None:
            return is_draft(batch.session, self.book.keys.game_id)
        with self._sessions() as own:
            return is_draft(own, self.book.keys.game_id)

    def learn(self, game_id: int) -> bool:
        """The forum ids of the conversations (and of the Eröffnungsbeitrag) sent since; a
        player's Rollenmitteilung is also written to `players.conversation_id`. A Morgen,
        Dämmerung or Abend sent since is linked in the Eröffnungsbeitrag: True when an
        edit of it was queued now."""
        owners = {key: name for name, key in self.book.roles.items()}
        for key in self.book.conversation_keys():
            if key in self.book.ids:
                continue
            queued = self.outbox.get(key)
            if queued is None or queued.state != "sent" or queued.forum_id is None:
                continue
            self.book.ids[key] = queued.forum_id
            player = owners.get(key)
            if player is not None and self._stored.get(player) != queued.forum_id:
                with self._sessions() as session:
                    records.set_conversation(session, game_id, player, queued.forum_id)
                self._stored[player] = queued.forum_id
        self.links.learn(self.outbox)
        return self._edit_opening()

    def _edit_opening(self) -> bool:
        """Queue the Eröffnungsbeitrag re-rendered with every link so far, under a key
        that counts the links (after a restart the same key: queued once)."""
        opening = self.book.ids.get(self.book.keys.opening())
        if not self.links.pending or opening is None or self._first is None:
            return False
        links = self.links.links()
        self.context = replace(self.context, links=links)
        message = self.publisher.opening(self._first, self.context)
        key = self.book.keys.opening_edit(len(links))
        thread, phase = self.book.thread, Priority.PHASE
        self.enqueue(Outgoing(key, "edit", message.html, thread, priority=phase, target=opening))
        self.links.linked = len(links)
        return True
