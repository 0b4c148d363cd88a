"""What the engine's state holds of a player beyond his role, for the Übersicht, in the
round's language (`WORDS`: German and Dutch): his offices, his bonds (the Liebespaar, whom
he follows and who follows him) and his statuses – what the current or last night did to
him (blocked, protected, attacked, killed), the group conversations he is in, a lost
ability, a disguise, a day's effect, a death still to come, a house soaked in petrol,
Dämmerungen without a vote."""

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

WORDS: dict[str, dict[str, str]] = {
    "de": {
        # the group conversations a player's membership in is a status of his (the
        # Wolfshöhle, the Bettgeflüster and the Totenreich follow from his role, his bond,
        # his death)
        ENCHANTED: "verzaubert",
        "crypt": "in der Gruft",
        "spirits": "Ruheloser Geist",
        # what became of an attack on him
        "hit": "trifft",
        "healed": "geheilt",
        "devoured": "stirbt sofort",
        "fended_off": "abgewehrt",
        "lover": "verliebt in {lover} ({couple})",
        "follows": "folgt {followed} (Vorbild/Meister)",
        "followed_by": "Vorbild/Meister von {name} ({role})",
        "night": "Nacht {night}: {text}",
        "powerless": "hat seine Fähigkeiten verloren",
        "acting_as": "spielt bis zum Abend zusätzlich die Rolle {role}",
        "plays_for": "spielt für {faction}",
        "dies_in_night": "stirbt in Nacht {night} ({cause})",
        "dies_in_evening": "stirbt am Abend ({how})",
        "petrol": "sein Haus ist mit Benzin übergossen ({name}, {role})",
        "no_vote_1": "{count} Dämmerung in Folge ohne Stimme",
        "no_vote": "{count} Dämmerungen in Folge ohne Stimme",
        "blocked": "blockiert",
        "blocked_by": "blockiert (von {by})",
        "protected": "geschützt (von {owner}{role})",
        "guarded": "bewacht: Angriffe treffen {owner}{role}",
        "attacked": "angegriffen ({cause}): {how}",
        "killed": "getötet ({cause}, {sources})",
        "appears": "erscheint {towards} als {role}",
        "today": "heute",
        "next_day": "am nächsten Tag",
        "jailed": "{which} eingesperrt ({owner})",
        "puppet": "{which} Marionette von {owner}: muss {vote} lynchen",
        "votes_against": "{which} {votes} Gegenstimme(n) ({owner})",
        "may_vote": "darf {which} abstimmen ({owner})",
        "mob": "Wütender Mob",
    },
    "nl": {
        ENCHANTED: "betoverd",
        "crypt": "in de crypte",
        "spirits": "rusteloze geest",
        "hit": "raak",
        "healed": "genezen",
        "devoured": "sterft meteen",
        "fended_off": "afgeweerd",
        "lover": "verliefd op {lover} ({couple})",
        "follows": "volgt {followed} (voorbeeld/meester)",
        "followed_by": "voorbeeld/meester van {name} ({role})",
        "night": "Nacht {night}: {text}",
        "powerless": "is zijn vaardigheden kwijt",
        "acting_as": "speelt tot de avond ook de rol {role}",
        "plays_for": "speelt voor {faction}",
        "dies_in_night": "sterft in nacht {night} ({cause})",
        "dies_in_evening": "sterft 's avonds ({how})",
        "petrol": "zijn huis is met benzine overgoten ({name}, {role})",
        "no_vote_1": "{count} schemering op rij zonder stem",
        "no_vote": "{count} schemeringen op rij zonder stem",
        "blocked": "geblokkeerd",
        "blocked_by": "geblokkeerd (door {by})",
        "protected": "beschermd (door {owner}{role})",
        "guarded": "bewaakt: aanvallen treffen {owner}{role}",
        "attacked": "aangevallen ({cause}): {how}",
        "killed": "gedood ({cause}, {sources})",
        "appears": "verschijnt voor {towards} als {role}",
        "today": "vandaag",
        "next_day": "de volgende dag",
        "jailed": "{which} opgesloten ({owner})",
        "puppet": "{which} marionet van {owner}: moet {vote} lynchen",
        "votes_against": "{which} {votes} tegenstem(men) ({owner})",
        "may_vote": "mag {which} stemmen ({owner})",
        "mob": "woedende menigte",
    },
}
STATUS_CHANNELS = (ENCHANTED, "crypt", "spirits")  # `WORDS` says them


def _said(game: Game, key: str, **values: object) -> str:
    """`WORDS[key]` in the round's language (German for one the console does not speak)."""
    words = WORDS.get(game.rules.language, WORDS["de"])
    return words[key].format(**values)


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
        found.append(_said(game, "lover", lover=lover, couple=game.rules.named("Liebespaar")))
    followed = player.memory.get(FOLLOWED)
    if followed:
        found.append(_said(game, "follows", followed=followed))
    for other in game.state.players:
        if other.memory.get(FOLLOWED) == player.name:
            found.append(_said(game, "followed_by", name=other.name, role=other.role))
    return tuple(found)


def statuses(game: Game, player: PlayerState, night: int | None) -> tuple[str, ...]:
    """What the engine's state holds of him beyond his role."""
    state = game.state
    name = player.name
    found: list[str] = []
    if night is not None:
        found += [
            _said(game, "night", night=night, text=text) for text in _night_statuses(game, player)
        ]
    for channel in STATUS_CHANNELS:
        if name in state.conversations.get(channel, ()):
            found.append(_said(game, channel))
    if name in state.spirits and _said(game, "spirits") not in found:
        found.append(_said(game, "spirits"))
    if name in state.powerless:
        found.append(_said(game, "powerless"))
    if player.acting_as:
        found.append(_said(game, "acting_as", role=player.acting_as))
    if player.faction and player.faction != game.role_facts(player).faction:
        found.append(_said(game, "plays_for", faction=faction_heading(game.rules, player.faction)))
    found += _disguises(game, player, night)
    found += _day_effects(game, player)
    for number, kill in state.due_kills:
        if kill.target == name:
            found.append(
                _said(game, "dies_in_night", night=number, cause=game.rules.named(kill.cause))
            )
    for dying, cause in state.evening_deaths:
        if dying == name:
            found.append(_said(game, "dies_in_evening", how=death_phrase(game.rules, cause)))
    for other in state.players:
        if other.alive and name in brandstifter.pitched(game, other):
            found.append(_said(game, "petrol", name=other.name, role=other.role))
    if player.missed_dusks and player.active:
        key = "no_vote_1" if player.missed_dusks == 1 else "no_vote"
        found.append(_said(game, key, count=player.missed_dusks))
    return tuple(found)


def _night_statuses(game: Game, player: PlayerState) -> list[str]:
    """What the current (or last) night's record holds of him: blocked, protected, attacked,
    killed."""
    record = game.state.night
    name = player.name
    found = []
    if name in record.blocked:
        by = _blockers(game, name)
        found.append(_said(game, "blocked_by", by=by) if by else _said(game, "blocked"))
    for modifier in record.modifiers:
        if modifier.target != name:
            continue
        owner = game.find_player(modifier.owner)
        role = f", {owner.role}" if owner else ""
        if modifier.step == "protection":
            found.append(_said(game, "protected", owner=modifier.owner, role=role))
        elif modifier.step == "redirect":
            found.append(_said(game, "guarded", owner=modifier.owner, role=role))
    for attack in record.attacks:
        if attack.target != name:
            continue
        if attack.status in ("hit", "healed", "devoured"):
            how = _said(game, attack.status)
        else:
            how = worded(game.rules, attack.reason) if attack.reason else _said(game, "fended_off")
        found.append(_said(game, "attacked", cause=game.rules.named(attack.cause), how=how))
    for kill in record.kills:
        if kill.target == name:
            cause = game.rules.named(kill.cause)
            found.append(_said(game, "killed", cause=cause, sources=", ".join(kill.sources)))
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
    return [
        _said(game, "appears", towards=", ".join(towards), role=role)
        for towards, role in seen.items()
    ]


def _day_effects(game: Game, player: PlayerState) -> list[str]:
    """What a night did to his day: the current day's (by day), the coming day's (by night)."""
    state = game.state
    by_day = state.phase.by_day
    effects = state.day.effects if by_day else state.next_day
    which = _said(game, "today") if by_day else _said(game, "next_day")
    found = []
    for effect in effects:
        if effect.target != player.name:
            continue
        if effect.kind == "jail":
            found.append(_said(game, "jailed", which=which, owner=effect.owner))
        elif effect.kind == "puppet":
            found.append(_said(game, "puppet", which=which, owner=effect.owner, vote=effect.vote))
        elif effect.kind == "mob":
            found.append(
                _said(game, "votes_against", which=which, votes=effect.votes, owner=effect.owner)
            )
        elif effect.kind == "voters":
            found.append(_said(game, "may_vote", which=which, owner=effect.owner))
    mob = state.day.mob if by_day else state.next_mob
    if mob.get(player.name):
        mob_word = _said(game, "mob")
        found.append(
            _said(game, "votes_against", which=which, votes=mob[player.name], owner=mob_word)
        )
    return found
