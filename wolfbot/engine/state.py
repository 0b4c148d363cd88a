"""The game state: plain data, nothing but what the rules need to remember."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wolfbot.engine.commands import Command
from wolfbot.engine.events import Event, LynchDecided
from wolfbot.engine.immutable import Immutable
from wolfbot.engine.spec import Channel
from wolfbot.engine.text import Text

PHASE_ORDER = ("night", "day", "dusk")
# the phases of a day: the day, its Dämmerung, a Stichwahl after a tie (Wolf Village's
# `gleichstand: nochmal`), each numbered as its day
DAY_KINDS = ("day", "dusk", "runoff")


@dataclass(frozen=True, slots=True, order=True)
class Phase(Immutable):
    number: int
    kind: str  # night, day, dusk, over

    def __str__(self) -> str:
        return "over" if self.kind == "over" else f"{self.kind} {self.number}"

    @classmethod
    def parse(cls, text: str) -> Phase:
        if text.strip() == "over":
            return cls(0, "over")
        kind, number = text.split()
        return cls(int(number), kind)

    @property
    def by_day(self) -> bool:
        """A phase of a day (its Dämmerung and Stichwahl too)."""
        return self.kind in DAY_KINDS

    def next(self, order: tuple[str, ...] = PHASE_ORDER) -> Phase:
        """The phase after this one in a ruleset's `phases` (the Düsterliga's by default;
        Wolf Village has no Dämmerung: `night N` → `day N` → `night N+1`); a Stichwahl ends
        its day."""
        if self.kind == "runoff":
            return Phase(self.number, order[-1]).next(order)
        index = order.index(self.kind)
        if index == len(order) - 1:
            return Phase(self.number + 1, order[0])
        return Phase(self.number, order[index + 1])

    def coming_night(self, order: tuple[str, ...] = PHASE_ORDER) -> Phase:
        """This night, or the first night after this phase."""
        phase = self
        while phase.kind != "night":
            phase = phase.next(order)
        return phase


@dataclass(slots=True)
class PlayerState:
    name: str
    role: str
    original_role: str
    alive: bool = True
    excluded: bool = False
    # why he is excluded, if he is: "" for inactivity (also the Spielleitung's `override
    # exclude`), `names.RUECKTRITT` at his own wish, `names.SANKTION` as a sanction
    excluded_for: str = ""
    death_cause: str | None = None
    death_time: str | None = None  # "night 2", "day 1" (a dusk counts as its day)
    role_revealed_as: str | None = None  # the role announced at death (None: not revealed)
    faction: str | None = None  # plays for another faction than his role's (Wiedergänger)
    uses: dict[str, int] = field(default_factory=dict)  # command word → times used
    last_targets: dict[str, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    missed_dusks: int = 0
    # standing answers (`CommandUse.stands`): the question's word → the player it names
    standing: dict[str, str] = field(default_factory=dict)
    memory: dict[str, Any] = field(default_factory=dict)  # role behaviour's own notes
    # the role he plays for a while besides his own (the Gaukler's, until the next Abend)
    acting_as: str | None = None

    @property
    def active(self) -> bool:
        """May give commands: alive and not excluded for inactivity."""
        return self.alive and not self.excluded


@dataclass(frozen=True, slots=True)
class Offer(Immutable):
    """A further command word that answers a question, and the players it may name."""

    word: str
    options: tuple[str, ...]


@dataclass(slots=True)
class Question:
    """A question that holds the game until the player answers or the deadline passes."""

    player: str
    kind: str  # shot, successor_mayor, successor_alpha, lynch_tie, attack_tie
    word: str  # the command word that answers it
    channels: tuple[Channel, ...]
    options: tuple[str, ...]
    prompt: Text
    optional: bool = False  # may go unanswered: the deadline then means "no choice"
    stage: int = -1  # the night stage that waits for it (a choice after information)
    decline: str | None = None  # a word without a name that answers "nobody" (!Wegwerfen)
    # further words that answer it beside `word` (the Hexe's !Gifttrank beside her
    # !Heiltrank): the commands of one post are one answer (`Game.one_post`)
    more: tuple[Offer, ...] = ()
    taken: tuple[str, ...] = ()  # the commands of such an answer taken so far (as written)

    @property
    def words(self) -> tuple[str, ...]:
        """Every command word that answers it with a name."""
        return (self.word, *(offer.word for offer in self.more))

    def options_for(self, word: str) -> tuple[str, ...] | None:
        """The players an answer of `word` may name; None if `word` does not answer it."""
        if word == self.word:
            return self.options
        return next((offer.options for offer in self.more if offer.word == word), None)


@dataclass(slots=True)
class Attack:
    """An attack in the night ("Angriff"), as the attack pipeline left it."""

    target: str
    cause: str  # the role announced if it kills (Werwolf, Mörder, …)
    stage: int
    sources: tuple[str, ...]
    status: str = "hit"  # hit, failed, healed
    reason: Text | None = None  # why it failed (a protection, an immunity, …)
    original_target: str = ""
    kind: str = "direct"  # or "visit": an attack that reaches a player through another
    # the roles towards which it counts as an attack (None: all) – the Brandstifter's fire:
    # "Gegenüber der Hexe, dem Heiler, … gilt das Verbrennen der Dorfbewohner als Angriff"
    counts_for: tuple[str, ...] | None = None


@dataclass(slots=True)
class Kill:
    """A death in the night that is not an attack (a poison, a shot)."""

    target: str
    cause: str
    stage: int
    sources: tuple[str, ...]


@dataclass(slots=True)
class Modifier:
    """A standing effect on attacks this night (a protection, a redirection), as data.

    `step` is one of ATTACK_STEPS; the owner's behaviour applies it (`modify_attack`)."""

    step: str
    owner: str  # the player whose behaviour applies it
    target: str | None  # the player it guards; None: every attack of the night
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Disguise:
    """How `target` appears to the abilities of the roles `towards` (role names): as `role`
    – "wird … gegenüber der Seherin, der Aura, dem Bäcker, dem Ermittler und dem Kleinen
    Mädchen so behandelt, als wäre er ein (gewöhnlicher) Bürger". `night`: only in that
    night (None: for good). The last disguise placed wins."""

    target: str
    role: str
    towards: tuple[str, ...]
    night: int | None = None


@dataclass(slots=True)
class NightState:
    """What the current night collected and, while it is being resolved, how far it got."""

    actions: dict[str, dict[str, Command]] = field(default_factory=dict)  # actor → word → cmd
    attack_votes: dict[str, str] = field(default_factory=dict)
    alpha_votes: dict[str, str] = field(default_factory=dict)
    stage: int = 0  # next stage of the night order to resolve
    prepared: bool = False  # the whole-night effects (blocks) are placed
    blocked: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)  # used an ability this night (for the Bäcker)
    talked: set[str] = field(default_factory=set)  # wrote in a conversation this night
    offered: set[str] = field(default_factory=set)  # "player/word" told and asked this night
    relays: dict[str, tuple[str, Text, int]] = field(default_factory=dict)
    # author → (recipient, label, messages left): private texts the Spielleitung passes on
    attacks: list[Attack] = field(default_factory=list)
    kills: list[Kill] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    scheduled: list[Attack] = field(default_factory=list)  # attacks that come at a later stage
    accusations: dict[str, str] = field(default_factory=dict)  # Ruheloser Geist → accused
    reasons: dict[str, str] = field(default_factory=dict)  # Ruheloser Geist → his reason
    victim: str | None = None  # the Spielleitung's victim of the night (Die Schwarze Pest)


@dataclass(slots=True)
class DayEffect:
    """What a role's night action does to the next day (`wolfbot.engine.day`), by `owner`:
    `mob` – `target` begins the day with `votes` Gegenstimmen (Wütender Mob); `jail` –
    `target` may neither speak nor vote by day; `puppet` – `target` must vote for `vote`;
    `procedure` – the day is decided by the ruleset's `procedure`; `election` – the
    Bürgermeister is elected again that day; `voters` – only the targets of such effects
    may vote that day.
    `lapses_if_owner_dies`: gone when the owner died in that night ("Wenn der
    Gefängniswärter in der Nacht verstirbt, so wird am nächsten Tag kein Dorfbewohner
    eingesperrt")."""

    kind: str
    owner: str
    target: str
    votes: int = 0
    vote: str | None = None
    procedure: str | None = None
    lapses_if_owner_dies: bool = False
    announce: Text | None = None  # what the Morgen of that day says of it
    by: str | None = None  # whom the Morgen names as its source (None: the owner's role)


@dataclass(slots=True)
class Tie:
    """A tie for the last open places of a day's count: `places` of the `tied` (who each
    have `votes`) are still to be lynched (`wolfbot.engine.day`'s tie rules)."""

    tied: list[str]
    votes: int
    places: int


@dataclass(slots=True)
class DayState:
    procedure: str = ""  # the ruleset's `day.procedures` entry deciding this day
    effects: list[DayEffect] = field(default_factory=list)  # of the night before
    election: bool = False  # a role called an election for this day (the Aufständische)
    decided: list[LynchDecided] = field(default_factory=list)  # at the end of the day
    tie: Tie | None = None  # while a tie is being decided
    lynch_votes: dict[str, str] = field(default_factory=dict)  # voter → target
    friends: dict[str, tuple[str, ...]] = field(default_factory=dict)  # !Freund: who → whom
    chain: list[str] = field(default_factory=list)  # !Bürgen: vouched for, in order
    mayor_votes: dict[str, str] = field(default_factory=dict)
    mob: dict[str, int] = field(default_factory=dict)  # target → Wütender Mob votes
    voters_at_dusk: set[str] = field(default_factory=set)
    mayor_voters_at_dusk: set[str] = field(default_factory=set)
    runoff: list[str] = field(default_factory=list)  # the tied of the day's Stichwahl


@dataclass(slots=True)
class GameState:
    ruleset: str
    options: dict[str, Any]
    seed: int
    rng: int
    players: list[PlayerState]
    phase: Phase = Phase(1, "night")
    mayor: str | None = None
    alpha: str | None = None
    lovers: tuple[str, str] | None = None
    conversations: dict[str, list[str]] = field(default_factory=dict)  # channel → members
    night: NightState = field(default_factory=NightState)
    day: DayState = field(default_factory=DayState)
    next_mob: dict[str, int] = field(default_factory=dict)
    next_day: list[DayEffect] = field(default_factory=list)  # the night's effects on the day
    # night commands sent by day for the coming night (`CommandUse.ahead`): actor → word → cmd
    ahead: dict[str, dict[str, Command]] = field(default_factory=dict)
    # players who lost their abilities (the Dorfälteste's death): plain players from then on
    powerless: list[str] = field(default_factory=list)
    # the night the pack may not attack (the Aussätzige eaten the night before); 0: none
    pack_rests: int = 0
    # how players appear to the abilities of other roles (`roles.common.apparent_role`)
    disguises: list[Disguise] = field(default_factory=list)
    # deaths due with the deaths of a later night (the Schwarze Pest): (night number, kill)
    due_kills: list[tuple[int, Kill]] = field(default_factory=list)
    # deaths that happen at the next Abend, after the lynch: (name, cause)
    evening_deaths: list[tuple[str, str]] = field(default_factory=list)
    # the Ruhelosen Geister (Das Totenreich): the first dead, in the order they died
    spirits: list[str] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    asking: list[Question] = field(default_factory=list)  # raised, not yet put (see Game.ask)
    step: str | None = None  # where a held resolution continues: see Game._continue
    winners: tuple[str, ...] = ()
    lone_winners: list[tuple[str, str]] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
