"""The Bürgermeister's and the Alpha's Nachfolger (or the Hauptmann's badge).

"Der Bürgermeister muss bei seinem Tod einen Nachfolger ernennen!" – "Der Alpha muss bei
seinem Tod einen Nachfolger ernennen!" Asked once the deaths of a night or day are settled
and the game goes on; unanswered → lot (decided reading 6). The elected office's successor
rules are the ruleset's (`day.election.successor`): Wolf Village's Hauptmann "gibt das
Abzeichen an einen lebenden Spieler weiter, der noch abstimmen darf, oder wirft es weg" –
also a living one who lost his vote (the spared Dorfdepp); unanswered → thrown away."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.day.votes import may_vote
from wolfbot.engine.events import PUBLIC, OfficeDiscarded, SuccessorNamed
from wolfbot.engine.port import QuestionHandler
from wolfbot.engine.spec import SuccessorSpec
from wolfbot.engine.state import Question
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def successor_rules(game: GamePort) -> SuccessorSpec:
    election = game.rules.day.election
    return election.successor if election is not None else SuccessorSpec()


def office_title(game: GamePort) -> str:
    """The office's title: its election's, else the engine's name for it in the ruleset's
    words (`Ruleset.named`)."""
    election = game.rules.day.election
    return election.title if election is not None else game.rules.named("Bürgermeister")


def ask_successors(game: GamePort) -> None:
    state = game.state
    rules = successor_rules(game)
    holder = game.player(state.mayor) if state.mayor else None
    if holder is not None and _vacated(game, holder, rules):
        options = tuple(
            p.name
            for p in game.living()
            if p.active and p is not holder and (not rules.voters_only or may_vote(game, p))
        )
        game.ask(
            Question(
                player=holder.name,
                kind="successor_mayor",
                word=rules.word,
                channels=("private",),
                options=options,
                prompt=say("question.successor_mayor", title=office_title(game)),
                optional=rules.unanswered == "nobody",
                decline=rules.decline,
            )
        )
        if not options:
            state.mayor = None
    if state.alpha and not game.player(state.alpha).alive:
        options = tuple(p.name for p in game.pack())
        game.ask(
            Question(
                player=state.alpha,
                kind="successor_alpha",
                word="Nachfolger",
                channels=("private", "wolves"),
                options=options,
                prompt=say("question.successor_alpha"),
            )
        )
        if not options:
            state.alpha = None


def _vacated(game: GamePort, holder, rules: SuccessorSpec) -> bool:
    """The holder died – or, where only voters may hold it, lost his vote."""
    return not holder.alive or (rules.voters_only and not may_vote(game, holder))


class MayorSuccessor(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        if not choice:  # declined ("oder wirft es weg")
            self.unanswered(game, question)
            return
        game.state.mayor = choice
        title = office_title(game)
        game.emit(SuccessorNamed(title, question.player, choice, (PUBLIC,), by_lot))

    def unanswered(self, game: GamePort, question: Question) -> None:
        """Given up or unanswered where nobody holds it then: the office is vacant."""
        game.state.mayor = None
        game.emit(OfficeDiscarded(office_title(game), question.player))


class AlphaSuccessor(QuestionHandler):
    def check(self, game: GamePort, question: Question, command: Command) -> None:
        """Only a living Werwolf can be named (checked by the options)."""

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        game.state.alpha = choice
        pack = tuple(p.name for p in game.pack())
        game.emit(SuccessorNamed("Alpha", question.player, choice, pack, by_lot))
