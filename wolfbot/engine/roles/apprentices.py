"""Roles that become another role.

Der Lehrling: "In der Nacht vor der Bürgermeisterwahl bestimmt der Lehrling gegenüber der
Spielleitung einen Dorfbewohner, der sein Meister wird (!Meister [Spielername]). Wenn der
Meister verstirbt, so übernimmt der Lehrling die Rolle des Meisters. Der Lehrling übernimmt
die Rolle in derselben Gestalt, wie die Rolle zu Beginn der Runde war. Wenn der Meister des
Lehrlings ein Werwolf war, so wird der Lehrling stattdesen gefressen."
Der Doppelgänger: "In der Nacht vor der Bürgermeisterwahl bestimmt der Doppelgänger einen
Dorfbewohner, dessen Rolle er kopiert (!Kopieren [Spielername]). Der Doppelgänger spielt
fortan diesselbe Rolle und für dieselbe Fraktion wie dieser Dorfbewohner." – the copy is
made when `!Kopieren` is accepted, so the copied role's commands count that night (reading
51); a copied Werwolf joins the pack and the Wolfshöhle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.changes import become
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, SetAside
from wolfbot.engine.roles.common import action, tell, used
from wolfbot.engine.roles.pack import PACK_CAUSE
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say
from wolfbot.engine.victory import faction

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort

_MASTER = "master"


class Lehrling(Behaviour):
    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, "Meister")
        if command is not None:
            game.consume(player, "Meister")
            player.memory[_MASTER] = command.target

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if not player.alive or player.memory.get(_MASTER) != dead.name:
            return
        role = dead.original_role
        if game.rules.roles[role].is_werwolf:  # "so wird der Lehrling stattdesen gefressen"
            tell(game, player, say("lehrling.master_was_wolf", master=dead.name))
            game.kill([(player.name, PACK_CAUSE)])
            return
        become(game, player, role)  # with that role's own faction
        tell(game, player, say("lehrling.took_over", master=dead.name, role=role))


class Doppelgaenger(Behaviour):
    acts_at_once = True

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != "Kopieren":
            return
        copied = game.player(command.target)
        side = faction(game, copied)
        become(game, player, copied.role, faction=side)
        tell(game, player, say("doppelgaenger.copied", name=copied.name, role=copied.role))


class Model(Behaviour):
    """Das Wilde Kind / Das Verrückte Kind: "In der Nacht vor der Bürgermeisterwahl bestimmt
    das Wilde Kind einen anderen Dorfbewohner zu seinem Vorbild (!Vorbild [Spielername]). Wenn
    das Vorbild verstirbt, so verwandelt sich das Wilde Kind in einen (gewöhnlichen) Werwolf
    und spielt fortan für das Rudel." – "… so wird das Verrückte Kind zum Mörder und ist
    fortan ein Einzelgänger." (`params.becomes`; a Werwolf joins the Wolfshöhle)"""

    parameters = {"word": str, "becomes": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            player.memory[_MASTER] = command.target

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if not player.alive or player.memory.get(_MASTER) != dead.name:
            return
        become(game, player, game.role_facts(player).params["becomes"])
        tell(game, player, say("model.died", model=dead.name, role=player.role))


class Hermit(Behaviour):
    """Der Einsiedler: "In der Nacht vor der Bürgermeisterwahl bestimmt der Einsiedler
    gegenüber der Spielleitung, dass er fortan als der Narr, der Engel, der Mörder, … oder
    der Einsame Wolf spielt (!Spielen [Rollenname])." (`params.roles`; without a choice he
    stays a Zweideutiger, who cannot win)"""

    parameters = {"word": str, "roles": list[str]}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word == game.role_facts(player).params["word"]:
            offered = _offered(game, player)
            if not command.roles or game.rules.role(command.roles[0]).name not in offered:
                raise IllegalCommand(say("hermit.not_offered", roles=offered))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            become(game, player, command.roles[0])
            tell(game, player, say("hermit.plays", role=player.role))


def _offered(game: GamePort, player: PlayerState) -> list[str]:
    """The roles of `params.roles` this ruleset has."""
    return [name for name in game.role_facts(player).params["roles"] if name in game.rules.roles]


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
    become(game, player, role)
    tell(game, player, say("dieb.stole", role=player.role))


def _spare(game: GamePort) -> list[str]:
    return [game.rules.role(name).name for name in game.option(DIEB_ROLES.option)]


def _must_steal(game: GamePort, player: PlayerState, spare: list[str]) -> bool:
    wolves = [name for name in spare if game.rules.roles[name].is_werwolf]
    helpers = set(game.role_facts(player).params["must_with"])
    return len(wolves) == 2 or (len(wolves) == 1 and any(name in helpers for name in spare))


class Gestaltwandler(Behaviour):
    """Der Gestaltwandler: "In der Nacht vor der Bürgermeisterwahl bestimmt der
    Gestaltwandler gegenüber der Spielleitung einen Dorfbewohner, dessen Gestalt er annimmt
    (!Gestaltwandlung [Spielername]). Der Gestaltwandler erhält alle Fähigkeiten, die dieser
    Dorfbewohner hat und wird gegenüber allen Spielern so behandelt, als würde er die Rolle
    des Dorfbewohners spielen." – from the moment it is accepted he plays that role as it
    is then, still an Einzelgänger (his win: "wenn alle anderen Spieler verstorben sind");
    every ability sees that role and his death announces it (reading 66)."""

    parameters = {"word": str}

    acts_at_once = True

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != game.role_facts(player).params["word"]:
            return
        model = game.player(command.target)
        faction = game.role_facts(player).faction
        become(game, player, model.role, faction=faction)
        player.uses = dict(model.uses)  # "alle Fähigkeiten, die dieser Dorfbewohner hat"
        tell(game, player, say("gestaltwandler.took", name=model.name, role=player.role))
