"""The Spielleitung's interventions: typed values, checked before they are applied.

"Die Spielleitung entscheidet nach eigenem Ermessen, ob sie einen fehlerhaften Befehl
dennoch gelten lassen will" (`AcceptCommand`, `RejectCommand`); inactive Dorfbewohner are
excluded or replaced by Reservespieler (`ExcludePlayer`, `ReplacePlayer`); and where the
round needs a hand, a player is taken out, brought back or given another role
(`KillPlayer`, `RevivePlayer`, `ChangeRole`); a faction is awarded the win when no other
can win any more (`AwardWin`). `ExpireQuestion` is the time of one open question running
out (the schedule asks for it, not the Spielleitung).

    game.intervene(KillPlayer("Anna", reason="Regelverstoß"))   # → events
    # InterventionError(intervention, reason) when the rules do not allow it now

Each intervention but `ExpireQuestion` first emits `Intervened(kind, player, argument,
reason)`, then its consequences, which are the rules' own (a death triggers the Liebespaar
and the Jäger, a role change tells the player …). Nothing here reads a clock or a global
random source: a lot comes from `game.draw`, so the same interventions at the same places
give the same events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from wolfbot.engine import changes, deaths, victory
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import CommandError
from wolfbot.engine.events import (
    Announcement,
    CommandRejected,
    Intervened,
    ParticipantsAdded,
    ParticipantsLeft,
)
from wolfbot.engine.rename import rename_player
from wolfbot.engine.roles.registry import votes_for, word_handler
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.state import Phase, PlayerState, Question
from wolfbot.engine.text import Text, say
from wolfbot.spelling import name_key

if TYPE_CHECKING:
    from wolfbot.engine.game import Game

SPIELLEITUNG = "Spielleitung"  # the cause of a death, the `by` of an exclusion or revival
RESERVED_NAMES = (
    SPIELLEITUNG,
    *("thread", "private", "public"),
    *(changes.WOLVES, changes.LOVERS, changes.DEAD, changes.ENCHANTED),
)


class _OnPlayer:
    """An intervention about one player and nothing else: noted as (player, "")."""

    __slots__ = ()
    player: str

    def noted(self, game: Game) -> tuple[str, str]:
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

    def noted(self, game: Game) -> tuple[str, str]:
        return self.player, game.rules.role(self.role).name


@dataclass(frozen=True, slots=True)
class AwardWin:
    """"Die Spielleitung kann einer Fraktion den Sieg zusprechen, wenn es für alle anderen
    Fraktionen absolut unmöglich ist, den Sieg noch zu erringen": the round ends now and
    `faction` (any spelling of a faction of the ruleset) wins – with its living and dead
    players, as a win by the rules."""

    KIND: ClassVar[str] = "win"
    faction: str
    reason: str

    def noted(self, game: Game) -> tuple[str, str]:
        return "", faction_named(game.rules, self.faction) or self.faction


def faction_named(rules: Ruleset, name: str) -> str | None:
    """The side of this spelling ("dorf", "das Rudel") that can win together: a team
    faction of the ruleset or the Liebespaar; None if none."""
    key = name_key(name).removeprefix("das ").removeprefix("die ").removeprefix("der ")
    return next((f for f in winning_sides(rules) if name_key(f) == key), None)


def winning_sides(rules: Ruleset) -> tuple[str, ...]:
    teams = [name for name, spec in rules.factions.items() if spec.kind == "team"]
    return (*teams, victory.LIEBESPAAR)


@dataclass(frozen=True, slots=True)
class ReplacePlayer:
    """The Reservespieler `reserve` takes the player's place: same role, same position;
    votes, offices, lovers, night actions and questions follow the new name."""

    KIND: ClassVar[str] = "replace"
    player: str
    reserve: str
    reason: str

    def noted(self, game: Game) -> tuple[str, str]:
        return self.player, self.reserve


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

    def noted(self, game: Game) -> tuple[str, str]:
        assert self.command is not None  # checked
        return self.command.actor, self.command.text()


@dataclass(frozen=True, slots=True)
class RejectCommand:
    """A command the engine accepted does not count: allowed while it is still the actor's
    standing one for its word in the running day or night (a vote is withdrawn, a night
    action removed before the night is resolved). `text` is the command as accepted
    ("!Lynch Bernd"), `targets` its players, `phase` the phase it was given in."""

    KIND: ClassVar[str] = "reject"
    actor: str
    channel: str
    word: str
    targets: tuple[str, ...]
    phase: str
    text: str
    reason: str

    def noted(self, game: Game) -> tuple[str, str]:
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
)  # the Spielleitung's: each is recorded as `Intervened(KIND, *noted(game), reason)`
Intervention = Decision | ExpireQuestion


def about_a_player(kind: str, player: str, argument: str, reason: str) -> Decision | None:
    """The decision of `kind` about one player (`argument`: the new role, the
    Reservespieler), as the CLI and the scenarios name them; None for another kind."""
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
    return None


class InterventionError(ValueError):
    """The rules do not allow the intervention now; `reason` (a `Text`) says why."""

    def __init__(self, intervention: Intervention, reason: Text) -> None:
        super().__init__(f"{intervention.KIND}: {reason}")
        self.intervention = intervention
        self.reason = reason


Refuse = Callable[[Text], InterventionError]


# -- check ---------------------------------------------------------------------------------------
def check(game: Game, intervention: Intervention) -> None:
    """Raise `InterventionError` if `intervention` cannot be applied now; change nothing."""

    def refuse(reason: Text) -> InterventionError:
        return InterventionError(intervention, reason)

    if game.state.phase.kind == "over":
        raise refuse(say("refused.game_over"))
    match intervention:
        case AcceptCommand(command=None, text=text, unreadable=why):
            raise refuse(say("intervention.unreadable", text=text, why=why))
        case AcceptCommand(command=Command() as command):
            try:
                game.check(command)
            except CommandError as error:
                raise refuse(error.reason) from None
        case ExpireQuestion(player=name, kind=kind):
            if find_question(game, name, kind) is None:
                raise refuse(say("intervention.no_question", name=name, kind=kind))
        case ReplacePlayer(player=name, reserve=reserve):
            _living(game, name, refuse)  # excluded for inactivity: replaced before he dies
            _check_reserve(game, reserve, refuse)
        case ExcludePlayer(player=name):
            player = _living(game, name, refuse)
            if player.excluded:
                raise refuse(say("intervention.excluded_already", name=name))
        case _:
            _not_held(game, refuse)
            _check_held_ones(game, intervention, refuse)


def _check_held_ones(game: Game, intervention: Intervention, refuse: Refuse) -> None:
    """The interventions that wait while a resolution is held by a question."""
    match intervention:
        case KillPlayer(player=name):
            _living(game, name, refuse)
        case RevivePlayer(player=name):
            if _player(game, name, refuse).alive:
                raise refuse(say("intervention.alive", name=name))
        case ChooseVictim(player=name):
            variants = [v for n, v in game.rules.variants.items() if game.variant_on(n)]
            if not any(v.spielleitung_victim for v in variants):
                raise refuse(say("intervention.no_victim_to_choose"))
            if game.state.phase.kind != "night":
                raise refuse(say("intervention.victim_at_night"))
            _living(game, name, refuse)
        case ChangeRole(player=name, role=role):
            player = _living(game, name, refuse)
            try:
                canonical = game.rules.role(role).name
            except KeyError:
                unknown = say("intervention.unknown_role", role=role, ruleset=game.rules.title)
                raise refuse(unknown) from None
            if canonical == player.role:
                raise refuse(say("intervention.same_role", name=name, role=canonical))
        case RejectCommand():
            _check_reject(game, intervention, refuse)
        case AwardWin(faction=faction):
            if faction_named(game.rules, faction) is None:
                known = winning_sides(game.rules)
                raise refuse(say("intervention.unknown_faction", faction=faction, known=known))


def _not_held(game: Game, refuse: Refuse) -> None:
    if game.state.step:
        waiting = tuple(game.pending())
        raise refuse(say("intervention.resolving", time=game.time_label(), waiting=waiting))


def _player(game: Game, name: str, refuse: Refuse) -> PlayerState:
    player = game.find_player(name)
    if player is None:
        raise refuse(say("refused.target_not_playing", name=name))
    return player


def _living(game: Game, name: str, refuse: Refuse) -> PlayerState:
    player = _player(game, name, refuse)
    if not player.alive:
        raise refuse(say("refused.target_dead", name=name))
    return player


def _check_reserve(game: Game, reserve: str, refuse: Refuse) -> None:
    key = name_key(reserve)
    if not key:
        raise refuse(say("intervention.reserve_missing"))
    if any(name_key(p.name) == key for p in game.state.players):
        raise refuse(say("intervention.reserve_playing", name=reserve))
    taken = [*game.rules.factions, *game.rules.causes, *RESERVED_NAMES]
    if key in game.rules.role_index or any(name_key(word) == key for word in taken):
        raise refuse(say("intervention.reserve_name_taken", name=reserve))


def _period(phase: Phase) -> tuple[int, str]:
    """A day with its Dämmerung is one voting period; a night is its own."""
    return phase.number, "night" if phase.kind == "night" else "day"


def _check_reject(game: Game, reject: RejectCommand, refuse: Refuse) -> None:
    player = _player(game, reject.actor, refuse)
    try:
        given = Phase.parse(reject.phase)
    except ValueError:
        given = Phase(0, "over")
    if _period(given) != _period(game.state.phase):
        raise refuse(say("intervention.other_phase", text=reject.text, phase=reject.phase))
    handler = word_handler(game, reject.word)
    if handler is not None and handler.irrevocable:
        raise refuse(say("intervention.irrevocable", word=reject.word, why=handler.irrevocable))
    votes = votes_for(game, reject.word)
    if votes is not None:
        standing = len(reject.targets) == 1 and votes.get(player.name) == reject.targets[0]
    else:
        action = game.state.night.actions.get(player.name, {}).get(reject.word)
        standing = action is not None and action.text() == reject.text
        if standing and game.behaviour(player).acts_at_once:
            raise refuse(say("intervention.acts_at_once", word=reject.word, name=player.name))
    if not standing:
        raise refuse(
            say(
                "intervention.not_standing",
                text=reject.text,
                word=reject.word,
                name=player.name,
                time=game.time_label(),
            )
        )


# -- apply ---------------------------------------------------------------------------------------
def apply(game: Game, intervention: Decision) -> None:
    """Apply a checked intervention (`check` first): `Intervened`, then its consequences.
    (`ExpireQuestion` is no decision of the Spielleitung: `Game.intervene` lets the time of
    the question run out itself.)"""
    player, argument = intervention.noted(game)
    game.emit(Intervened(intervention.KIND, player, argument, intervention.reason))
    match intervention:
        case AcceptCommand(command=Command() as command):
            game.submit(command)
        case RejectCommand():
            _reject(game, intervention)
        case KillPlayer(player=name):
            game.kill([(name, SPIELLEITUNG)])
        case ExcludePlayer(player=name):
            deaths.exclude(game, game.player(name), by=SPIELLEITUNG)
        case ChooseVictim(player=name):
            game.state.night.victim = name
        case RevivePlayer(player=name):
            changes.revive(game, game.player(name), SPIELLEITUNG)
            _start_afresh(game.player(name))  # brought back: also for inactivity
        case ChangeRole(player=name, role=role):
            _change_role(game, game.player(name), role)
        case ReplacePlayer(player=name, reserve=reserve):
            _replace(game, name, reserve)
        case AwardWin(faction=faction, reason=reason):
            won = faction_named(game.rules, faction) or faction
            game.emit(Announcement(say("win_awarded", faction=won, reason=reason), SPIELLEITUNG))
            game.declare_win(won)


def find_question(game: Game, player: str, kind: str) -> Question | None:
    """The player's open question of this kind (the first, if he has several)."""
    return next((q for q in game.state.questions if q.player == player and q.kind == kind), None)


def _start_afresh(player: PlayerState) -> None:
    """No exclusion and no missed Dämmerungen: inactivity counts from now on."""
    player.excluded = False
    player.missed_dusks = 0


def _reject(game: Game, reject: RejectCommand) -> None:
    votes = votes_for(game, reject.word)
    if votes is not None:
        del votes[reject.actor]
    else:
        # uses are counted when the night is resolved: a removed action has used nothing
        del game.state.night.actions[reject.actor][reject.word]
        if not game.state.night.actions[reject.actor]:
            del game.state.night.actions[reject.actor]
    why = say("refused.by_spielleitung", reason=reject.reason)
    game.emit(CommandRejected(reject.actor, reject.channel, reject.text, why))


def _change_role(game: Game, player: PlayerState, role: str) -> None:
    """`changes.change_role`; the Wolfshöhle follows the pack, both ways. (The rules' own
    role changes only join it – `changes.become` –: a Werwolf raised as Wiedergänger stays
    in it.)"""
    was_pack = game.spec(player).pack
    changes.change_role(game, player, role)
    is_pack = game.spec(player).pack
    if is_pack and not was_pack:
        changes.enter(game, changes.WOLVES, [player.name])
    elif was_pack and not is_pack:
        changes.leave(game, changes.WOLVES, [player.name])


def _replace(game: Game, old: str, reserve: str) -> None:
    """The generic rename; then the Reservespieler joins the old player's conversations."""
    joined = [channel for channel, names in game.state.conversations.items() if old in names]
    rename_player(game.state, old, reserve)  # the members of the conversations too
    _start_afresh(game.player(reserve))  # the Reservespieler has no inactivity of his own
    for channel in joined:  # the forum cannot take the old player out: the log does
        game.emit(ParticipantsAdded(channel, (reserve,)))
        game.emit(ParticipantsLeft(channel, (old,)))
    game.emit(Announcement(say("reserve_replaces", reserve=reserve, old=old), SPIELLEITUNG))
