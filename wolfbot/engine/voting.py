"""The day: Bürgermeister election, `!Lynch` votes, the Dämmerung, the Wütender Mob and the
lynch at the end of the day with the Bürgermeister's tie-break."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.deaths import exclude
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import LynchDecided, MayorElected, VoteTally
from wolfbot.engine.roles.base import QuestionHandler, WordHandler
from wolfbot.engine.state import PlayerState, Question
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def check_not_against_lover(game: Game, player: PlayerState, target: str) -> None:
    """ "Die Verliebten dürfen niemals gegeneinander stimmen.\""""
    if game.option("lovers_vote_restriction") and game.lover_of(player.name) == target:
        raise IllegalCommand(say("refused.against_lover"))


def _dusk_change_only(game: Game, player: PlayerState, votes: dict[str, str], vote: str) -> None:
    """ "Wenn die Dämmerung begonnen hat, so darf kein Dorfbewohner mehr seine Stimme abgegeben
    oder seine abgegebene Stimme zurücknehmen. Eine abgegebene Stimme darf lediglich geändert
    werden.\""""
    if game.state.phase.kind == "dusk" and player.name not in votes:
        raise IllegalCommand(say("refused.dusk_change_only", vote=vote))


class LynchVote(WordHandler):
    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        _dusk_change_only(game, player, game.state.day.lynch_votes, "lynch")
        check_not_against_lover(game, player, command.target)

    def apply(self, game: Game, player: PlayerState, command: Command) -> None:
        game.state.day.lynch_votes[player.name] = command.target

    def votes(self, game: Game) -> dict[str, str]:
        return game.state.day.lynch_votes


class WithdrawVote(WordHandler):
    irrevocable = say("withdrawn_for_good")

    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        if player.name not in game.state.day.lynch_votes:
            raise IllegalCommand(say("refused.nothing_to_withdraw"))

    def apply(self, game: Game, player: PlayerState, command: Command) -> None:
        del game.state.day.lynch_votes[player.name]


class MayorVote(WordHandler):
    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        if game.state.phase.kind == "dusk":
            if game.option("mayor_vote_in_dusk") == "closed":
                raise IllegalCommand(say("refused.mayor_vote_closed"))
            _dusk_change_only(game, player, game.state.day.mayor_votes, "mayor")

    def apply(self, game: Game, player: PlayerState, command: Command) -> None:
        game.state.day.mayor_votes[player.name] = command.target

    def votes(self, game: Game) -> dict[str, str]:
        return game.state.day.mayor_votes


def _counted(game: Game, votes: dict[str, str]) -> dict[str, str]:
    """Votes of players who may still vote, for players still alive."""
    return {
        voter: target
        for voter, target in votes.items()
        if game.player(voter).active and game.player(target).alive
    }


def lynch_tally(game: Game) -> Counter[str]:
    """Votes against each living player right now, the Wütender Mob included."""
    tally = Counter(_counted(game, game.state.day.lynch_votes).values())
    for target, extra in game.state.day.mob.items():
        if game.player(target).alive:
            tally[target] += extra
    return tally


def _voters_by_target(game: Game) -> tuple[tuple[str, tuple[str, ...]], ...]:
    by_target: dict[str, list[str]] = {}
    for voter, target in _counted(game, game.state.day.lynch_votes).items():
        by_target.setdefault(target, []).append(voter)
    return tuple((t, tuple(v)) for t, v in by_target.items())


def _tally_event(game: Game, moment: str, non_voters: list[str]) -> VoteTally:
    mob = tuple((t, n) for t, n in game.state.day.mob.items() if game.player(t).alive)
    return VoteTally(moment, _voters_by_target(game), mob, tuple(non_voters))


def begin_dusk(game: Game) -> None:
    """The Dämmerung begins: note the Wütender Mob and inactivity."""
    day = game.state.day
    day.voters_at_dusk = set(day.lynch_votes)
    day.mayor_voters_at_dusk = set(day.mayor_votes)
    non_voters = [p.name for p in game.living() if p.active and p.name not in day.lynch_votes]
    mob_votes = int(game.option("mob_votes"))
    limit = int(game.option("inactivity_dusks"))
    for p in game.living():
        if not p.active:
            continue
        if p.name in non_voters:
            p.missed_dusks += 1
            if mob_votes:
                game.state.next_mob[p.name] = game.state.next_mob.get(p.name, 0) + mob_votes
        else:
            p.missed_dusks = 0
    game.emit(_tally_event(game, "dusk", non_voters))
    for p in game.living():
        if p.active and p.missed_dusks >= limit:
            exclude(game, p)


def resolve_day(game: Game) -> None:
    """The end of the day: on the first day the Bürgermeister first, then the lynch."""
    if game.state.phase.number == 1 and game.state.mayor is None:
        _elect_mayor(game)
    non_voters = [
        p.name for p in game.living() if p.active and p.name not in game.state.day.voters_at_dusk
    ]
    game.emit(_tally_event(game, "evening", non_voters))
    tally = lynch_tally(game)
    candidates = [p.name for p in game.living()]
    if not candidates:
        return
    top = max(tally[name] for name in candidates)
    tied = [name for name in candidates if tally[name] == top]
    if len(tied) == 1:
        _lynch(game, tied[0], top, "majority")
        return
    mayor = game.state.mayor
    mayor_vote = game.state.day.lynch_votes.get(mayor) if mayor else None
    mayor_player = game.find_player(mayor) if mayor else None
    if mayor_vote in tied and mayor_player is not None and mayor_player.active:
        _lynch(game, mayor_vote, top, "Bürgermeister")
    elif mayor_player is not None and mayor_player.active:
        game.ask(
            Question(
                player=mayor_player.name,
                kind="lynch_tie",
                word="Lynch",
                channels=("private",),
                options=tuple(tied),
                prompt=say("question.lynch_tie", votes=top),
            )
        )
    else:
        _lynch(game, game.draw(tied), top, "Los")


def _lynch(game: Game, name: str, votes: int, decided_by: str) -> None:
    game.emit(LynchDecided(name, votes, decided_by))
    game.kill([(name, "Lynch")])


class LynchTie(QuestionHandler):
    def check(self, game: Game, question: Question, command: Command) -> None:
        check_not_against_lover(game, game.player(question.player), command.target)

    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        _lynch(game, choice, lynch_tally(game)[choice], "Los" if by_lot else "Bürgermeister")


def _elect_mayor(game: Game) -> None:
    """Simple majority of the `!Bürgermeister` votes; a tie (also: no votes) by lot."""
    tally = Counter(_counted(game, game.state.day.mayor_votes).values())
    candidates = [p.name for p in game.living() if p.active] or [p.name for p in game.living()]
    if not candidates:
        return
    top = max(tally[name] for name in candidates)
    tied = [name for name in candidates if tally[name] == top]
    mayor = tied[0] if len(tied) == 1 else game.draw(tied)
    game.state.mayor = mayor
    game.emit(MayorElected(mayor, top, by_lot=len(tied) > 1))
