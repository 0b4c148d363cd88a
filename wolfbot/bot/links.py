"""The Eröffnungsbeitrag's "Verlinkung der einzelnen Tage": a link to every Morgen, Dämmerung
and Abend of the round, added as each of them is published ("Hinweise für die Spielleitung":
the Eröffnungsbeitrag lists links to every Morgen, Dämmerung and Abend post).

Nothing of it is stored on its own: the phase posts are known from the round's events (the
`Desk` notes each one as it routes it, also while a restarted bot replays the round), and
whether one is out – with its forum id – from its row in the write queue. A restarted bot
therefore finds the same links, and the edit that lists them has the same key
(`Keys.opening_edit(count)`): queued once, never twice. The URL is the forum's
(`Forum.post_url`), built from ids alone, so it does not change across restarts either.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from wolfbot.bot.channels import Outgoing
from wolfbot.engine import events as ev
from wolfbot.forum.base import ChannelRef
from wolfbot.outbox.queue import Outbox

log = logging.getLogger("wolfbot.bot.links")
PostUrl = Callable[[int, int], str]  # (thread id, post id) → URL


class PhaseLinks:
    """The phase posts of one round (in the order of their events) and the links of those
    published so far."""

    def __init__(self, thread: ChannelRef | None, post_url: PostUrl | None) -> None:
        self.thread = thread
        self.post_url = post_url
        self._titles: dict[str, str] = {}  # key → title, in the order of the events
        self._urls: dict[str, str] = {}  # key → URL, once published
        self.linked = 0  # links in the last edit queued by this process

    def note(self, event: ev.Event, item: Outgoing) -> None:
        """A message routed to the write queue: a thread post made of `PhaseBegan` is a
        Morgen, Dämmerung or Abend (the first night has none; the Abschlussbeitrag comes of
        `GameOver`; Zwischenstände are made on demand)."""
        if isinstance(event, ev.PhaseBegan) and item.kind == "post" and item.channel == self.thread:
            self._titles.setdefault(item.key, item.title or item.key)

    def learn(self, outbox: Outbox) -> None:
        """Look up the phase posts not linked yet (their links once published)."""
        if self.post_url is None or self.thread is None:
            return
        for key in self._titles:
            if key in self._urls:
                continue
            queued = outbox.get(key)
            if queued is None or queued.state != "sent" or not queued.forum_id:
                continue
            self._urls[key] = self.post_url(self.thread.id, queued.forum_id)

    def links(self) -> dict[str, str]:
        """Title → URL of the published phase posts, in the order of the round."""
        return {title: self._urls[key] for key, title in self._titles.items() if key in self._urls}

    @property
    def pending(self) -> bool:
        """More links than the last edit this process queued."""
        return len(self._urls) > self.linked
