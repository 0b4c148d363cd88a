"""How a ruleset's day is decided (`day:`): its procedures, the election of its office and
the office's successor."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, model_validator

from wolfbot.engine.spec.base import _Frozen, _problem


class DayProcedureSpec(_Frozen):
    """How a day decides whom it lynches. `kind` names the mechanism
    (`wolfbot.engine.day.PROCEDURES`): `count` counts the votes of the word `vote` (with the
    ruleset's modifiers) and lynches the `places` players with the most votes; a tie for
    the open places goes to the rules of `tie` in order (`wolfbot.engine.day.TIE_RULES`);
    `friends` lynches everyone no living player named with the word `vote` (Großes
    Misstrauen)."""

    kind: str
    vote: str | None = None
    withdraw: str | None = None  # the word that takes a vote back
    places: int = Field(1, ge=0)  # 0: a day without a lynch (the Aussätzige)
    tie: tuple[str, ...] = ()
    # a tie rule that applies only in a round with these house rules (Wolf Village's
    # `runoff` with `gleichstand: nochmal`)
    tie_when: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # nobody has a vote: a tie of all (`tie`, its rules decide), or nobody is lynched
    # (`nobody`: the Düsterwald's "Wer die meisten Stimmen erhält, scheidet aus")
    without_votes: Literal["tie", "nobody"] = "tie"
    doc: str = ""


class SuccessorSpec(_Frozen):
    """Who holds the office after its holder: he names a successor with `word` (the
    Bürgermeister's `!Nachfolger`, the Hauptmann's `!Abzeichen`) or gives it up with
    `decline` (`!Wegwerfen`); unanswered → `lot` or `nobody` (the badge is thrown away).
    `voters_only`: only to a player who may still vote ("an einen lebenden Spieler weiter,
    der noch abstimmen darf"), and a holder who lost his vote passes it on too."""

    word: str = "Nachfolger"
    decline: str | None = None
    unanswered: Literal["lot", "nobody"] = "lot"
    voters_only: bool = False


class ElectionSpec(_Frozen):
    """An office the players elect with the votes of `word` at the end of a day, before its
    lynch: on the first day (`days: first`). `title` names it in the events (the catalog
    words it); `without_votes`: nobody voted → the `lot` draws the holder, or `nobody`
    holds it ("Das Dorf darf auch keinen Hauptmann wählen")."""

    office: Literal["mayor"] = "mayor"
    title: str = "Bürgermeister"
    word: str
    days: Literal["first"] = "first"
    option: str | None = None  # the house rule that turns the office on (Wolf Village's)
    without_votes: Literal["lot", "nobody"] = "lot"
    successor: SuccessorSpec = SuccessorSpec()


class DaySpec(_Frozen):
    """The day as data: the procedure of a day no role changed (`ordinary`), every
    procedure by name, the modifiers of a count (`wolfbot.engine.day.MODIFIERS`, applied in
    this order) and the election."""

    ordinary: str
    procedures: dict[str, DayProcedureSpec]
    modifiers: tuple[str, ...] = ()
    election: ElectionSpec | None = None
    cause: str = "Lynch"  # the cause of death of who the day's vote kills ("Verbannung")

    @cached_property  # the simulated players read it every phase
    def vote_words(self) -> tuple[str, ...]:
        """The words of the ordinary day's vote and of the election (`!Lynch` and
        `!Bürgermeister`; Wolf Village's `!Verbannen` and `!Hauptmann`)."""
        ordinary = self.procedures[self.ordinary].vote
        election = self.election.word if self.election else None
        return tuple(word for word in (ordinary, election) if word)

    @model_validator(mode="after")
    def _ordinary_known(self) -> DaySpec:
        if self.ordinary not in self.procedures:
            raise ValueError(_problem("unknown_procedure", procedure=self.ordinary))
        return self
