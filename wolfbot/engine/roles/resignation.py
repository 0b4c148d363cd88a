"""Der Rücktritt: "Jeder Teilnehmer kann jederzeit und ohne jedwede Begründung durch
Mitteilung an die Spielleitung von der Teilnahme zurücktreten." `!Rücktritt` in his
conversation with the Spielleitung: he takes no more part – excluded at once like an
inactive Dorfbewohner (no more commands, no vote counts), he dies at the following Morgen
without his role being revealed, unless a Reservespieler takes his place before ("Wenn
möglich ersetzt die Spielleitung inaktive Dorfbewohner durch Reservespieler")."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.names import RUECKTRITT
from wolfbot.engine.port import GamePort, WordHandler
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say


class Resign(WordHandler):
    irrevocable: Text | None = say("resigned_for_good")

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.exclude(player, by=RUECKTRITT)
