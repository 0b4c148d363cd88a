"""Edits and deletions of posts the bot had read, in words: "Das Löschen von Beiträgen ist
verboten. Die Spielleitung stellt gelöschte Beiträge wieder her. Das Bearbeiten von
Beiträgen ist nur erlaubt, um unwesentliche Fehler zu korrigieren. Auf Antrag stellt die
Spielleitung den früheren Zustand eines Beitrags wieder her."

- `edit_notice`: to the author of an edited post whose command lines changed – the first
  version counts (its commands as they were answered), what the edit added does not;
- `deletion_notice`: to the author of a deleted post that had commands – they stand;
- `restored`: the post by which the Spielleitung quotes the kept version back where it
  stood (a quote of the author's post; a quote never counts as a command).

The engine knows nothing of this: what an edit or a deletion changes is nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import say
from wolfbot.posts.context import PostContext
from wolfbot.posts.messages import Message
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import worded


@dataclass(frozen=True, slots=True)
class Answered:
    """A command line of the version that counts, as it was answered."""

    text: str
    verdict: str  # accepted, rejected, pending


@dataclass(frozen=True, slots=True)
class KeptPost:
    """A version of a post as the bot kept it (`input_posts`)."""

    author: str
    written: datetime
    link: str
    channel: str | None  # the engine's channel of the version that counts ("thread", …)


def where(rules: Ruleset, channel: str | None) -> str:
    """Where the post stood, as the author is told: "im Spielthread", "in der Wolfshöhle"."""
    if channel in (None, "thread"):
        return worded(rules, say("post.edit.in_thread"))
    if channel == "private":
        return worded(rules, say("post.edit.in_private"))
    spec = rules.conversations.get(channel)
    if spec is not None:
        return spec.in_
    return worded(rules, say("post.edit.in_conversation", channel=channel))


def _counted(rules: Ruleset, commands: Sequence[Answered]) -> list[tuple[str, str]]:
    """Each command with its verdict in words ("angenommen", "abgelehnt", "wartet")."""
    verdicts = {
        "accepted": say("post.edit.accepted"),
        "rejected": say("post.edit.rejected"),
        "pending": say("post.edit.pending"),
    }
    return [
        (c.text, worded(rules, verdicts[c.verdict]) if c.verdict in verdicts else c.verdict)
        for c in commands
    ]


def edit_notice(
    publisher: Publisher,
    rules: Ruleset,
    context: PostContext,
    post: KeptPost,
    counted: Sequence[Answered],
    added: Sequence[str],
) -> Message:
    data = {
        "written": post.written,
        "where": where(rules, post.channel),
        "link": post.link,
        "counted": _counted(rules, counted),
        "added": list(added),
    }
    title = worded(rules, say("post.title.edited"))
    html = publisher.render_html(rules, "bearbeitet.html.j2", title, context, data)
    return Message("private", (post.author,), title, html)


def deletion_notice(
    publisher: Publisher,
    rules: Ruleset,
    context: PostContext,
    post: KeptPost,
    counted: Sequence[Answered],
) -> Message:
    data = {
        "written": post.written,
        "where": where(rules, post.channel),
        "counted": _counted(rules, counted),
    }
    title = worded(rules, say("post.title.deleted"))
    html = publisher.render_html(rules, "geloescht.html.j2", title, context, data)
    return Message("private", (post.author,), title, html)


def restored(
    publisher: Publisher,
    rules: Ruleset,
    context: PostContext,
    post: KeptPost,
    quoted: str,
    *,
    deleted: bool,
) -> Message:
    """The kept version quoted back (`quoted`: it in neutral markup, as the forum's dialect
    gives it to quote); `deleted`: the post is gone (else: it was edited)."""
    data = {
        "author": post.author,
        "written": post.written,
        "link": post.link,
        "deleted": deleted,
        "kept": Markup(quoted),
    }
    title = worded(rules, say("post.title.restored"))
    html = publisher.render_html(rules, "wiederhergestellt.html.j2", title, context, data)
    return Message(post.channel or "thread", (), title, html)
