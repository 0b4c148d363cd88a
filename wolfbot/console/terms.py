"""The engine's terms in the round's language, for the console's pages: phases ("day 2" →
"Tag 2", "Dag 2"), the round's state, channels and the schedule's deadlines. The German
ones are the Spielleitung's labels of the command line (`spielleitung.labels`); the
templates reach them as filters (`|phase`, `|state`, `|channel`, `|deadline`)."""

from __future__ import annotations

from wolfbot.schedule import names
from wolfbot.spielleitung.labels import CHANNEL_WORDS

PHASES: dict[str, dict[str, str]] = {
    "de": {"night": "Nacht", "day": "Tag", "dusk": "Dämmerung", "runoff": "Stichwahl"},
    "nl": {"night": "Nacht", "day": "Dag", "dusk": "Schemering", "runoff": "Herstemming"},
}
STATES: dict[str, dict[str, str]] = {
    "de": {"signup": "Anmeldung", "running": "läuft", "finished": "beendet",
           "cancelled": "abgebrochen", "over": "vorbei"},
    "nl": {"signup": "aanmelding", "running": "loopt", "finished": "afgelopen",
           "cancelled": "afgebroken", "over": "voorbij"},
}  # fmt: skip
CHANNELS: dict[str, dict[str, str]] = {
    "de": CHANNEL_WORDS,
    "nl": {
        "thread": "speldraad",
        "private": "rolbericht",
        "wolves": "wolvenhol",
        "lovers": "geliefden",
        "dead": "dodenrijk",
        "enchanted": "betoverden",
        "crypt": "de crypte",
        "spirits": "dodenrijk van de rusteloze geesten",
    },
}


def phase_in(language: str, phase: str | None) -> str:
    """ "day 2" → "Tag 2" ("Dag 2" in Dutch); "over" → "vorbei"."""
    if not phase:
        return ""
    kind, _, number = phase.partition(" ")
    if not number:
        return STATES.get(language, STATES["de"]).get(phase, phase)
    word = PHASES.get(language, PHASES["de"]).get(kind)
    return f"{word} {number}" if word else phase


DEADLINES: dict[str, dict[str, str]] = {
    "de": {
        "phase": "{phase} beginnt",
        "runoff": "{phase} endet",
        "zwischenstand": "Zwischenstand",
        "reminder": "Erinnerung vor {deadline}",
        "question": "Antwortfrist einer Frage",
    },
    "nl": {
        "phase": "{phase} begint",
        "runoff": "{phase} eindigt",
        "zwischenstand": "tussenstand",
        "reminder": "herinnering vóór: {deadline}",
        "question": "antwoordtermijn van een vraag",
    },
}


def deadline_in(language: str, name: str) -> str:
    """What a deadline of the schedule does ("dusk 2" → "Dämmerung 2 beginnt")."""
    said = DEADLINES.get(language, DEADLINES["de"])
    kind = names.kind_of(name)
    if kind == "phase":
        return said["phase"].format(phase=phase_in(language, names.begins(name)))
    if kind == "runoff":  # "stichwahl 2": the end of day 2's Stichwahl
        return said["runoff"].format(phase=phase_in(language, f"runoff {name.split()[1]}"))
    if kind == "reminder":
        return said["reminder"].format(
            deadline=deadline_in(language, names.reminder_of(name) or "")
        )
    return said.get(kind, name)


def state_in(language: str, status: str) -> str:
    return STATES.get(language, STATES["de"]).get(status, status)


def channel_in(language: str, channel: str | None) -> str:
    if not channel:
        return ""
    return CHANNELS.get(language, CHANNELS["de"]).get(channel, channel)


def office_in(language: str, title: str) -> str:
    """An office's title inside a sentence: German keeps the noun's capital ("des
    Hauptmanns"), Dutch writes it small ("van de burgemeester")."""
    return title if language == "de" else title.lower()
