"""Der Bärenführer: "Wenn am Morgen eines Tages ein Nachbar des Bärenführers ein Werwolf ist,
so gibt die Spielleitung am Morgen bekannt, dass der Bär des Bärenführers knurrt." – "In
einer Nacht kann der Bärenführer ... eine Nachtwanderung zu zwei Dorfbewohnern unternehmen
(!Nachtwanderung [Spielername] [Spielername]). Am Morgen wird der Bärenführer dann so
behandelt, als wären diese beiden Dorfbewohner seine beiden Nachbarn. ... Der Bärenführer
kann nur eine Nachtwanderung zu zwei Dorfbewohner unternehmen, die gemäß der Spielerliste
Nachbarn sind.\""""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import Announcement
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import looks_like_werwolf, neighbours, own_word, used
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say


class Baerenfuehrer(Behaviour):
    parameters = {"word": str}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word == own_word(game, player):
            first, second = command.targets
            if second not in neighbours(game, first):
                why = say("baerenfuehrer.not_neighbours", first=first, second=second)
                raise IllegalCommand(why)

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = used(game, player)
        if command is not None:
            player.memory["walk"] = [game.state.phase.number, *command.targets]

    def morning(self, game: GamePort, player: PlayerState) -> None:
        if not player.alive:
            return
        walk = player.memory.get("walk")
        if walk and walk[0] == game.state.phase.number:
            around = walk[1:]
        else:
            around = list(neighbours(game, player.name))
        living = [name for name in around if game.player(name).alive]
        if any(looks_like_werwolf(game, name, player) for name in living):
            game.emit(Announcement(say("baerenfuehrer.growls"), player.role))
