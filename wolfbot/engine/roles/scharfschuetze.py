"""Der Scharfschütze: "In der ersten Nacht bestimmt der Scharfschütze ... einen Dorfbewohner,
auf den er zielt (!Zielen [Spielername]). In der darauffolgenden Nacht kann der
Scharfschütze ... entweder bestimmen, diesen Dorfbewohner zu erschießen (!Erschießen) oder
auf einen anderen Dorfbewohner zu zielen. ... Wenn der Scharfschütze einen Dorfbewohner
erschießt, der für das Dorf spielt oder mit dem Dorf gewinnt, so findet eine Fehlzündung
statt und der Scharfschütze stirbt anstatt des Dorfbewohners. Wenn der Scharfschütze einen
Dorfbewohner erschossen hat, so kann er nie wieder einen Dorfbewohner erschießen. Der
Scharfschütze kann einen Dorfbewohner auch in einer Nacht erschießen, in der der
Scharfschütze angegriffen wird.\""""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say


def _aimed(game: GamePort, player: PlayerState) -> str | None:
    """The living player he aimed at in the night before this one."""
    aim = player.memory.get("aim")
    if aim and aim[0] == game.state.phase.number - 1 and game.player(aim[1]).alive:
        return str(aim[1])
    return None


class Scharfschuetze(Behaviour):
    parameters = {"word": str, "shoot_word": str}

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        if word == own_word(game, player, "shoot_word") and _aimed(game, player) is None:
            return say("scharfschuetze.no_aim")
        return None

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        shoot = own_word(game, player, "shoot_word")
        target = _aimed(game, player) if action(game, player, shoot) else None
        if target is not None:  # "entweder ... erschießen oder ... zielen"
            game.consume(player, shoot)
            victim = game.player(target)
            if game.side(victim) == "Dorf":
                tell(game, player, say("scharfschuetze.misfire", name=target))
                game.kill_tonight(player.name, player.role, (player.name,), stage)
            else:
                game.kill_tonight(target, player.role, (player.name,), stage)
            return
        command = action(game, player, own_word(game, player))
        if command is not None:
            player.memory["aim"] = [game.state.phase.number, command.target]
            tell(game, player, say("scharfschuetze.aimed", name=command.target))
