"""Der Jäger: "Wenn der Jäger verstirbt, so bestimmt er gegenüber der Spielleitung einen
Dorfbewohner, den er vorher erschießt (!Erschießen [Spielername]). Der Jäger muss einen
anderen Dorfbewohner erschießen!" – `params.causes`: only a death of these causes makes him
shoot (the Weerwolven's Jager: "Als de jager door weerwolven verslonden wordt, of door de
andere burgers vermoord wordt"), by the cause's name or the ruleset's for it (`names`)."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort, QuestionHandler
from wolfbot.engine.roles.common import died_of, own_word
from wolfbot.engine.state import PlayerState, Question
from wolfbot.engine.text import say


class Jaeger(Behaviour):
    parameters = {"word": str, "causes": list[str] | None}

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if not died_of(game, player, cause):
            return []
        options = tuple(p.name for p in game.living() if p.name != player.name)
        game.ask(
            Question(
                player=player.name,
                kind="shot",
                word=own_word(game, player),
                channels=("private",),
                options=options,
                prompt=say("question.shot"),
            )
        )
        return []


class Shot(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        # the cause is the role he played then (a Gaukler playing the Jäger shoots as Jäger)
        game.kill([(choice, game.role_facts(game.player(question.player)).name)])
