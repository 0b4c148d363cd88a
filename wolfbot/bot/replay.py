"""Rebuild a round's `Game` from the store, exactly.

The store holds the seed, the starting roster, every processed post (`input_posts`, in
processing order, each with `log_position`: the length of the engine's log before it) and
the whole log (`events`). A deadline is recorded as its events alone (`record_events`, no
post), so an advance is where the log grows without a post:

    game = Game.new(rules, roster, seed=seed, options=options)
    for each input: advance() until the log has `log_position` events; process the post
        (or apply the Spielleitung's intervention: inputs too, `store.interventions.merge`)
    advance() until the log has as many events as the store

This is exact because the engine is deterministic and every `advance()` that changes the
game adds at least one event (a PhaseBegan, a QuestionAsked/Answered, a GameOver; one that
adds none is the advance of a finished game, which changes nothing). It is also checked:
every step's events must equal the stored ones, else `ReplayError` – the engine or the
ruleset changed since the round was recorded, and the Spielleitung must look
(`wolfbot replay`) before the bot continues.

`on_step(start, events)` is called after each step (the start, each post, each advance)
with the step's events and the game in the state that step left it in – the same state the
live bot published them in, so the publisher makes the same messages again.

`stop(events)` (optional) ends the replay early, right after the first step whose events it
accepts – e.g. the step that began "day 2", to look at night 2 as it was resolved
(`wolfbot explain`): the game is returned as that step left it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from wolfbot.bot.interventions import UnreadableIntervention, to_intervention
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import InterventionError
from wolfbot.engine.spec import Ruleset
from wolfbot.forum.body import MessageBody
from wolfbot.forum.dialect import Dialect
from wolfbot.intake.process import process_post
from wolfbot.posts.wording import worded
from wolfbot.store.interventions import StoredIntervention
from wolfbot.store.records import StoredInput

log = logging.getLogger("wolfbot.bot.replay")
Step = Callable[[int, list[ev.Event]], None]
Stop = Callable[[list[ev.Event]], bool]


class _Stopped(Exception):
    """The `stop` condition was met: leave the replay where it is."""


class ReplayError(RuntimeError):
    """The inputs do not give the recorded log again: do not continue the round blindly."""


def new_game(rules: Ruleset, roster: Sequence[tuple[str, str]], seed: int, options: dict) -> Game:
    return Game.new(rules, list(roster), seed=seed, options=dict(options))


def replay(
    game: Game,
    recorded: Sequence[ev.Event],
    inputs: Sequence[StoredInput | StoredIntervention],
    on_step: Step,
    dialect: Dialect,
    stop: Stop | None = None,
    on_post: Callable[[StoredInput, MessageBody], None] | None = None,
) -> Game:
    """Bring the freshly started `game` to the end of the `recorded` log (see the module
    docstring); `game.state.log` must be its start; `dialect` reads the stored posts. With
    `stop`, end right after the first step whose events `stop` accepts. `on_post(item,
    body)`: called with each recorded post (and what it says) right after the engine took
    it again, before `on_step` with its events – as the live bot looks at a post it has
    processed."""
    if stop is not None:

        def stopping(start: int, events: list[ev.Event]) -> None:
            on_step(start, events)
            if stop(events):
                raise _Stopped

        try:
            return replay(game, recorded, inputs, stopping, dialect, on_post=on_post)
        except _Stopped:
            log.info("replay stopped after %d events", len(game.state.log))
            return game
    start = list(game.state.log)
    _check(game, recorded, 0)
    on_step(0, start)
    for item in inputs:
        if isinstance(item, StoredIntervention):
            _intervene(game, recorded, item, on_step)
            continue
        if item.engine_channel is None or item.log_position is None:
            continue  # not an input of the engine (a sign-up post)
        _advance_to(game, recorded, item.log_position, on_step)
        mark = len(game.state.log)
        if mark != item.log_position:
            raise ReplayError(
                f"post {item.post_id} ({item.channel}) was processed after {item.log_position} "
                f"events, the replay is at {mark}"
            )
        body = dialect.read(item.html)
        events = process_post(game, item.author, item.engine_channel, body)
        _check(game, recorded, mark)
        if on_post is not None:
            on_post(item, body)
        on_step(mark, events)
    _advance_to(game, recorded, len(recorded), on_step)
    log.info("replayed %d inputs, %d events", len(inputs), len(game.state.log))
    return game


def _intervene(
    game: Game, recorded: Sequence[ev.Event], item: StoredIntervention, on_step: Step
) -> None:
    """An applied intervention, again at its place in the log."""
    position = item.log_position or 0
    _advance_to(game, recorded, position, on_step)
    try:
        events = game.intervene(to_intervention(game, item))
    except (InterventionError, UnreadableIntervention) as error:
        why = worded(game.rules, error.reason) if isinstance(error, InterventionError) else error
        raise ReplayError(f"intervention {item.id} ({item.kind}) is refused now: {why}") from None
    _check(game, recorded, position)
    on_step(position, events)


def _advance_to(game: Game, recorded: Sequence[ev.Event], target: int, on_step: Step) -> None:
    """The deadlines that passed before the log had `target` events, one `advance()` each."""
    while len(game.state.log) < target:
        mark = len(game.state.log)
        events = game.advance()
        if not events:
            raise ReplayError(f"the store holds {target} events, the replay stops at {mark}")
        _check(game, recorded, mark)
        on_step(mark, events)
    if len(game.state.log) != target:
        raise ReplayError(
            f"an advance went past event {target} (to {len(game.state.log)}): "
            "a post is recorded in the middle of an advance"
        )


def _check(game: Game, recorded: Sequence[ev.Event], start: int) -> None:
    made = game.state.log[start:]
    stored = list(recorded[start : start + len(made)])
    if len(stored) < len(made):
        raise ReplayError(
            f"the replay makes event {start + len(stored)} ({made[len(stored)]!r}), "
            f"the store ends at {len(recorded)}"
        )
    for offset, (mine, theirs) in enumerate(zip(made, stored, strict=True)):
        if mine != theirs:
            raise ReplayError(
                f"event {start + offset}: the replay gives {mine!r}, the store holds {theirs!r}"
            )
