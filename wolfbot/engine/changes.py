"""Changes to who plays what and who talks where: role changes, revivals, conversations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import victory
from wolfbot.engine.events import (
    ConversationOpened,
    ParticipantsAdded,
    ParticipantsLeft,
    PlayerRevived,
    PrivateInfo,
    RoleChanged,
)
from wolfbot.engine.names import DEAD, WOLVES
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def change_role(
    game: GamePort, player: PlayerState, role: str, *, faction: str | None = None
) -> None:
    """The player plays `role` from now on, "in derselben Gestalt, wie die Rolle zu Beginn
    der Runde war": uses, targets and memory of his former role are gone."""
    condition = victory.lovers_side(game)
    # what he appeared as for good belonged to his former role (Wolfsmensch, Geheimnisvoller)
    game.state.disguises = [
        d for d in game.state.disguises if d.target != player.name or d.night is not None
    ]
    _drop_standing(game, player)
    player.role = game.rules.role(role).name
    game.roles.changed()
    player.faction = faction
    player.uses.clear()
    player.last_targets.clear()
    player.memory.clear()
    game.emit(RoleChanged(player.name, player.role))
    game.start_role(player)  # what the role is told or given at its start
    _tell_lovers_if_changed(game, condition, (player.name,))
    _witness_role_change(game, (player,))


def swap_roles(game: GamePort, taker: PlayerState, giver: PlayerState) -> None:
    """The Unruhestifterin's swap: the taker plays the giver's role "in der Gestalt, in der
    die Rolle im Zeitpunkt der Übernahme war" (uses, targets, memory, faction) and learns
    nothing the role told the giver (no start of the role); the giver plays the taker's role
    from its start. What either appeared as for good ends."""
    condition = victory.lovers_side(game)
    game.state.disguises = [
        d for d in game.state.disguises if d.target not in (taker.name, giver.name) or d.night
    ]
    own_role = taker.role
    _drop_standing(game, taker)
    taker.standing |= _drop_standing(game, giver)  # the role's standing answers go with it
    taker.role, taker.faction = giver.role, victory.faction(game, giver)
    taker.uses, taker.last_targets, taker.memory = giver.uses, giver.last_targets, giver.memory
    giver.role, giver.faction = own_role, None
    game.roles.changed()
    giver.uses, giver.last_targets, giver.memory = {}, {}, {}
    for player in (taker, giver):
        game.emit(RoleChanged(player.name, player.role))
    _tell_lovers_if_changed(game, condition, (taker.name, giver.name))
    _witness_role_change(game, (taker, giver))


def _drop_standing(game: GamePort, player: PlayerState) -> dict[str, str]:
    """Take the standing answers of the player's role from him (an office's stay, the
    Burgemeester's successor) and return them."""
    words = {use.word for use in game.rules.roles[player.role].commands if use.stands}
    return {word: player.standing.pop(word) for word in words & set(player.standing)}


def convert(game: GamePort, player: PlayerState, faction: str) -> None:
    """The player plays for `faction` from now on, keeping his role and abilities (the
    Sekte: "Sie spielen lediglich fortan für die Sekte"); the lovers are told if their
    win condition changes."""
    condition = victory.lovers_side(game)
    player.faction = faction
    _tell_lovers_if_changed(game, condition, (player.name,))


def _witness_role_change(game: GamePort, changed: tuple[PlayerState, ...]) -> None:
    """Everybody else's role hears of the change (the Ketzer is told)."""
    for witness in game.state.players:
        for player in changed:
            if witness.name != player.name:
                game.behaviour(witness).witness_role_change(game, witness, player)


def _tell_lovers_if_changed(
    game: GamePort, condition: str | None, changed: tuple[str, ...]
) -> None:
    """ "Wenn sich dadurch die Siegbedingungen des Liebespaares ändern, so teilt die
    Spielleitung den Verliebten die geänderten Siegbedingungen mit." """
    lovers = game.state.lovers
    if lovers and set(lovers) & set(changed) and victory.lovers_side(game) != condition:
        side = say("win_condition", side=victory.lovers_side(game))
        game.emit(PrivateInfo(lovers, "private", say("amor.condition_changed", condition=side)))


def become(game: GamePort, player: PlayerState, role: str, *, faction: str | None = None) -> None:
    """`change_role`, and a new member of the pack joins the Wolfshöhle ("Die Spielleitung
    fügt diesen (gewöhnlichen) Werwolf der Konversation der Werwölfe hinzu"); one of a role
    with its own group conversation joins it, which opens with him and the living who share
    it ("richtet dem Vampir und seinen Ghulen eine eigene Konversation (Die Gruft) ein")."""
    change_role(game, player, role, faction=faction)
    now = game.role_facts(player)
    if now.pack:
        enter(game, WOLVES, [player.name])
    if now.conversation:
        members = [
            p.name for p in game.living() if game.role_facts(p).conversation == now.conversation
        ]
        enter(game, now.conversation, members)


def revive(game: GamePort, player: PlayerState, by_role: str) -> None:
    """The dead player lives again; he is no longer one of the Geister of the Totenreich."""
    player.alive = True
    player.death_cause = player.death_time = player.role_revealed_as = None
    game.emit(PlayerRevived(player.name, by_role))
    if not game.role_facts(player).params.get("totenreich", False):  # Medium, Zigeunerin stay
        leave(game, DEAD, [player.name])
    if game.role_facts(player).pack:  # no Wolfsgeist any more: back in the Wolfshöhle
        enter(game, WOLVES, [player.name])


# -- conversations: `state.conversations` holds every group conversation and its members ------
def open_conversation(game: GamePort, channel: str, members: list[str]) -> None:
    """Open the group conversation `channel` (once: an open one stays as it is)."""
    if channel not in game.state.conversations:
        game.state.conversations[channel] = list(members)
        game.emit(ConversationOpened(channel, tuple(members)))


def join(game: GamePort, channel: str, names: list[str]) -> None:
    """The ones of `names` not in the open conversation yet join it (none if not open)."""
    members = game.state.conversations.get(channel)
    if members is None:
        return
    new = [name for name in names if name not in members]
    if new:
        members.extend(new)
        game.emit(ParticipantsAdded(channel, tuple(new)))


def enter(game: GamePort, channel: str, names: list[str]) -> None:
    """`join` the conversation, or open it with `names` if it is not open yet."""
    if channel in game.state.conversations:
        join(game, channel, names)
    else:
        open_conversation(game, channel, names)


def leave(game: GamePort, channel: str, names: list[str]) -> None:
    """The ones of `names` in the conversation leave it."""
    members = game.state.conversations.get(channel, [])
    gone = [name for name in names if name in members]
    if gone:
        for name in gone:
            members.remove(name)
        game.emit(ParticipantsLeft(channel, tuple(gone)))
