"""What one post did, in the form the store records it, and events as JSON.

`run_post(game, author, channel, body)` is `wolfbot.intake.process.process_post` that also
reports what became of each command line: the typed command (if the line parsed), the verdict, the
reason and the index of its CommandAccepted/CommandRejected event in the engine's log. Its
`PostResults` is what `records.record_input` stores in one transaction with the post.

`event_payload` / `event_from_payload`: an engine event ↔ its class name and fields
(`dataclasses.asdict`; tuples come back as tuples), as the `events` table holds them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from wolfbot.engine import events as ev
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.text import Text
from wolfbot.forum.body import MessageBody
from wolfbot.intake.process import LineRead, process_post
from wolfbot.posts.wording import worded

Verdict = Literal["accepted", "rejected", "pending"]
Decider = Literal["engine", "spielleitung"]


@dataclass(frozen=True, slots=True)
class CommandResult:
    """One command line of a post and its verdict. `text` is the command as the engine
    understood it ("!Lynch Frau Holle"), or the line as written when it did not parse
    (then `word`, `targets` and `typed` are None). `event_seq`: the index in the engine's
    log of the CommandAccepted/CommandRejected event that gave the verdict."""

    actor: str
    channel: str  # as the engine knows it: "thread", "private", "wolves", …
    text: str
    verdict: Verdict
    reason: str | None = None
    word: str | None = None
    targets: tuple[str, ...] | None = None
    typed: str | None = None  # repr of the typed command
    event_seq: int | None = None
    decided_by: Decider = "engine"

    @classmethod
    def of(
        cls,
        command: Command,
        verdict: Verdict,
        reason: str | None = None,
        *,
        event_seq: int | None = None,
        decided_by: Decider = "engine",
    ) -> CommandResult:
        return cls(
            actor=command.actor,
            channel=command.channel,
            text=command.text(),
            verdict=verdict,
            reason=reason,
            word=command.word,
            targets=tuple(command.targets),
            typed=repr(command),
            event_seq=event_seq,
            decided_by=decided_by,
        )


@dataclass(frozen=True, slots=True)
class PostResults:
    """What a post did. `channel` is the engine channel it was given to and `start_seq`
    the length of the engine's log before it (its first event's index); both None for a
    post that is no input of the engine (a sign-up post: commands, no events)."""

    channel: str | None
    start_seq: int | None
    events: tuple[ev.Event, ...] = ()
    commands: tuple[CommandResult, ...] = ()


def _result(game: Game, line: LineRead) -> CommandResult:
    """What became of a command line: the verdict `process_post` noted for it."""
    verdict = game.state.log[line.seq]
    if isinstance(verdict, ev.CommandAccepted) and line.command is not None:
        return CommandResult.of(line.command, "accepted", event_seq=line.seq)
    if not isinstance(verdict, ev.CommandRejected):
        raise RuntimeError(f"no verdict for {line.command!r} at {line.seq}: {verdict!r}")
    why = worded(game.rules, verdict.reason)
    if line.command is not None:
        return CommandResult.of(line.command, "rejected", why, event_seq=line.seq)
    return CommandResult(
        verdict.actor, verdict.channel, verdict.text, "rejected", why, event_seq=line.seq
    )


def run_post(game: Game, author: str, channel: str, body: MessageBody) -> PostResults:
    """`process_post(game, author, channel, body)`, and what each command line became."""
    start = len(game.state.log)
    lines_read: list[LineRead] = []
    events = process_post(game, author, channel, body, lines_read)
    commands = tuple(_result(game, line) for line in lines_read)
    return PostResults(channel, start, tuple(events), commands)


# -- events as JSON ---------------------------------------------------------------------------
EVENT_TYPES: dict[str, type[ev.Event]] = {
    cls.__name__: cls
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
}


def event_payload(event: ev.Event) -> dict[str, Any]:
    """The event's fields (tuples become JSON lists when stored; a `Text` becomes
    `{"key": …, "values": {…}}`, so `json_extract(payload, '$.reason.key')` finds it)."""
    return {f.name: _json(getattr(event, f.name)) for f in dataclasses.fields(event)}


def _json(value: Any) -> Any:
    if isinstance(value, Text):
        return {"key": value.key, "values": {k: _json(v) for k, v in value.values}}
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict) and set(value) == {"key", "values"}:
        return Text(value["key"], tuple((k, _tuples(v)) for k, v in value["values"].items()))
    return value


def event_from_payload(type_name: str, payload: dict[str, Any]) -> ev.Event:
    """The event again from its class name and stored fields."""
    try:
        cls = EVENT_TYPES[type_name]
    except KeyError:
        raise ValueError(f"unknown event type {type_name!r}") from None
    return cls(**{key: _tuples(value) for key, value in payload.items()})
