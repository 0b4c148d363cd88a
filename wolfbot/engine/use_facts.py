"""What the checks read of a command use (`CommandUse`), as a plain record: the use is a
validated model of the ruleset, each of whose attributes is a lookup of its own; the checks
read a dozen of them for every command. Made once for each use (`CommandUse.facts`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the spec imports this module
    from wolfbot.engine.spec.base import Channel, PhaseKind


@dataclass(frozen=True, slots=True)
class UseFacts:
    word: str
    handler: str | None
    phase: tuple[PhaseKind, ...]
    channel: tuple[Channel, ...]
    args: tuple[str, ...]
    named_kinds: tuple[str, ...]  # the kinds of `args` that name one player each
    players: bool  # `args` has `players`: one or more living players
    nights: str
    days: str
    uses: int | None
    self_: bool
    self_option: str | None
    repeat_target: bool
    repeat_option: str | None
    by_dead: bool  # a command of the dead
    ahead: bool
    stands: str | None
    mayor_only: bool  # only the Bürgermeister may use it (`office: mayor`)
