"""Simulated players: random commands for a game, for property tests, benchmarks and demos.

The simulator stands outside the engine (it plays the players), so it owns its own seeded
`random.Random`; the engine's draws still come from the game's own generator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from wolfbot.balance import command_values
from wolfbot.balance.draws import pick, shuffle
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Channel, Ruleset

# reasons a player may give (the Ruhelosen Geister's accusation: at most 50 characters)
REASONS = ("lügt", "war zu still", "hat am ersten Tag viel zu laut gelacht, und das fällt auf")
TWELVE = (
    ["Werwolf"] * 3 + ["Seherin", "Hexe", "Amor", "Jäger"] + ["Bürger"] * 5
)  # the six roles of the foundation, one round of twelve


@dataclass
class Simulation:
    """A game and the commands fed to it, so it can be replayed."""

    game: Game
    inputs: list[Command | None] = field(default_factory=list)  # None = advance


def roster(roles: Sequence[str], seed: int) -> list[tuple[str, str]]:
    shuffled = list(roles)
    random.Random(seed).shuffle(shuffled)
    return [(f"Spieler {i + 1}", role) for i, role in enumerate(shuffled)]


SOME_CHANNELS: tuple[Channel, ...] = ("thread", "private", "wolves")  # for a wrong channel
RARE = ("Rücktritt",)  # a random player leaves the round now and then, not every night


@dataclass
class Moment:
    """What every simulated player of a phase looks at, read once for the phase (the
    commands are submitted after all of them chose)."""

    living: list[str]
    everybody: list[str]
    dead: list[str]

    @classmethod
    def of(cls, game: Game) -> Moment:
        players = game.state.players
        living = [p.name for p in players if p.alive]
        return cls(living, [p.name for p in players], [p.name for p in players if not p.alive])


def random_command(
    game: Game,
    rng: random.Random,
    *,
    legal_bias: float = 0.9,
    actor: str | None = None,
    word: str | None = None,
    available: list[str] | None = None,
    moment: Moment | None = None,
) -> Command | None:
    """A command some player might send now: usually one of his valid words with living
    targets, sometimes nonsense (a dead target, a wrong channel) the engine must refuse.
    `available`: the actor's `Game.available_words`, `moment`: the phase's `Moment`, where
    the caller has them already."""
    # bound once: compiled code would call each as a method of `rng` every time
    chance, bits = rng.random, rng.getrandbits
    if actor is not None:
        player = game.player(actor)
    else:
        pending = game.pending()
        if pending and chance() < 0.8:
            player = game.player(pick(bits, pending))
        else:
            player = pick(bits, game.state.players)
        available = None
    if available is None:
        available = game.available_words(player.name)
    words = [w for w in available if w not in RARE or chance() < 0.02]
    own = game.command_facts(player)  # what it reads of each use
    if word is None:
        uses = [u for u in own if u.word in words]
    else:  # the uses of that word, if he may give it now
        uses = [u for u in own if u.word == word] if word in words else []
    if not uses:
        if chance() < legal_bias:
            return None
        use = pick(bits, own)
    else:
        use = pick(bits, uses)
    channel: Channel = (
        pick(bits, use.channel) if chance() < legal_bias else pick(bits, SOME_CHANNELS)
    )
    moment = moment or Moment.of(game)
    pool = moment.living if chance() < legal_bias else moment.everybody
    if game.state.questions:
        questions = [
            q for q in game.state.questions if q.player == player.name and q.word == use.word
        ]
        if questions and chance() < legal_bias:
            pool = list(questions[0].options)
    if "dead" in use.args or ("anyone" in use.args and chance() < 0.3):
        pool = moment.dead or pool
    count = len(use.named_kinds)
    if len(pool) < count:
        return None
    # one name as `rng.sample` draws it, without its cost
    targets = (pick(bits, pool),) if count == 1 else tuple(rng.sample(pool, count))
    choices = [k.removeprefix("choice:").split("|") for k in use.args if k.startswith("choice:")]
    choice = pick(bits, choices[0]) if choices else None
    note = pick(bits, REASONS) if "text" in use.args else None
    said = game.facts.said_words.get(use.word)  # as the ruleset's players write it
    return command_values.of(use.word, player.name, channel, targets, (), choice, note, said)


def everybody_acts(game: Game, rng: random.Random, *, legal_bias: float = 0.95) -> list[Command]:
    """What a lively round sends in a phase: most players vote by day (on the first day for
    the Bürgermeister too) and use one of their abilities at night."""
    chance, bits = rng.random, rng.getrandbits  # bound once (see `random_command`)
    commands = []
    votes = game.rules.day.vote_words
    moment = Moment.of(game)
    for player in game.state.players:
        if chance() > 0.9:
            continue
        available = game.available_words(player.name)
        words = [w for w in available if w not in RARE]
        wanted = [w for w in votes if w in words] or words[:1]
        for word in wanted:
            if word == words[0] or len(wanted) > 1 or chance() < 0.9:
                command = random_command(
                    game,
                    rng,
                    legal_bias=legal_bias,
                    actor=player.name,
                    word=word,
                    available=available,
                    moment=moment,
                )
                if command is not None:
                    commands.append(command)
    shuffle(bits, commands)
    return commands


def play(
    rules: Ruleset,
    roles: Sequence[str] = TWELVE,
    seed: int = 0,
    *,
    max_phases: int = 200,
    options: dict | None = None,
) -> Simulation:
    """Play a random game to its end (or `max_phases` advances); `options`: house rules."""
    rng = random.Random(seed)
    sim = Simulation(Game.new(rules, roster(roles, seed), seed=seed, options=options))
    for _ in range(max_phases):
        if sim.game.state.phase.kind == "over":
            break
        for command in everybody_acts(sim.game, rng):
            sim.inputs.append(command)
            sim.game.submit(command)
        sim.inputs.append(None)
        sim.game.advance()
    return sim


def replay(rules: Ruleset, sim: Simulation) -> Game:
    """A fresh game fed the same inputs."""
    first = sim.game.state
    game = Game.new(
        rules,
        [(p.name, p.original_role) for p in first.players],
        seed=first.seed,
        options=first.options,
    )
    for command in sim.inputs:
        if command is None:
            game.advance()
        else:
            game.submit(command)
    return game
