"""Der Gestaltwandler: he takes another player's role as it is, and stays an Einzelgänger."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


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
        game.become(player, model.role, faction=faction)
        player.uses = dict(model.uses)  # "alle Fähigkeiten, die dieser Dorfbewohner hat"
        tell(game, player, say("gestaltwandler.took", name=model.name, role=player.role))
