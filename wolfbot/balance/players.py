"""Simulated players who play, not just click – the player model of `wolfbot setup rate`.

The same model for every ruleset, seeded, with its parameters in one place (`Model`):

- **Sides.** Every player knows his own side (`victory.side`); the pack knows its members
  (the Wolfshöhle) – a lone wolf among them (the Weiße Werwolf) counts none of them as his
  own –, the lovers each other. The wolves never name one of their own with a harmful
  command, and attack the village.
- **Knowledge.** A role that learns a role, an aura or whether a player is a Werwolf
  (`RoleSeen`, `seen.aura`, `seen.werwolf`) knows it;
  it tells the village a wolf it found with the probability `share_wolf` (a cleared player:
  `share_clear`). What the village knows is public: told wolves and cleared players, and the
  roles of the dead.
- **Suspicion.** Each day and night the village has a common read of every living player (drawn by
  the seed, a wolf a little more suspect: `intuition`, what players read from the posts)
  and each villager his own doubt about it (`independence`); told wolves come first,
  cleared players last.
- **Votes.** The village votes the most suspect (a told wolf first); the wolves vote the
  villager the village suspects most (they hide in the crowd), never one of their own –
  unless he is a told wolf and the crowd votes him (`bus`). A player votes with the
  probability `votes`.
- **Abilities.** A command's aim says how it picks its players (`AIMS`, by the engine's
  canonical words so that every ruleset's words mean the same): harm (kill, block, poison:
  the most suspect, for a wolf a villager), help (heal, protect: the most trusted, for a
  wolf a wolf), learn (see: the least known), elect (Bürgermeister, Alpha, a successor:
  the most trusted), else any living player. A player uses an ability with the probability
  `acts`.
- **Questions** (the Jäger's shot, the Bürgermeister's or the Alpha's tie, a successor)
  are answered by the aim of their word among the options.

Its limits: no claims of roles other than found wolves and cleared players, no
counter-claims or lies, no memory of who voted whom, the wolves never fake a claim; every
player plays by the same rules whatever his experience. So it says which side a setup
favours and by how much under fair, simple play – not how a given group of players plays it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from wolfbot.balance import command_values
from wolfbot.balance.draws import pick
from wolfbot.engine import events as ev
from wolfbot.engine import victory
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.roles.registry import votes_for
from wolfbot.engine.spec import Channel, CommandUse, Ruleset
from wolfbot.engine.state import PlayerState, Question

Aim = Literal["harm", "help", "learn", "elect", "any"]
# the engine's canonical command words by their aim (every ruleset's words mean one of them)
AIMS: dict[str, Aim] = {
    **dict.fromkeys(
        (
            "Lynch", "Lynchen", "Verbannen", "Fressen", "Anfallen", "Beißen", "Attentat",
            "Ermorden", "Erschießen", "Erschlagen", "Gifttrank", "Anzünden", "Einsperren",
            "Abfüllen", "Hypnotisieren", "Kontrollieren", "Verkochen", "Zielen", "Rächen",
            "Anklagen", "Anschwärzen", "Pech", "Verzaubern", "Konvertieren", "Verführen",
            "Opfern",
        ),
        "harm",
    ),
    **dict.fromkeys(
        (
            "Heilen", "Heiltrank", "Beschützen", "Bewachen", "Schützen", "Verbergen",
            "Wiederbeleben", "Wiedererwecken", "Bürgen", "Übernachten",
        ),
        "help",
    ),
    **dict.fromkeys(
        ("Sehen", "Spionieren", "Spüren", "Riechen", "Ermitteln", "Nachstellen", "Anheulen"),
        "learn",
    ),
    **dict.fromkeys(
        ("Bürgermeister", "Hauptmann", "Alpha", "Nachfolger", "Meister", "Vorbild", "Freund"),
        "elect",
    ),
}  # fmt: skip
# the messages that tell a role a player's side: the Aura's aura, whether a player is a
# Werwolf (Wolf Village's Seherin, the Kleine Mädchen)
SEEN_SIDE = frozenset({"seen.aura", "seen.werwolf"})
# words the model never sends: the sign-up, leaving the round, taking back a vote
NEVER = frozenset({"Dabei", "Reserve", "Beobachter", "Rücktritt", "Zurücknehmen", "Wegwerfen"})


@dataclass(frozen=True)
class Model:
    """The player model's parameters (probabilities, 0 to 1)."""

    votes: float = 0.95  # a living player votes by day
    acts: float = 0.9  # a player uses an ability he has now
    share_wolf: float = 0.8  # a role that found a wolf tells the village
    share_clear: float = 0.3  # … or a player it found on the village's side
    independence: float = 0.35  # how far a villager's own doubt weighs against the village's read
    intuition: float = 0.2  # how much more suspect a wolf looks to the village each day
    bus: float = 0.0  # the wolves vote a told wolf of theirs with the crowd


DEFAULT = Model()


@dataclass
class Knowledge:
    """What the village knows in public, and each player on his own."""

    told_wolves: set[str] = field(default_factory=set)
    cleared: set[str] = field(default_factory=set)
    known: dict[str, dict[str, bool]] = field(default_factory=dict)  # player → name → wolf?
    read: dict[str, float] = field(default_factory=dict)  # the village's read of the phase
    day: tuple[str, int] = ("", 0)  # the phase the read belongs to


@dataclass
class Meanwhile:
    """What stays as it is while the players choose a phase's commands or answers (nothing
    is submitted meanwhile), read once: the living and the dead, the pack, each player's
    friends."""

    roster: tuple[list[str], list[str]] | None = None
    pack: list[tuple[str, str]] | None = None  # the pack's members and their factions
    friends: dict[str, set[str]] = field(default_factory=dict)


class Players:
    """The model's players of one game: `commands(game)` for the phase at hand, and
    `answers(game)` for the open questions. Seeded by its own generator."""

    def __init__(self, rng: random.Random, model: Model | None = None) -> None:
        self.rng = rng
        self.bits = rng.getrandbits  # bound once, for `pick`
        self.model = model or DEFAULT
        self.knowledge = Knowledge()
        self._read_events = 0
        self._doubts: dict[str, dict[str, float]] = {}  # each villager's read of the phase
        self._rankings: dict[str, list[str]] = {}  # … and his players by suspicion
        self._meanwhile = Meanwhile()

    # -- what the players learn ---------------------------------------------------------------
    def learn(self, game: Game) -> None:
        """Read the events since the last look: what the roles learned, whom they tell."""
        log = game.state.log
        for event in log[self._read_events :]:
            if isinstance(event, ev.RoleSeen):
                self._found(game, event.seer, event.target, _wolf_role(game.rules, event.role))
            elif isinstance(event, ev.PrivateInfo) and event.text.key in SEEN_SIDE:
                values = dict(event.text.values)
                wolf = _seen_wolf(event.text.key, values)
                for seer in event.recipients:
                    self._found(game, seer, str(values["name"]), wolf)
        if len(log) > self._read_events:
            self._rankings.clear()  # what was learned may change them
        self._read_events = len(log)
        for player in game.state.players:  # the roles of the dead, once revealed
            if not player.alive and player.role_revealed_as:
                wolf = _wolf_role(game.rules, player.role_revealed_as)
                (self.knowledge.told_wolves if wolf else self.knowledge.cleared).add(player.name)

    def _found(self, game: Game, seer: str, target: str, wolf: bool) -> None:
        self.knowledge.known.setdefault(seer, {})[target] = wolf
        seer_state = game.find_player(seer)
        if seer_state is None or _is_wolf_side(game, seer_state):
            return  # a wolf's finds are his own
        if wolf and self.rng.random() < self.model.share_wolf:
            self.knowledge.told_wolves.add(target)
        elif not wolf and self.rng.random() < self.model.share_clear:
            self.knowledge.cleared.add(target)

    # -- suspicion ---------------------------------------------------------------------------------
    def _village_read(self, game: Game) -> dict[str, float]:
        """The village's common read of this day or night (drawn once for it), a wolf a
        little more suspect (`intuition`)."""
        phase = game.state.phase  # a day's Dämmerung and Stichwahl keep the day's read
        now = ("night" if phase.kind == "night" else "day", phase.number)
        if self.knowledge.day != now:
            self.knowledge.day = now
            self._doubts.clear()
            self._rankings.clear()
            lean = self.model.intuition
            self.knowledge.read = {
                p.name: self.rng.random() + (lean if _is_wolf_side(game, p) else 0.0)
                for p in game.state.players
            }
        return self.knowledge.read

    def suspicion(self, game: Game, who: PlayerState) -> dict[str, float]:
        """How suspect each player is to `who` in this phase: what he knows, what the
        village was told, the village's read and his own doubt about it."""
        read = self._village_read(game)
        doubts = self._doubts.get(who.name)
        if doubts is None:
            spread = self.model.independence * 2
            rng = self.rng.random
            doubts = self._doubts[who.name] = {
                n: r + spread * (rng() - 0.5) for n, r in read.items()
            }
        scores = dict(doubts)
        knowledge = self.knowledge
        scores.update(dict.fromkeys(knowledge.cleared & scores.keys(), -5.0))
        scores.update(dict.fromkeys(knowledge.told_wolves & scores.keys(), 5.0))
        for name, wolf in knowledge.known.get(who.name, {}).items():
            scores[name] = 10.0 if wolf else -10.0
        return scores

    def _ranking(self, game: Game, who: PlayerState) -> list[str]:
        """Every player as `who` suspects him, the least suspect first (made once a phase,
        and anew when the village learns something)."""
        self._village_read(game)  # a new phase clears the rankings
        ranking = self._rankings.get(who.name)
        if ranking is None:
            scores = self.suspicion(game, who)
            ranking = self._rankings[who.name] = sorted(scores, key=scores.__getitem__)
        return ranking

    # -- the phase's commands -------------------------------------------------------------------
    def commands(self, game: Game) -> list[Command]:
        """What the players send in this phase: votes by day, abilities at night."""
        self.learn(game)
        self._meanwhile = Meanwhile()
        sent: list[Command] = []
        votes = game.rules.day.vote_words
        for player in game.state.players:
            if not player.active and (player.alive or not _has_dead_commands(game, player)):
                continue
            uses = game.command_uses(player)
            for word in game.available_words(player.name):
                if word in NEVER or (not player.alive and self.rng.random() > self.model.acts):
                    continue
                chance = self.model.votes if word in votes else self.model.acts
                if self.rng.random() > chance:
                    continue
                command = self._command(game, player, word, uses)
                if command is not None:
                    sent.append(command)
        return sent

    def answers(self, game: Game) -> list[Command]:
        """The answers to the open questions, by the aim of their word."""
        self.learn(game)
        self._meanwhile = Meanwhile()
        out = []
        for question in game.state.questions:
            player = game.find_player(question.player)
            if player is None or not question.options:
                continue
            aim = AIMS.get(question.word, "any")
            choice = self._pick(game, player, aim, question.options)
            out.append(self._answer(question, player, choice or question.options[0]))
        return out

    def _answer(self, question: Question, player: PlayerState, choice: str) -> Command:
        return command_values.of(question.word, player.name, question.channels[0], (choice,))

    def _command(
        self, game: Game, player: PlayerState, word: str, uses: list[CommandUse]
    ) -> Command | None:
        use = next((u for u in uses if u.word == word), None)
        if use is None:
            return None
        targets = self._targets(game, player, word, use)
        if targets is None:
            return None
        names, roles, choice = targets
        votes = votes_for(game, word)
        if votes is not None and len(names) == 1 and votes.get(player.name) == names[0]:
            return None  # his vote stands as it is
        note = "verdächtig" if "text" in use.args else None
        channel = _channel(game, player, use)
        return command_values.of(word, player.name, channel, names, roles, choice, note)

    def _targets(
        self, game: Game, player: PlayerState, word: str, use: CommandUse
    ) -> tuple[tuple[str, ...], tuple[str, ...], str | None] | None:
        aim = AIMS.get(word, "any")
        living, dead = self._roster(game)
        names: list[str] = []
        roles: list[str] = []
        choice = None
        for kind in use.args:
            if kind in ("player", "players", "anyone"):
                pool = [n for n in living if n not in names and n != player.name]
                if kind == "anyone" and dead and aim == "help":
                    pool = [n for n in dead if n not in names] or pool
                if not pool:
                    return None
                picked = self._pick(game, player, aim, pool)
                if picked is None:
                    return None
                names.append(picked)
            elif kind == "dead":
                pool = [n for n in dead if n not in names]
                if not pool:
                    return None
                names.append(pick(self.bits, pool))
            elif kind == "role":
                roles.append(pick(self.bits, sorted({p.role for p in game.state.players})))
            elif kind.startswith("choice:"):
                choice = pick(self.bits, kind.removeprefix("choice:").split("|"))
        return tuple(names), tuple(roles), choice

    def _pick(self, game: Game, player: PlayerState, aim: Aim, pool: Sequence[str]) -> str | None:
        """The player's choice among `pool` for a command of `aim` (None: he does not
        send it – a wolf with nobody but wolves to harm)."""
        if aim == "any":
            return pick(self.bits, list(pool))
        friends = self._friends(game, player)
        if _is_wolf_side(game, player):
            return self._wolf_pick(game, aim, pool, friends)
        among = set(pool)
        scored = [name for name in self._ranking(game, player) if name in among]
        if aim == "harm":
            others = [n for n in scored if n not in friends] or scored
            return others[-1]  # the most suspect
        if aim == "learn":
            known = self.knowledge.known.get(player.name, {})
            return pick(self.bits, [n for n in scored if n not in known] or scored)
        ours = [n for n in scored if n in friends]  # help, elect: his lover, else the trusted
        return ours[0] if ours else scored[0]

    def _roster(self, game: Game) -> tuple[list[str], list[str]]:
        """The living and the dead, by name (read once while the players choose)."""
        meanwhile = self._meanwhile
        if meanwhile.roster is None:
            players = game.state.players
            living = [p.name for p in players if p.alive]
            meanwhile.roster = (living, [p.name for p in players if not p.alive])
        return meanwhile.roster

    def _friends(self, game: Game, player: PlayerState) -> set[str]:
        """`_friends`, read once for each player while the players choose."""
        meanwhile = self._meanwhile
        friends = meanwhile.friends.get(player.name)
        if friends is None:
            if meanwhile.pack is None:
                pack = game.pack(living=False)
                meanwhile.pack = [(p.name, victory.faction(game, p)) for p in pack]
            friends = meanwhile.friends[player.name] = _friends(game, player, meanwhile.pack)
        return friends

    def _wolf_pick(
        self, game: Game, aim: Aim, pool: Sequence[str], friends: set[str]
    ) -> str | None:
        """A wolf's choice: help and elect his own; harm a villager – at night one the
        village cleared, if any; by day the one the village suspects most (hiding in the
        crowd), or now and then a told wolf of his own with the crowd (`bus`)."""
        ours = sorted(n for n in pool if n in friends)
        villagers = [n for n in pool if n not in friends]
        if aim in ("help", "elect"):
            return ours[0] if ours else pick(self.bits, list(pool))
        if not villagers:  # never one of his own
            return None
        if game.state.phase.kind == "night":
            cleared = [n for n in villagers if n in self.knowledge.cleared]
            return pick(self.bits, cleared or villagers)
        told = [n for n in ours if n in self.knowledge.told_wolves]
        if told and self.rng.random() < self.model.bus:
            return told[0]
        read = self._village_read(game)
        return max(villagers, key=lambda n: read.get(n, 0.0))


def _wolf_role(rules: Ruleset, role: str) -> bool:
    """Whether a role seen or revealed plays with the pack (or is a Werwolf by name)."""
    try:
        spec = rules.role(role)
    except KeyError:
        return False
    return spec.pack or spec.is_werwolf


def _seen_wolf(key: str, values: dict[str, object]) -> bool:
    """Whether a message of `SEEN_SIDE` says the player is a wolf: a bad aura, a Werwolf."""
    return not values["good"] if key == "seen.aura" else bool(values["wolf"])


def _is_wolf_side(game: Game, player: PlayerState) -> bool:
    return game.role_facts(player).pack


def _friends(game: Game, player: PlayerState, pack: list[tuple[str, str]]) -> set[str]:
    """Whom the player knows to be on his side: himself; for a wolf the pack's members of
    his faction (`pack`: each member, living or dead, and his faction; a lone wolf in the
    pack – the Weiße Werwolf – has none); his lover."""
    friends = {player.name}
    if _is_wolf_side(game, player):
        own = victory.faction(game, player)
        friends |= {name for name, faction in pack if faction == own}
    lover = game.lover_of(player.name)
    if lover is not None and victory.side(game, player) == victory.side(game, game.player(lover)):
        friends.add(lover)
    return friends


def _channel(game: Game, player: PlayerState, use: CommandUse) -> Channel:
    if "wolves" in use.channel and player.alive and game.role_facts(player).pack:  # in the pack
        return "wolves"
    return next((c for c in use.channel if c != "wolves"), use.channel[0])


def _has_dead_commands(game: Game, player: PlayerState) -> bool:
    """Whether the dead player has a command still (the Ruhelosen Geister's `!Anklagen`,
    the Sündenbock's choice)."""
    return any(use.by == "dead" for use in game.command_uses(player))
