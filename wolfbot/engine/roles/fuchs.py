"""Der Fuchs: "In der ersten Nacht bestimmt der Fuchs ... einen Dorfbewohner, an dem er riecht
(!Riechen [Spielername]). Die Spielleitung teilt dem Fuchs mit, ob dieser Dorfbewohner oder
einer seiner Nachbarn ein Werwolf ist. ... Wenn der Fuchs in einer Nacht einen Werwolf
gerochen hat, so kann er in der darauffolgenden Nacht erneut an einem Dorfbewohner riechen.\""""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, looks_like_werwolf, neighbours, own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say


class Fuchs(Behaviour):
    parameters = {"word": str}

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        number = game.state.phase.number
        if (
            word != own_word(game, player)
            or number == 1
            or player.memory.get("smelled_wolf") == number - 1
        ):
            return None
        return say("fuchs.not_tonight")

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = own_word(game, player)
        command = action(game, player, word)
        if command is None:
            return
        game.consume(player, word)
        sniffed = (command.target, *neighbours(game, command.target))
        wolf = any(looks_like_werwolf(game, name, player) for name in sniffed)
        if wolf:
            player.memory["smelled_wolf"] = game.state.phase.number
        tell(game, player, say("fuchs.smelled", name=command.target, wolf=wolf))
