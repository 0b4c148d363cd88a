"""Roles of the Totenreich.

Das Medium / Die Zigeunerin: "... kann mit den Geistern der Verstorbenen reden. Hierzu
richtet die Spielleitung dem Medium und den Geistern eine eigene Konversation (Totenreich)
ein." Das Medium: "In einer Nacht kann das Medium ... bestimmen, einen verstorbenen Spieler
wiederzubeleben (!Wiederbeleben [Spielername]). Das Medium stirbt bei diesem Ritual."
Der Totenbeschwörer: "In einer Nacht kann der Totenbeschwörer ... bestimmen, einen
verstorbenen Spieler als Wiedergänger wiederzuerwecken (!Wiedererwecken [Spielername])."
Der Wiedergänger: "... spielt für dieselbe Fraktion, wie zu Lebzeiten." – "... kann sich am
Tag nicht äußern und lediglich seine Stimme abgeben und ändern." – "Wenn der Totenbeschwörer
verstirbt, so zerfällt der Wiedergänger zu Staub." – "Wenn der Wiedergänger zu Lebzeiten
verliebt war, so bringt er sich nach seiner Wiedererweckung um."
A Geheimnisvoller Wolf is treated towards the Totenbeschwörer "als hätte er die von ihm
angenommene Rolle": raised, he plays for that role's faction (reading 60).
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.events import CommandRejected
from wolfbot.engine.names import DEAD, LIEBESKUMMER
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, apparent_role, disguised, own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say

REVENANT = "Wiedergänger"
DUST = "Staub"


def _lives_again(game: GamePort, player: PlayerState, command: Command) -> bool:
    """Someone else brought the target back earlier this night: refused, ability kept."""
    if game.player(command.target).alive:
        reason = say("revive.already", name=command.target)
        game.emit(CommandRejected(player.name, "private", command.text(), reason))
        return True
    return False


class Totenreich(Behaviour):
    """Medium and Zigeunerin share the Totenreich with the dead; the Medium also revives."""

    # `word`: the Medium's ritual that revives ("Wiederbeleben"); the Zigeunerin has none
    parameters = {"totenreich": bool, "word": str | None}

    def setup(self, game: GamePort, player: PlayerState) -> None:
        game.enter_conversation(DEAD, [player.name])

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        game.join_conversation(DEAD, [dead.name])  # the dead are the Geister of the Totenreich

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        revive = game.role_facts(player).params.get("word")
        command = action(game, player, revive) if revive else None
        if revive is None or command is None or _lives_again(game, player, command):
            return
        game.consume(player, revive)
        game.revive(game.player(command.target), player.role)
        game.kill_tonight(
            player.name, player.role, (player.name,), stage
        )  # "stirbt bei diesem Ritual"


class Totenbeschwoerer(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = own_word(game, player)
        command = action(game, player, word)
        if command is None or _lives_again(game, player, command):
            return
        game.consume(player, word)
        risen = game.player(command.target)
        faction = game.faction(risen)
        if disguised(game, risen.name, player):  # the Geheimnisvolle Wolf's taken role
            faction = game.rules.roles[apparent_role(game, risen.name, player)].faction
        game.revive(risen, player.role)
        game.change_role(risen, REVENANT, faction=faction)
        risen.memory["master"] = player.name
        tell(game, player, say("wiedergaenger.risen", name=risen.name))
        if game.state.lovers and risen.name in game.state.lovers:
            game.kill_tonight(risen.name, LIEBESKUMMER, (risen.name,), stage)

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        return [
            (p.name, DUST)
            for p in game.living()
            if p.role == REVENANT and p.memory.get("master") == player.name
        ]


class Wiedergaenger(Behaviour):
    parameters = {"word": str}

    def on_post(self, game: GamePort, player: PlayerState, channel: str, text: str) -> None:
        if channel == "thread" and text and game.state.phase.by_day:
            tell(
                game,
                player,
                say("wiedergaenger.silent"),
            )

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        if word != own_word(game, player):  # the day's vote, his only word
            return say("wiedergaenger.votes_only")
        return None
