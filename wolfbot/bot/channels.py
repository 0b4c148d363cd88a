"""Forum channels ↔ engine channels, and publisher messages → write-queue entries.

Every message the bot writes has a deterministic key, so that publishing the same event
again (after a restart the bot replays the round and publishes each step again) finds the
queued message and adds nothing:

    g{game}/eroeffnung          the Eröffnungsbeitrag
    g{game}/eroeffnung/edit/{n} … edited to link the first n Morgen/Dämmerung/Abend posts
    g{game}/rolle/{name}        the player's Rollenmitteilung: a conversation, his channel
    g{game}/e{seq}/{i}          the i-th message the publisher made of event number seq
    g{game}/e{seq}/{i}/{name}   … one per recipient when it goes to several players
    g{game}/e{seq}/{i}/add      … adding the participants before the message
    g{game}/{name}              a post made on demand (the Zwischenstand of schedule `name`)
    g{game}/beitrag/{id}/{what} about the kept post `input_posts.id`: `bearbeitet` and
                                `geloescht` tell its author the first version counts,
                                `wiederhergestellt` quotes it back (`wolfbot restore`)

The mapping forum conversation ↔ engine channel needs no table of its own: a conversation
is the message that opened it, and the write queue stores its forum id once it is open
(`outgoing_messages.forum_id` of the key). A player's Rollenmitteilung is his `private`
channel (and is copied to `players.conversation_id`); a group conversation is the engine
channel its ConversationOpened event names: `wolves` (Wolfshöhle), `lovers`
(Bettgeflüster), `dead` (Totenreich). The thread is read from the Eröffnungsbeitrag on:
posts before it are not part of the round.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from wolfbot.engine import events as ev
from wolfbot.forum.base import ChannelRef
from wolfbot.outbox.keys import game_prefix
from wolfbot.outbox.values import MessageKind, Priority
from wolfbot.posts.context import PostContext
from wolfbot.posts.messages import Message

log = logging.getLogger("wolfbot.bot.channels")


@dataclass(frozen=True, slots=True)
class Keys:
    """The write-queue keys of one game (see the module docstring)."""

    game_id: int

    @property
    def prefix(self) -> str:
        return game_prefix(self.game_id)

    def opening(self) -> str:
        return f"{self.prefix}eroeffnung"

    def opening_edit(self, links: int) -> str:
        return f"{self.prefix}eroeffnung/edit/{links}"

    def role(self, name: str) -> str:
        return f"{self.prefix}rolle/{name}"

    def event(self, seq: int, index: int) -> str:
        return f"{self.prefix}e{seq}/{index}"

    def on_demand(self, name: str) -> str:
        return f"{self.prefix}{name}"

    def post_note(self, input_id: int, what: str) -> str:
        return f"{self.prefix}beitrag/{input_id}/{what}"


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One `Outbox.enqueue` call."""

    key: str
    kind: MessageKind
    html: str = ""
    channel: ChannelRef | None = None
    title: str | None = None
    participants: tuple[str, ...] = ()
    priority: int = Priority.PRIVATE
    parent: str | None = None
    target: int | None = None  # the post an `edit` changes


@dataclass(frozen=True, slots=True)
class Reading:
    """A channel the bot reads: the engine channel its posts go to, the only author whose
    posts count there (a Rollenmitteilung's player; None: anyone), and the post id after
    which the round's posts begin."""

    ref: ChannelRef
    engine: str
    owner: str | None = None
    floor: int = 0


@dataclass
class ChannelBook:
    """Which conversation (by its write-queue key, and forum id once open) is which channel."""

    keys: Keys
    thread: ChannelRef | None
    roles: dict[str, str] = field(default_factory=dict)  # player → key of his conversation
    groups: dict[str, str] = field(default_factory=dict)  # engine channel → its latest key
    group_of: dict[str, str] = field(default_factory=dict)  # key → engine channel (all)
    ids: dict[str, int] = field(default_factory=dict)  # key → forum id, once sent

    def add_player(self, name: str) -> str:
        self.roles[name] = key = self.keys.role(name)
        return key

    def open_group(self, channel: str, key: str) -> None:
        self.groups[channel] = key
        self.group_of[key] = channel

    def drop_group(self, channel: str, key: str) -> None:
        """The conversation could not be queued: its messages go to each member instead."""
        if self.groups.get(channel) == key:
            del self.groups[channel]
        self.group_of.pop(key, None)

    def conversation_keys(self) -> list[str]:
        return [self.keys.opening(), *self.roles.values(), *self.group_of]

    def readings(self) -> list[Reading]:
        """The channels open so far: the thread once the Eröffnungsbeitrag is out, then each
        Rollenmitteilung and group conversation whose forum id is known."""
        out: list[Reading] = []
        opening = self.ids.get(self.keys.opening())
        if self.thread is not None and opening is not None:
            out.append(Reading(self.thread, "thread", floor=opening))
        for name, key in self.roles.items():
            if key in self.ids:
                out.append(Reading(ChannelRef("conversation", self.ids[key]), "private", name))
        for key, channel in self.group_of.items():
            if key in self.ids:
                out.append(Reading(ChannelRef("conversation", self.ids[key]), channel))
        return out


def priority_of(event: ev.Event, message: Message) -> Priority:
    if message.channel == "thread":
        return Priority.PHASE
    if isinstance(event, ev.QuestionAsked):
        return Priority.QUESTION
    if isinstance(event, ev.CommandAccepted | ev.CommandRejected):
        return Priority.RECEIPT
    return Priority.PRIVATE


def conversation_title(title: str, context: PostContext) -> str:
    """ "Wolfshöhle – 1. Ligarunde": unique per round, so that the write queue's check for
    a conversation that may have been opened finds this one."""
    label = context.round_label
    return f"{title} – {label}" if label else title


def routes(
    message: Message,
    event: ev.Event,
    seq: int,
    index: int,
    book: ChannelBook,
    context: PostContext,
) -> list[Outgoing]:
    """The write-queue entries of the `index`-th message made of event `seq`."""
    key = book.keys.event(seq, index)
    priority = priority_of(event, message)
    if message.channel == "thread":
        if book.thread is None:
            log.error("%s: no game thread to post %r in", key, message.title)
            return []
        return [Outgoing(key, "post", message.html, book.thread, message.title, (), priority)]
    if message.channel == "private":
        return into_conversations(key, message, priority, book)
    if isinstance(event, ev.ConversationOpened):
        book.open_group(message.channel, key)
        title = conversation_title(message.title, context)
        return [Outgoing(key, "conversation", message.html, None, title, message.recipients)]
    parent = book.groups.get(message.channel)
    if parent is None:
        log.warning("%s: no conversation %r; sent to each member", key, message.channel)
        return into_conversations(key, message, priority, book)
    out = []
    if isinstance(event, ev.ParticipantsAdded):
        out.append(
            Outgoing(f"{key}/add", "add_participants", participants=event.names, parent=parent)
        )
    out.append(Outgoing(key, "post", message.html, None, message.title, (), priority, parent))
    return out


def into_conversations(
    key: str, message: Message, priority: int, book: ChannelBook
) -> list[Outgoing]:
    """Into each recipient's Rollenmitteilung (someone without one – not a player – is
    skipped: there is nowhere to tell him)."""
    several = len(message.recipients) > 1
    out = []
    for name in message.recipients:
        parent = book.roles.get(name)
        if parent is None:
            log.info(
                "%s: %s has no conversation with the bot; %r not sent", key, name, message.title
            )
            continue
        own = f"{key}/{name}" if several else key
        out.append(Outgoing(own, "post", message.html, None, message.title, (), priority, parent))
    return out
