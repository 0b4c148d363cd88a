"""Events: what happened, in the past tense. The game's log is a list of these, append-only.
An event holds names and values only; what the Spielleitung would say about it is a `Text`
(a message key and its values) that the ruleset's catalog words.

Each event says who may read it (`audience`): `PUBLIC` (the game thread), a player's name
(his conversation with the Spielleitung) or a group channel (`wolves`, `lovers`, `dead`)
resolved to its members when the event is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wolfbot.engine.immutable import Immutable
from wolfbot.engine.text import Text

PUBLIC = "public"


@dataclass(frozen=True, slots=True)
class Event(Immutable):
    """What happened: names, values and `Text`s only, none of them to be changed – so the
    copy of a game state shares its log's events."""


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    players: tuple[str, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    phase: str  # "night 1", "day 1", "dusk 1", …


@dataclass(frozen=True, slots=True)
class ConversationOpened(Event):
    channel: str  # wolves, lovers, dead
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ParticipantsAdded(Event):
    channel: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ParticipantsLeft(Event):
    channel: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoleChanged(Event):
    """A player plays another role from now on (Treue Magd, Wiedergänger); told privately."""

    player: str
    role: str


@dataclass(frozen=True, slots=True)
class PlayerRevived(Event):
    """A dead player lives again (Medium, Totenbeschwörer)."""

    player: str
    by_role: str


@dataclass(frozen=True, slots=True)
class CommandAccepted(Event):
    actor: str
    channel: str
    text: str  # the command as written, e.g. "!Sehen Anna"
    waits: bool = False  # it acts when the night is resolved, not at once


@dataclass(frozen=True, slots=True)
class CommandRejected(Event):
    actor: str
    channel: str
    text: str
    reason: Text  # why it does not count, worded by the ruleset's catalog


@dataclass(frozen=True, slots=True)
class CommandOverturned(Event):
    """An accepted night command the night did not carry out (refused when its turn came,
    or its author blocked): for the audit – the author was told already."""

    actor: str
    channel: str
    text: str
    reason: Text


@dataclass(frozen=True, slots=True)
class AlphaElected(Event):
    player: str
    members: tuple[str, ...]
    by_lot: bool = False


@dataclass(frozen=True, slots=True)
class MayorElected(Event):
    player: str
    votes: int
    by_lot: bool = False
    # the election's final count (target → voters, as VoteTally's `votes`): the Abend shows it
    tally: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class SuccessorNamed(Event):
    office: str  # "Bürgermeister" or "Alpha"
    predecessor: str
    successor: str
    audience: tuple[str, ...]  # PUBLIC for the Bürgermeister, the pack for the Alpha
    by_lot: bool = False


@dataclass(frozen=True, slots=True)
class AttackSurvived(Event):
    """The pack's attack this night did not kill its victim – told in the Morgen where the
    ruleset says so (`Ruleset.tells_failed_attacks`: Wolf Village's "Die Werwölfe haben in
    der Nacht angegriffen, doch der Heiler hat ihr Opfer gerettet"). `outcome`: `protected`,
    `healed`, `turned` (the Verfluchter), `immune` (the Fuchs) or `failed`; no name."""

    outcome: str


@dataclass(frozen=True, slots=True)
class AttackFailed(Event):
    """An attack this night that did not kill, for the audit (the store's `v_night_actions`;
    nobody is told): its `target`, the attacker's `cause`, how it failed – `outcome`:
    `healed`, or the reason's name (`protected`, `immune`, `cursed`, `away`, …; `failed`
    without one) – and the protector (`by`) of a protected one."""

    target: str
    cause: str
    outcome: str
    by: str = ""


@dataclass(frozen=True, slots=True)
class OfficeDiscarded(Event):
    """The holder gave the office up or left it unanswered where nobody then holds it (the
    Hauptmann "wirft es weg")."""

    office: str
    holder: str


@dataclass(frozen=True, slots=True)
class VoteTally(Event):
    """The lynch votes when the Dämmerung began or the day ended (target → voters)."""

    moment: str  # "dusk" or "evening"
    votes: tuple[tuple[str, tuple[str, ...]], ...]
    mob: tuple[tuple[str, int], ...]
    non_voters: tuple[str, ...]
    doubled: str = ""  # the voter whose vote counts twice (Wolf Village's Hauptmann)


@dataclass(frozen=True, slots=True)
class LynchDecided(Event):
    player: str
    votes: int
    decided_by: str  # "majority", "Bürgermeister", "Los"


@dataclass(frozen=True, slots=True)
class PlayerDied(Event):
    player: str
    role: str | None  # the role announced; None when it is not revealed
    cause: str  # the role whose ability killed, or Lynch, Liebeskummer, Inaktivität
    time: str  # the game time of the death: "night 2" (that night), "day 1" (day or dusk)


@dataclass(frozen=True, slots=True)
class PlayerExcluded(Event):
    player: str
    by: str = ""  # "" by the inactivity rule; "Spielleitung": excluded by the Spielleitung;
    # "Rücktritt": he withdrew from the round


@dataclass(frozen=True, slots=True)
class PrivateInfo(Event):
    """Something the Spielleitung tells one player or a group in private."""

    recipients: tuple[str, ...]
    channel: str  # "private" or a group channel
    text: Text


@dataclass(frozen=True, slots=True)
class Announcement(Event):
    """Something the Spielleitung makes public in the next phase post (the bear growls, the
    Reine Seele is revealed)."""

    text: Text
    role: str  # the role the announcement comes from


@dataclass(frozen=True, slots=True)
class RoleSeen(Event):
    """A role ability saw a player's role (the Seherin, the Spion): told privately."""

    seer: str
    by_role: str
    target: str
    role: str


@dataclass(frozen=True, slots=True)
class QuestionAsked(Event):
    player: str
    kind: str
    prompt: Text
    options: tuple[str, ...]
    word: str = ""  # the command word that answers it, as the ruleset says it (`shown_word`)
    # further words that answer it in the same post, each with its options (`Question.more`)
    more: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class QuestionAnswered(Event):
    player: str
    kind: str
    answer: str
    by_lot: bool = False


@dataclass(frozen=True, slots=True)
class LoneWinner(Event):
    player: str
    role: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[str, ...]  # sides, e.g. ("Dorf", "Liebespaar"); () when nobody won
    winning_players: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Intervened(Event):
    """The Spielleitung intervened (`wolfbot accept|reject|override`): what, concerning
    whom, with what (the command, the role, the Reservespieler) and why. Its consequences
    are the events that follow it."""

    kind: str  # accept, reject, kill, exclude, revive, role, replace
    player: str
    argument: str
    reason: str
