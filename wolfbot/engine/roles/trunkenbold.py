"""Der Trunkenbold: "In der Nacht bestimmt der Trunkenbold ... einen Dorfbewohner, den er
abfüllt (!Abfüllen [Spielername]). Wenn der abgefüllte Dorfbewohner in der Nacht eine
Fähigkeit nutzen will, so wird zufällig bestimmt, ob er die Fähigkeit nutzen kann oder nicht.
Wenn die Fähigkeit, die der abgefüllte Dorfbewohner nutzen will, einen Spieler zum Ziel haben
muss, so wird zufällig ein Spieler zum Ziel bestimmt." Placed with the other whole-night
effects; the draws come from the game's seeded generator."""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.port import Behaviour, GamePort, GroupBehaviour
from wolfbot.engine.roles.common import action, own_word
from wolfbot.engine.roles.pack import valid_targets
from wolfbot.engine.state import PlayerState

DORFFEST = "Dorffest"  # its entry of the night order
_ATTEMPTS = 20  # draws before a drunk's command with no target his role allows is dropped


def _draw_allowed(game: GamePort, drunk: PlayerState, original: Command) -> tuple[str, ...] | None:
    """New targets for the drunk's command that his role allows (the Urwolf bites no
    Werwolf, the Blutrünstige Wolf eats none of the pack): drawn again until they pass the
    role's own check; None if no draw does."""
    for _ in range(_ATTEMPTS):
        targets = _draw_targets(game, drunk, original.word, len(original.targets))
        if targets is None:
            return None
        candidate = original.model_copy(update={"targets": targets})
        try:
            game.behaviour(drunk).check(game, drunk, candidate)
        except IllegalCommand:
            continue
        return targets
    return None


def _draw_targets(
    game: GamePort, drunk: PlayerState, word: str, count: int
) -> tuple[str, ...] | None:
    """New targets for the drunk's `!word`, drawn among those the command may name (living or
    dead, himself only if allowed, not last night's target where that is forbidden)."""
    use = next((u for u in game.command_uses(drunk) if u.word == word), None)
    if use is None:
        return None
    kinds = [kind for kind in use.args if kind in ("player", "dead")]
    last = drunk.last_targets.get(word)
    picked: list[str] = []
    for kind in kinds[:count]:
        pool = [
            p.name
            for p in game.state.players
            if p.alive == (kind == "player")
            and p.name not in picked
            and (use.self_ or p.name != drunk.name)
        ]
        if not use.repeat_target and last and last[0] == game.state.phase.number - 1:
            pool = [name for name in pool if name not in last[1]] or pool
        if not pool:
            return None
        picked.append(game.draw(pool))
    return tuple(picked)


def drink(game: GamePort, drunk: PlayerState) -> None:
    """The drunk's night: if he wants to use an ability, a lot decides whether he can (he
    is blocked if not; nobody is told – the text tells nobody), and every target of his
    commands is drawn anew (also his vote in the Wolfshöhle)."""
    state = game.state.night
    commands = state.actions.get(drunk.name, {})
    if not commands and drunk.name not in state.attack_votes:
        return  # he wanted to use no ability: nothing to decide
    if not game.draw((True, False)):
        state.blocked.add(drunk.name)
        return
    for word, original in list(commands.items()):
        if original.targets:
            targets = _draw_allowed(game, drunk, original)
            if targets is None:
                del commands[word]
            else:
                commands[word] = original.model_copy(update={"targets": targets})
    if drunk.name in state.attack_votes:
        lover = game.lover_of(drunk.name)
        prey = [name for name in valid_targets(game) if name != lover]
        if prey:
            state.attack_votes[drunk.name] = game.draw(prey)


class Trunkenbold(Behaviour):
    parameters = {"word": str}

    prepare_rank = 1  # his lot decides before the Zauberer's block, after the Koch's Vorabend

    def prepare(self, game: GamePort, player: PlayerState) -> None:
        command = action(game, player, own_word(game, player))
        if command is not None:
            drink(game, game.player(command.target))


class Dorffest(GroupBehaviour):
    """Dorffest (Archiv): "Alle Dorfbewohner sind betrunken. Siehe: Trunkenbold" – every
    living player's night is a drunk's, in the order of the Spielerliste, at the
    Trunkenbold's place of the night order (reading 69)."""

    def prepare(self, game: GamePort) -> None:
        for player in game.living():
            if player.active and player.name not in game.state.night.blocked:
                drink(game, player)
