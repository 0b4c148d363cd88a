"""Die Dorfnutte: "In der Nacht bestimmt die Dorfnutte ... einen Dorfbewohner, bei dem sie
übernachtet (!Übernachten [Spielername]). Wenn die Werwölfe die Dorfnutte angreifen, so
schlägt der Angriff fehl. Wenn die Werwölfe den Freier der Dorfnutte angreifen, so wird auch
die Dorfnutte angegriffen. Wenn der Freier der Dorfnutte ein Werwolf ist, so wird die
Dorfnutte gefressen." The attacks that reach her through her Freier are "visits": her own
immunity is against the wolves attacking her, not against what happens where she sleeps. At a
Werwolf's house she is eaten with the pack's meal, so the protections of that night count.

Die Wolfsfrau (the same behaviour, `params`): "Wenn dieser Dorfbewohner ein Werwolf ist, so
verwandelt sich die Wolfsfrau in einen Werwolf. Wenn die Wolfsfrau angegriffen wird, so
schlägt der Angriff fehl. Wenn der Freier der Wolfsfrau angegriffen wird, so wird auch die
Wolfsfrau angegriffen." – `immune_to: all` (every attack, also one that reaches her at her
Freier's: reading 58), `follows: all`, `at_werwolf: turns` into `turns_into`."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, own_word, tell
from wolfbot.engine.roles.pack import PACK_CAUSE, PACK_STAGE, by_the_pack
from wolfbot.engine.state import Attack, Modifier, PlayerState
from wolfbot.engine.text import say


def _concerns(game: GamePort, owner: PlayerState, attack: Attack, key: str) -> bool:
    """Whether the attack is one the role's `params[key]` names: `pack` – the Werwölfe's
    own (not one that reached the Freier through somebody else) – or `all`."""
    if game.role_facts(owner).params.get(key, "pack") == "all":
        return True
    return by_the_pack(game, attack.cause) and attack.kind == "direct"


class Dorfnutte(Behaviour):
    parameters = {
        "word": str,
        "immune_to": str | None,
        "follows": str | None,
        "at_werwolf": str | None,
        "turns_into": str | None,
    }

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is None:
            return
        host = game.player(command.target)
        params = game.role_facts(player).params
        if game.role_facts(host).is_werwolf and params.get("at_werwolf") == "turns":
            game.become(player, params["turns_into"])
            tell(game, player, say("wolfsfrau.turned", name=host.name, role=player.role))
        elif game.role_facts(host).is_werwolf:  # eaten with the pack's meal, at the pack's stage
            feast = game.rules.stage_of(PACK_STAGE)
            game.schedule_attack(player.name, PACK_CAUSE, (host.name,), feast, kind="visit")
        else:
            game.place(Modifier("redirect", player.name, host.name))

    def modify_attack(self, game: GamePort, attack: Attack, modifier: Modifier) -> None:
        """Her Freier is attacked (by the wolves): she is attacked too."""
        owner = game.player(modifier.owner)
        if attack.kind == "direct" and _concerns(game, owner, attack, "follows"):
            game.attack(owner.name, attack.cause, attack.sources, attack.stage, "visit")

    def defend(self, game: GamePort, player: PlayerState, attack: Attack, step: str) -> None:
        if step == "immunity" and _concerns(game, player, attack, "immune_to"):
            attack.status, attack.reason = "failed", say("failed.away", role=player.role)
