"""Roles whose death – or an attack on them – strikes back, or comes late.

Der Rächer: "Wenn der Rächer verstirbt, so kann er gegenüber der Spielleitung einen
Dorfbewohner bestimmen, an dem er sich vorher rächt (!Rächen [Spielername]). Der Rächer muss
sich an keinem Dorfbewohner rächen!" – an optional question (the deadline: no revenge).
Der Schläger: "Wenn der Schläger in der Nacht angegriffen wird und deshalb verstirbt, so
bestimmt er gegenüber der Spielleitung einen anderen Dorfbewohner, den er vorher erschlägt
(!Erschlagen [Spielername]). Wenn dieser Dorfbewohner den Schläger in derselben Nacht
angegriffen und dadurch seinen Tod verursacht hat, so stirbt dieser Dorfbewohner." – a
mandatory question, only for a death by an attack; the named one dies only if he is among
the attack's sources (the whole pack for the Werwölfe's).
Das Rotkäppchen: "Solange der Jäger lebt, schlägt jeder Angriff der Werwölfe auf das
Rotkäppchen fehl." (`params.while_alive`: the role that protects her)
Der Harte Bursche: "Wenn der Harte Bursche in der Nacht versterben würde, so verstirbt er
stattdessen erst am nächsten Abend. Die Spielleitung teilt dem Harten Burschen mit, wenn er
am nächsten Abend verstirbt."
Der Ritter mit der rostigen Klinge: "Wenn der Ritter mit der rostigen Klinge von den
Werwölfen angegriffen wird, so verwundet er den Werwolf, der ihn gemäß der Spielerliste am
nächsten ist. Wenn gemäß der Spielerliste zwei Werwölfe dem Ritter mit der rostigen Klinge
am nächsten sind, so wird der Werwolf verwundet, der in der Spielerliste oberhalb des
Ritters mit der rostigen Klinge steht. Der verwundete Werwolf verstirbt am nächsten Abend.
Die Spielleitung teilt dem verwundeten Werwolf mit, dass er vom Ritter mit der rostigen
Klinge verwundet wurde." – Werwölfe by name (`RoleSpec.is_werwolf`).
"""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort, QuestionHandler
from wolfbot.engine.roles.common import own_word, tell
from wolfbot.engine.roles.pack import by_the_pack
from wolfbot.engine.state import Attack, PlayerState, Question
from wolfbot.engine.text import say

_STRUCK_BY = "struck_by"


def _others(game: GamePort, player: PlayerState) -> tuple[str, ...]:
    return tuple(p.name for p in game.living() if p.name != player.name)


class Raecher(Behaviour):
    parameters = {"word": str}

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        game.ask(
            Question(
                player=player.name,
                kind="revenge",
                word=own_word(game, player),
                channels=("private",),
                options=_others(game, player),
                prompt=say("question.revenge"),
                optional=True,
            )
        )
        return []


class Revenge(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        game.kill([(choice, game.role_facts(game.player(question.player)).name)])


class Schlaeger(Behaviour):
    parameters = {"word": str}

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        if game.state.phase.kind != "night":
            return []
        hits = [
            a
            for a in game.state.night.attacks
            if a.target == player.name
            and a.status == "hit"
            and a.cause == cause
            and (a.counts_for is None or player.role in a.counts_for)
        ]
        if not hits:  # poisoned, shot, grief: no attack caused his death
            return []
        player.memory[_STRUCK_BY] = sorted({s for a in hits for s in a.sources})
        game.ask(
            Question(
                player=player.name,
                kind="strike",
                word=own_word(game, player),
                channels=("private",),
                options=_others(game, player),
                prompt=say("question.strike"),
            )
        )
        return []


class Strike(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        schlaeger = game.player(question.player)
        if choice in schlaeger.memory.get(_STRUCK_BY, []):
            game.kill([(choice, game.role_facts(schlaeger).name)])


class Rotkaeppchen(Behaviour):
    parameters = {"while_alive": str | None}

    def defend(self, game: GamePort, player: PlayerState, attack: Attack, step: str) -> None:
        if step != "immunity" or not by_the_pack(game, attack.cause):
            return
        guard = game.role_facts(player).params.get("while_alive", "Jäger")
        if any(p.role == guard and p.alive for p in game.state.players):
            attack.status, attack.reason = "failed", say("failed.while_alive", role=guard)


class HarterBursche(Behaviour):
    def delays_death(self, game: GamePort, player: PlayerState, cause: str) -> bool:
        if not any(name == player.name for name, _ in game.state.evening_deaths):
            tell(game, player, say("harter_bursche.dies_at_evening"))
        return True


class Ritter(Behaviour):
    def attacked(self, game: GamePort, player: PlayerState, attack: Attack) -> None:
        if not by_the_pack(game, attack.cause):
            return
        wolf = nearest_wolf(game, player)
        if wolf is None or any(name == wolf for name, _ in game.state.evening_deaths):
            return
        game.state.evening_deaths.append((wolf, player.role))
        tell(game, wolf, say("ritter.wounded", role=player.role))


def nearest_wolf(game: GamePort, player: PlayerState) -> str | None:
    """The living Werwolf nearest to `player` in the Spielerliste (the living, wrapping
    around); of two as near, the one above him."""
    living = [p for p in game.state.players if p.alive or p is player]
    index = living.index(player)
    for distance in range(1, len(living)):
        above, below = living[index - distance], living[(index + distance) % len(living)]
        for candidate in (above, below):
            if candidate is not player and game.role_facts(candidate).is_werwolf:
                return candidate.name
    return None
