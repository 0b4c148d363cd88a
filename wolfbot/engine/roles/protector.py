"""Protection and redirection of attacks, as standing effects on the night's attacks.

Der Beschützer: "Wenn der beschützte Dorfbewohner in der Nacht angegriffen wird, so schlägt
der Angriff fehl." Der Leibwächter: "Wenn der bewachte Dorfbewohner in der Nacht angegriffen
wird, so wird der Leibwächter an seiner statt angegriffen." Both act before the Werwölfe in
the Nachtreihenfolge, so their effect waits for the attacks. `params.not_for`: roles the
protection does not cover (the Weerwolven's Genezer: "Het onschuldige meisje wordt niet door
de genezer beschermd als hij haar aanwijst")."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, own_word
from wolfbot.engine.state import Attack, Modifier, PlayerState
from wolfbot.engine.text import say


class Protect(Behaviour):
    parameters = {"word": str, "not_for": list[str] | None}
    step = "protection"

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is not None:
            game.place(Modifier(self.step, player.name, command.target))

    def modify_attack(self, game: GamePort, attack: Attack, modifier: Modifier) -> None:
        not_for = game.role_facts(game.player(modifier.owner)).params.get("not_for", ())
        if game.player(attack.target).role in {game.rules.role(name).name for name in not_for}:
            return  # "Zij is dwaas door de puberteit en zoekt zelf het onheil op."
        attack.status, attack.reason = "failed", say("failed.protected", by=modifier.owner)


class Guard(Protect):
    step = "redirect"

    def modify_attack(self, game: GamePort, attack: Attack, modifier: Modifier) -> None:
        if modifier.owner != attack.target and game.player(modifier.owner).alive:
            attack.target = modifier.owner
