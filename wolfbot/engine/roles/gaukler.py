"""Der Gaukler: "Vor der Rollenverlosung wählt die Spielleitung drei Rollen, die für das Dorf
spielen, aus. Diese drei Rollen werden nicht verlost und von der Spielleitung im
Eröffnungsbeitrag in der Rollenbeschreibung des Gauklers bekanntgegeben. […] In der Nacht
kann der Gaukler gegenüber der Spielleitung bestimmen, eine dieser Rollen bis zum nächsten
Abend zu spielen (!Spielen [Rollenname]). Die Spielleitung gibt am Morgen bekannt, welche
Rolle der Gaukler spielt. Der Gaukler kann jede Rolle nur einmal spielen."

The three roles are the house rule `gaukler_roles` (set at the deal, stored with the round).
He plays the role from the moment `!Spielen` is accepted – so its commands count that night
(reading 53) – until the Abend (`PlayerState.acting_as`, ended by `day.finish`); the Morgen
names the role, not him; at death he is announced as the Gaukler.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import Announcement
from wolfbot.engine.port import Behaviour, GamePort, SetAside
from wolfbot.engine.roles.common import own_word
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

_PLAYED = "played"
# "wählt die Spielleitung drei Rollen, die für das Dorf spielen, aus. Diese drei Rollen werden
# nicht verlost und von der Spielleitung im Eröffnungsbeitrag … bekanntgegeben"
ROLES_ASIDE = SetAside(option="gaukler_roles", count=3, chosen=True, announced=True)


def offered(game: GamePort) -> list[str]:
    """The Gaukler's three roles, by their canonical names."""
    return [game.rules.role(name).name for name in game.option(ROLES_ASIDE.option)]


class Gaukler(Behaviour):
    parameters = {"word": str}

    acts_at_once = True
    set_aside = ROLES_ASIDE

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != own_word(game, player):
            return
        role = game.rules.role(command.roles[0]).name if command.roles else ""
        if role not in offered(game):
            raise IllegalCommand(say("gaukler.not_offered", roles=offered(game)))
        if role in player.memory.get(_PLAYED, []):
            raise IllegalCommand(say("gaukler.played_before", role=role))

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != own_word(game, player) or not command.roles:
            return
        role = game.rules.role(command.roles[0]).name
        player.memory[_PLAYED] = [*player.memory.get(_PLAYED, []), role]
        player.acting_as = role
        game.emit(Announcement(say("gaukler.plays", role=role), player.role))
