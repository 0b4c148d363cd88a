"""A role that dies when a seeing role looks at him – Wolf Village's Fuchs: "Sieht die
Seherin den Fuchs aber an, stirbt er im Morgengrauen („Im Morgengrauen ist Sam spurlos
verschwunden.“), und die Seherin erfährt trotzdem „kein Werwolf“." The death is not an
attack (no protection stops it: "Er hält weder … noch den Blick der Seherin auf den Fuchs
auf"); its cause is the seer's role, at the seer's stage of the night – after the poison, as
"Was im Morgengrauen passiert" orders it. The pack's bite does nothing (`immune_to`), and
the win he takes is data (`takes_win`)."""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.state import PlayerState


class VanishesWhenSeen(Behaviour):
    def seen(self, game: GamePort, player: PlayerState, seer: PlayerState, stage: int) -> None:
        if player.alive:
            game.kill_tonight(player.name, seer.role, (seer.name,), stage)
