"""Der Bäcker: "In der Nacht bestimmt der Bäcker ... einen Dorfbewohner, den er im
Morgengrauen sieht (!Sehen [Spielername]). Die Spielleitung teilt dem Bäcker mit, ob dieser
Dorfbewohner in dieser Nacht eine Fähigkeit genutzt hat." – "Auch das Nutzen einer
Konversation ist das Nutzen einer Fähigkeit!" He acts last in the Nachtreihenfolge, so the
night's uses (`NightState.used`, posts in conversations) are all known. A player disguised
towards him (reading 55) is seen as his apparent role would be: a (gewöhnlicher) Bürger
uses no ability, a Werwolf attacks with the pack every night."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, apparent_role, disguised, own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Baecker(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is None:
            return
        night = game.state.night
        used = command.target in night.used or (
            command.target in night.talked and command.target not in night.blocked
        )
        if disguised(game, command.target, player):
            seen = game.rules.roles[apparent_role(game, command.target, player)]
            used = seen.pack or (bool(seen.commands) and used)
        tell(game, player, say("baecker.seen", name=command.target, used=used))
