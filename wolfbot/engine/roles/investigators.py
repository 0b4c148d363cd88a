"""Abilities that learn something about players without seeing their role.

Die Aura (!Spüren): "Eine gute Aura haben alle Dorfbewohner, die für das Dorf spielen. Eine
böse Aura haben alle Dorfbewohner, die nicht für das Dorf spielen. Ein verliebter
Dorfbewohner hat eine gute Aura, sofern das Liebespaar gewinnt, wenn das Dorf gewinnt."
Das Kleine Mädchen (!Nachstellen): "... ob dieser Dorfbewohner ein Werwolf ist oder nicht."
Der Ermittler (!Ermitteln A B): "... ob diese beiden Dorfbewohner für dieselbe Fraktion
spielen oder nicht." Der Nachtschwärmer (!Offenbaren): "Die Spielleitung teilt diesem
Dorfbewohner die Identität des Nachtschwärmers mit."
Der Graue Wolf: "In der Nacht bestimmt der Graue Wolf gegenüber der Spielleitung drei Rollen,
nach denen er sucht (!Suchen [Rollenname] [Rollenname] [Rollenname]), und einen
Dorfbewohner, an dem er riecht (!Riechen [Spielername]). Die Spielleitung teilt dem Grauen
Wolf mit, ob dieser Dorfbewohner eine der drei gesuchten Rollen spielt. Die Spielleitung
teilt dem Grauen Wolf nicht mit, welche der drei gesuchten Rollen dieser Dorfbewohner
spielt." – `RoleSearch`: both commands in the same night (one alone: he is told so).
"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import PrivateInfo
from wolfbot.engine.names import LIEBESPAAR, WOLVES
from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import action, apparent_role, looks_like_werwolf, own_word, tell
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import Text, say


def apparent_side(game: GamePort, name: str, observer: PlayerState) -> str:
    """The side a player seems to the observer to play for: his lovers' side, else his
    apparent role's."""
    player = game.player(name)
    role = apparent_role(game, name, observer)
    faction = player.faction if role == player.role and player.faction else None
    faction = faction or game.rules.roles[role].faction
    lover = game.lover_of(name)
    if lover is not None:  # the Liebespaar's side, with his faction as it appears
        factions = {faction, game.faction(game.player(lover))}
        alike = len(factions) == 1 and game.rules.factions[next(iter(factions))].kind == "team"
        return factions.pop() if alike else LIEBESPAAR
    kind = game.rules.factions[faction].kind
    return faction if kind == "team" else f"{kind}:{name}"  # each Einzelgänger is alone


class Aura(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is not None:
            good = apparent_side(game, command.target, player) == "Dorf"
            tell(game, player, say("seen.aura", name=command.target, good=good))


class WolfCheck(Behaviour):
    """Learns whether a player is a Werwolf (`params.word`: the Kleine Mädchen's
    `!Nachstellen`, Wolf Village's Seherin's `!Sehen`); the one seen may react to it (Wolf
    Village's Fuchs vanishes: `Behaviour.seen`). `params.pack_learns_if_wolf`: the pack is
    told who looked when she looked at a Werwolf (Düsterwald's Mädchen: "Die Werwölfe
    ihrerseits hingegen achten natürlich darauf, das Mädchen dabei zu ertappen")."""

    parameters = {"word": str, "pack_learns_if_wolf": bool | None}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, game.role_facts(player).params["word"])
        if command is not None:
            wolf = looks_like_werwolf(game, command.target, player)
            tell(game, player, say("seen.werwolf", name=command.target, wolf=wolf))
            pack = tuple(p.name for p in game.pack())
            if wolf and pack and game.role_facts(player).params.get("pack_learns_if_wolf"):
                caught = say("seen.caught", name=player.name, role=player.role)
                game.emit(PrivateInfo(pack, WOLVES, caught))
            target = game.player(command.target)
            game.behaviour(target).seen(game, target, player, stage)


class Compare(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is not None:
            first, second = command.targets
            same = apparent_side(game, first, player) == apparent_side(game, second, player)
            tell(game, player, say("seen.same_side", first=first, second=second, same=same))


class RoleSearch(Behaviour):
    parameters = {"word": str, "search_word": str}

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word == game.role_facts(player).params["search_word"]:
            named = [game.rules.role(name).name for name in command.roles]
            if len(set(named)) != len(named):
                word = game.rules.shown_word(command.word)
                raise IllegalCommand(say("search.three_roles", word=word))

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        params = game.role_facts(player).params
        search = action(game, player, params["search_word"])
        sniff = action(game, player, params["word"])
        if search is None and sniff is None:
            return
        if search is None or sniff is None:
            missing = params["search_word"] if search is None else params["word"]
            tell(game, player, say("search.incomplete", missing=missing))
            return
        wanted = {game.rules.role(name).name for name in search.roles}
        found = apparent_role(game, sniff.target, player) in wanted
        tell(game, player, say("search.found", name=sniff.target, found=found))


class Reveal(Behaviour):
    parameters = {"word": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        command = action(game, player, own_word(game, player))
        if command is not None:
            tell(game, command.target, say("nachtschwaermer.revealed_to", name=player.name))
            tell(game, player, say("nachtschwaermer.revealed", name=command.target))


class SpyOnPack(Behaviour):
    """Het onschuldige meisje: "Het onschuldige meisje mag uitsluitend 's nachts spioneren
    als de weerwolven actief zijn. Het meisje stuurt de nacht dat zij wil spioneren een
    bericht naar de spelleider. Zij zal dan te horen krijgen wie de wolven zijn, echter horen
    de wolven ook wie het meisje is en kunnen besluiten om haar te vermoorden." – her
    `params.word` (no name) acts when it is accepted, while the pack still chooses: she is
    told the living members of the pack, and they, in their conversation, who she is. Not in
    a night the pack does not attack, nor once no member of it lives."""

    parameters = {"word": str}

    acts_at_once = True

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        if word != game.role_facts(player).params["word"]:
            return None
        resting = game.state.pack_rests == game.state.phase.number
        if resting or not game.pack():
            return say("spy.pack_inactive")
        return None

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        if command.word != game.role_facts(player).params["word"]:
            return
        game.consume(player, command.word)
        pack = tuple(p.name for p in game.pack())
        tell(game, player, say("spy.pack", names=pack))
        game.emit(PrivateInfo(pack, WOLVES, say("spy.caught", name=player.name)))
