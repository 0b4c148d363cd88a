"""What a player writes besides his commands: a post is noted before its commands are
submitted (`note_post`) and its text passed on after them (`pass_on`). The intake calls both
for every post it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import day
from wolfbot.engine.events import PrivateInfo
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def note_post(game: Game, author: str, channel: str, text: str) -> None:
    """Any post, before its commands: in a conversation at night it is a use ("Auch das
    Nutzen einer Konversation ist das Nutzen einer Fähigkeit!"); the author's role may
    object to what he wrote (the Wiedergänger may not speak by day)."""
    player = game.find_player(author)
    if player is None:
        return
    if player.alive:
        game.behaviour(player).on_post(game, player, channel, text)
        day.note_post(game, player, channel, text)
    elif channel == "thread" and text and game.rules.dead_are_silent:
        game.emit(PrivateInfo((player.name,), "private", say("dead.silent")))
    _check_conversation_use(game, player, channel, text)
    if game.state.phase.kind != "night":
        return
    if channel not in ("thread", "private"):
        game.state.night.talked.add(author)


def pass_on(game: Game, author: str, channel: str, text: str) -> None:
    """A post's text, after its commands: a private text the Spielleitung must pass on is
    passed on – the Priester's questions, also those written with the !Beichte that opened
    the confession, and the Beichtkind's answers."""
    night = game.state.night
    if game.state.phase.kind != "night" or game.find_player(author) is None:
        return
    relay = None if author in night.blocked else night.relays.get(author)
    if channel == "private" and text and relay and relay[2] > 0:
        recipient, label, left = relay
        night.relays[author] = (recipient, label, left - 1)
        game.emit(PrivateInfo((recipient,), "private", say("relayed", label=label, text=text)))


def _check_conversation_use(game: Game, player: PlayerState, channel: str, text: str) -> None:
    """A post in a conversation its members may not use now: its author is told."""
    spec = game.rules.conversations.get(channel)
    if spec is None or not text or spec.use == "always":
        return
    if spec.use == "never":
        told = say("conversation_misused.never", title=spec.title)
    elif game.state.phase.kind != "night":
        told = say("conversation_misused.night", title=spec.title)
    else:
        return
    game.emit(PrivateInfo((player.name,), "private", told))
