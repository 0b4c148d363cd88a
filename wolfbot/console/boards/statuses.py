"""What the engine's state holds of a player beyond his role, in German, for the Übersicht:
his offices, his bonds (the Liebespaar, whom he follows and who follows him) and his
statuses – what the current or last night did to him (blocked, protected, attacked,
killed), the group conversations he is in, a lost ability, a disguise, a day's effect, a
death still to come, a house soaked in petrol, Dämmerungen without a vote."""

from __future__ import annotations

from wolfbot.engine.game import Game
from wolfbot.engine.names import ENCHANTED
from wolfbot.engine.offices import office_title
from wolfbot.engine.roles import brandstifter
from wolfbot.engine.roles.common import FOLLOWED
from wolfbot.engine.state import PlayerState
from wolfbot.posts.language import faction_heading
from wolfbot.posts.wording import death_phrase, worded

__all__ = ["bonds", "offices", "statuses"]

# the group conversations a player's membership in is a status of his (the Wolfshöhle, the
# Bettgeflüster and the Totenreich follow from his role, his bond, his death)
STATUS_CHANNELS = {ENCHANTED: "verzaubert", "crypt": "in der Gruft", "spirits": "Ruheloser Geist"}
ATTACK_WORDS = {"hit": "trifft", "healed": "geheilt", "devoured": "stirbt sofort"}


def offices(game: Game, player: PlayerState) -> tuple[str, ...]:
    found = []
    if game.state.mayor == player.name:
        found.append(office_title(game))
    if game.state.alpha == player.name:
        found.append(game.rules.named("Alpha"))
    return tuple(found)


def bonds(game: Game, player: PlayerState) -> tuple[str, ...]:
    """Who he is bound to: the Liebespaar, whom he follows (the Lehrling's Meister, the Wilde
    Kind's Vorbild, the Wiedergänger's master) and who follows him."""
    found = []
    lover = game.lover_of(player.name)
    if lover:
        found.append(f"verliebt in {lover} ({game.rules.named('Liebespaar')})")
    followed = player.memory.get(FOLLOWED)
    if followed:
        found.append(f"folgt {followed} (Vorbild/Meister)")
    for other in game.state.players:
        if other.memory.get(FOLLOWED) == player.name:
            found.append(f"Vorbild/Meister von {other.name} ({other.role})")
    return tuple(found)


def statuses(game: Game, player: PlayerState, night: int | None) -> tuple[str, ...]:
    """What the engine's state holds of him beyond his role, in German."""
    state = game.state
    name = player.name
    found: list[str] = []
    if night is not None:
        found += [f"Nacht {night}: {text}" for text in _night_statuses(game, player)]
    for channel, words in STATUS_CHANNELS.items():
        if name in state.conversations.get(channel, ()):
            found.append(words)
    if name in state.spirits and "Ruheloser Geist" not in found:
        found.append("Ruheloser Geist")
    if name in state.powerless:
        found.append("hat seine Fähigkeiten verloren")
    if player.acting_as:
        found.append(f"spielt bis zum Abend zusätzlich die Rolle {player.acting_as}")
    if player.faction and player.faction != game.role_facts(player).faction:
        found.append(f"spielt für {faction_heading(game.rules, player.faction)}")
    found += _disguises(game, player, night)
    found += _day_effects(game, player)
    for number, kill in state.due_kills:
        if kill.target == name:
            found.append(f"stirbt in Nacht {number} ({kill.cause})")
    for dying, cause in state.evening_deaths:
        if dying == name:
            found.append(f"stirbt am Abend ({death_phrase(game.rules, cause)})")
    for other in state.players:
        if other.alive and name in brandstifter.pitched(game, other):
            found.append(f"sein Haus ist mit Benzin übergossen ({other.name}, {other.role})")
    if player.missed_dusks and player.active:
        plural = "en" if player.missed_dusks != 1 else ""
        found.append(f"{player.missed_dusks} Dämmerung{plural} in Folge ohne Stimme")
    return tuple(found)


def _night_statuses(game: Game, player: PlayerState) -> list[str]:
    """What the current (or last) night's record holds of him: blocked, protected, attacked,
    killed."""
    record = game.state.night
    name = player.name
    found = []
    if name in record.blocked:
        by = _blockers(game, name)
        found.append(f"blockiert{f' (von {by})' if by else ''}")
    for modifier in record.modifiers:
        if modifier.target != name:
            continue
        owner = game.find_player(modifier.owner)
        role = f", {owner.role}" if owner else ""
        if modifier.step == "protection":
            found.append(f"geschützt (von {modifier.owner}{role})")
        elif modifier.step == "redirect":
            found.append(f"bewacht: Angriffe treffen {modifier.owner}{role}")
    for attack in record.attacks:
        if attack.target != name:
            continue
        how = ATTACK_WORDS.get(attack.status) or (
            worded(game.rules, attack.reason) if attack.reason else "abgewehrt"
        )
        found.append(f"angegriffen ({attack.cause}): {how}")
    for kill in record.kills:
        if kill.target == name:
            found.append(f"getötet ({kill.cause}, {', '.join(kill.sources)})")
    return found


def _blockers(game: Game, name: str) -> str:
    """Who blocked him this night, as far as the night's commands say (a role whose word
    blocks: Koch, Zauberer, …)."""
    found = []
    for actor, commands in game.state.night.actions.items():
        player = game.find_player(actor)
        if player is None:
            continue
        params = game.role_facts(player).params
        command = commands.get(params.get("word", ""))
        if params.get("blocks") and command is not None and name in command.targets:
            found.append(f"{actor}, {player.role}")
    return "; ".join(found)


def _disguises(game: Game, player: PlayerState, night: int | None) -> list[str]:
    """How he appears to other roles' abilities (the last disguise placed counts)."""
    seen: dict[tuple[str, ...], str] = {}
    for disguise in game.state.disguises:
        if disguise.target == player.name and disguise.night in (None, night):
            seen[disguise.towards] = disguise.role
    return [f"erscheint {', '.join(towards)} als {role}" for towards, role in seen.items()]


def _day_effects(game: Game, player: PlayerState) -> list[str]:
    """What a night did to his day: the current day's (by day), the coming day's (by night)."""
    state = game.state
    by_day = state.phase.by_day
    effects = state.day.effects if by_day else state.next_day
    which = "heute" if by_day else "am nächsten Tag"
    found = []
    for effect in effects:
        if effect.target != player.name:
            continue
        if effect.kind == "jail":
            found.append(f"{which} eingesperrt ({effect.owner})")
        elif effect.kind == "puppet":
            found.append(f"{which} Marionette von {effect.owner}: muss {effect.vote} lynchen")
        elif effect.kind == "mob":
            found.append(f"{which} {effect.votes} Gegenstimme(n) ({effect.owner})")
        elif effect.kind == "voters":
            found.append(f"darf {which} abstimmen ({effect.owner})")
    mob = state.day.mob if by_day else state.next_mob
    if mob.get(player.name):
        found.append(f"{which} {mob[player.name]} Gegenstimme(n) (Wütender Mob)")
    return found
