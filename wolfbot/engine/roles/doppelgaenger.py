"""Der Doppelgänger: "In der Nacht vor der Bürgermeisterwahl bestimmt der Doppelgänger einen
Dorfbewohner, dessen Rolle er kopiert (!Kopieren [Spielername]). Der Doppelgänger spielt
fortan diesselbe Rolle und für dieselbe Fraktion wie dieser Dorfbewohner." – the copy is
made when `!Kopieren` is accepted, so the copied role's commands count that night (reading
51); a copied Werwolf joins the pack and the Wolfshöhle."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Doppelgaenger(Behaviour):
    parameters = {"word": str}

    acts_at_once = True

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != own_word(game, player):
            return
        copied = game.player(command.target)
        side = game.faction(copied)
        game.become(player, copied.role, faction=side)
        tell(game, player, say("doppelgaenger.copied", name=copied.name, role=copied.role))
