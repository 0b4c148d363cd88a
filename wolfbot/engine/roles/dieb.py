"""Der Dieb: he steals one of the two roles left over at the deal, or plays for the village."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort, SetAside
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

# "Die Spielleitung verlost zwei Rollen mehr als Spieler … Somit bleiben zwei Rollen übrig"
DIEB_ROLES = SetAside(option="dieb_roles", count=2, chosen=False, announced=False)


class Dieb(Behaviour):
    """Der Dieb: "In der Nacht vor der Bürgermeisterwahl teilt die Spielleitung dem Dieb mit,
    welche beiden Rollen übrig geblieben sind. Der Dieb kann nun eine dieser beiden Rollen
    stehlen (!Stehlen [Rollenname]). Wenn der Dieb eine Rolle stiehlt, so spielt er fortan
    diese Rolle. Wenn der Dieb keine Rolle stiehlt, so spielt er fortan für das Dorf. Wenn die
    beiden übriggebliebenen Rollen zwei Werwölfe sind, so muss der Dieb eine Rolle stehlen.
    Dasselbe gilt, wenn eine der beiden übriggebliebenen Rollen ein Werwolf und die andere …
    der Günstling, … oder der Wolfsschamane ist." – the two are the house rule `dieb_roles`
    (set at the deal); `params.must_with` names the helpers; without a choice he must make,
    the lot steals (reading 65)."""

    parameters = {
        "word": str,
        "plays_for": str,
        "must_with": list[str],
        "adds_cards": list[str] | None,
    }

    acts_at_once = True
    set_aside = DIEB_ROLES

    def setup(self, game: GamePort, player: PlayerState) -> None:
        if game.state.phase.number == 1 and game.state.phase.kind == "night":
            tell(game, player, say("dieb.spare", roles=_spare(game)))

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word == game.role_facts(player).params["word"]:
            spare = _spare(game)
            if not command.roles or game.rules.role(command.roles[0]).name not in spare:
                raise IllegalCommand(say("dieb.not_spare", roles=spare))

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """He plays the stolen role from the moment `!Stehlen` is accepted, so its commands
        count that night (as the Doppelgänger's copy)."""
        if command.word == game.role_facts(player).params["word"]:
            game.consume(player, command.word)
            _steal(game, player, game.rules.role(command.roles[0]).name)

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        if game.state.phase.number != 1:
            return  # he chose, or did not, in the Nacht vor der Bürgermeisterwahl
        spare = _spare(game)
        if spare and _must_steal(game, player, spare):
            _steal(game, player, game.draw(spare))
            return
        player.faction = game.role_facts(player).params["plays_for"]
        tell(game, player, say("dieb.stole_nothing", faction=player.faction))


def _steal(game: GamePort, player: PlayerState, role: str) -> None:
    game.become(player, role)
    tell(game, player, say("dieb.stole", role=player.role))


def _spare(game: GamePort) -> list[str]:
    return [game.rules.role(name).name for name in game.option(DIEB_ROLES.option)]


def _must_steal(game: GamePort, player: PlayerState, spare: list[str]) -> bool:
    wolves = [name for name in spare if game.rules.roles[name].is_werwolf]
    helpers = set(game.role_facts(player).params["must_with"])
    return len(wolves) == 2 or (len(wolves) == 1 and any(name in helpers for name in spare))
