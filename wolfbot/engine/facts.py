"""What the rules read most of a command use (`CommandUse`), a command (`Command`) and a role
(`RoleSpec`), as plain records: each is a validated model, each of whose attributes is a
lookup of its own; the checks read a dozen of them for every command, the victory check a
few of every player's role. Made once for each (`.facts`, `Game.role_facts`)."""

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

    def __copy__(self) -> UseFacts:
        return self  # immutable: a copy is the value itself (a model's copy shares it)

    def __deepcopy__(self, memo: dict[int, object]) -> UseFacts:
        return self


@dataclass(frozen=True, slots=True)
class CommandFacts:
    word: str
    actor: str
    channel: Channel
    targets: tuple[str, ...]
    said: str | None  # the word as the ruleset's players write it, where it is another
    text: str  # the command as a player would write it (`Command.text`)

    def __copy__(self) -> CommandFacts:
        return self  # immutable: a copy is the value itself (a model's copy shares it)

    def __deepcopy__(self, memo: dict[int, object]) -> CommandFacts:
        return self


@dataclass(frozen=True, slots=True)
class RoleFacts:
    name: str
    faction: str
    pack: bool  # attacks with the pack and shares the Wolfshöhle
    is_werwolf: bool
    takes_win: tuple[str, ...]  # the teams whose win he takes for himself (the Fuchs)

    def __copy__(self) -> RoleFacts:
        return self  # immutable: a copy is the value itself (a model's copy shares it)

    def __deepcopy__(self, memo: dict[int, object]) -> RoleFacts:
        return self
