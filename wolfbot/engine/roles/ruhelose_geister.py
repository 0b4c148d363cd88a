"""Das Totenreich (Spielvariante): "Die ersten fünf toten Spieler, ziehen als Ruhelose Geister
in das Totenreich ein. In der Nacht bestimmen die Ruhenlosen Geister gegenüber der
Spielleitung einen Dorfbewohner, die sie anklagen (!Anklagen [Spielername]). Bei Gleichstand
entscheidet der König der Toten. Hierzu richtet die Spielleitung den Ruhelosen Geistern eine
eigene Konversation (Totenreich) ein. Der erste Spieler, der als Ruheloser Geist in das
Totenreich einzieht, wird zum König der Toten. Der angeklagte Dorfbewohner beginnt den
nächsten Tag mit einer Gegenstimme. Die Ruhelosen Geister begründen ihre Anklage. Die
Begründung darf nicht mehr als 50 Zeichen umfassen und muss sich inhaltlich auf den
angeklagten Dorfbewohner beziehen."

Readings 73–74: the accusation is a vote of the dead Geister (`!Anklagen [Spielername]
[Begründung]`, the last one counts); the most accused begins the next day with the
Gegenstimme, and the Morgen names him with the reason of the König der Toten (of the first
Geist who accused him, if the König did not) – whether it "bezieht sich inhaltlich auf den
angeklagten Dorfbewohner" the Spielleitung judges (`wolfbot reject`). A tie: the König's
own accusation among the tied, else he is asked. A Geist who is brought back to life stays
counted among the five.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.names import SPIRITS
from wolfbot.engine.port import GamePort, GroupBehaviour, QuestionHandler, WordHandler
from wolfbot.engine.roles.common import break_tie, handler_word, most_voted, tell
from wolfbot.engine.state import DayEffect, PlayerState, Question
from wolfbot.engine.text import say

VARIANT = "totenreich"
SPIRITS_NAME = "Ruhelose Geister"


def _params(game: GamePort) -> dict:
    return game.rules.variants[VARIANT].params


def restless(game: GamePort) -> list[str]:
    """The Ruhelosen Geister who are dead now, the König der Toten first."""
    return [name for name in game.state.spirits if not game.player(name).alive]


def king(game: GamePort) -> str | None:
    """ "Der erste Spieler, der als Ruheloser Geist in das Totenreich einzieht" """
    return game.state.spirits[0] if game.state.spirits else None


class Accuse(WordHandler):
    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if player.name not in restless(game):
            raise IllegalCommand(say("spirits.not_a_spirit"))
        if not command.note:
            raise IllegalCommand(say("spirits.reason_missing"))
        limit = int(_params(game)["reason_length"])
        if len(command.note) > limit:
            length = len(command.note)
            raise IllegalCommand(say("spirits.reason_too_long", limit=limit, length=length))

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.night.accusations[player.name] = command.target
        game.state.night.reasons[player.name] = command.note or ""

    def votes(self, game: GamePort) -> dict[str, str]:
        return game.state.night.accusations


class RuheloseGeister(GroupBehaviour):
    def witness_death(self, game: GamePort, dead: PlayerState) -> None:
        spirits = game.state.spirits
        if len(spirits) >= int(_params(game)["spirits"]) or dead.name in spirits:
            return
        spirits.append(dead.name)
        game.enter_conversation(SPIRITS, [dead.name])
        tell(game, dead, say("spirits.joined", king=spirits[0], is_king=len(spirits) == 1))

    def act(self, game: GamePort, stage: int) -> None:
        night = game.state.night
        spirits = restless(game)
        game.leave_conversation(SPIRITS, [n for n in game.state.spirits if n not in spirits])
        votes = {
            spirit: target
            for spirit, target in night.accusations.items()
            if spirit in spirits and game.player(target).alive
        }
        if not votes:
            return
        ruler = king(game)
        decider = ruler if ruler in spirits else None
        tied = most_voted(votes, [p.name for p in game.state.players])
        question = Question(
            player=decider or "",
            kind="accusation_tie",
            word=handler_word(game, "accuse"),
            channels=("spirits", "private"),
            options=tuple(tied),
            prompt=say("question.accusation_tie"),
            stage=stage,
        )
        choice = break_tie(game, tied, decider, votes.get(ruler or ""), question)
        if choice is not None:
            accused(game, choice)


def accused(game: GamePort, target: str) -> None:
    """The accused begins the next day with the Gegenstimme; the Morgen names him."""
    night = game.state.night
    ruler = king(game) or target
    accusers = [s for s, t in night.accusations.items() if t == target]
    first = ruler if ruler in accusers else accusers[0]
    reason = night.reasons.get(first, "")
    game.state.next_day.append(
        DayEffect(
            "mob",
            ruler,
            target,
            votes=int(_params(game)["votes"]),
            announce=say("spirits.accused", name=target, reason=reason),
            by=SPIRITS_NAME,
        )
    )


class AccusationTie(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        accused(game, choice)
