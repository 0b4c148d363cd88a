"""Roles whose night action marks a player for the next day (`DayEffect`, read by
`wolfbot.engine.day`). They act at their stage of the night order ("Der Aufständische; Der
Gefängniswärter; Der Marionettenspieler; Der Schwarze Rabe; Der Stotternde Richter").

Der Schwarze Rabe: "In der Nacht bestimmt der Schwarze Rabe gegenüber der Spielleitung einen
Dorfbewohner, den er anschwärzt (!Anschwärzen [Spielername]). Der angeschwärzte
Dorfbewohner beginnt den nächsten Tag mit einer Gegenstimme (Wütender Mob)." – the Morgen
names him "Wenn der Schwarze Rabe noch lebt" (Hinweise: Der Morgen); the vote stands if the
Rabe died (reading 37).
Der Gefängniswärter: "In der Nacht bestimmt der Gefängniswärter einen Dorfbewohner, den er
am nächsten Tag einsperrt (!Einsperren [Spielername]). Die Spielleitung gibt am Morgen
bekannt, welcher Dorfbewohner eingesperrt wurde. Der eingesperrte Dorfbewohner darf sich
tagsüber weder äußern noch seine Stimme abgeben. […] Wenn der Gefängniswärter in der Nacht
verstirbt, so wird am nächsten Tag kein Dorfbewohner eingesperrt."
Both are `DayMark` with `params`: `word` (the command), `effect` (`mob` / `jail`), `votes`
(for `mob`), `lapses_if_dead`; the Morgen's announcement is the effect's (`day_mark.*`).

Der Marionettenspieler: "In der Nacht bestimmt der Marionettenspieler gegenüber der
Spielleitung einen Dorfbewohner, den er kontrolliert (!Kontrollieren [Spielername]). Der
kontrollierte Dorfbewohner muss am nächsten Tag einen Dorfbewohner lynchen, der vom
Marionettenspieler gegenüber der Spielleitung bestimmt wurde (!Lynchen [Spielername]). Die
Spielleitung teilt dem kontrollierten Dorfbewohner mit, dass er vom Marionettenspieler
kontrolliert wird und welchen Dorfbewohner er am nächsten Tag lynchen muss. […] Wenn der
Marionettenspieler in der Nacht verstirbt, so wird der Dorfbewohner nicht mehr
kontrolliert." – `Puppeteer`; both commands are needed, and "Die Verliebten dürfen niemals
gegeneinander stimmen": a puppet is never made to vote against his lover.

Der Stotternde Richter: "In einer Nacht kann der Stotternde Richter gegenüber der
Spielleitung bestimmen, am nächsten Tag ein Zeichen zu geben (!Zeichen). Am nächsten Tag
werden die beiden Dorfbewohner mit den meisten Gegenstimmen gelyncht. […] Wenn der
Stotternde Richter in derselben Nacht verstirbt, so finden am nächsten Tag keine zwei
Abstimmungen statt." Der Aufständische: "In einer Nacht kann der Aufständische gegenüber
der Spielleitung bestimmen, einen Aufstand anzuzetteln (!Aufstand). Am nächsten Tag wird
ein anderer Dorfbewohner zum Bürgermeister gewählt. Der frühere Bürgermeister kann auch
erneut zum Bürgermeister gewählt werden." – the text names no exception for his death, so
the election stands. Both are `DaySignal` (`params`: `word`, `effect` – `procedure` with
its `procedure`, or `election` – and `lapses_if_dead`); the Morgen announces the signal
("Wenn der Stotternde Richter sein Zeichen gegeben hat, dass heute zwei Abstimmungen
durchgeführt werden", "Wenn der Aufständische einen Aufstand angezettelt hat, die
Bekanntgabe der Neuwahl des Bürgermeisters").
"""

from __future__ import annotations

from wolfbot.engine.events import Announcement
from wolfbot.engine.port import Behaviour, GamePort, QuestionHandler
from wolfbot.engine.roles.common import action, own_word, tell, used
from wolfbot.engine.state import DayEffect, PlayerState, Question
from wolfbot.engine.text import Text, say


def _own(game: GamePort, player: PlayerState) -> list[DayEffect]:
    return [e for e in game.state.next_day if e.owner == player.name]


def _announced(effect: DayEffect) -> Text:
    if effect.kind == "mob":
        return say("day_mark.mob", name=effect.target)
    return say("day_mark.jail", name=effect.target)


class DayMark(Behaviour):
    parameters = {"word": str, "effect": str, "votes": int | None, "lapses_if_dead": bool | None}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        command = used(game, player)
        if command is None:
            return
        effect = DayEffect(
            params["effect"],
            player.name,
            command.target,
            votes=int(params.get("votes", 0)),
            lapses_if_owner_dies=bool(params.get("lapses_if_dead", False)),
        )
        game.state.next_day.append(effect)

    def morning(self, game: GamePort, player: PlayerState) -> None:
        """The Morgen announces the mark while the role lives."""
        if not player.alive:
            return
        for effect in _own(game, player):
            if game.player(effect.target).alive:
                game.emit(Announcement(_announced(effect), player.role))


class Puppeteer(Behaviour):
    # `word` names the puppet, `target_word` whom the puppet votes for
    parameters = {"word": str, "target_word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        control_word = own_word(game, player)
        control = action(game, player, control_word)
        target = action(game, player, own_word(game, player, "target_word"))
        if control is None or target is None:
            if control is not None or target is not None:
                tell(game, player, say("puppet.needs_both"))
            return
        puppet, victim = control.target, target.target
        if game.option("lovers_vote_restriction") and game.lover_of(puppet) == victim:
            tell(game, player, say("puppet.not_against_lover", puppet=puppet, name=victim))
            return
        game.consume(player, control_word)
        game.state.next_day.append(
            DayEffect("puppet", player.name, puppet, vote=victim, lapses_if_owner_dies=True)
        )

    def morning(self, game: GamePort, player: PlayerState) -> None:
        """The puppet is told – if the Marionettenspieler lives: else nobody is controlled."""
        if not player.alive:
            return
        for effect in _own(game, player):
            if game.player(effect.target).alive and effect.vote is not None:
                tell(game, effect.target, say("puppet.controlled", name=effect.vote))


class DaySignal(Behaviour):
    parameters = {
        "word": str,
        "effect": str,
        "procedure": str | None,
        "lapses_if_dead": bool | None,
    }

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        if action(game, player, params["word"]) is None:
            return
        game.consume(player, params["word"])
        effect = DayEffect(
            params["effect"],
            player.name,
            player.name,
            procedure=params.get("procedure"),
            lapses_if_owner_dies=bool(params.get("lapses_if_dead", False)),
        )
        effect.announce = announced(effect)  # by the Morgen, unless it lapsed with him
        game.state.next_day.append(effect)


class DayOnDeath(Behaviour):
    """Der Fremde: "Wenn der Fremde verstirbt, so sät sein Tod Großes Misstrauen unter den
    Dorfbewohnern. Am nächsten Tag bestimmen die Dorfbewohner nicht öffentlich durch
    einfache Mehrheitsentscheidung, welchen Dorfbewohner sie lynchen." – his death (any
    cause) sets the next day's procedure (`params.procedure`): a death in the night, that
    day's; a death by day, the following day's."""

    # `word`: the answer to the question `asks_first` puts (the Bürge's "Bürgen")
    parameters = {"procedure": str, "asks_first": bool | None, "word": str | None}

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        params = game.role_facts(player).params
        effect = DayEffect("procedure", player.name, player.name, procedure=params["procedure"])
        effect.announce = announced(effect)
        game.state.next_day.append(effect)
        if params.get("asks_first"):  # the Bürge names the first one vouched for
            game.ask(
                Question(
                    player=player.name,
                    kind="buerge",
                    word=own_word(game, player),
                    channels=("private",),
                    options=tuple(p.name for p in game.living()),
                    prompt=say("question.buerge"),
                )
            )
        return []


class FirstVouch(QuestionHandler):
    """The dead Bürge's answer: "Zunächst bestimmt der Bürge gegenüber der Spielleitung
    einen Dorfbewohner, für den er bürgt (!Bürgen [Spielername]). Die Spielleitung gibt am
    nächsten Morgen bekannt, für welchen Dorfbewohner der Bürge gebürgt hat.\""""

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        for effect in _own(game, game.player(question.player)):
            if effect.kind == "procedure":
                effect.vote = choice
                effect.announce = announced(effect)


def announced(effect: DayEffect) -> Text:
    """What the Morgen says of a day effect that changes the day."""
    if effect.kind == "election":
        return say("day_signal.election")
    return say("day_signal.procedure", procedure=effect.procedure, name=effect.vote or "")
