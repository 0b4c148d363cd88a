"""A demo round in the terminal: twelve simulated players post bold commands as forum HTML
(with the odd typo), wolfbot parses them, runs the rules and publishes its posts.

The full demo against the built-in local forum comes with the forum adapter; this one shows
the same parser, engine and posts without a forum."""

from __future__ import annotations

import random
from collections.abc import Callable

from wolfbot import rulesets
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.intake import process_post
from wolfbot.posts.messages import Message
from wolfbot.posts.publisher import Publisher
from wolfbot.simulate import TWELVE, everybody_acts

NAMES = (
    "Anna", "Bernd", "Frau Holle", "Jürgen_93", "Zoë", "Dr. No",
    "Spieler 7", "Malakiel", "Rotkäppchen", "Gustav", "Hanna", "Ömer",
)  # fmt: skip


def _html(command: Command, rng: random.Random) -> str:
    line = command.text()
    if rng.random() < 0.05 and command.targets:  # a typo in a name
        line = line[:-1]
    chatter = rng.choice(["", "<p>Ich habe da so ein Gefühl.</p>", "<p>Hmm.</p>"])
    return f"{chatter}<p><strong>{line}</strong></p>"


def run_demo(seed: int = 7, show: Callable[[Message], None] = print) -> Game:
    rng = random.Random(seed)
    roles = list(TWELVE)
    rng.shuffle(roles)
    game = Game.new(rulesets.load("duesterliga"), list(zip(NAMES, roles, strict=True)), seed=seed)
    publisher = Publisher()
    for message in publisher.feed(game, game.state.log):
        show(message)
    for _ in range(200):
        if game.state.phase.kind == "over":
            break
        for command in everybody_acts(game, rng, legal_bias=0.97):
            events = process_post(game, command.actor, command.channel, _html(command, rng))
            for message in publisher.feed(game, events):
                show(message)
        for message in publisher.feed(game, game.advance()):
            show(message)
    return game
