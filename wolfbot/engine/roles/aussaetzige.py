"""Die Aussätzige: "Die Aussätzige spielt für das Dorf, wenn sie von den Werwölfen gefressen
wird. Dies gilt nicht, wenn die Aussätzige verliebt ist. Die Aussätzige spielt für das
Rudel, wenn sie gelyncht wird. Dies gilt nicht, wenn die Aussätzige verliebt ist. Wenn die
Aussätzige von den Werwölfen gefressen wird, so können die Werwölfe in der darauffolgenden
Nacht keinen Dorfbewohner angreifen und fressen. Wenn die Aussätzige gelyncht wird, so wird
am darauffolgenden Tag kein Dorfbewohner gelyncht." – "Dies gilt nicht" follows the two
sentences of her faction; the two effects hold in love too (reading 63). `params`: the
faction each death gives her, and the next day's procedure after her lynch."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.day_marks import announced
from wolfbot.engine.roles.pack import by_the_pack
from wolfbot.engine.state import DayEffect, PlayerState


class Aussaetzige(Behaviour):
    parameters = {"eaten_plays_for": str, "lynched_plays_for": str, "next_day": str}

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        params = game.role_facts(player).params
        in_love = game.lover_of(player.name) is not None
        if by_the_pack(game, cause):
            if not in_love:
                player.faction = params["eaten_plays_for"]
            game.state.pack_rests = game.state.phase.number + 1
        elif cause == game.rules.day.cause:
            if not in_love:
                player.faction = params["lynched_plays_for"]
            effect = DayEffect("procedure", player.name, player.name, procedure=params["next_day"])
            effect.announce = announced(effect)
            game.state.next_day.append(effect)
        return []
