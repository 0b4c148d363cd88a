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

from dataclasses import dataclass
from typing import Literal

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


@dataclass(frozen=True, slots=True)
class Advice:
    """The rule of thumb's word on a list: whom it favours (None: balanced, or no side
    when the list departs from the advice: `follows` False), and that word in German."""

    source: Source
    follows: bool  # the list is one the source rates (a list after the Rollenverteilung, …)
    favours: Lean | None  # the side the source sees ahead; None: balanced
    said: str  # "die Liste folgt der Rollenverteilung der Liga, …"

    @property
    def error(self) -> int:
        return MEASURED_ERROR[self.source]

    def caution(self) -> str:
        """The model's measured error on such lists, and how to read the number."""
        return (
            f"{SUCH_LISTS[self.source]} liegt das Modell im Mittel um {self.error} Punkte "
            "daneben – lies die Zahl als Vergleich zwischen Listen, nicht als Vorhersage."
        )
