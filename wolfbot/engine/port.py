"""The port between the game and the role behaviours: what a behaviour may read and do
(`GamePort`, which `Game` implements) and what the game asks of a behaviour (`Behaviour`,
`GroupBehaviour`, `WordHandler`, `QuestionHandler`, whose hooks receive the port). A behaviour
is stateless; what it remembers lives in the game state (`PlayerState.memory`, `uses`, the
night's actions). The resolver never names a role: it calls these hooks on whatever behaviour
the ruleset data names.

The engine's modules form layers on it, without a cycle even for types
(`tests/test_layout.py`): the data (state, events, text, the spec, `names`) below; this port;
the rules that take it (night, day, changes, deaths, victory, …); the behaviours (`roles/`),
which reach those rules only as the port's deeds (`game.attack`, `game.become`, …); their
registry; the deeds done by the rules (`deeds.Deeds`); the game on top."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from wolfbot.engine.commands import Command
from wolfbot.engine.events import Event
from wolfbot.engine.facts import RoleFacts, UseFacts
from wolfbot.engine.rng import choose
from wolfbot.engine.role_index import RoleIndex
from wolfbot.engine.ruleset_facts import RulesetFacts
from wolfbot.engine.state import Attack, GameState, Modifier, Phase, PlayerState, Question
from wolfbot.engine.tables import RulesetTables
from wolfbot.engine.text import Text, say

if TYPE_CHECKING:
    from wolfbot.engine.spec import CommandUse, Ruleset

T = TypeVar("T")


class GamePort:
    """What a behaviour – and a rule it calls – may read and do of the game. The reads are
    the game's state and its ruleset (as the rules read them: `facts`, `role_facts`); the
    deeds are `emit` (an event), `draw` (the seeded lot), `consume`, `ask`, `kill`,
    `declare_win`, and the rules a behaviour calls, each named after the rule that does it
    (`attack`: `night.attack`; done in `deeds.Deeds`); `behaviour` asks another player's
    role. `Game` implements the deeds that drive the resolution (the questions, the deaths,
    the end)."""

    rules: Ruleset
    state: GameState
    facts: RulesetFacts  # what the rules read most of the ruleset (`ruleset_facts`)
    roles: RoleIndex  # the players by their own role (the night's stages)
    tables: RulesetTables  # what the ruleset and the round's variants derive (`tables_of`)
    # night-order entry → the group acting there in this round (the pack at "Werwölfe"): an
    # entry of the ruleset's night order, and of a variant only when the round plays it
    acting_groups: dict[str, GroupBehaviour]
    _by_name: dict[str, PlayerState]  # `find_player`: rebuilt when a name misses

    # -- reads --------------------------------------------------------------------------------
    def player(self, name: str) -> PlayerState:
        found = self._by_name.get(name)  # `find_player`'s index, read here first: the rules
        if found is None or found.name != name:  # ask for a player at every step
            found = self.find_player(name)
            if found is None:
                raise KeyError(name)
        return found

    def find_player(self, name: str) -> PlayerState | None:
        """The player called `name` now, by an index (a renamed player – the Reservespieler
        who took a place – makes it anew)."""
        found = self._by_name.get(name)
        if found is None or found.name != name:
            self._by_name = {p.name: p for p in self.state.players}
            found = self._by_name.get(name)
        return found

    def role_facts(self, player: PlayerState) -> RoleFacts:
        """The role the player plays now – his own, or one he plays for a while – as the
        rules read it."""
        return self.facts.role_facts[player.acting_as or player.role]

    def living(self) -> list[PlayerState]:
        return [p for p in self.state.players if p.alive]

    def pack(self, *, living: bool = True) -> list[PlayerState]:
        """The players who attack together and share the Wolfshöhle."""
        return [
            p for p in self.state.players if self.role_facts(p).pack and (p.alive or not living)
        ]

    def option(self, name: str) -> Any:
        return self.rules.option(self.state.options, name)

    def variant_on(self, name: str) -> bool:
        """Whether the round plays the Spielvariante `name` (option `variants`)."""
        return name in self.state.options.get("variants", ())

    def lover_of(self, name: str) -> str | None:
        lovers = self.state.lovers
        if lovers and name in lovers:
            return lovers[1] if lovers[0] == name else lovers[0]
        return None

    def next_phase(self) -> Phase:
        return self.state.phase.next(self.rules.phases)

    def game_time(self) -> str:
        """The time of the game as deaths are dated: "night 2", or "day 2" (a dusk counts
        as its day)."""
        phase = self.state.phase
        return f"{'night' if phase.kind == 'night' else 'day'} {phase.number}"

    def time_label(self) -> Text:
        """The time of the game for a player: "Nacht 2", "Tag 2"."""
        phase = self.state.phase
        if phase.kind == "night":
            return say("time.night", number=phase.number)
        return say("time.day", number=phase.number)

    # -- deeds --------------------------------------------------------------------------------
    def draw(self, options: Sequence[T]) -> T:
        """The lot, seeded and stored in the state."""
        self.state.rng, picked = choose(self.state.rng, options)
        return picked

    def emit(self, event: Event) -> None:
        self.state.log.append(event)

    def consume(self, player: PlayerState, word: str) -> None:
        player.uses[word] = player.uses.get(word, 0) + 1

    def ask(self, question: Question) -> None:
        """Put a question (held while deaths are processed)."""
        raise NotImplementedError

    def kill(
        self, deaths: Iterable[tuple[str, str]], *, time: str | None = None, delayable=True
    ) -> None:
        """Kill, run the death triggers, then put the questions the deaths raised."""
        raise NotImplementedError

    def declare_win(self, faction: str) -> None:
        """The round ends now and `faction` wins."""
        raise NotImplementedError

    def start_role(self, player: PlayerState) -> None:
        """The player's role begins (the round's start, or a change of role)."""
        raise NotImplementedError

    # -- the other roles ------------------------------------------------------------------------
    def behaviour(self, player: PlayerState) -> Behaviour:
        """The role's behaviour – a plain one for a player who lost his abilities."""
        raise NotImplementedError

    def own_behaviour(self, player: PlayerState) -> Behaviour:
        """The role's behaviour even for a player who lost his abilities."""
        raise NotImplementedError

    def group(self, entry: str) -> GroupBehaviour | None:
        """The group acting at a night-order entry (the pack at "Werwölfe"), if any."""
        return self.acting_groups.get(entry)

    def groups(self) -> list[GroupBehaviour]:
        """Every group in play (they witness deaths as players do)."""
        return list(self.acting_groups.values())

    def command_uses(self, player: PlayerState) -> list[CommandUse]:
        """Every command the player has in this game (whatever the phase), answers included."""
        raise NotImplementedError

    def command_facts(self, player: PlayerState) -> list[UseFacts]:
        """`command_uses`, as what the checks read of each (`CommandUse.facts`)."""
        raise NotImplementedError

    def localized(self, command: Command) -> Command:
        """`command` as this ruleset's players write it (`Command.said`: `!Elixer`)."""
        raise NotImplementedError

    # -- the rules a behaviour calls (`deeds.Deeds`: each is done by the rule named) ----------
    # the night's attacks and effects (`night`)
    def attack(
        self, target: str, cause: str, sources: tuple[str, ...], stage: int, kind: str = "direct"
    ) -> Attack:
        """An attack on `target`, through redirect → immunity → protection (`night.attack`)."""
        raise NotImplementedError

    def schedule_attack(
        self, target: str, cause: str, sources: tuple[str, ...], stage: int, kind: str
    ) -> None:
        """An attack at a later `stage` (`night.schedule`)."""
        raise NotImplementedError

    def burn(
        self,
        target: str,
        cause: str,
        sources: tuple[str, ...],
        stage: int,
        counts_for: Sequence[str],
    ) -> None:
        """A death that is an attack only towards the roles `counts_for` (`night.burn`)."""
        raise NotImplementedError

    def kill_tonight(self, target: str, cause: str, sources: tuple[str, ...], stage: int) -> None:
        """A death this night that is not an attack, so no heal saves him (`night.kill`)."""
        raise NotImplementedError

    def place(self, modifier: Modifier) -> None:
        """A standing effect on this night's later attacks (`night.place`)."""
        raise NotImplementedError

    def block(self, target: str, told: Text) -> None:
        """`target` cannot use abilities nor conversations this night (`night.block`)."""
        raise NotImplementedError

    def heal(self, target: str) -> bool:
        """Heal every hit attack on `target`; False if there was none (`night.heal`)."""
        raise NotImplementedError

    def spare(self, target: str) -> None:
        """`target` does not die this night after all (`night.spare`)."""
        raise NotImplementedError

    def withdraw(self, player: PlayerState, command: Command, why: Text) -> None:
        """The player's accepted night command no longer stands (`night.withdraw`)."""
        raise NotImplementedError

    def may_act(self, player: PlayerState) -> bool:
        """Whether the player may use his abilities this night (`night.may_act`)."""
        raise NotImplementedError

    def causes(self, cause: str) -> tuple[str, ...]:
        """An attack's cause and the one it is treated as (`night.causes`)."""
        raise NotImplementedError

    def successfully_attacked(self, towards: str | None = None) -> list[str]:
        """Who has an attack on him neither failed nor healed (`night.successfully_attacked`)."""
        raise NotImplementedError

    def pack_victims(self) -> list[str]:
        """Whom the pack attacked this night (`night.pack_victims`)."""
        raise NotImplementedError

    def dying(self) -> list[str]:
        """Who dies this night as it stands (`night.dying`)."""
        raise NotImplementedError

    # a player's role, faction and life (`changes`, `deaths`)
    def become(self, player: PlayerState, role: str, *, faction: str | None = None) -> None:
        """He plays `role` from now on and joins its conversations (`changes.become`)."""
        raise NotImplementedError

    def change_role(self, player: PlayerState, role: str, *, faction: str | None = None) -> None:
        """He plays `role` from now on (`changes.change_role`)."""
        raise NotImplementedError

    def swap_roles(self, taker: PlayerState, giver: PlayerState) -> None:
        """The Unruhestifterin's swap (`changes.swap_roles`)."""
        raise NotImplementedError

    def convert(self, player: PlayerState, faction: str) -> None:
        """He plays for `faction` from now on, keeping his role (`changes.convert`)."""
        raise NotImplementedError

    def revive(self, player: PlayerState, by_role: str) -> None:
        """The dead player lives again (`changes.revive`)."""
        raise NotImplementedError

    def exclude(self, player: PlayerState, *, by: str = "") -> None:
        """He is out of the round from now on (`deaths.exclude`)."""
        raise NotImplementedError

    # the group conversations (`changes`)
    def open_conversation(self, channel: str, members: list[str]) -> None:
        """Open the group conversation `channel` (`changes.open_conversation`)."""
        raise NotImplementedError

    def join_conversation(self, channel: str, names: list[str]) -> None:
        """`names` join the open conversation (`changes.join`)."""
        raise NotImplementedError

    def enter_conversation(self, channel: str, names: list[str]) -> None:
        """Join the conversation, or open it with `names` (`changes.enter`)."""
        raise NotImplementedError

    def leave_conversation(self, channel: str, names: list[str]) -> None:
        """`names` leave the conversation (`changes.leave`)."""
        raise NotImplementedError

    # the sides (`victory`) and the day (`day`)
    def faction(self, player: PlayerState) -> str:
        """The faction he plays for (`victory.faction`)."""
        raise NotImplementedError

    def side(self, player: PlayerState) -> str:
        """The side he wins with (`victory.side`)."""
        raise NotImplementedError

    def lovers_side(self) -> str | None:
        """The side the lovers count for (`victory.lovers_side`)."""
        raise NotImplementedError

    def final_voters(self, name: str) -> tuple[str, ...]:
        """Who voted for `name` in the day's final count (`day.final_voters`)."""
        raise NotImplementedError

    def check_not_against_lover(self, player: PlayerState, target: str) -> None:
        """Raise IllegalCommand if `target` is his lover (`day.check_not_against_lover`)."""
        raise NotImplementedError

    def self_allowed(self, use: UseFacts) -> bool:
        """Whether the use may name its own player (`uses.self_allowed`)."""
        raise NotImplementedError


class EnginePort(GamePort):
    """What the engine's own steps – the checks of a command, the Spielleitung's
    interventions – use of the game besides; no behaviour does."""

    def pending(self) -> list[str]:
        """The players an open question waits for."""
        raise NotImplementedError

    def check(self, command: Command) -> CommandUse | Question:
        """Raise `CommandError` if the rules do not allow `command` now; change nothing."""
        raise NotImplementedError

    def submit(self, command: Command) -> list[Event]:
        """Check `command`; apply it if allowed, otherwise record its rejection."""
        raise NotImplementedError


# What any role's file may give in `params:`, whatever its behaviour: read by a mechanism
# of every role, not by the role's own behaviour – name → type (`T | None`: may be left out)
ANY_ROLE_PARAMETERS: Final[Mapping[str, object]] = MappingProxyType(
    {
        "prepare_rank": int | None,  # the order of `prepare` within a stage (`night._prepare`)
        # how the role answers a bite, by the biter's role (`pack_attacks.Bite`): the
        # Vampirjäger kills the Vampir, the Urwolf eats the Sektenführer
        "bitten": dict[str, str] | None,
        # the Wolfsgeister stay in the Wolfshöhle while he lives (`pack.Pack`: the Alte Wolf)
        "wolf_spirits_stay": bool | None,
    }
)


@dataclass(frozen=True)
class SetAside:
    """Roles the deal keeps from the players for a role – what the role needs from the setup,
    the Eröffnungsbeitrag and the live bot (`Behaviour.set_aside`), so that none of them names
    the role. `option`: the house rule that holds them for the round; `count`: how many;
    `chosen`: the Spielleitung chooses them before the draw among the Dorf's special roles not
    in play (the Gaukler's "Vor der Rollenverlosung wählt die Spielleitung drei Rollen, die für
    das Dorf spielen, aus"), else they are the cards the draw leaves over (the Dieb's "zwei
    Rollen mehr als Spieler"); `announced`: the Eröffnungsbeitrag shows them with their
    descriptions ("im Eröffnungsbeitrag in der Rollenbeschreibung des Gauklers bekanntgegeben")."""

    option: str
    count: int
    chosen: bool
    announced: bool


# a role's behaviour may be written in plain Python (a test's, a house rule's) even when the
# engine is compiled (`WOLFBOT_COMPILE`, docs/balance.md)
@mypyc_attr(allow_interpreted_subclasses=True)
class Behaviour:
    prepare_rank = 2  # order of `prepare` within a stage (a role's `params.prepare_rank` wins)
    # its night commands take effect when accepted (`accepted`), not when the night is
    # resolved: once accepted, the Spielleitung can no longer reject them
    acts_at_once = False
    # What a role's file may give this behaviour in `params:` besides `ANY_ROLE_PARAMETERS`:
    # name → type (`T | None`: may be left out). Anything else is an error when the ruleset
    # loads (`wolfbot.rulesets.parameters`), naming the file and the line.
    parameters: ClassVar[dict[str, object]] = {}
    # the roles the deal sets aside for this role, if any
    set_aside: ClassVar[SetAside | None] = None
    # the house rules only this behaviour reads (`game.option`): a ruleset that plays one of
    # its roles must declare them (`wolfbot.rulesets.mechanism_options`)
    house_rules: ClassVar[tuple[str, ...]] = ()

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """Raise IllegalCommand for what only this role forbids (after the generic checks)."""

    def setup(self, game: GamePort, player: PlayerState) -> None:
        """When the round begins (the Nacht vor der Bürgermeisterwahl): first information."""

    def allows(self, game: GamePort, player: PlayerState, word: str) -> Text | None:
        """Why this role may not use `word` now (beyond the data's limits), or None."""
        return None

    def accepted(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """A night command of this role was accepted (for what takes effect at once)."""

    def on_post(self, game: GamePort, player: PlayerState, channel: str, text: str) -> None:
        """The player wrote `text` (without his command lines) in `channel`."""

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        """Somebody died (this player may be alive or dead himself)."""

    def morning(self, game: GamePort, player: PlayerState) -> None:
        """Before the Morgen is published, for the living and those who died in the night
        (`player.alive` tells which): what the Morgen announces."""

    def prepare(self, game: GamePort, player: PlayerState) -> None:
        """Before the night's first stage: effects for the whole night (blocks)."""

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        """The role's turn at its stage of the night order (player alive and not blocked)."""

    def defend(self, game: GamePort, player: PlayerState, attack: Attack, step: str) -> None:
        """A step of an attack on this player (redirect, immunity, protection)."""

    def attacked(self, game: GamePort, player: PlayerState, attack: Attack) -> None:
        """An attack reached this player (after redirects), whatever became of it."""

    def at_dawn(self, game: GamePort, player: PlayerState, attack: Attack) -> bool:
        """An attack on this player still hit when the night's deaths are settled: True if
        he does not die of it (Wolf Village's Verfluchter turns instead – "schützt oder
        heilt ihn niemand, stirbt er nicht: Er wird zum Werwolf")."""
        return False

    def seen(self, game: GamePort, player: PlayerState, seer: PlayerState, stage: int) -> None:
        """A role that looks at players looked at this one (Wolf Village's Fuchs dies)."""

    def delays_death(self, game: GamePort, player: PlayerState, cause: str) -> bool:
        """Whether this player, about to die in the night, dies at the next Abend instead
        (the Harte Bursche); he is then told, and `GameState.evening_deaths` holds him."""
        return False

    def modify_attack(self, game: GamePort, attack: Attack, modifier: Modifier) -> None:
        """Apply a standing effect this role placed (a protection, a redirection)."""

    def on_death(self, game: GamePort, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        """React to this player's death; return further deaths (name, cause)."""
        return []

    def may_lynch(self, game: GamePort, player: PlayerState) -> bool:
        """Whether this player's `!Lynch` may still be given and counts (the Dorfdepp after
        he was spared: "kann fortan keinen Dorfbewohner mehr lynchen")."""
        return True

    def takes_tie(self, game: GamePort, player: PlayerState) -> bool:
        """Whether this player is lynched instead of the tied (the Sündenbock)."""
        return False

    def spared(self, game: GamePort, player: PlayerState) -> Text | None:
        """The player would be lynched now: the Abend's announcement if he is spared – then
        nobody is lynched that day – and None otherwise (Dorfdepp, Vergessener Prinz)."""
        return None

    def has_won(self, game: GamePort, player: PlayerState) -> bool:
        """Whether this player's own win condition ends the round now (the Verbitterte
        Greis), dead or alive."""
        return False

    def witness_role_change(
        self, game: GamePort, player: PlayerState, changed: PlayerState
    ) -> None:
        """Somebody else's role changed (this player alive or dead)."""

    def announced_role(self, game: GamePort, player: PlayerState) -> str | None:
        """The role announced at death; None when it is not revealed."""
        return player.role


class GroupBehaviour:
    """A night-order entry acted by a group (the pack's attack), once per night."""

    def prepare(self, game: GamePort) -> None:
        """Before the night's first stage: effects for the whole night (the Dorffest)."""

    def act(self, game: GamePort, stage: int) -> None:
        """The group's turn at its entry of the night order."""

    def witness_death(self, game: GamePort, dead: PlayerState) -> None:
        """Somebody died."""


class WordHandler:
    """A command the rules give to everybody (votes) or to a group, with its own checks."""

    # why an accepted command of this word cannot be rejected by the Spielleitung while it
    # stands ("": it can)
    irrevocable: Text | None = None  # why a standing command cannot be withdrawn
    counted_at_night_end = False  # a vote the night's resolution counts (the pack's attack)

    def votes(self, game: GamePort) -> dict[str, str] | None:
        """For a vote: the votes standing now, voter → target (the state's own dict, so a
        vote the Spielleitung rejects is deleted from it); None: its commands are no votes."""
        return None

    def check(self, game: GamePort, player: PlayerState, command: Command) -> None:
        """Raise IllegalCommand when the rules do not allow it."""

    def apply(self, game: GamePort, player: PlayerState, command: Command) -> None:
        raise NotImplementedError


class QuestionHandler:
    def check(self, game: GamePort, question: Question, command: Command) -> None:
        """Raise IllegalCommand for an answer the rules do not allow."""

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        raise NotImplementedError

    def take(self, game: GamePort, question: Question, command: Command) -> None:
        """One command of an answer in several words (`Question.more`): the answer is
        resolved (`resolve`) once the post that holds it is complete."""
        raise NotImplementedError

    def unanswered(self, game: GamePort, question: Question) -> None:
        """An optional question's deadline passed without an answer ("no choice")."""
