"""The Bürgermeister's and the Alpha's Nachfolger.

"Der Bürgermeister muss bei seinem Tod einen Nachfolger ernennen!" – "Der Alpha muss bei
seinem Tod einen Nachfolger ernennen!" Asked once the deaths of a night or day are settled
and the game goes on; unanswered → lot (decided reading 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.events import PUBLIC, SuccessorNamed
from wolfbot.engine.roles.base import QuestionHandler
from wolfbot.engine.state import Question
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def ask_successors(game: Game) -> None:
    state = game.state
    if state.mayor and not game.player(state.mayor).alive:
        options = tuple(p.name for p in game.living() if p.active)
        game.ask(
            Question(
                player=state.mayor,
                kind="successor_mayor",
                word="Nachfolger",
                channels=("private",),
                options=options,
                prompt=say("question.successor_mayor"),
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


class MayorSuccessor(QuestionHandler):
    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        game.state.mayor = choice
        game.emit(SuccessorNamed("Bürgermeister", question.player, choice, (PUBLIC,), by_lot))


class AlphaSuccessor(QuestionHandler):
    def check(self, game: Game, question: Question, command: Command) -> None:
        """Only a living Werwolf can be named (checked by the options)."""

    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        game.state.alpha = choice
        pack = tuple(p.name for p in game.pack())
        game.emit(SuccessorNamed("Alpha", question.player, choice, pack, by_lot))
