"""The round's conduct watch in the running bot (`wolfbot.conduct.watch`): each post the
bot processes goes through it, and its flags are staged with the post's rows (one
transaction: a post read again after a crash flags nothing twice); each message the bot
makes is told to it by the `Desk`. After a restart the watch is rebuilt from the store: the
replay tells it the bot's messages again (`Desk.publish`), and `remember` gives it the
recorded posts (their flags are stored already)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from wolfbot.conduct.flags import Flag
from wolfbot.conduct.watch import ConductWatch, place_of
from wolfbot.forum.base import ForumPost
from wolfbot.forum.body import MessageBody
from wolfbot.forum.dialect import Dialect
from wolfbot.store import conduct as flag_store
from wolfbot.store.batch import RowBatch
from wolfbot.store.inputs import StoredInput


def said(body: MessageBody) -> str:
    """All a post shows: its own text and what it quotes (a quote box citing a
    conversation is a quote from it too)."""
    return "\n".join((body.text, *body.quotes))


def _source(author: str, url: str) -> str:
    return f"Beitrag von {author}" + (f" ({url})" if url else "")


def post_flags(watch: ConductWatch, post: ForumPost, engine_channel: str) -> list[Flag]:
    """The flags of a post the bot processes now (it is remembered too)."""
    place = place_of(engine_channel, post.author)
    source = _source(post.author, post.url)
    return watch.post(said(post.body), post.author, place, str(post.channel), source)


def remember(watch: ConductWatch, inputs: Iterable[object], dialect: Dialect) -> None:
    """The recorded posts of the round, given to a rebuilt watch (their flags are stored)."""
    for item in inputs:
        if not isinstance(item, StoredInput) or item.engine_channel is None:
            continue
        place = place_of(item.engine_channel, item.author)
        body = dialect.read(item.html)
        watch.post(said(body), item.author, place, item.channel, _source(item.author, item.url))


def stage(
    batch: RowBatch,
    game_id: int,
    input_id: int,
    post: ForumPost,
    flags: list[Flag],
    *,
    phase: str,
    now: datetime,
) -> None:
    flag_store.stage_flags(
        batch, game_id, input_id, flags, url=post.url, posted_at=post.time, phase=phase, now=now
    )
