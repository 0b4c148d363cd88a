"""The engine's terms in the round's language (`wolfbot.console.terms`): what the pages show
of phases, the round's state, channels and deadlines."""

from __future__ import annotations

import pytest

from wolfbot.console.terms import (
    CHANNELS,
    channel_in,
    deadline_in,
    office_in,
    phase_in,
    state_in,
)


@pytest.mark.parametrize(
    ("language", "phase", "shown"),
    [
        ("de", "day 2", "Tag 2"),
        ("de", "dusk 2", "Dämmerung 2"),
        ("de", "runoff 2", "Stichwahl 2"),
        ("de", "over", "vorbei"),
        ("nl", "day 2", "Dag 2"),
        ("nl", "dusk 3", "Schemering 3"),
        ("nl", "night 1", "Nacht 1"),
        ("nl", "over", "voorbij"),
        ("de", "", ""),
    ],
    ids=[
        "tag",
        "daemmerung",
        "stichwahl",
        "vorbei",
        "dag",
        "schemering",
        "nacht",
        "voorbij",
        "none",
    ],
)
def test_a_phase_is_shown_in_the_rounds_language(language, phase, shown) -> None:
    assert phase_in(language, phase) == shown


@pytest.mark.parametrize(
    ("language", "name", "shown"),
    [
        ("de", "dusk 2", "Dämmerung 2 beginnt"),
        ("de", "reminder dusk 2", "Erinnerung vor Dämmerung 2 beginnt"),
        ("de", "zwischenstand 2/1", "Zwischenstand"),
        ("de", "question 7", "Antwortfrist einer Frage"),
        ("de", "stichwahl 2", "Stichwahl 2 endet"),
        ("nl", "day 3", "Dag 3 begint"),
        ("nl", "reminder night 3", "herinnering vóór: Nacht 3 begint"),
        ("nl", "stichwahl 2", "Herstemming 2 eindigt"),
    ],
    ids=["phase", "reminder", "zwischenstand", "question", "runoff", "nl-phase", "nl-reminder",
         "nl-runoff"],
)  # fmt: skip
def test_a_deadline_says_what_happens_then(language, name, shown) -> None:
    assert deadline_in(language, name) == shown


def test_states_and_channels_are_worded_in_every_language() -> None:
    assert state_in("nl", "finished") == "afgelopen" and state_in("de", "finished") == "beendet"
    assert CHANNELS["nl"].keys() == CHANNELS["de"].keys()
    assert channel_in("nl", "private") == "rolbericht"
    assert channel_in("de", "wolves") == "Wolfshöhle"


@pytest.mark.parametrize(
    ("language", "title", "shown"),
    [("de", "Hauptmann", "Hauptmann"), ("nl", "Burgemeester", "burgemeester")],
    ids=["german-keeps-the-capital", "dutch-writes-it-small"],
)
def test_an_office_inside_a_sentence(language, title, shown) -> None:
    assert office_in(language, title) == shown
