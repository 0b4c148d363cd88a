"""What the rules read most of a command use (`CommandUse`), a command (`Command`), a role
(`RoleSpec`) and the ruleset (`Ruleset`), as plain records: each is a validated model, each of
whose attributes is a lookup of its own; the checks read a dozen of them for every command,
the victory check a few of every player's role. Made once for each (`.facts`,
`ruleset_facts.ruleset_facts`). Below the spec, which is made of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from wolfbot.engine.immutable import Immutable

# the names of the phases and the channels, as the spec and the facts read them (here: the
# spec is made of these facts – `CommandUse.facts` – and re-exports them)
PhaseKind = Literal["night", "day", "dusk", "runoff"]
Channel = Literal["thread", "private", "wolves", "lovers", "dead", "enchanted", "crypt", "spirits"]


@dataclass(frozen=True, slots=True)
class UseFacts(Immutable):
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


@dataclass(frozen=True, slots=True)
class CommandFacts(Immutable):
    word: str
    actor: str
    channel: Channel
    targets: tuple[str, ...]
    said: str | None  # the word as the ruleset's players write it, where it is another
    text: str  # the command as a player would write it (`Command.text`)


@dataclass(frozen=True, slots=True)
class RoleFacts(Immutable):
    """What the rules and the behaviours read of a role (`RoleSpec`), the one way to read
    it in a game (`GamePort.role_facts`)."""

    name: str
    heading: str
    faction: str
    pack: bool  # attacks with the pack and shares the Wolfshöhle
    pack_words: tuple[str, ...] | None  # the pack's words he may use (None: all of them)
    is_werwolf: bool
    takes_win: tuple[str, ...]  # the teams whose win he takes for himself (the Fuchs)
    knows_werwolves: bool
    knows_werwolves_option: str | None  # a house rule that decides it instead
    known_to_pack: bool
    always_revealed: bool
    immune_to: tuple[str, ...]
    conversation: Channel | None  # the group conversation of the role (the Gruft)
    params: dict[str, Any]  # the behaviour's parameters (`Behaviour.parameters`)
