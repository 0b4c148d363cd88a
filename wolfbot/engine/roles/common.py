"""Small helpers role behaviours share: the night action a player sent, neighbours, what an
ability sees of a player, the heal offered to the Hexe, the Heiler and the Alchemist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import night
from wolfbot.engine.commands import Command
from wolfbot.engine.events import CommandRejected, PrivateInfo
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def action(game: Game, player: PlayerState, word: str) -> Command | None:
    """The `!word` command the player sent this night (the last one counts), if any."""
    return game.state.night.actions.get(player.name, {}).get(word)


def tell(game: Game, player: PlayerState | str, text: str) -> None:
    name = player if isinstance(player, str) else player.name
    game.emit(PrivateInfo((name,), "private", text))


def neighbours(game: Game, name: str) -> tuple[str, str]:
    """ "Die Nachbarn eines Dorfbewohners sind die beiden Dorfbewohner, die in der Spielerliste
    über und unter dem Spieler stehen" – Dorfbewohner are the living; the list wraps around."""
    living = [p.name for p in game.state.players if p.alive or p.name == name]
    index = living.index(name)
    return living[index - 1], living[(index + 1) % len(living)]


def apparent_role(game: Game, name: str) -> str:
    """The role an ability that looks at roles sees (a disguise may change it)."""
    player = game.player(name)
    return game.behaviour(player).apparent_role(game, player)


def looks_like_werwolf(game: Game, name: str) -> bool:
    return game.rules.roles[apparent_role(game, name)].is_werwolf


def offer_heal(game: Game, player: PlayerState, word: str) -> None:
    """Tell the healer who was successfully attacked; heal the one his `!word` names if he
    is among them (the potion or ability is then used up), else refuse and keep it."""
    attacked = night.successfully_attacked(game)
    tell(
        game,
        player,
        f"In dieser Nacht erfolgreich angegriffen: {', '.join(attacked) or 'niemand'}.",
    )
    command = action(game, player, word)
    if command is None:
        return
    if command.target not in attacked:
        refuse_keeping(
            game,
            player,
            command,
            f"{command.target} wurde in dieser Nacht nicht erfolgreich angegriffen",
        )
        return
    night.heal(game, command.target)
    game.consume(player, word)
    tell(game, player, f"Du heilst {command.target}.")


def refuse_keeping(game: Game, player: PlayerState, command: Command, why: str) -> None:
    """A choice the night did not allow: refused; the ability stays unless the house rule
    `refused_heal_keeps_ability` is off."""
    if game.option("refused_heal_keeps_ability"):
        reason = f"{why}; dein !{command.word} bleibt unverbraucht."
    else:
        game.consume(player, command.word)
        reason = f"{why}; dein !{command.word} ist trotzdem verbraucht (Hausregel)."
    game.emit(CommandRejected(player.name, "private", command.text(), reason))
