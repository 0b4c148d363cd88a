"""Die Sekte (Spielvariante). Der Sektenführer: "In der Nacht bestimmt der Sektenführer
gegenüber der Spielleitung einen Dorfbewohner, den er konvertiert (!Konvertieren
[Spielername]). Dieser Dorfbewohner spielt fürtan für die Sekte. Die Spielleitung teilt dem
Sektenführer mit, wenn er angegriffen wird. Der Sektenführer kann nun gegenüber der
Spielleitung einen konvertierten Dorfbewohner bestimmen, den er opfert (!Opfern
[Spielername]). Der geopferte Dorfbewohner wird anstatt des Sektenführers angegriffen. Wenn
der Sektenführer verstirbt, so bringen sich alle konvertierten Dorfbewohner um." – "Die
konvertierten Dorfbewohner behalten ihre Fähigkeiten! Sie spielen lediglich fortan für die
Sekte!" The Urwolf's bite eats him: `params.bitten` (`pack_attacks.Bite`).

Readings 70–71: he is told of every attack as it comes; a `!Opfern` sent beforehand
redirects each attack on him that night; with the house rule `split_night` (the live bot)
he is asked once he is attacked and the night waits for his answer (none: no sacrifice).
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort, QuestionHandler
from wolfbot.engine.roles.common import action, own_word, tell
from wolfbot.engine.state import Attack, PlayerState, Question
from wolfbot.engine.text import say

SUICIDE = "Sektentod"


def converted(game: GamePort, leader: PlayerState) -> list[str]:
    """The living players the Sektenführer converted."""
    faction = game.role_facts(leader).faction
    return [p.name for p in game.living() if p is not leader and p.faction == faction]


def _sacrifice(game: GamePort, attack: Attack, victim: str) -> None:
    """The sacrificed is attacked instead of the Sektenführer (through the whole pipeline)."""
    leader = attack.target
    attack.status, attack.reason = "failed", say("failed.sacrificed", name=victim)
    tell(game, leader, say("sekte.sacrificed", name=victim))
    game.attack(victim, attack.cause, attack.sources, attack.stage, attack.kind)


class Sektenfuehrer(Behaviour):
    # `word` converts a player, `sacrifice_word` names the converted one who dies in his place
    parameters = {"word": str, "sacrifice_word": str}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        convert, sacrifice = own_word(game, player), own_word(game, player, "sacrifice_word")
        if command.word not in (convert, sacrifice):
            return
        target = game.player(command.target)
        if command.word == convert and target.faction == game.role_facts(player).faction:
            raise IllegalCommand(say("sekte.converted_already", name=target.name))
        if command.word == sacrifice and target.name not in converted(game, player):
            raise IllegalCommand(say("sekte.not_converted", name=target.name))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is None:
            return
        target = game.player(command.target)
        if target.alive and target.faction != game.role_facts(player).faction:
            game.convert(target, game.role_facts(player).faction)
            tell(game, target, say("sekte.you_are_converted", leader=player.name))
            tell(game, player, say("sekte.converted", name=target.name))

    def defend(self, game: GamePort, player: PlayerState, attack: Attack, step: str) -> None:
        if step != "redirect" or attack.original_target != player.name:
            return
        tell(game, player, say("sekte.attacked"))
        victims = converted(game, player)
        sacrifice = own_word(game, player, "sacrifice_word")
        command = action(game, player, sacrifice)
        if command is not None and command.target in victims:
            _sacrifice(game, attack, command.target)
        elif command is None and victims and game.option("split_night"):
            game.ask(
                Question(
                    player=player.name,
                    kind="sacrifice",
                    word=sacrifice,
                    channels=("private",),
                    options=tuple(victims),
                    prompt=say("question.sacrifice"),
                    optional=True,
                    stage=attack.stage,
                )
            )

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        """ "so bringen sich alle konvertierten Dorfbewohner um" """
        return [(name, SUICIDE) for name in converted(game, player)]


class Sacrifice(QuestionHandler):
    """His answer once attacked: every attack still hitting him goes to the sacrificed."""

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        for attack in list(game.state.night.attacks):
            if attack.target == question.player and attack.status == "hit":
                _sacrifice(game, attack, choice)
