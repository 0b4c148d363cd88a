"""How a day is decided, as a mechanism the ruleset's `day:` section drives.

A day has a procedure (`DayState.procedure`, the ruleset's `day.ordinary` unless a role
changed it) and, at its end, is decided in this order: the election of its day
(`day.election`, the Bürgermeister on the first day), then the procedure
(`PROCEDURES[kind]`: `count` counts the votes with the ruleset's modifiers and breaks a
tie with its `tie` rules, each from `TIE_RULES`), then the lynch (`lynch`). Every reader
of the count – the engine, the posts, the scenarios, the reminders – asks `tally`.

The tables are the mechanism's extension points: a procedure, a tie rule or a modifier
is one small named function here, and a ruleset names it in its data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import LynchDecided, MayorElected, PrivateInfo, VoteTally
from wolfbot.engine.roles.base import QuestionHandler
from wolfbot.engine.spec import DayProcedureSpec, DaySpec
from wolfbot.engine.state import DayEffect, DayState, PlayerState, Question
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def unknown_names(spec: DaySpec) -> list[str]:
    """The procedure kinds, tie rules and modifiers `spec` names that the tables lack."""
    procedures = spec.procedures.values()
    unknown = {p.kind for p in procedures if p.kind not in PROCEDURES}
    unknown |= {rule for p in procedures for rule in p.tie if rule not in TIE_RULES}
    unknown |= {name for name in spec.modifiers if name not in MODIFIERS}
    return sorted(unknown)


def new_day(game: Game) -> DayState:
    """The state of a day as it begins: the ordinary procedure, the Wütender Mob's votes
    that the last Dämmerung earned, and the night's effects on it – but those of an owner
    who died that night and whose effect lapses with him; a `mob` effect adds its votes."""
    state = game.state
    effects = [
        effect
        for effect in state.next_day
        if game.player(effect.owner).alive or not effect.lapses_if_owner_dies
    ]
    day = DayState(mob=dict(state.next_mob), procedure=game.rules.day.ordinary, effects=effects)
    for effect in effects:
        if effect.kind == "mob":
            day.mob[effect.target] = day.mob.get(effect.target, 0) + effect.votes
    state.next_mob, state.next_day = {}, []
    return day


def _effect_on(game: Game, kind: str, name: str) -> DayEffect | None:
    if game.state.phase.kind not in ("day", "dusk"):
        return None
    return next((e for e in game.state.day.effects if e.kind == kind and e.target == name), None)


def jailed(game: Game, name: str) -> bool:
    """ "Der eingesperrte Dorfbewohner darf sich tagsüber weder äußern noch seine Stimme
    abgeben.\""""
    return _effect_on(game, "jail", name) is not None


def fixed_vote(game: Game, name: str) -> str | None:
    """The player the Marionettenspieler's puppet must vote for today, if he is one: "Der
    kontrollierte Dorfbewohner muss am nächsten Tag einen Dorfbewohner lynchen, der vom
    Marionettenspieler gegenüber der Spielleitung bestimmt wurde\"."""
    effect = _effect_on(game, "puppet", name)
    return effect.vote if effect is not None else None


def may_vote(game: Game, player: PlayerState) -> bool:
    """Not excluded and not jailed: his vote counts, and he is a non-voter if he gives none."""
    return player.active and not jailed(game, player.name)


def non_voters(game: Game, votes: set[str] | dict[str, str]) -> list[str]:
    """The living who may vote and gave no vote (of `votes`), in Spielerliste order."""
    return [p.name for p in game.living() if may_vote(game, p) and p.name not in votes]


def note_post(game: Game, player: PlayerState, channel: str, text: str) -> None:
    """A jailed player who writes in the thread by day is told that he may not."""
    if channel == "thread" and text and jailed(game, player.name):
        game.emit(PrivateInfo((player.name,), "private", say("jail.silent")))


def procedure(game: Game) -> DayProcedureSpec:
    """Today's procedure."""
    return game.rules.day.procedures[game.state.day.procedure]


# -- the count ---------------------------------------------------------------------------------
def check_not_against_lover(game: Game, player: PlayerState, target: str) -> None:
    """ "Die Verliebten dürfen niemals gegeneinander stimmen.\""""
    if game.option("lovers_vote_restriction") and game.lover_of(player.name) == target:
        raise IllegalCommand(say("refused.against_lover"))


def counted(game: Game, votes: dict[str, str]) -> dict[str, str]:
    """Votes of players who may vote, for players still alive."""
    return {
        voter: target
        for voter, target in votes.items()
        if may_vote(game, game.player(voter)) and game.player(target).alive
    }


def tally(game: Game) -> Counter[str]:
    """Votes against each living player right now, with the ruleset's modifiers."""
    counts = Counter(counted(game, game.state.day.lynch_votes).values())
    for name in game.rules.day.modifiers:
        MODIFIERS[name](game, counts)
    return counts


def _mob(game: Game, counts: Counter[str]) -> None:
    """ "Jeder Dorfbewohner, der in der Dämmerung nicht abgestimmt hat, erhält am nächsten
    Tag eine Gegenstimme" (the Wütender Mob, option `mob_votes`)."""
    for target, extra in game.state.day.mob.items():
        if game.player(target).alive:
            counts[target] += extra


Modifier = Callable[["Game", Counter[str]], None]
MODIFIERS: dict[str, Modifier] = {"mob": _mob}


def tally_event(game: Game, moment: str, non_voters: list[str]) -> VoteTally:
    """The count as the Dämmerung and the Abend show it: who voted for whom, the Mob."""
    by_target: dict[str, list[str]] = {}
    for voter, target in counted(game, game.state.day.lynch_votes).items():
        by_target.setdefault(target, []).append(voter)
    voters = tuple((t, tuple(v)) for t, v in by_target.items())
    mob = tuple((t, n) for t, n in game.state.day.mob.items() if game.player(t).alive)
    return VoteTally(moment, voters, mob, tuple(non_voters))


# -- the end of the day -----------------------------------------------------------------------
def resolve(game: Game) -> None:
    """The end of the day: the election of the day first, then today's procedure."""
    election = game.rules.day.election
    if election is not None and _election_today(game):
        _elect_mayor(game)
    spec = procedure(game)
    PROCEDURES[spec.kind](game, spec)


def _election_today(game: Game) -> bool:
    """`days: first`: the first day, while nobody holds the office."""
    return game.state.phase.number == 1 and game.state.mayor is None


def _count(game: Game, spec: DayProcedureSpec) -> None:
    """The most votes are lynched; a tie goes to the first of the procedure's tie rules
    that decides it."""
    game.emit(tally_event(game, "evening", non_voters(game, game.state.day.voters_at_dusk)))
    counts = tally(game)
    candidates = [p.name for p in game.living()]
    if not candidates:
        return
    top = max(counts[name] for name in candidates)
    tied = [name for name in candidates if counts[name] == top]
    if len(tied) == 1:
        lynch(game, tied[0], top, "majority")
        return
    for rule in spec.tie:
        if TIE_RULES[rule](game, tied, top):
            return


Procedure = Callable[["Game", DayProcedureSpec], None]
PROCEDURES: dict[str, Procedure] = {"count": _count}


def lynch(game: Game, name: str, votes: int, decided_by: str) -> None:
    game.emit(LynchDecided(name, votes, decided_by))
    game.kill([(name, "Lynch")])


# -- tie rules: each decides the tie (True) or leaves it to the next rule -----------------------
def _acting_mayor(game: Game) -> str | None:
    mayor = game.state.mayor
    player = game.find_player(mayor) if mayor else None
    return player.name if player is not None and player.active else None


def _mayor_vote(game: Game, tied: Sequence[str], votes: int) -> bool:
    """ "Wenn es zu einem Gleichstand kommt, so entscheidet die Stimme des Bürgermeisters.\""""
    mayor = _acting_mayor(game)
    choice = game.state.day.lynch_votes.get(mayor) if mayor else None
    if choice is None or choice not in tied:
        return False
    lynch(game, choice, votes, "Bürgermeister")
    return True


def _mayor_decides(game: Game, tied: Sequence[str], votes: int) -> bool:
    """ "Hat der Bürgermeister für keinen der Dorfbewohner gestimmt, zwischen denen es einen
    Gleichstand gibt, so bestimmt er, welcher dieser Dorfbewohner gelyncht wird.\""""
    mayor = _acting_mayor(game)
    if mayor is None:
        return False
    game.ask(
        Question(
            player=mayor,
            kind="lynch_tie",
            word="Lynch",
            channels=("private",),
            options=tuple(tied),
            prompt=say("question.lynch_tie", votes=votes),
        )
    )
    return True


def _lot(game: Game, tied: Sequence[str], votes: int) -> bool:
    lynch(game, game.draw(list(tied)), votes, "Los")
    return True


TieRule = Callable[["Game", Sequence[str], int], bool]
TIE_RULES: dict[str, TieRule] = {
    "mayor_vote": _mayor_vote,
    "mayor_decides": _mayor_decides,
    "lot": _lot,
}


class LynchTie(QuestionHandler):
    """The Bürgermeister's answer to a tie (`mayor_decides`)."""

    def check(self, game: Game, question: Question, command: Command) -> None:
        check_not_against_lover(game, game.player(question.player), command.target)

    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        lynch(game, choice, tally(game)[choice], "Los" if by_lot else "Bürgermeister")


# -- the election ------------------------------------------------------------------------------
def _elect_mayor(game: Game) -> None:
    """Simple majority of the `!Bürgermeister` votes; a tie (also: no votes) by lot."""
    counts = Counter(counted(game, game.state.day.mayor_votes).values())
    candidates = [p.name for p in game.living() if p.active] or [p.name for p in game.living()]
    if not candidates:
        return
    top = max(counts[name] for name in candidates)
    tied = [name for name in candidates if counts[name] == top]
    mayor = tied[0] if len(tied) == 1 else game.draw(tied)
    game.state.mayor = mayor
    game.emit(MayorElected(mayor, top, by_lot=len(tied) > 1))
