"""The Spielleitung's interventions as typed values, and why one is not possible now."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from wolfbot.engine import names
from wolfbot.engine.commands import Command
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import Text
from wolfbot.spelling import name_key

if TYPE_CHECKING:
    from wolfbot.engine.port import EnginePort

SPIELLEITUNG = "Spielleitung"  # the cause of a death, the `by` of an exclusion or revival
RESERVED_NAMES = (
    SPIELLEITUNG,
    *("thread", "private", "public"),
    *(names.WOLVES, names.LOVERS, names.DEAD, names.ENCHANTED),
)


class _OnPlayer:
    """An intervention about one player and nothing else: noted as (player, "")."""

    __slots__ = ()
    player: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return self.player, ""


@dataclass(frozen=True, slots=True)
class KillPlayer(_OnPlayer):
    """The player dies now; announced with his role in the next phase post."""

    KIND: ClassVar[str] = "kill"
    player: str
    reason: str


@dataclass(frozen=True, slots=True)
class ExcludePlayer(_OnPlayer):
    """Excluded now under the rules about inactive Dorfbewohner: no more commands, and he
    dies at the following Morgen without his role being revealed."""

    KIND: ClassVar[str] = "exclude"
    player: str
    reason: str


@dataclass(frozen=True, slots=True)
class RevivePlayer(_OnPlayer):
    """The dead player lives again (and is no longer excluded)."""

    KIND: ClassVar[str] = "revive"
    player: str
    reason: str


@dataclass(frozen=True, slots=True)
class ChooseVictim(_OnPlayer):
    """Die Schwarze Pest: "Die Spielleitung bestimmt in jeder Nacht einen Dorfbewohner, der
    "von den Werwölfen gefressen wird"" – the night's victim (the last one named counts)."""

    KIND: ClassVar[str] = "victim"
    player: str
    reason: str


@dataclass(frozen=True, slots=True)
class ChangeRole:
    """The player plays `role` from now on (any spelling the commands accept)."""

    KIND: ClassVar[str] = "role"
    player: str
    role: str
    reason: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return self.player, game.rules.role(self.role).name


@dataclass(frozen=True, slots=True)
class AwardWin:
    """ "Die Spielleitung kann einer Fraktion den Sieg zusprechen, wenn es für alle anderen
    Fraktionen absolut unmöglich ist, den Sieg noch zu erringen": the round ends now and
    `faction` (any spelling of a faction of the ruleset) wins – with its living and dead
    players, as a win by the rules."""

    KIND: ClassVar[str] = "win"
    faction: str
    reason: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return "", faction_named(game.rules, self.faction) or self.faction


def faction_named(rules: Ruleset, name: str) -> str | None:
    """The side of this spelling ("dorf", "das Rudel") that can win together: a team
    faction of the ruleset or the Liebespaar; None if none."""
    key = name_key(name).removeprefix("das ").removeprefix("die ").removeprefix("der ")
    return next((f for f in winning_sides(rules) if name_key(f) == key), None)


def winning_sides(rules: Ruleset) -> tuple[str, ...]:
    teams = [name for name, spec in rules.factions.items() if spec.kind == "team"]
    return (*teams, names.LIEBESPAAR)


@dataclass(frozen=True, slots=True)
class ReplacePlayer:
    """The Reservespieler `reserve` takes the player's place: same role, same position;
    votes, offices, lovers, night actions and questions follow the new name."""

    KIND: ClassVar[str] = "replace"
    player: str
    reserve: str
    reason: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return self.player, self.reserve


@dataclass(frozen=True, slots=True)
class WarnPlayer:
    """The Ermahnung ("Verbotenes Verhalten"): "Bevor die Spielleitung eine Sanktion
    ausspricht, ist der entsprechende Spieler zu ermahnen und auf die ihm drohende Sanktion
    hinzuweisen" – `sanction` is the one that threatens him, `reason` what he did. Nothing
    in the game changes: `Intervened("warn", player, sanction, reason)` is its record, and
    the publisher words it in the player's conversation with the clause quoted."""

    KIND: ClassVar[str] = "warn"
    player: str
    sanction: str
    reason: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return self.player, self.sanction


@dataclass(frozen=True, slots=True)
class SanctionPlayer:
    """The Sanktion announced to the player by an Ermahnung, now imposed. The heaviest –
    "der Ausschluss aus der Runde nach den Regelungen über inaktive Dorfbewohner"
    (`names_exclusion`) – excludes him as `ExcludePlayer` does; any other the Spielleitung
    carries out herself (the game does not change; the player is told it is imposed).
    Whether it is the one announced is for the caller to check against the conduct flags
    (a new breach lets it differ); the engine asks only that he was warned before."""

    KIND: ClassVar[str] = "sanction"
    player: str
    sanction: str
    reason: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return self.player, self.sanction


def names_exclusion(rules: Ruleset, sanction: str) -> bool:
    """Whether `sanction` names the heaviest sanction, the exclusion from the round (the
    ruleset's `conduct.exclusion` spellings: one of them, or one of several words followed
    by more words)."""
    key = name_key(sanction).rstrip(".!").strip()
    for spelling in rules.conduct.exclusion:
        named = name_key(spelling)
        if key == named or (" " in named and key.startswith(named + " ")):
            return True
    return False


def same_sanction(rules: Ruleset, one: str, other: str) -> bool:
    """Whether two spellings name the same sanction: both the exclusion, or alike as names
    are (case and spaces aside)."""
    if names_exclusion(rules, one) or names_exclusion(rules, other):
        return names_exclusion(rules, one) and names_exclusion(rules, other)
    return name_key(one).rstrip(".!").strip() == name_key(other).rstrip(".!").strip()


@dataclass(frozen=True, slots=True)
class AcceptCommand:
    """A "fehlerhafter Befehl" counts after all: `text` (the line as written, or as the
    Spielleitung corrected it) is checked and applied now as if `actor` posted it in
    `channel`. `command` is what `text` means (the caller parses it: name resolution lives
    outside the engine); None when it does not parse, with the parser's reason in
    `unreadable`."""

    KIND: ClassVar[str] = "accept"
    actor: str
    channel: str
    text: str
    reason: str
    command: Command | None = None
    unreadable: Text | None = None

    def noted(self, game: EnginePort) -> tuple[str, str]:
        assert self.command is not None  # checked
        return self.command.actor, self.command.text()


@dataclass(frozen=True, slots=True)
class RejectCommand:
    """A command the engine accepted does not count: allowed while it is still the actor's
    standing one for its word in the running day or night (a vote is withdrawn, a night
    action removed before the night is resolved), a night command sent by day until its
    night is resolved, a standing answer (the Jager's testament) until it is used – then
    none stands (the one it replaced is not restored: the player is told and may send
    another). `text` is the command as accepted ("!Lynch Bernd"), `targets` its players,
    `phase` the phase it was given in."""

    KIND: ClassVar[str] = "reject"
    actor: str
    channel: str
    word: str
    targets: tuple[str, ...]
    phase: str
    text: str
    reason: str

    def noted(self, game: EnginePort) -> tuple[str, str]:
        return self.actor, self.text


@dataclass(frozen=True, slots=True)
class ExpireQuestion:
    """The time of the player's open question of this kind ran out."""

    KIND: ClassVar[str] = "expire"
    player: str
    kind: str


Decision = (
    KillPlayer
    | ExcludePlayer
    | RevivePlayer
    | ChangeRole
    | ChooseVictim
    | ReplacePlayer
    | AcceptCommand
    | RejectCommand
    | AwardWin
    | WarnPlayer
    | SanctionPlayer
)  # the Spielleitung's: each is recorded as `Intervened(KIND, *noted(game), reason)`
Intervention = Decision | ExpireQuestion


def about_a_player(kind: str, player: str, argument: str, reason: str) -> Decision | None:
    """The decision of `kind` about one player (`argument`: the new role, the
    Reservespieler, the sanction), as the CLI and the scenarios name them; None for another
    kind."""
    match kind:
        case "kill":
            return KillPlayer(player, reason)
        case "exclude":
            return ExcludePlayer(player, reason)
        case "revive":
            return RevivePlayer(player, reason)
        case "victim":
            return ChooseVictim(player, reason)
        case "role":
            return ChangeRole(player, argument, reason)
        case "replace":
            return ReplacePlayer(player, argument, reason)
        case "warn":
            return WarnPlayer(player, argument, reason)
        case "sanction":
            return SanctionPlayer(player, argument, reason)
    return None


class InterventionError(ValueError):
    """The rules do not allow the intervention now; `reason` (a `Text`) says why."""

    def __init__(self, intervention: Intervention, reason: Text) -> None:
        super().__init__(f"{intervention.KIND}: {reason}")
        self.intervention = intervention
        self.reason = reason


Refuse = Callable[[Text], InterventionError]
