"""Die Dorfnutte: "In der Nacht bestimmt die Dorfnutte ... einen Dorfbewohner, bei dem sie
übernachtet (!Übernachten [Spielername]). Wenn die Werwölfe die Dorfnutte angreifen, so
schlägt der Angriff fehl. Wenn die Werwölfe den Freier der Dorfnutte angreifen, so wird auch
die Dorfnutte angegriffen. Wenn der Freier der Dorfnutte ein Werwolf ist, so wird die
Dorfnutte gefressen." The attacks that reach her through her Freier are "visits": her own
immunity is against the wolves attacking her, not against what happens where she sleeps. At a
Werwolf's house she is eaten with the pack's meal, so the protections of that night count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import night
from wolfbot.engine.roles.base import Behaviour
from wolfbot.engine.roles.common import action
from wolfbot.engine.roles.pack import PACK_CAUSE, PACK_STAGE
from wolfbot.engine.state import Attack, Modifier, PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


class Dorfnutte(Behaviour):
    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        command = action(game, player, "Übernachten")
        if command is None:
            return
        host = game.player(command.target)
        if game.spec(host).is_werwolf:  # eaten with the pack's meal, at the pack's stage
            feast = game.rules.stage_of(PACK_STAGE)
            night.schedule(game, player.name, PACK_CAUSE, (host.name,), feast, kind="visit")
        else:
            night.place(game, Modifier("redirect", player.name, host.name))

    def modify_attack(self, game: Game, attack: Attack, modifier: Modifier) -> None:
        """Her Freier is attacked by the wolves: she is attacked too."""
        if attack.cause == PACK_CAUSE and attack.kind == "direct":
            night.attack(game, modifier.owner, PACK_CAUSE, attack.sources, attack.stage, "visit")

    def defend(self, game: Game, player: PlayerState, attack: Attack, step: str) -> None:
        if step == "immunity" and attack.cause == PACK_CAUSE and attack.kind == "direct":
            attack.status, attack.reason = "failed", say("failed.away", role=player.role)
