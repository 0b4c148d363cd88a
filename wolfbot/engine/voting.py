"""The day's commands – `!Lynch`, `!Zurücknehmen`, `!Bürgermeister` – and the Dämmerung (the
Wütender Mob, inactivity). How the day is decided at its end: `wolfbot.engine.day`."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from wolfbot.engine import day as day_rules
from wolfbot.engine.commands import Command
from wolfbot.engine.day import check_not_against_lover
from wolfbot.engine.deaths import exclude
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import WordHandler
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def _dusk_change_only(
    game: GamePort, player: PlayerState, votes: Collection[str], vote: str
) -> None:
    """ "Wenn die Dämmerung begonnen hat, so darf kein Dorfbewohner mehr seine Stimme abgegeben
    oder seine abgegebene Stimme zurücknehmen. Eine abgegebene Stimme darf lediglich geändert
    werden.\""""
    if game.state.phase.kind == "dusk" and player.name not in votes:
        raise IllegalCommand(say("refused.dusk_change_only", vote=vote))


def _may_vote(game: GamePort, player: PlayerState, lynch: bool) -> None:
    if day_rules.jailed(game, player.name):
        raise IllegalCommand(say("refused.jailed"))
    if not day_rules.may_vote(game, player, lynch):
        raise IllegalCommand(say("refused.lost_vote"))


class LynchVote(WordHandler):
    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        _may_vote(game, player, lynch=True)
        fixed = day_rules.fixed_vote(game, player.name)
        if fixed is not None and command.target != fixed:
            raise IllegalCommand(say("refused.puppet_vote", name=fixed))
        _dusk_change_only(game, player, game.state.day.lynch_votes, "lynch")
        runoff = game.state.day.runoff
        if game.state.phase.kind == "runoff" and command.target not in runoff:
            raise IllegalCommand(say("refused.runoff_only", names=runoff))
        check_not_against_lover(game, player, command.target)

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.day.lynch_votes[player.name] = command.target

    def votes(self, game: GamePort) -> dict[str, str]:
        return game.state.day.lynch_votes


class WithdrawVote(WordHandler):
    irrevocable: Text | None = say("withdrawn_for_good")

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        fixed = day_rules.fixed_vote(game, player.name)
        if fixed is not None:
            raise IllegalCommand(say("refused.puppet_vote", name=fixed))
        if player.name not in game.state.day.lynch_votes:
            raise IllegalCommand(say("refused.nothing_to_withdraw"))

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        del game.state.day.lynch_votes[player.name]


class MayorVote(WordHandler):
    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        _may_vote(game, player, lynch=False)
        if game.state.phase.kind == "dusk":
            if game.option("mayor_vote_in_dusk") == "closed":
                raise IllegalCommand(say("refused.mayor_vote_closed"))
            _dusk_change_only(game, player, game.state.day.mayor_votes, "mayor")

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.day.mayor_votes[player.name] = command.target

    def votes(self, game: GamePort) -> dict[str, str]:
        return game.state.day.mayor_votes


class FriendsVote(WordHandler):
    """`!Freund A B` on a day of the Großes Misstrauen: "bestimmt jeder Dorfbewohner gegenüber
    der Spielleitung zwei andere Dorfbewohner zu seinen Freunden" – the last one counts, and
    in the Dämmerung it may only be changed (reading 49)."""

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        _may_vote(game, player, lynch=False)
        _dusk_change_only(game, player, game.state.day.friends, "lynch")

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.day.friends[player.name] = tuple(command.targets)


class VouchVote(WordHandler):
    """`!Bürgen X` on a day of the Bürgschaft: only the one vouched for last may vouch, for
    another living player nobody has vouched for yet ("für einen anderen Dorfbewohner, für
    den noch kein anderer Dorfbewohner gebürgt hat")."""

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        holder = day_rules.chain_holder(game)
        if player.name != holder:
            raise IllegalCommand(say("refused.not_your_turn", holder=holder or ""))
        if command.target not in day_rules.unvouched(game):
            raise IllegalCommand(say("refused.vouched_already", name=command.target))
        if len(day_rules.unvouched(game)) <= 1:
            raise IllegalCommand(say("refused.chain_done"))

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        game.state.day.chain.append(command.target)


def begin_dusk(game: GamePort) -> None:
    """The Dämmerung begins: a puppet who has not voted votes as he must; note the Wütender
    Mob and inactivity (of those who may vote: a jailed player is neither) – on a day with
    votes to give (not the Bürgschaft)."""
    day = game.state.day
    if not day_rules.counts_votes(game):
        day.mob = {}  # carried into a day without a count, the Mob's votes lapse
        game.emit(day_rules.tally_event(game, "dusk", []))
        return
    for effect in day.effects:
        if effect.kind == "puppet" and effect.vote and effect.target not in day.lynch_votes:
            if game.player(effect.target).alive and game.player(effect.vote).alive:
                day.lynch_votes[effect.target] = effect.vote
    cast = day_rules.cast_votes(game)
    day.voters_at_dusk = set(cast)
    day.mayor_voters_at_dusk = set(day.mayor_votes)
    non_voters = day_rules.non_voters(game, cast)
    mob_votes = int(game.option("mob_votes"))
    limit = int(game.option("inactivity_dusks"))
    for p in game.living():
        if not day_rules.may_vote(game, p):
            continue
        if p.name in non_voters:
            p.missed_dusks += 1
            if mob_votes:
                game.state.next_mob[p.name] = game.state.next_mob.get(p.name, 0) + mob_votes
        else:
            p.missed_dusks = 0
    game.emit(day_rules.tally_event(game, "dusk", non_voters))
    for p in game.living():
        if p.active and p.missed_dusks >= limit:
            exclude(game, p)
