"""A `Forum` made of two: the game thread(s) from one, every conversation from the other –
e.g. the thread on the local look-alike and the conversations on a real WoltLab Suite (whose
public packages have conversations but no threads). Both must know the bot by the same
name: its own posts are recognised by it."""

from __future__ import annotations

from datetime import datetime

from wolfbot.forum.base import Activity, ChannelRef, Conversation, Forum, ReadMark, ReadResult
from wolfbot.forum.dialect import Dialect


class SplitForum:
    """Threads from `threads`, conversations (and users: conversations need their names)
    from `conversations`."""

    def __init__(self, threads: Forum, conversations: Forum) -> None:
        if threads.username.casefold() != conversations.username.casefold():
            raise ValueError(
                f"the bot has two names: {threads.username!r} (threads) and "
                f"{conversations.username!r} (conversations)"
            )
        self.threads = threads
        self.conversation_forum = conversations

    def _of(self, channel: ChannelRef) -> Forum:
        return self.threads if channel.kind == "thread" else self.conversation_forum

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        return self._of(channel).read(channel, mark)

    def post(self, channel: ChannelRef, html: str, title: str | None = None) -> int:
        return self._of(channel).post(channel, html, title)

    def edit_post(self, channel: ChannelRef, post_id: int, html: str) -> None:
        self._of(channel).edit_post(channel, post_id, html)

    def post_url(self, thread_id: int, post_id: int) -> str:
        return self.threads.post_url(thread_id, post_id)

    def link(self, channel: ChannelRef, message_id: int | None = None) -> str:
        return self._of(channel).link(channel, message_id)

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        return self.conversation_forum.open_conversation(title, participants, html)

    def add_participants(self, conversation_id: int, participants: list[str]) -> None:
        self.conversation_forum.add_participants(conversation_id, participants)

    def conversations(self) -> list[Conversation]:
        return self.conversation_forum.conversations()

    def activity(self, since: datetime | None) -> Activity:
        return self.conversation_forum.activity(since)

    @property
    def dialect(self) -> Dialect:
        return self.threads.dialect

    @property
    def username(self) -> str:
        return self.conversation_forum.username

    def resolve_user(self, name: str) -> int | None:
        return self.conversation_forum.resolve_user(name)
