"""Roles that change how players appear to the abilities of others – one mechanism,
`GameState.disguises` read by `roles.common.apparent_role`; each role's file names the
roles it deceives (`params.towards`) and what the player appears as.

Der Finstere Wolf / Der Wolfsschamane: "In der Nacht bestimmt der Finstere Wolf gegenüber
der Spielleitung einen Werwolf, den er verbirgt (!Verbergen [Spielername]). Dieser Werwolf
wird in dieser Nacht gegenüber der Seherin, der Aura, dem Bäcker, dem Ermittler und dem
Kleinen Mädchen so behandelt, als wäre er ein (gewöhnlicher) Bürger. Der Finstere Wolf kann
auch sich selbst verbergen." – `Hide`.
Der Hypnotiseur: "Wenn der hypnotisierte Dorfbewohner ein Werwolf ist, so wird er in dieser
Nacht … so behandelt, als wäre er ein (gewöhnlicher) Bürger. Wenn der hypnotisierte
Dorfbewohner kein Werwolf ist, so wird er in dieser Nacht … so behandelt, als wäre er ein
(gewöhnlicher) Werwolf. Der Hypnotiseur kann auch sich selbst hypnotisieren." – `Hypnotise`.
Die Ritualistin: "In einer Nacht kann die Ritualistin gegenüber der Spielleitung bestimmen,
ein dunkles Ritual durchzuführen (!Dunkles Ritual). In dieser Nacht werden alle Werwölfe
gegenüber der Seherin, der Aura, dem Ermittler und dem Kleinen Mädchen so behandelt, als
wären sie (gewöhnliche) Bürger." – `DarkRitual`.
Der Wolfsmensch: "Gegenüber der Seherin, der Aura und dem Ermittler wird der Wolfsmensch so
behandelt, als wäre er ein (gewöhnlicher) Bürger." – `StandingDisguise`.
Der Geheimnisvolle Wolf: "In der Nacht vor der Bürgermeisterwahl bestimmt der Geheimnisvolle
Wolf gegenüber der Spielleitung einen Dorfbewohner, dessen Rolle er annimmt (!Annehmen
[Spielername]). Die Spielleitung teilt dem Geheimnisvollen Wolf mit, welche Rolle er
angenommen hat. Gegenüber der Seherin, … dem Kleinen Mädchen wird der Geheimnisvolle Wolf so
behandelt, als hätte er die von ihm angenommene Rolle. Wenn der Geheimnisvolle Wolf
verstirbt, so gibt die Spielleitung bekannt, er hätte die Rolle innegehabt, die er
angenommen hat." – `TakeRole`.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, tell, used
from wolfbot.engine.state import Disguise, PlayerState
from wolfbot.engine.text import say

_TAKEN = "taken_role"


def disguise(game: GamePort, player: PlayerState, target: str, role: str, *, tonight: bool) -> None:
    """`target` appears as `role` to the roles the player's role names (`params.towards`),
    this night only or for good."""
    towards = tuple(game.role_facts(player).params["towards"])
    night = game.state.phase.number if tonight else None
    game.state.disguises.append(Disguise(target, role, towards, night))


def _is_werwolf(game: GamePort, name: str) -> bool:
    return game.role_facts(game.player(name)).is_werwolf


class Hide(Behaviour):
    """`params.refuses_others`: who knows every Werwolf (the Wolfsschamane) is refused any
    other name; who does not (the Finstere Wolf) is not – a refusal would tell him that
    player is no Werwolf – and hiding him has no effect (reading 54)."""

    parameters = {
        "word": str,
        "looks_as": str,
        "towards": list[str],
        "refuses_others": bool | None,
    }

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        params = game.role_facts(player).params
        if command.word == params["word"] and command.target != player.name:
            if params.get("refuses_others") and not _is_werwolf(game, command.target):
                word = game.rules.shown_word(params["word"])
                raise IllegalCommand(say("disguise.werwolf_only", word=word))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        command = action(game, player, params["word"])
        if command is None:
            return
        if command.target == player.name or _is_werwolf(game, command.target):
            disguise(game, player, command.target, params["looks_as"], tonight=True)


class Hypnotise(Behaviour):
    parameters = {
        "word": str,
        "werwolf_looks_as": str,
        "others_look_as": str,
        "towards": list[str],
    }

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        command = action(game, player, params["word"])
        if command is not None:
            wolf = _is_werwolf(game, command.target)
            looks = params["werwolf_looks_as"] if wolf else params["others_look_as"]
            disguise(game, player, command.target, looks, tonight=True)


class DarkRitual(Behaviour):
    parameters = {"word": str, "looks_as": str, "towards": list[str]}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        if used(game, player) is None:
            return
        for wolf in game.living():
            if game.role_facts(wolf).is_werwolf:
                disguise(game, player, wolf.name, params["looks_as"], tonight=True)


class StandingDisguise(Behaviour):
    parameters = {"looks_as": str, "towards": list[str]}

    def setup(self, game: GamePort, player: PlayerState) -> None:
        disguise(
            game, player, player.name, game.role_facts(player).params["looks_as"], tonight=False
        )


class TakeRole(Behaviour):
    parameters = {"word": str, "towards": list[str]}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is None:
            return
        role = game.player(command.target).role
        player.memory[_TAKEN] = role
        disguise(game, player, player.name, role, tonight=False)
        tell(game, player, say("disguise.role_taken", name=command.target, role=role))

    def announced_role(self, game: GamePort, player: PlayerState) -> str | None:
        return player.memory.get(_TAKEN, player.role)

    def told_role(self, game: GamePort, player: PlayerState) -> str:
        """His Rollenmitteilung names his own role, whatever he took since."""
        return player.role
