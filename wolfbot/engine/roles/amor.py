"""Amor: "In der Nacht vor der Bürgermeisterwahl bestimmt Amor ... zwei Dorfbewohner, der er
ineinander verliebt (!Verlieben [Spielername] [Spielername]). ... Hierzu richtet die
Spielleitung den Verliebten eine eigene Konversation (Bettgeflüster) ein." –
"Die Spielleitung teilt Verliebten ihre Siegbedingungen mit.\""""

from __future__ import annotations

from wolfbot.engine.events import PrivateInfo
from wolfbot.engine.names import LIEBESPAAR, LOVERS
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import own_word
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Amor(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = own_word(game, player)
        command = game.state.night.actions.get(player.name, {}).get(word)
        if command is None or game.state.lovers:
            return
        first, second = command.targets
        game.consume(player, word)
        game.state.lovers = (first, second)
        condition = say("win_condition", side=game.lovers_side() or LIEBESPAAR)
        game.open_conversation(LOVERS, [first, second])
        for lover, other in ((first, second), (second, first)):
            text = say("amor.in_love", other=other, condition=condition)
            game.emit(PrivateInfo((lover,), "private", text))
        told = say("amor.done", first=first, second=second)
        game.emit(PrivateInfo((player.name,), "private", told))
