"""The round's conduct watch in the running bot (`wolfbot.conduct.watch`): each post the
bot processes goes through it, judged by the game as the post left it, and its flags are
staged with the post's rows (one transaction: a post read again after a crash flags nothing
twice); each message the bot makes is told to it by the `Desk`. After a restart the watch
is rebuilt by the replay in the same order – each recorded post (`post_flags`, its flags
stored already), then the messages made of it – so it remembers what it remembered."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from wolfbot.conduct.flags import Flag
from wolfbot.conduct.situation import situation_of
from wolfbot.conduct.watch import ConductWatch, group_of, place_of
from wolfbot.engine.game import Game
from wolfbot.forum.base import ForumPost
from wolfbot.forum.body import MessageBody
from wolfbot.store import conduct as flag_store
from wolfbot.store.batch import RowBatch
from wolfbot.store.inputs import StoredInput


def said(body: MessageBody) -> str:
    """All a post shows: its own text and what it quotes (a quote box citing a
    conversation is a quote from it too)."""
    return "\n".join((body.text, *body.quotes))


def _source(author: str, url: str) -> str:
    return f"Beitrag von {author}" + (f" ({url})" if url else "")


def post_flags(
    watch: ConductWatch,
    game: Game,
    author: str,
    engine_channel: str,
    where: tuple[str, str],
    body: MessageBody,
) -> list[Flag]:
    """The flags of a post the engine has just processed (it is remembered too); `where`:
    its forum channel ("thread:12") and link."""
    channel, url = where
    place = place_of(engine_channel, author)
    players = tuple(p.name for p in game.state.players)
    return watch.post(
        said(body), author, place, channel, _source(author, url), own=body.text,
        players=players, situation=lambda: situation_of(game, group_of(place)),
    )  # fmt: skip


def remembering(watch: ConductWatch, game: Game) -> Callable[[StoredInput, MessageBody], None]:
    """The replay's step for each recorded post: the rebuilt watch takes it as the live
    bot did (its flags are stored already)."""

    def remember(item: StoredInput, body: MessageBody) -> None:
        if item.engine_channel is not None:
            where = (item.channel, item.url)
            post_flags(watch, game, item.author, item.engine_channel, where, body)

    return remember


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
