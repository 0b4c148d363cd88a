"""Der Heiler: "In der Nacht teilt die Spielleitung dem Heiler mit, welche Dorfbewohner in der
Nacht erfolgreich angegriffen worden sind. Der Heiler kann nun einmalig ... einen dieser
Dorfbewohner ... heilen (!Heilen [Spielername]). ... Wenn der Heiler einen Dorfbewohner
geheilt hat, so teilt die Spielleitung dem Heiler nicht mehr mit, welche Dorfbewohner in der
Nacht erfolgreich angegriffen worden sind.\""""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import offer_heal, own_word
from wolfbot.engine.state import PlayerState


class Heal(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = own_word(game, player)
        if player.uses.get(word, 0) == 0:
            offer_heal(game, player, word, stage)
