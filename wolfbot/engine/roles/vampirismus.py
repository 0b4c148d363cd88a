"""Vampirismus (Archiv): "Alle Werwölfe, Einzelgänger und Zweideutige werden durch den Vampir
ersetzt." – the Untoten's win: "wenn alle anderen Spieler, die nicht für die Untoten
spielen, verstorben sind".

Der Vampir: "… einen Dorfbewohner, den er beißt (!Beißen [Spielername]). Der gebissene
Dorfbewohner verwandelt sich in einen Ghul und spielt fortan für die Untoten." – `Bite`
(`params.turns_into: Ghul`); the Gruft opens with the first Ghul. "Wenn der Vampir
verstirbt, so versterben auch alle Ghule." The Vampirjäger bitten kills him
(the Vampirjäger's `params.bitten`).
Die Ghule: "In der Nacht bestimmen die Ghule gegenüber der Spielleitung einen anderen
Dorfbewohner, den sie angreifen und fressen (!Fressen …). Bei Gleichstand entscheidet der
Vampir." – "Der Angriff der Ghule wird wie ein Angriff der Werwölfe behandelt" (the Ghul's
`params.attacks_as`); they attack at the Werwölfe's place of the night order. The Vampir
decides a tie when asked (reading 72: he is no Ghul and casts no vote of their attack).
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort, GroupBehaviour, QuestionHandler
from wolfbot.engine.roles.common import break_tie, most_voted, own_word
from wolfbot.engine.roles.pack_attacks import Bite
from wolfbot.engine.state import PlayerState, Question
from wolfbot.engine.text import say

GHUL = "Ghul"
GHULE = "Ghule"  # their attack's entry of the night order
WITH_THE_VAMPIR = "Vampirtod"  # the cause of the Ghule's death with their Vampir


def undead(game: GamePort, player: PlayerState) -> bool:
    """One of the Vampir's kind (plays a role of the Ghule's conversation, the Gruft)."""
    return game.role_facts(player).conversation == game.rules.roles[GHUL].conversation


class Vampir(Bite):
    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        return [(p.name, WITH_THE_VAMPIR) for p in game.living() if p.role == GHUL]


class Ghul(Behaviour):
    parameters = {"word": str, "attacks_as": str}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """ "einen anderen Dorfbewohner": none of the Untoten."""
        if command.word == own_word(game, player) and undead(game, game.player(command.target)):
            raise IllegalCommand(say("ghule.own_kind", name=command.target))


class Ghule(GroupBehaviour):
    def act(self, game: GamePort, stage: int) -> None:
        state = game.state.night
        votes = {}
        feed = ""  # the Ghule's word (`params.word` of the Ghul)
        for ghul in game.living():
            if ghul.role != GHUL:
                continue
            feed = own_word(game, ghul)
            command = state.actions.get(ghul.name, {}).get(feed)
            if command and ghul.active and ghul.name not in state.blocked:
                if game.player(command.target).alive:
                    votes[ghul.name] = command.target
        if not votes:
            return
        state.used.update(votes)
        tied = most_voted(votes, [p.name for p in game.state.players])
        vampir = next((p for p in game.living() if p.role != GHUL and undead(game, p)), None)
        decider = vampir.name if vampir is not None and vampir.active else None
        question = Question(
            player=decider or "",
            kind="ghoul_tie",
            word=feed,
            channels=("crypt", "private"),
            options=tuple(tied),
            prompt=say("question.ghoul_tie"),
            stage=stage,
        )
        choice = break_tie(game, tied, decider, None, question)  # he casts no vote
        if choice is not None:
            _attack(game, choice, stage)


def _attack(game: GamePort, target: str, stage: int) -> None:
    ghule = tuple(p.name for p in game.living() if p.role == GHUL)
    game.attack(target, GHUL, ghule, stage)


class GhoulTie(QuestionHandler):
    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        _attack(game, choice, question.stage)
