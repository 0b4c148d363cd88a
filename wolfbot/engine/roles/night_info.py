"""Roles that act on what the night itself produced (told, then they choose):

Die Dorfschönheit: "Die Spielleitung teilt der Dorfschönheit mit, wenn sie angegriffen wird.
Die Dorfschönheit kann nun ... einen Dorfbewohner bestimmen, den sie verführt (!Verführen
[Spielername]). Der verführte Dorfbewohner wird anstatt der Dorfschönheit angegriffen. Wenn
der verführte Dorfbewohner die Dorfschönheit angegriffen hat, so schlägt der Angriff fehl."
(einmalig)
Die Gute Fee: "In der Nacht teilt die Spielleitung der Guten Fee mit, welche Dorfbewohner in
der Nacht verstorben sind. Die Gute Fee kann nun einmalig ... einen dieser Dorfbewohner ...
wiederbeleben (!Wiederbeleben [Spielername]). Dieser Dorfbewohner lebt weiter." Not herself.
Die Treue Magd: "... welche Spieler in dieser Nacht verstorben sind. Die Treue Magd kann nun
... die Rolle eines dieser verstorbenen Spieler übernehmen (!Übernehmen [Spielername]). ...
Die Treue Magd übernimmt die Rolle in derselben Gestalt, wie die Rolle zu Beginn der Runde
war. Wenn die Treue Magd die Rolle eines Werwolfes übernehmen will, so wird die Treue Magd
stattdessen gefressen."
A choice the night did not allow (she was not attacked, the named player did not die) is
refused at the end of the night and the ability stays.
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.events import CommandRejected
from wolfbot.engine.names import PACK_CAUSE
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, own_word, refuse_keeping, tell, told_then_choose
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say


def refuse(game: GamePort, player: PlayerState, command: Command, reason: Text) -> None:
    game.emit(CommandRejected(player.name, "private", command.text(), reason))


class Dorfschoenheit(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = own_word(game, player)
        if player.uses.get(word):
            return
        attacks = [
            a
            for a in game.state.night.attacks
            if a.target == player.name and (a.counts_for is None or player.role in a.counts_for)
        ]
        hits = [a for a in attacks if a.status == "hit"]
        if attacks:  # "teilt ... mit, wenn sie angegriffen wird" – also when it fails
            others = [p.name for p in game.living() if p.name != player.name] if hits else []
            info = say("verfuehrer.attacked")
            command = told_then_choose(game, player, word, others, info, stage)
        else:
            command = action(game, player, word)
        if command is None:
            return
        if not hits:
            refuse(game, player, command, say("verfuehrer.not_attacked"))
            return
        game.consume(player, word)
        for hit in hits:
            hit.status, hit.reason = "failed", say("failed.seduced", name=command.target)
            if command.target not in hit.sources:
                game.attack(command.target, hit.cause, hit.sources, hit.stage)
        tell(game, player, say("verfuehrer.done", name=command.target))


def _choice_among_the_dead(
    game: GamePort, player: PlayerState, word: str, stage: int
) -> Command | None:
    """Tell who dies this night as it stands; the player's `!word` naming one of them."""
    dead = game.dying()
    info = say("dead_tonight.told", names=dead)
    options = [name for name in dead if name != player.name]
    command = told_then_choose(game, player, word, options, info, stage)
    if command is not None and command.target not in dead:
        refuse_keeping(game, player, command, say("dead_tonight.not_dead", name=command.target))
        return None
    return command


class GuteFee(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        word = own_word(game, player)
        if player.uses.get(word):
            return
        command = _choice_among_the_dead(game, player, word, stage)
        if command is not None and not game.player(command.target).alive:  # devoured at once
            why = say("dead_tonight.beyond_saving", name=command.target)
            refuse_keeping(game, player, command, why)
        elif command is not None:
            game.consume(player, word)
            game.spare(command.target)
            tell(game, player, say("dead_tonight.lives_on", name=command.target))


class TreueMagd(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = _choice_among_the_dead(game, player, own_word(game, player), stage)
        if command is None:
            return
        taken = game.player(command.target)
        if game.rules.roles[taken.original_role].is_werwolf:
            tell(game, player, say("treue_magd.wolf_role"))
            game.kill_tonight(player.name, PACK_CAUSE, (taken.name,), stage)
            return
        game.change_role(player, taken.original_role)  # with that role's own faction
