"""Der Flötenspieler: "Der Flötenspieler gewinnt, wenn er alle anderen Dorfbewohner
verzaubert hat. … In der Nacht bestimmt der Flötenspieler gegenüber der Spielleitung zwei
Dorfbewohner, die er verzaubert (!Verzaubern [Spielername] [Spielername]). Die Spielleitung
fügt alle verzauberten Dorfbewohner einer eigenen Konversation hinzu und teilt ihnen mit,
dass sie vom Flötenspieler verzaubert wurden. Die verzauberten Dorfbewohner dürfen diese
Konversation nicht nutzen. Die Spielleitung fügt den Flötenspieler nicht Konversation der
verzauberte Dorfbewohner hinzu!" – the enchanted are the conversation `enchanted`'s
members; his win ends the round, while he lives and is not in love (reading 67).
`params.lifted_at_death` (the Weerwolven's: "Als de fluitspeler is gestorven raakt de
betovering van zijn muziek uitgewerkt"): at his death the living enchanted are told that the
spell is lifted, and they leave their conversation."""

from __future__ import annotations

from wolfbot.engine.names import ENCHANTED
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell, used
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


def enchanted(game: GamePort) -> list[str]:
    return game.state.conversations.get(ENCHANTED, [])


class Floetenspieler(Behaviour):
    parameters = {"word": str, "lifted_at_death": bool | None}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is None:
            return
        new = [name for name in command.targets if name not in enchanted(game)]
        for name in new:
            tell(game, name, say("floetenspieler.enchanted"))
        game.enter_conversation(ENCHANTED, new)

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if game.role_facts(player).params.get("lifted_at_death"):
            spell = list(enchanted(game))
            for name in spell:
                if game.player(name).alive:
                    tell(game, name, say("floetenspieler.lifted"))
            game.leave_conversation(ENCHANTED, spell)
        return []

    def has_won(self, game: GamePort, player: PlayerState) -> bool:
        if not player.alive or game.lover_of(player.name) is not None:
            return False
        spell = set(enchanted(game))
        return all(p.name in spell for p in game.living() if p is not player)
