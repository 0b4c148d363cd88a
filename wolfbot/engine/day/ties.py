"""The tie rules of a count (`TIE_RULES`, named in the procedures' `tie` lists) and the
Bürgermeister's answer to a tie (`LynchTie`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.day.lynches import decide, finish
from wolfbot.engine.day.votes import check_not_against_lover, procedure, tally
from wolfbot.engine.events import Announcement
from wolfbot.engine.port import QuestionHandler
from wolfbot.engine.state import Question, Tie
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


# -- tie rules: each may decide places of the tie (`decide`); it returns True when the tie is
# dealt with – the day finished (`finish`, `_done`) or a question asked whose answer finishes
# it – and False to leave the rest to the next rule ---------------------------------------------
def _done(game: GamePort, tie: Tie) -> bool:
    """Whether the tie is over: every place filled, or as many tied left as places (those
    are lynched) – then the day is finished."""
    if tie.places > 0 and len(tie.tied) > tie.places:
        return False
    for name in list(tie.tied) if tie.places > 0 else []:
        decide(game, name, tie.votes, "majority")
    finish(game)
    return True


def _acting_mayor(game: GamePort) -> str | None:
    mayor = game.state.mayor
    player = game.find_player(mayor) if mayor else None
    return player.name if player is not None and player.active else None


def _scapegoat(game: GamePort, tie: Tie) -> bool:
    """Der Sündenbock: "Wenn am Ende des Tages mehrere Dorfbewohner dieselbe Anzahl an den
    meisten Gegenstimmen auf sich vereinigen, so wird anstatt eines dieser Dorfbewohner und
    ungeachtet des Bürgermeisters der Sündenbock gelyncht." – a place each tie; a role that
    `takes_tie` (alive, not decided already)."""
    decided = {d.player for d in game.state.day.decided}
    goat = next(
        (
            p
            for p in game.living()
            if p.name not in decided and game.behaviour(p).takes_tie(game, p)
        ),
        None,
    )
    if goat is None:
        return False
    places_before = tie.places
    decide(game, goat.name, tally(game)[goat.name], "Sündenbock")
    if tie.places == places_before:  # he was not among the tied: he takes one of their places
        tie.places -= 1
    return _done(game, tie)


def _mayor_vote(game: GamePort, tie: Tie) -> bool:
    """ "Wenn es zu einem Gleichstand kommt, so entscheidet die Stimme des Bürgermeisters.\""""
    mayor = _acting_mayor(game)
    choice = game.state.day.lynch_votes.get(mayor) if mayor else None
    if choice is None or choice not in tie.tied:
        return False
    decide(game, choice, tie.votes, "Bürgermeister")
    return _done(game, tie)


def _mayor_decides(game: GamePort, tie: Tie) -> bool:
    """ "Hat der Bürgermeister für keinen der Dorfbewohner gestimmt, zwischen denen es einen
    Gleichstand gibt, so bestimmt er, welcher dieser Dorfbewohner gelyncht wird." – one
    question per open place; unanswered → lot."""
    mayor = _acting_mayor(game)
    if mayor is None:
        return False
    _ask_mayor(game, mayor, tie)
    return True


def _mayor_may_decide(game: GamePort, tie: Tie) -> bool:
    """Wolf Village: "Gibt es einen Hauptmann, entscheidet er den Gleichstand" – asked
    among the tied; unanswered → nobody is banished."""
    mayor = _acting_mayor(game)
    if mayor is None:
        return False
    _ask_mayor(game, mayor, tie, optional=True)
    return True


def _ask_mayor(game: GamePort, mayor: str, tie: Tie, *, optional: bool = False) -> None:
    game.ask(
        Question(
            player=mayor,
            kind="lynch_tie",
            word=procedure(game).vote or "",
            channels=("private",),
            options=tuple(tie.tied),
            prompt=say("question.lynch_tie", votes=tie.votes),
            optional=optional,
        )
    )


def _runoff(game: GamePort, tie: Tie) -> bool:
    """A Stichwahl among the tied, once a day ("Beratet weiter und stimmt erneut ab"): the
    day's votes start anew, only for the tied; the Stichwahl's end counts them with the
    procedure's rules, and its tie goes to the rules after this one."""
    day = game.state.day
    if day.runoff:
        return False
    day.runoff, day.tie, day.lynch_votes = list(tie.tied), None, {}
    game.state.step = "runoff"
    return True


def _nobody(game: GamePort, tie: Tie) -> bool:
    """ "Das Dorf konnte sich nicht einigen. Heute muss niemand gehen.": the tied live."""
    _no_agreement(game)
    return True


def _no_agreement(game: GamePort) -> None:
    game.emit(Announcement(say("tie.nobody"), ""))
    finish(game)


def _lot(game: GamePort, tie: Tie) -> bool:
    while not _done(game, tie):
        decide(game, game.draw(list(tie.tied)), tie.votes, "Los")
    return True


TieRule = Callable[["GamePort", Tie], bool]
TIE_RULES: Mapping[str, TieRule] = MappingProxyType(
    {
        "scapegoat": _scapegoat,
        "mayor_vote": _mayor_vote,
        "mayor_decides": _mayor_decides,
        "mayor_may_decide": _mayor_may_decide,
        "runoff": _runoff,
        "nobody": _nobody,
        "lot": _lot,
    }
)


class LynchTie(QuestionHandler):
    """The Bürgermeister's answer to a tie (`mayor_decides`): a place each."""

    def check(self, game: GamePort, question: Question, command: Command) -> None:
        check_not_against_lover(game, game.player(question.player), command.target)

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        tie = game.state.day.tie
        assert tie is not None  # asked by `_mayor_decides` for the day's tie
        decide(game, choice, tie.votes, "Los" if by_lot else "Bürgermeister")
        if not _done(game, tie):
            _ask_mayor(game, question.player, tie, optional=question.optional)

    def unanswered(self, game: GamePort, question: Question) -> None:
        """The Hauptmann did not decide: nobody (more) is banished today."""
        _no_agreement(game)
