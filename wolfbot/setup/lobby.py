"""The lobby's rating of a set of cards and the recommended number of Werwölfe, as Wolf
Village's text says them ("Deine eigene Zusammenstellung", "Wie viele Werwölfe?"):

    Die Lobby bewertet sie dann mit Vorteil fürs Dorf, Vorteil für die Wölfe oder
    Ausgeglichen. Sie bewertet jede Karte danach, was sie dem Dorf wert ist: Ein
    Dorfbewohner zählt 1, ein Werwolf −6 und die Seherin +7. Ein Günstling nimmt in der
    empfohlenen Zahl den Platz eines Werwolfs ein, weil er für das Rudel spielt.

A set of cards scores the sum of its cards' weights and the weights of the house rules it
switches on (`rating` in `setups.yaml`); a score within the band `balanced` is
"Ausgeglichen", above it "Vorteil fürs Dorf", below it "Vorteil für die Wölfe". The
recommended number counts every card of `recommended.counted` (the Werwölfe and the
Günstling); `wolf_check` compares a set of cards with it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from wolfbot.setup.setups import RatingSpec, Setups

MINUS = "\u2212"  # as the text writes it: "ein Werwolf −6"


class Verdict(StrEnum):
    VILLAGE = "Vorteil fürs Dorf"
    WOLVES = "Vorteil für die Wölfe"
    BALANCED = "Ausgeglichen"


def signed(points: int) -> str:
    """+4, −2, 0."""
    return f"+{points}" if points > 0 else f"{MINUS}{-points}" if points < 0 else "0"


@dataclass(frozen=True, slots=True)
class Rating:
    points: int
    verdict: Verdict

    def __str__(self) -> str:
        return f"{self.verdict} ({signed(self.points)})"


def points(cards: Mapping[str, int], options: Mapping[str, bool], spec: RatingSpec) -> int:
    """The cards' weights times their counts, and the weight of each house rule on."""
    dealt = sum(spec.weights[role] * count for role, count in cards.items())
    return dealt + sum(spec.options.get(name, 0) for name, on in options.items() if on)


def rate(cards: Mapping[str, int], options: Mapping[str, bool], spec: RatingSpec) -> Rating:
    score = points(cards, options, spec)
    if score > spec.balanced.max:
        return Rating(score, Verdict.VILLAGE)
    if score < spec.balanced.min:
        return Rating(score, Verdict.WOLVES)
    return Rating(score, Verdict.BALANCED)


def _wolves(count: int) -> str:
    return f"{count} Werwolf" if count == 1 else f"{count} Werwölfe"


def _counted(setups: Setups) -> str:
    return "es zählen " + " und ".join(setups.recommended.counted)


def recommendation(setups: Setups, players: int | None = None) -> str:
    """The recommended number for `players`, or all of them as the text says them ("1
    Werwolf bei 4 bis 6 Spielern, 2 bei 7 bis 10, …")."""
    counted = f"({_counted(setups)})"
    if players is not None:
        wanted = setups.recommended_wolves(players)
        if wanted is None:
            span = setups.players
            return f"Für {players} Spieler gibt es keine Empfehlung ({span.min} bis {span.max})."
        return f"Empfohlen bei {players} Spielern: {_wolves(wanted)} {counted}."
    starts = sorted(setups.recommended.wolves)
    ends = [start - 1 for start in starts[1:]] + [setups.players.max]
    parts = [
        f"{setups.recommended.wolves[start]} bei {start} bis {end}"
        for start, end in zip(starts, ends, strict=True)
    ]
    first = _wolves(setups.recommended.wolves[starts[0]])
    parts[0] = f"{first} bei {starts[0]} bis {ends[0]} Spielern"
    return f"Empfohlen: {', '.join(parts)} {counted}."


@dataclass(frozen=True, slots=True)
class WolfCheck:
    """The cards that take the recommended places (`have`) against the recommendation
    (`wanted`; None: none for this many players)."""

    players: int
    have: int
    wanted: int | None
    counted: str

    @property
    def fits(self) -> bool:
        return self.have == self.wanted

    def __str__(self) -> str:
        if self.wanted is None:
            return f"Für {self.players} Spieler gibt es keine empfohlene Zahl von Werwölfen."
        if self.fits:
            said = f"{self.have} bei {self.players} Spielern"
            return f"Werwölfe: {said}, wie empfohlen ({self.counted})."
        more = "mehr" if self.have > self.wanted else "weniger"
        return (
            f"Warnung: {more} Werwölfe als empfohlen – {self.have} statt {self.wanted} bei "
            f"{self.players} Spielern ({self.counted})."
        )


def wolf_check(cards: Mapping[str, int], setups: Setups) -> WolfCheck:
    players = sum(cards.values())
    have = sum(cards.get(role, 0) for role in setups.recommended.counted)
    return WolfCheck(players, have, setups.recommended_wolves(players), _counted(setups))
