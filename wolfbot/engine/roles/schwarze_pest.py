"""Die Schwarze Pest (Spielvariante): "Es gibt keine Werwölfe, aber dies gibt die
Spielleitung nicht bekannt. Die Spielleitung bestimmt in jeder Nacht einen Dorfbewohner, der
"von den Werwölfen gefressen wird". Das Spiel endet, wenn ein Dorfbewohner !Schwarze Pest
schreibt."

Readings 75–76: the Spielleitung's victim (`interventions.ChooseVictim`) is attacked as the
Werwölfe attack, at their place of the night order – healed, protected and announced like
their victim; if she named none by the night's end, the lot names one ("Die Spielleitung
bestimmt in jeder Nacht einen"). `!Schwarze Pest` of a living player ends the round, and the
Dorf wins (`variants.schwarze_pest.declared_win`): it found out what kills them. The Dorf
does not win by outliving the others – nobody else is there.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.names import PACK_CAUSE
from wolfbot.engine.port import GamePort, GroupBehaviour, WordHandler
from wolfbot.engine.state import PlayerState

VARIANT = "schwarze_pest"
ENTRY = "Schwarze Pest"  # the Spielleitung's victim in the night order


class SpielleitungVictim(GroupBehaviour):
    def act(self, game: GamePort, stage: int) -> None:
        living = [p.name for p in game.living()]
        chosen = game.state.night.victim
        victim = chosen if chosen in living else (game.draw(living) if living else None)
        if victim is not None:
            game.attack(victim, PACK_CAUSE, (), stage)


class DeclarePlague(WordHandler):
    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        faction = game.rules.variants[VARIANT].declared_win
        assert faction is not None  # the variant's data
        game.declare_win(faction)
