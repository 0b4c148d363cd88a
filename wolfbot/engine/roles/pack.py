"""Die Werwölfe: the Alpha's election and the pack's attack by simple majority.

"In der Nacht vor der Bürgermeisterwahl wählen die Werwölfe gemeinsam durch einfache
Mehrheitsentscheidung ... einen Werwolf zum Alpha (!Alpha [Spielername])." – "Wenn mehrere
andere Dorfbewohner dieselbe Anzahl an Gegenstimmen auf sich vereinigen, so wird von diesen
Dorfbewohnern derjenige von den Werwölfen angegriffen, gegen den auch der Alpha gestimmt hat.
Hat der Alpha gegen keinen dieser anderen Dorfbewohner gestimmt, so bestimmt der Alpha ...
einen dieser anderen Dorfbewohner" – "Die Werwölfe müssen in jeder Nacht einen Dorfbewohner
angreifen!"
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import AlphaElected
from wolfbot.engine.names import PACK_CAUSE, WOLVES
from wolfbot.engine.port import GamePort, GroupBehaviour, QuestionHandler, WordHandler
from wolfbot.engine.roles.common import break_tie, handler_word, most_voted
from wolfbot.engine.state import PlayerState, Question
from wolfbot.engine.text import say

PACK_STAGE = "Werwölfe"


def by_the_pack(game: GamePort, cause: str) -> bool:
    """Whether an attack of `cause` is the pack's, or treated as it ("Der Angriff der Ghule
    wird wie ein Angriff der Werwölfe behandelt": the role's `params.attacks_as`)."""
    return PACK_CAUSE in game.causes(cause)


def _pack_names(game: GamePort) -> list[str]:
    return [p.name for p in game.pack()]


def _attackers(game: GamePort) -> list[str]:
    """The pack's members who decide its attack (not the Junge Wolf: `pack_words`)."""
    attack = handler_word(game, "attack")
    return [p.name for p in game.pack() if attack in (game.role_facts(p).pack_words or (attack,))]


def _deciders(game: GamePort) -> list[str]:
    """The attackers who may act this night (`night.may_act`): neither excluded nor blocked."""
    return [name for name in _attackers(game) if game.may_act(game.player(name))]


def valid_targets(game: GamePort) -> list[str]:
    """ "einen anderen Dorfbewohner": a living player outside the pack."""
    return [p.name for p in game.living() if not game.role_facts(p).pack]


class AlphaVote(WordHandler):
    counted_at_night_end = True

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.target not in _pack_names(game):
            raise IllegalCommand(say("alpha.not_a_wolf", name=command.target))
        if game.state.alpha is not None:
            raise IllegalCommand(say("alpha.elected_already", name=game.state.alpha))

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.night.alpha_votes[player.name] = command.target

    def votes(self, game: GamePort) -> dict[str, str]:
        return game.state.night.alpha_votes


class AttackVote(WordHandler):
    counted_at_night_end = True

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if game.state.pack_rests == game.state.phase.number:
            raise IllegalCommand(say("attack.pack_rests"))
        if command.target not in valid_targets(game):
            raise IllegalCommand(say("attack.own_pack", name=command.target))
        game.check_not_against_lover(player, command.target)

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.night.attack_votes[player.name] = command.target

    def votes(self, game: GamePort) -> dict[str, str]:
        return game.state.night.attack_votes


class Pack(GroupBehaviour):
    def act(self, game: GamePort, stage: int) -> None:
        members = _pack_names(game)
        if not members:
            return
        if game.state.alpha is None and "alpha" in game.rules.word_handlers.values():
            self._elect_alpha(game, members)
        night_state = game.state.night
        if game.state.pack_rests == game.state.phase.number:
            return  # "so können die Werwölfe in der darauffolgenden Nacht keinen … angreifen"
        # reading 4: the lot stands in for wolves who do not vote, not for a pack of which
        # nobody may act (blocked, excluded) – such a pack attacks nobody
        deciders = _deciders(game)
        if not deciders:
            return
        votes = {
            voter: target for voter, target in night_state.attack_votes.items() if voter in deciders
        }
        night_state.used.update(votes)
        targets = valid_targets(game)
        if not targets:
            return
        tied = most_voted(votes, targets)
        alpha = game.state.alpha
        attackers = _attackers(game)
        may_decide = votes and alpha in deciders  # a blocked Alpha breaks no tie: the lot
        question = Question(
            player=alpha or "",
            kind="attack_tie",
            word=handler_word(game, "attack"),
            channels=("wolves", "private"),
            options=tuple(tied),
            prompt=say("question.pack_tie"),
        )
        alpha_vote = votes.get(alpha) if alpha and votes else None
        choice = break_tie(game, tied, alpha if may_decide else None, alpha_vote, question)
        if choice is None:
            return
        game.attack(choice, PACK_CAUSE, tuple(attackers), stage)

    def _elect_alpha(self, game: GamePort, members: list[str]) -> None:
        votes = {v: t for v, t in game.state.night.alpha_votes.items() if v in members}
        tied = most_voted(votes, members)
        alpha = tied[0] if len(tied) == 1 else game.draw(tied)
        game.state.alpha = alpha
        game.emit(AlphaElected(alpha, tuple(members), by_lot=len(tied) > 1))

    def witness_death(self, game: GamePort, dead: PlayerState) -> None:
        """The Wolfsgeister leave the Wolfshöhle – unless a living role lets them stay (the
        Alte Wolf: "Solange der Alte Wolf lebt, dürfen auch die Wolfsgeister noch die
        Konversation der Werwölfe nutzen"; `params.wolf_spirits_stay`)."""
        members = game.state.conversations.get(WOLVES, [])
        if any(game.role_facts(p).params.get("wolf_spirits_stay") for p in game.living()):
            return
        spirits = [name for name in members if not game.player(name).alive]
        game.leave_conversation(WOLVES, spirits)


class AttackTie(QuestionHandler):
    def check(self, game: GamePort, question: Question, command: Command) -> None:
        game.check_not_against_lover(game.player(question.player), command.target)

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        stage = game.rules.stage_of(PACK_STAGE)
        game.attack(choice, PACK_CAUSE, tuple(_attackers(game)), stage)
