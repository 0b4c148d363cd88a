"""Einzelgänger who win by a lynch – and the round goes on ("Wenn der Narr gewinnt, kann die
Runde dennoch fortgesetzt werden!"), unless `params.ends_round` (Wolf Village's Narr):
`LynchWin` with `params.when`:

- `lynched` – Der Narr: "Der Narr gewinnt, wenn er gelyncht wird, bevor das Dorf gewinnt."
- `lynched_first_day` – Der Engel: "Der Engel gewinnt, wenn er am ersten Tag gelyncht wird."
- `lynches_role` – Der Inquisitor: "Der Inquisitor gewinnt, wenn er die Hexe erfolgreich
  lyncht." (`params.role`)
- `lynches_target` – Der Kopfgeldjäger: "Der Kopfgeldjäger gewinnt, wenn er einen in der
  Nacht vor der Bürgermeisterwahl von der Spielleitung zufällig bestimmten Dorfbewohner
  erfolgreich lyncht." – drawn at the start and told him (reading 62).

"Erfolgreich lyncht": his vote in the Abend's tally stood for the one who is lynched. "Wenn
ein Einzelgänger verliebt ist, so kann er nur noch gewinnen, wenn das Liebespaar gewinnt."

Der Verbitterte Greis – `Grudge` – wins and ends the round: "In der Nacht vor der
Bürgermeisterwahl teilt die Spielleitung alle Spieler, außer den Verbitterten Greis, in zwei
Gruppen ein und teilt dem Verbitterten Greis beide Gruppen mit. Der Verbitterte Greis bestimmt
nun gegenüber der Spielleitung eine dieser beiden Gruppen, die er auslöschen muss
(!Auslöschen [Gruppenname]). Der Verbitterte Greis gewinnt, wenn alle Spieler der vom ihm
gewählten Gruppe tot sind." – without a choice by the Morgen, the lot chooses.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.events import LoneWinner
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

_TARGET = "target"
_WON = "won"
_GROUPS = "groups"
_CHOSEN = "chosen"


def _win(game: GamePort, player: PlayerState) -> None:
    if game.lover_of(player.name) is None and not player.memory.get(_WON):
        player.memory[_WON] = True
        game.state.lone_winners.append((player.name, player.role))
        game.emit(LoneWinner(player.name, player.role))


class LynchWin(Behaviour):
    parameters = {"when": str, "role": str | None, "ends_round": bool | None}

    def setup(self, game: GamePort, player: PlayerState) -> None:
        if game.role_facts(player).params["when"] == "lynches_target":
            others = [p.name for p in game.living() if p is not player]
            if others:
                player.memory[_TARGET] = game.draw(others)
                tell(game, player, say("lone_win.target", name=player.memory[_TARGET]))

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        when = game.role_facts(player).params["when"]
        first_day = game.state.phase.number == 1 or when == "lynched"
        if cause == game.rules.day.cause and when in ("lynched", "lynched_first_day") and first_day:
            _win(game, player)
        return []

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        params = game.role_facts(player).params
        if dead.death_cause != game.rules.day.cause or dead is player:
            return
        if params["when"] == "lynches_role":
            wanted = dead.role == game.rules.role(params["role"]).name
        elif params["when"] == "lynches_target":
            wanted = dead.name == player.memory.get(_TARGET)
        else:
            return
        if wanted and player.name in game.final_voters(dead.name):
            _win(game, player)

    def has_won(self, game: GamePort, player: PlayerState) -> bool:
        """A win that ends the round (`params.ends_round`: Wolf Village's Narr – "gewinnt
        der Narr allein …, das Spiel endet, und alle anderen verlieren")."""
        return bool(game.role_facts(player).params.get("ends_round") and player.memory.get(_WON))


class Grudge(Behaviour):
    acts_at_once = True  # the choice is his when it is accepted; he has no stage
    parameters = {"groups": list[str]}

    def setup(self, game: GamePort, player: PlayerState) -> None:
        names = [p.name for p in game.state.players if p is not player]
        first: list[str] = []
        while len(first) < (len(names) + 1) // 2:
            first.append(game.draw([n for n in names if n not in first]))
        groups = [[n for n in names if n in first], [n for n in names if n not in first]]
        player.memory[_GROUPS] = groups
        labels = game.role_facts(player).params["groups"]
        tell(game, player, say("grudge.groups", labels=labels, first=groups[0], second=groups[1]))

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        labels = list(game.role_facts(player).params["groups"])
        if command.choice in labels:
            player.memory[_CHOSEN] = labels.index(command.choice)

    def morning(self, game: GamePort, player: PlayerState) -> None:
        if game.state.phase.number == 1 and _CHOSEN not in player.memory:
            labels = list(game.role_facts(player).params["groups"])
            player.memory[_CHOSEN] = labels.index(game.draw(labels))
            label = labels[player.memory[_CHOSEN]]
            tell(game, player, say("grudge.drawn", label=label))

    def has_won(self, game: GamePort, player: PlayerState) -> bool:
        if _CHOSEN not in player.memory or game.lover_of(player.name) is not None:
            return False
        group = player.memory[_GROUPS][player.memory[_CHOSEN]]
        return all(not game.player(name).alive for name in group)
