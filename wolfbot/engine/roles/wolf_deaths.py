"""Werwölfe and helpers whose ability is a death – of others or their own.

Der Kranke Wolf: "In einer Nacht kann der Kranke Wolf gegenüber der Spielleitung bestimmen,
einen Dorfbewohner an der Schwarzen Pest erkranken zu lassen (!Schwarze Pest
[Spielername]). Der erkrankte Dorfbewohner verstirbt zwei Tage später am Morgen. Die
Spielleitung teilt dem erkrankten Dorfbewohner nicht mit, dass er an der Schwarzen Pest
erkrankt ist." – `Plague`: sick in night N, he dies with the deaths of night N + 2, before
the Morgen of that day (reading 59).
Der Giftige Wolf: "Wenn der Giftige Wolf in der Nacht durch eine Fähigkeit verstirbt, so wird
der Nutzer dieser Fähigkeit vergiftet und verstirbt ebenfalls." – `Poisonous`.
Der Tollwütige Wolf: "Wenn der Tollwütige Wolf gelyncht wird, so bestimmt er gegenüber der
Spielleitung einen Dorfbewohner, der ihn an diesem Tage gelyncht hat, den er vor seinem Tod
anfällt (!Anfallen [Spielername]). Maßgeblich ist das Endergebnis des Tages." – `Rabid`
and the question `maul`.
Der Wolfsknecht: "Wenn der Wolfsknecht einen Werwolf lyncht, so bringt sich der Wolfsknecht
um. Maßgeblich ist das Endergebnis des Tages." – `Knecht`.
"""

from __future__ import annotations

from wolfbot.engine.names import LIEBESKUMMER
from wolfbot.engine.port import Behaviour, GamePort, QuestionHandler
from wolfbot.engine.roles.common import used
from wolfbot.engine.state import Attack, Kill, PlayerState, Question
from wolfbot.engine.text import say


class Plague(Behaviour):
    parameters = {"word": str, "nights_later": int}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        command = used(game, player)
        if command is None:
            return
        due = game.state.phase.number + int(params.get("nights_later", 2))
        cause = game.role_facts(player).name
        game.state.due_kills.append((due, Kill(command.target, cause, stage, (player.name,))))


class Poisonous(Behaviour):
    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if game.state.phase.kind != "night" or cause == LIEBESKUMMER:
            return []
        tonight = game.state.night
        records: list[Attack | Kill] = [*tonight.attacks, *tonight.kills]
        users = [
            source
            for record in records
            if record.target == player.name and record.cause == cause
            for source in record.sources
        ]
        poison = game.role_facts(player).name
        return [(p.name, poison) for p in game.living() if p.name in users and p is not player]


class Rabid(Behaviour):
    parameters = {"word": str}

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if cause != game.rules.day.cause:
            return []
        options = tuple(name for name in game.final_voters(player.name) if name != player.name)
        if options:
            game.ask(
                Question(
                    player=player.name,
                    kind="maul",
                    word=game.role_facts(player).params["word"],
                    channels=("private",),
                    options=options,
                    prompt=say("question.maul"),
                )
            )
        return []


class Maul(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        game.kill([(choice, game.role_facts(game.player(question.player)).name)])


class Knecht(Behaviour):
    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        lynched = dead.death_cause == game.rules.day.cause
        if not player.alive or not lynched or not game.role_facts(dead).is_werwolf:
            return
        if player.name in game.final_voters(dead.name):
            game.kill([(player.name, game.role_facts(player).name)])
