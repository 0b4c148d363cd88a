"""Der Priester: "In der Nacht bestimmt der Priester ... einen Dorfbewohner, den er zur
Beichte bittet (!Beichte [Spielername]). Der Priester kann diesem Dorfbewohner drei Fragen
stellen, die dieser Dorfbewohner bis zum Ende der Nacht beantworten muss. Die Spielleitung
teilt dem Dorfbewohner die Fragen des Priesters und dem Priester die Antworten des
Dorfbewohners mit." From the accepted `!Beichte` on, the Priester's next three private
texts that night go to the Beichtkind as questions, and its private texts come back as
answers (the Spielleitung passes them on at once, as a human would)."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

ANSWERS = 99  # "bis zum Ende der Nacht": no limit to the answers


class Priester(Behaviour):
    house_rules = ("priester_questions",)
    parameters = {"word": str}

    acts_at_once = True  # the Beichte opens the relay when it is accepted

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != own_word(game, player):
            return
        relays = game.state.night.relays
        if player.name in relays:  # one confession a night: "drei Fragen", not three more
            return
        target = command.target
        questions = int(game.option("priester_questions"))
        relays[player.name] = (target, say("priester.question_label"), questions)
        relays[target] = (player.name, say("priester.answer_label", name=target), ANSWERS)
        tell(game, target, say("priester.confession_asked"))
        tell(game, player, say("priester.confession_told", name=target))
