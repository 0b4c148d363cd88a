"""Issue 34, points 3 and 12: told the night's victims (`split_night`), the Hexe (the Heks)
gets one complete message, once – what she is told, what she may do now, the options of
every potion she still has and how to answer – not a Mitteilung and a fragment after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from wolfbot.scenario.model import load
from wolfbot.scenario.runner import Run

SCENARIOS = Path(__file__).parents[1] / "scenarios"

GERMAN_BOTH = (
    "<p>In dieser Nacht erfolgreich angegriffen: Dora. Du kannst nun deinen Heiltrank "
    "verbrauchen, um diesen Dorfbewohner zu heilen, und deinen Gifttrank, um einen anderen "
    "Dorfbewohner zu vergiften – auch beide in dieser Nacht. Ohne Antwort bis zum Ende der "
    "Frist verbrauchst du keinen Trank.</p>"
    "<p>Zur Wahl für !Heiltrank: Dora.</p>"
    "<p>Zur Wahl für !Gifttrank: Anna, Bernd, Dora, Emil, Frieda und Gustav.</p>"
    "<p>Antworte mit <strong>!Heiltrank [Spielername]</strong>, mit "
    "<strong>!Gifttrank [Spielername]</strong> oder mit beiden in einem Beitrag.</p>"
)
DUTCH_BOTH = (
    "<p>Vannacht kiezen de weerwolven: Dirk. Je kunt nu je levenselixer gebruiken, dat het "
    "slachtoffer redt of een dode speler weer tot leven roept, en je vergif, dat een speler "
    "doodt – ook allebei deze nacht, maar niet op dezelfde speler. Zonder antwoord tot het "
    "einde van de termijn gebruik je geen drankje.</p>"
    "<p>Keuze voor !Elixer: Dirk.</p>"
    "<p>Keuze voor !Vergif: Anna, Bernd, Hilde, Dirk, Eva, Frits en Greet.</p>"
    "<p>Antwoord met <strong>!Elixer [spelernaam]</strong>, met "
    "<strong>!Vergif [spelernaam]</strong> of met allebei in één bericht.</p>"
)
DUTCH_POISON = (
    "<p>Vannacht kiezen de weerwolven: Eva. Je kunt nu je vergif gebruiken, dat een speler "
    "doodt. Zonder antwoord tot het einde van de termijn gebruik je geen drankje.</p>"
    "<p>Keuze: Anna, Bernd, Hilde, Dirk, Eva, Frits en Greet.</p>"
    "<p>Antwoord met <strong>!Vergif [spelernaam]</strong>.</p>"
)
KLASSISCH_POISON = (
    "<p>Das Opfer der Werwölfe in dieser Nacht: Fritz. Du kannst deinen Gifttrank nun auf "
    "einen anderen Spieler anwenden. Ohne Antwort bis zum Ende der Frist verbrauchst du "
    "keinen Trank.</p>"
    "<p>Zur Wahl: Anna, Bernd, Emil, Fritz und Greta.</p>"
    "<p>Antworte mit <strong>!Gifttrank [Spielername]</strong>.</p>"
)
CASES = [
    # scenario, the Hexe, the steps up to her question, its title and HTML
    ("core/split_night_hexe_frage_bietet_beide_traenke.yaml", "Hanna", 6,
     "Die Spielleitung wartet auf deine Antwort", GERMAN_BOTH),
    ("weerwolven/heks_elixer_en_vergif_in_een_antwoord.yaml", "Hilde", 2,
     "De spelleiding wacht op je antwoord", DUTCH_BOTH),
    ("weerwolven/heks_met_alleen_vergif_wordt_elke_nacht_gevraagd.yaml", "Hilde", 9,
     "De spelleiding wacht op je antwoord", DUTCH_POISON),
    ("klassisch/hexe_ohne_heiltrank_wird_weiter_gefragt.yaml", "Hexa", 9,
     "Die Spielleitung wartet auf deine Antwort", KLASSISCH_POISON),
]  # fmt: skip


@pytest.mark.parametrize(
    ("scenario", "hexe", "steps", "title", "html"),
    CASES,
    ids=["duesterliga-both", "weerwolven-both", "weerwolven-vergif", "klassisch-gifttrank"],
)
def test_the_hexe_is_told_and_asked_in_one_complete_message(
    scenario: str, hexe: str, steps: int, title: str, html: str
) -> None:
    run = Run(load(SCENARIOS / scenario))
    for step in run.scenario.script[: steps - 1]:
        run.play(step)
    before = len(run.messages)
    run.play(run.scenario.script[steps - 1])  # the deadline: she is told and asked
    assert run.game.pending() == [hexe]
    hers = [m for m in run.messages[before:] if hexe in m.recipients]
    assert [(m.title, m.html) for m in hers] == [(title, html)]
