"""What a role module may hook. A behaviour is stateless; what it remembers lives in the
game state (`PlayerState.memory`, `uses`, the night's actions). The resolver never names a
role: it calls these hooks on whatever behaviour the ruleset data names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from mypy_extensions import mypyc_attr

from wolfbot.engine.commands import Command
from wolfbot.engine.state import Attack, Modifier, PlayerState, Question
from wolfbot.engine.text import Text

if TYPE_CHECKING:
    from wolfbot.engine.game import Game

# What any role's file may give in `params:`, whatever its behaviour: read by a mechanism
# of every role, not by the role's own behaviour – name → type (`T | None`: may be left out)
ANY_ROLE_PARAMETERS: Final[dict[str, object]] = {
    "prepare_rank": int | None,  # the order of `prepare` within a stage (`night._prepare`)
    # how the role answers a bite, by the biter's role (`pack_attacks.Bite`): the
    # Vampirjäger kills the Vampir, the Urwolf eats the Sektenführer
    "bitten": dict[str, str] | None,
    # the Wolfsgeister stay in the Wolfshöhle while he lives (`pack.Pack`: the Alte Wolf)
    "wolf_spirits_stay": bool | None,
}


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

    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        """Raise IllegalCommand for what only this role forbids (after the generic checks)."""

    def setup(self, game: Game, player: PlayerState) -> None:
        """When the round begins (the Nacht vor der Bürgermeisterwahl): first information."""

    def allows(self, game: Game, player: PlayerState, word: str) -> Text | None:
        """Why this role may not use `word` now (beyond the data's limits), or None."""
        return None

    def accepted(self, game: Game, player: PlayerState, command: Command) -> None:
        """A night command of this role was accepted (for what takes effect at once)."""

    def on_post(self, game: Game, player: PlayerState, channel: str, text: str) -> None:
        """The player wrote `text` (without his command lines) in `channel`."""

    def witness_death(self, game: Game, player: PlayerState, dead: PlayerState) -> None:
        """Somebody died (this player may be alive or dead himself)."""

    def morning(self, game: Game, player: PlayerState) -> None:
        """Before the Morgen is published, for the living and those who died in the night
        (`player.alive` tells which): what the Morgen announces."""

    def prepare(self, game: Game, player: PlayerState) -> None:
        """Before the night's first stage: effects for the whole night (blocks)."""

    def act(self, game: Game, player: PlayerState, stage: int) -> None:
        """The role's turn at its stage of the night order (player alive and not blocked)."""

    def defend(self, game: Game, player: PlayerState, attack: Attack, step: str) -> None:
        """A step of an attack on this player (redirect, immunity, protection)."""

    def attacked(self, game: Game, player: PlayerState, attack: Attack) -> None:
        """An attack reached this player (after redirects), whatever became of it."""

    def at_dawn(self, game: Game, player: PlayerState, attack: Attack) -> bool:
        """An attack on this player still hit when the night's deaths are settled: True if
        he does not die of it (Wolf Village's Verfluchter turns instead – "schützt oder
        heilt ihn niemand, stirbt er nicht: Er wird zum Werwolf")."""
        return False

    def seen(self, game: Game, player: PlayerState, seer: PlayerState, stage: int) -> None:
        """A role that looks at players looked at this one (Wolf Village's Fuchs dies)."""

    def delays_death(self, game: Game, player: PlayerState, cause: str) -> bool:
        """Whether this player, about to die in the night, dies at the next Abend instead
        (the Harte Bursche); he is then told, and `GameState.evening_deaths` holds him."""
        return False

    def modify_attack(self, game: Game, attack: Attack, modifier: Modifier) -> None:
        """Apply a standing effect this role placed (a protection, a redirection)."""

    def on_death(self, game: Game, player: PlayerState, cause: str) -> list[tuple[str, str]]:
        """React to this player's death; return further deaths (name, cause)."""
        return []

    def may_lynch(self, game: Game, player: PlayerState) -> bool:
        """Whether this player's `!Lynch` may still be given and counts (the Dorfdepp after
        he was spared: "kann fortan keinen Dorfbewohner mehr lynchen")."""
        return True

    def takes_tie(self, game: Game, player: PlayerState) -> bool:
        """Whether this player is lynched instead of the tied (the Sündenbock)."""
        return False

    def spared(self, game: Game, player: PlayerState) -> Text | None:
        """The player would be lynched now: the Abend's announcement if he is spared – then
        nobody is lynched that day – and None otherwise (Dorfdepp, Vergessener Prinz)."""
        return None

    def has_won(self, game: Game, player: PlayerState) -> bool:
        """Whether this player's own win condition ends the round now (the Verbitterte
        Greis), dead or alive."""
        return False

    def witness_role_change(self, game: Game, player: PlayerState, changed: PlayerState) -> None:
        """Somebody else's role changed (this player alive or dead)."""

    def announced_role(self, game: Game, player: PlayerState) -> str | None:
        """The role announced at death; None when it is not revealed."""
        return player.role


class GroupBehaviour:
    """A night-order entry acted by a group (the pack's attack), once per night."""

    def prepare(self, game: Game) -> None:
        """Before the night's first stage: effects for the whole night (the Dorffest)."""

    def act(self, game: Game, stage: int) -> None:
        """The group's turn at its entry of the night order."""

    def witness_death(self, game: Game, dead: PlayerState) -> None:
        """Somebody died."""


class WordHandler:
    """A command the rules give to everybody (votes) or to a group, with its own checks."""

    # why an accepted command of this word cannot be rejected by the Spielleitung while it
    # stands ("": it can)
    irrevocable: Text | None = None  # why a standing command cannot be withdrawn
    counted_at_night_end = False  # a vote the night's resolution counts (the pack's attack)

    def votes(self, game: Game) -> dict[str, str] | None:
        """For a vote: the votes standing now, voter → target (the state's own dict, so a
        vote the Spielleitung rejects is deleted from it); None: its commands are no votes."""
        return None

    def check(self, game: Game, player: PlayerState, command: Command) -> None:
        """Raise IllegalCommand when the rules do not allow it."""

    def apply(self, game: Game, player: PlayerState, command: Command) -> None:
        raise NotImplementedError


class QuestionHandler:
    def check(self, game: Game, question: Question, command: Command) -> None:
        """Raise IllegalCommand for an answer the rules do not allow."""

    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        raise NotImplementedError

    def take(self, game: Game, question: Question, command: Command) -> None:
        """One command of an answer in several words (`Question.more`): the answer is
        resolved (`resolve`) once the post that holds it is complete."""
        raise NotImplementedError

    def unanswered(self, game: Game, question: Question) -> None:
        """An optional question's deadline passed without an answer ("no choice")."""
