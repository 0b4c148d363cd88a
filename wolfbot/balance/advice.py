"""What a ruleset's own rule of thumb says of a role list, beside the model's estimate
(issue 38): the Düsterliga's "Rollenverteilung" (the league's advice), Wolf Village's lobby
rating. `wolfbot.setup.list_advice.advice_on` reads it for a list; `Rating.meaning(advice)`
says where the model and that experience disagree, with the model's measured error.

The errors are measured (`python benchmarks/calibrate.py`, docs/balance.md "Checked against
the seeds' own ratings"): the mean distance from one half of the model's Dorf rate, in points,
over the lists the source rates balanced – Wolf Village's ready-made setups (the seed calls
Einsteiger "Ausgeglichen" at every count, the lobby rates the others so), and the
Düsterliga's suggested lists from 8 to 24 players."""

from __future__ import annotations

from typing import Literal, Protocol

Source = Literal["league", "lobby"]
Lean = Literal["village", "wolves"]

# mean distance from 50 % of the model's Dorf rate over the lists the source rates balanced,
# in points, after calibration (200 games a list, seed 1): docs/balance.md, "Checked against
# the seeds' own ratings" – the Düsterliga's suggested lists 8 to 24: 9.0; every ready-made
# setup of Wolf Village, 4 to 20 players: 16.0
MEASURED_ERROR: dict[Source, int] = {"league": 9, "lobby": 16}
# how the Spielleitung reads it, for the lists of each source
SUCH_LISTS: dict[Source, str] = {
    "league": "Bei Listen nach der Rollenverteilung",
    "lobby": "Bei den Zusammenstellungen von Wolf Village",
}


class Advice(Protocol):
    """The rule of thumb's word on a list (`wolfbot.setup.list_advice.ListAdvice`)."""

    @property
    def source(self) -> Source: ...

    @property
    def follows(self) -> bool:
        """Whether the list is one the source rates (it follows the Rollenverteilung; the
        lobby rates every set of cards)."""
        ...

    @property
    def favours(self) -> Lean | None:
        """The side the source sees ahead; None: balanced (or no word, if not `follows`)."""
        ...

    @property
    def said(self) -> str:
        """That word in a German sentence: "Die Liste folgt der Rollenverteilung der Liga, …"."""
        ...


def caution(source: Source) -> str:
    """The model's measured error on the source's lists, and how to read the number."""
    return (
        f"{SUCH_LISTS[source]} liegt das Modell im Mittel um {MEASURED_ERROR[source]} Punkte "
        "daneben – lies die Zahl als Vergleich zwischen Listen, nicht als Vorhersage."
    )
