"""What the explanations of a night and a lynch share (`wolfbot explain`): the error for a
phase that did not happen yet, the part of the log a phase spans, German wording."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game

HEAL_WORDS = ("Heiltrank", "Heilen")
VERBS = {  # command word → (verb, particle): "Konrad verkocht Anna", "Tim füllt Anna ab"
    "Verkochen": ("verkocht", ""),
    "Verzaubern": ("verzaubert", ""),
    "Abfüllen": ("füllt", " ab"),
    "Bewachen": ("bewacht", ""),
    "Beschützen": ("beschützt", ""),
    "Übernachten": ("übernachtet bei", ""),
    "Heiltrank": ("heilt", " mit dem Heiltrank"),
    "Heilen": ("heilt", ""),
    "Gifttrank": ("vergiftet", ""),
    "Attentat": ("verübt ein Attentat auf", ""),
    "Sehen": ("sieht sich", " an"),
    "Verbergen": ("verbirgt", ""),
    "Hypnotisieren": ("hypnotisiert", ""),
    "Annehmen": ("nimmt die Rolle von", " an"),
    "Beißen": ("beißt", ""),
    "Anheulen": ("heult", " an"),
    "Riechen": ("riecht an", ""),
    "Schwarze Pest": ("lässt", " an der Schwarzen Pest erkranken"),
}


class NotYet(LookupError):
    """The phase to explain did not happen (or is not resolved) yet."""


@dataclass(frozen=True, slots=True)
class Window:
    """The part of the log from a phase's start up to the next phase's start."""

    start: int
    end: int


def phase_window(game: Game, phase: str) -> Window | None:
    log = game.state.log
    starts = [i for i, e in enumerate(log) if isinstance(e, ev.PhaseBegan) and e.phase == phase]
    if not starts:
        return None
    start = starts[-1]
    end = next(
        (i for i in range(start + 1, len(log)) if isinstance(log[i], ev.PhaseBegan)), len(log)
    )
    return Window(start, end)


def with_article(game: Game, name: str, case: str) -> str:
    """ "der Hexe Hanna" (dative), "den Leibwächter Lars" (accusative) from the role's
    heading ("Die Hexe", "Der Leibwächter")."""
    player = game.find_player(name)
    if player is None:
        return name
    role = game.role_facts(player)
    article = role.heading.split()[0].casefold() if role.heading else "der"
    words = {
        "dat": {"der": "dem", "die": "der", "das": "dem"},
        "acc": {"der": "den", "die": "die", "das": "das"},
    }[case]
    word = words.get(article, "")
    if case == "dat" and word == "dem":
        return f"vom {role.name} {name}"
    if case == "dat":
        return f"von {word} {role.name} {name}".replace("  ", " ")
    return f"{word} {role.name} {name}".strip()
