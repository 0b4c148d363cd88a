"""A ruleset's command words (`commands.yaml`) and the uses a role, the pack or everybody
has of them: who may give one, when, where, with which arguments."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, model_validator

from wolfbot.engine.facts import UseFacts
from wolfbot.engine.spec.base import Channel, PhaseKind, _Frozen, _problem

# the argument kinds of a command use that name one player: a living one, a dead one, either
NAMED_KINDS = ("player", "dead", "anyone")
ARGUMENT_KINDS = (*NAMED_KINDS, "players", "role", "text")  # and `choice:a|b`


def _check_kinds(word: str, kinds: tuple[str, ...]) -> None:
    for kind in kinds:
        if kind not in ARGUMENT_KINDS and not kind.startswith("choice:"):
            raise ValueError(_problem("unknown_argument_kind", kind=kind, word=word))


class CommandSpec(_Frozen):
    """A command word of the ruleset with the spellings and arguments the text documents.

    `word` is the canonical word: the typed command (`wolfbot.engine.commands`) and the
    mechanism the engine knows it by. A ruleset in another language gives its own word and
    says which canonical one it means – `{word: Elixer, means: Heiltrank}` – and is loaded
    as `word: Heiltrank, said: Elixer`: players write (and are shown) `!Elixer`, the engine
    works with `Heiltrank` (`Ruleset.shown_word`). The canonical word is then no spelling
    of the ruleset's (`spellings`)."""

    word: str
    said: str | None = None  # the ruleset's own word for it (None: the canonical word)
    args: tuple[str, ...] = ("player",)
    variants: tuple[str, ...] = ()
    doc: str = ""
    # the Verliebten may not name each other with it ("können nicht beieinander übernachten")
    lovers_apart: bool = False

    @model_validator(mode="before")
    @classmethod
    def _means(cls, data: Any) -> Any:
        """`{word: Elixer, means: Heiltrank}` → `{word: Heiltrank, said: Elixer}`; the said
        word is the first spelling (`variants`, where every reader of spellings finds it)."""
        if isinstance(data, dict) and "means" in data:
            data = dict(data)
            said, data["word"] = data.pop("word"), data.pop("means")
            if said != data["word"]:
                data["said"] = said
                data["variants"] = [said, *(v for v in data.get("variants", ()) if v != said)]
        return data

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every spelling players may write: the canonical word and its variants – or,
        where the ruleset has a word of its own (`said`), that word and its variants."""
        return self.variants if self.said else (self.word, *self.variants)

    @model_validator(mode="after")
    def _known_kinds(self) -> CommandSpec:
        _check_kinds(self.word, self.args)
        if self.said and self.variants[:1] != (self.said,):
            raise ValueError(_problem("said_not_first", word=self.word, said=self.said))
        return self


# the mechanisms of the day's ballots: the lynch vote, its withdrawal, the election (a
# ruleset's words for them are `Ruleset.ballot_words`)
BALLOT_HANDLERS = ("lynch", "withdraw", "election")


class CommandUse(_Frozen):
    """Who may use a command word when, where and with which arguments.

    `args` lists argument kinds: `player`, `players` (one or more living players: the
    Sündenbock's voters of the next day), `dead`, `anyone` (a living or a dead player: the
    Heks's elixer heals tonight's victim or brings back a dead one), `role`, `choice:A|B` or
    `text` (the rest of the line, a reason). `uses` limits the uses over the game ("kann
    ... nur einmal"), `self` allows naming oneself, `repeat_target` allows naming the same
    target in two consecutive nights. `by: dead`: a command of the dead (the Ruhelosen
    Geister's).
    `handler`: the mechanism of a command everybody (or the pack) gives – a vote, a
    withdrawal – by its name in `wolfbot.engine.roles.registry.WORDS`, so that each
    ruleset chooses its own word for it (`!Lynch` here, `!Verbannen` in Wolf Village).

    `ahead`: a night command that may be sent on the day before, for the coming night
    ("Elke dag levert de ziener een stem in voor de persoon die zij wil zien"): sent by day
    it waits (`GameState.ahead`) and is checked again, and counts, when the night begins.
    `stands`: a standing answer – the last one given stands, at any time the use allows,
    and answers at once the question the player is later asked with this word (the Jager's
    testament: his shot, "Hierin staat wie hij wil neerschieten mocht hij opgegeten/
    gelynched worden"); without a valid one the question is asked (`ask`), decided by lot
    (`lot`) or goes unanswered (`nobody`). `office`: only its holder may use it (the
    Burgemeester's successor).
    """

    word: str
    handler: str | None = None
    phase: tuple[PhaseKind, ...]
    channel: tuple[Channel, ...]
    args: tuple[str, ...] = ("player",)
    nights: Literal["all", "first", "later"] = "all"
    # `first`: the first day only; `election`: a day the Bürgermeister is elected;
    # `procedure`: a day whose procedure votes (or withdraws) with this word
    days: Literal["all", "first", "election", "procedure"] = "all"
    uses: int | None = None
    self_: bool = Field(True, alias="self")
    repeat_target: bool = True
    # a house rule that decides `self` / `repeat_target` instead (Wolf Village's "Heiler darf
    # sich selbst schützen" and "Heiler darf wiederholen")
    self_option: str | None = None
    repeat_option: str | None = None
    by: Literal["living", "dead"] = "living"
    ahead: bool = False
    stands: Literal["ask", "lot", "nobody"] | None = None
    office: Literal["mayor"] | None = None

    @cached_property  # read in every check of the command
    def named_kinds(self) -> tuple[str, ...]:
        """The kinds of `args` that name one player each, in their order."""
        return tuple(kind for kind in self.args if kind in NAMED_KINDS)

    @cached_property
    def facts(self) -> UseFacts:
        """What the checks read of it, as a plain record (`wolfbot.engine.facts`)."""
        return UseFacts(
            word=self.word,
            handler=self.handler,
            phase=self.phase,
            channel=self.channel,
            args=self.args,
            named_kinds=self.named_kinds,
            players="players" in self.args,
            nights=self.nights,
            days=self.days,
            uses=self.uses,
            self_=self.self_,
            self_option=self.self_option,
            repeat_target=self.repeat_target,
            repeat_option=self.repeat_option,
            by_dead=self.by == "dead",
            ahead=self.ahead,
            stands=self.stands,
            mayor_only=self.office == "mayor",
        )

    @model_validator(mode="after")
    def _known_kinds(self) -> CommandUse:
        _check_kinds(self.word, self.args)
        if self.ahead and (self.phase != ("night",) or self.stands):
            raise ValueError(_problem("ahead_not_a_night_command", word=self.word))
        return self
