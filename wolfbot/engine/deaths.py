"""Deaths and what they trigger: the Liebespaar, the role's own trigger (Jäger, …).

Deaths are processed as a queue: a death may cause more deaths (a lover's grief) or ask a
question (the Jäger's shot) whose answer kills later through the same function."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from wolfbot.engine.events import PlayerDied, PlayerExcluded
from wolfbot.engine.names import LIEBESKUMMER, RUECKTRITT, SANKTION, UNREVEALED
from wolfbot.engine.state import PlayerState

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def revealed(game: GamePort, player: PlayerState) -> bool:
    """Whether the round reveals this player's role at his death: always, unless the
    ruleset's `reveal_option` hides the roles of the dead – but not his if his role is
    `always_revealed` (Wolf Village's Jäger)."""
    option = game.rules.reveal_option
    return option is None or bool(game.option(option)) or game.role_facts(player).always_revealed


def exclude(game: GamePort, player: PlayerState, *, by: str = "") -> None:
    """The rules about inactive Dorfbewohner: excluded now (no more commands, no vote
    counts), he dies at the following Morgen with the cause `Inaktivität` and his role is
    not revealed (`night.resolve_deaths`). `by`: "" by the rule of the missed Dämmerungen,
    "Spielleitung" by the Spielleitung ("Ausschluss aus der Runde nach den Regelungen über
    inaktive Dorfbewohner"), "Sanktion" as the Spielleitung's sanction (the same, and the
    posts say so), "Rücktritt" at his own wish ("Jeder Teilnehmer kann jederzeit
    und ohne jedwede Begründung durch Mitteilung an die Spielleitung von der Teilnahme
    zurücktreten": he dies at the following Morgen as such, his role not revealed)."""
    player.excluded = True
    player.excluded_for = by if by in (RUECKTRITT, SANKTION) else ""
    game.emit(PlayerExcluded(player.name, by))


def kill(
    game: GamePort, deaths: Iterable[tuple[str, str]], *, time: str, delayable: bool = True
) -> None:
    queue = deque(deaths)
    while queue:
        name, cause = queue.popleft()
        player = game.player(name)
        if not player.alive:
            continue
        night = game.state.phase.kind == "night"
        if delayable and night and game.behaviour(player).delays_death(game, player, cause):
            game.state.evening_deaths.append((name, cause))
            continue
        player.alive = False
        player.death_cause = cause
        player.death_time = time
        shown = (
            None
            if cause in UNREVEALED or not revealed(game, player)
            else (game.behaviour(player).announced_role(game, player))
        )
        player.role_revealed_as = shown
        game.emit(PlayerDied(name, shown, cause, time))
        for witness in game.state.players:
            game.behaviour(witness).witness_death(game, witness, player)
        for group in game.groups():
            group.witness_death(game, player)
        lover = game.lover_of(name)
        if lover is not None:
            # "Verstirbt ein Verliebter, so bringt sich der andere Verliebte um."
            queue.append((lover, LIEBESKUMMER))
        queue.extend(game.behaviour(player).on_death(game, player, cause))
