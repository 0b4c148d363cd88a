"""The rows of WoltLab's conversation list -> :class:`Conversation` (pure; used by
:mod:`wolfbot.forum.woltlab.pages`): ``ol.conversation[data-conversation-id]`` per
conversation (conversationList.tpl) with its link, its starter, the summary of its
participants, its statistics and the time of its last message."""

from __future__ import annotations

from typing import Any

from wolfbot.forum.base import Conversation
from wolfbot.forum.woltlab.posts import classes, has_class, text_of, time_in, xpath

__all__ = ["SUMMARY_MAX", "conversation_rows", "list_rows"]

_has, _X = has_class, xpath
_CONV_LINK = _X(f".//a[{_has('conversationLink')}]")
_CONV_AUTHOR = _X(f".//*[{_has('messageGroupAuthor')}]")
_CONV_SUMMARY = _X(f".//*[{_has('conversationParticipantSummary')}]//a")
_CONV_STATS = _X(f".//li[{_has('columnStats')}]//dd")
# the last message's time: the mobile info line (always there in 6.0 and 5.4), else the
# last-post column (only with replies), else the start (a conversation without replies)
_CONV_LAST_POST = _X(
    f".//li[{_has('messageGroupLastPostTimeMobile')}] | .//li[{_has('columnLastPost')}]"
    f" | .//li[{_has('messageGroupTime')}]"
)
SUMMARY_MAX = 5  # ``Conversation::getParticipantSummary()``: at most 5 others


def list_rows(root: Any) -> list[Any]:
    """``ol[data-conversation-id]``: a conversation of the list each."""
    return [row for row in root.iter("ol") if row.get("data-conversation-id") is not None]


def conversation_rows(root: Any) -> tuple[Conversation, ...]:
    """The conversations of a list page, in its order."""
    rows = []
    for row in list_rows(root):
        if not (row.get("data-conversation-id") or "").strip().isdigit():
            continue
        links, authors = _CONV_LINK(row), _CONV_AUTHOR(row)
        summary = _CONV_SUMMARY(row)
        names = (text_of(a) for a in summary if "conversationLeft" not in classes(a))
        # the list's participants are a summary: at most 5 others, never the starter; the
        # stats column's second number ("Participants") is the count without the starter
        stats = [text_of(dd).replace(".", "").replace(",", "") for dd in _CONV_STATS(row)]
        if len(stats) >= 2 and stats[1].isdigit():
            complete = len(summary) >= int(stats[1])
        else:
            complete = len(summary) < SUMMARY_MAX
        rows.append(
            Conversation(
                id=int(row.get("data-conversation-id")),
                title=text_of(links[0]) if links else "",
                participants=tuple(name for name in names if name),
                author=text_of(authors[0]) if authors else "",
                participants_complete=complete,
                last_post_time=_last_post_time(row),
            )
        )
    return tuple(rows)


def _last_post_time(row: Any) -> Any:
    found = {name: time_in(li) for li in _CONV_LAST_POST(row) for name in classes(li)}
    for name in ("messageGroupLastPostTimeMobile", "columnLastPost", "messageGroupTime"):
        if found.get(name) is not None:
            return found[name]
    return None
