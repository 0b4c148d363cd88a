"""What the Spielleitung's decisions say (`wolfbot.spielleitung.wording`): German – word for
word the command line's – and Dutch for the console of a Weerwolven round (issue 37:
"German, and Dutch for a Dutch round"). The tables have the same keys and fields; every key
said exists, none is unused; a refusal and a result of the console say it in the round's
language (the console's actions: tests/console/test_console_actions.py)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from wolfbot.spielleitung.decisions import RULES
from wolfbot.spielleitung.errors import ControlError
from wolfbot.spielleitung.wording import WORDS, hint, said
from wolfbot.store.models import FLAG_STATES, INTERVENTION_KINDS, INTERVENTION_STATES

ROOT = Path(__file__).resolve().parents[2]
WORDING = ROOT / "wolfbot" / "spielleitung" / "wording.py"  # says its hints itself
# the keys said by a value (`Said(f"kind.{kind}")`): their families, and every value
FAMILIES = {
    "kind.": INTERVENTION_KINDS,
    "state.": INTERVENTION_STATES,
    "flag_state.": FLAG_STATES,
    "rule.": RULES,
}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def said_keys() -> dict[str, str]:
    """Every literal key of `said("…")` in the modules of wolfbot that import it → where."""
    keys = {}
    for path in sorted((ROOT / "wolfbot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path != WORDING and not any(
            isinstance(node, ast.ImportFrom)
            and node.module == "wolfbot.spielleitung.wording"
            and any(alias.name == "said" for alias in node.names)
            for node in ast.walk(tree)
        ):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said":
                first = node.args[0]
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                assert isinstance(first, ast.Constant), f"{where}: said() takes a literal key"
                keys.setdefault(first.value, where)
    return keys


def test_both_languages_have_the_same_keys_and_fields() -> None:
    assert WORDS["nl"].keys() == WORDS["de"].keys()
    for key, german in WORDS["de"].items():
        assert _fields(WORDS["nl"][key]) == _fields(german), key


def test_every_key_said_exists_and_every_key_is_said() -> None:
    keys = said_keys()
    missing = {key: where for key, where in keys.items() if key not in WORDS["de"]}
    assert not missing
    family = {prefix + value for prefix, values in FAMILIES.items() for value in values}
    assert family <= WORDS["de"].keys(), family - WORDS["de"].keys()
    unused = WORDS["de"].keys() - keys.keys() - family
    assert not unused, f"words nobody says: {sorted(unused)}"


@pytest.mark.parametrize(
    ("spoken", "german", "dutch"),
    [
        (
            said("control.counts_already", command=17, text="!Stem Anna"),
            "Befehl 17 (!Stem Anna) gilt bereits.",
            "Opdracht 17 (!Stem Anna) telt al.",
        ),
        (
            said("control.not_playing", name="Ana", game=2, hint=hint(["Anna"]), players="A"),
            "Ana spielt in Runde 2 nicht mit. Meintest du „Anna“? Spieler: A.",
            "Ana speelt niet mee in spel 2. Bedoel je „Anna”? Spelers: A.",
        ),
        (
            said("done.requested", number=3, kind=said("kind.kill"), what="Bram"),
            "Eingriff Nr. 3 vorgemerkt: aus der Runde genommen – Bram. Der laufende Bot "
            "wendet ihn beim nächsten Durchgang an; `wolfbot interventions` zeigt, ob er gilt.",
            "Ingreep nr. 3 vastgelegd: uit het spel genomen – Bram. De bot voert hem bij zijn "
            "volgende ronde uit; de pagina Opdrachten (en `wolfbot interventions`) toont of "
            "hij geldt.",
        ),
        (
            said("field.missing", what=said("field.reason")),
            "Es fehlt: ein Grund.",
            "Ontbreekt: een reden.",
        ),
    ],
    ids=["a-refusal", "a-hint-inside", "a-kind-inside", "a-field"],
)
def test_a_sentence_in_german_and_in_dutch(spoken, german, dutch) -> None:
    assert (spoken.words("de"), spoken.words("nl"), spoken.words("fr")) == (german, dutch, german)


def test_an_error_given_as_a_sentence_is_german_and_can_be_said_in_dutch() -> None:
    error = ControlError(said("control.round_over", game=4))
    assert str(error) == "Runde 4 ist beendet; Eingriffe sind nicht mehr möglich."
    assert error.words("nl") == "Spel 4 is afgelopen; ingrijpen kan niet meer."
    assert ControlError("Datei nicht gefunden.").words("nl") == "Datei nicht gefunden."
