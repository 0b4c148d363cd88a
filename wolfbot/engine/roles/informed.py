"""Roles the Spielleitung tells something without being asked.

Das Auge: "In der Nacht vor der Bürgermeisterwahl teilt die Spielleitung dem Auge die
Identität der Seherin, der Aura, des Spiones, des Spähers, des Bäckers, des Ermittlers und des
Kleinen Mädchens mit." (the roles are `params.roles`)
Die Drei Brüder / Die Zwei Schwestern: "In der Nacht vor der Bürgermeisterwahl teilt die
Spielleitung jedem Bruder die Identitäten der anderen beiden Brüder mit."
Die Reine Seele: "Am Morgen der Bürgermeisterwahl gibt die Spielleitung die Identität der
Reinen Seele bekannt."
Die Schlafwandlerin: "Solange die Schlafwandlerin lebt, gibt die Spielleitung an jedem Morgen
bekannt, welche Rolle die Seherin in der Nacht gesehen hat. Wenn die Schlafwandlerin in der
Nacht verstirbt, so gibt die Spielleitung am nächsten Morgen nicht bekannt, welche Rolle die
Seherin in der Nacht gesehen hat." (the seer's role is `params.watches`)
"""

from __future__ import annotations

from wolfbot.engine.events import Announcement, PhaseBegan, RoleSeen
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Auge(Behaviour):
    parameters = {"roles": list[str]}

    def setup(self, game: GamePort, player: PlayerState) -> None:
        wanted = game.role_facts(player).params["roles"]
        found = [(p.name, p.role) for p in game.state.players if p.role in wanted]
        tell(game, player, say("informed.recognised", found=found))


class Siblings(Behaviour):
    def setup(self, game: GamePort, player: PlayerState) -> None:
        others = [p.name for p in game.state.players if p.role == player.role and p is not player]
        tell(game, player, say("informed.siblings", role=player.role, names=others))


class ReineSeele(Behaviour):
    def morning(self, game: GamePort, player: PlayerState) -> None:
        if game.state.phase.number == 1 and player.alive:
            game.emit(Announcement(say("reine_seele.revealed", name=player.name), player.role))


class Schlafwandlerin(Behaviour):
    parameters = {"watches": str}

    def morning(self, game: GamePort, player: PlayerState) -> None:
        if not player.alive:
            return
        watched = game.role_facts(player).params.get("watches", "Seherin")
        for event in reversed(game.state.log):
            if isinstance(event, PhaseBegan):
                break
            if isinstance(event, RoleSeen) and event.by_role == watched:
                text = say("schlafwandlerin.watched", watched=watched, role=event.role)
                game.emit(Announcement(text, player.role))
