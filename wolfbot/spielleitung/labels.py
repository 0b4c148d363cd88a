"""German labels and local times for the Spielleitung's output, and `GameInfo` (a round as
`games` holds it) – what `status`, `audit`, `replay` and the interventions show.

Light on purpose: the standard library and rich's `Text` only (no store, no engine), so
`wolfbot status` stays quick to start; `rounds` re-exports it for the other commands."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rich.text import Text

from wolfbot.schedule import names
from wolfbot.spielleitung.errors import ControlError


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One round as `games` holds it."""

    id: int
    title: str
    ruleset: str
    seed: int
    phase: str
    status: str
    created_at: datetime
    thread_id: int | None


# -- output --------------------------------------------------------------------------------------
PHASE_WORDS = {"night": "Nacht", "day": "Tag", "dusk": "Dämmerung"}
ENGINE_WORDS = {
    "nacht": "night",
    "night": "night",
    "tag": "day",
    "day": "day",
    "dämmerung": "dusk",
    "daemmerung": "dusk",
    "dusk": "dusk",
}
STATUS_WORDS = {
    "signup": "Anmeldung",
    "running": "läuft",
    "finished": "beendet",
    "cancelled": "abgebrochen",
}
CHANNEL_WORDS = {
    "thread": "Spielthread",
    "private": "Rollenmitteilung",
    "wolves": "Wolfshöhle",
    "lovers": "Bettgeflüster",
    "dead": "Totenreich",
    "enchanted": "Verzauberte",
    "crypt": "Die Gruft",
    "spirits": "Totenreich der Ruhelosen Geister",
}
VERDICT_WORDS = {"accepted": "angenommen", "rejected": "abgelehnt", "pending": "offen"}


def phase_label(phase: str | None) -> str:
    """ "day 2" → "Tag 2", "over" → "vorbei", "signup" → "Anmeldung"."""
    if not phase:
        return ""
    if phase == "over":
        return "vorbei"
    if phase == "signup":
        return "Anmeldung"
    kind, _, number = phase.partition(" ")
    word = PHASE_WORDS.get(kind)
    return f"{word} {number}" if word else phase


def engine_phase(value: str) -> str:
    """The engine's phase from "day 2", "Tag 2", "Nacht 1", "Dämmerung 3" (ValueError else)."""
    words = value.strip().casefold().split()
    if len(words) == 2 and words[0] in ENGINE_WORDS and words[1].isdigit() and int(words[1]) > 0:
        return f"{ENGINE_WORDS[words[0]]} {int(words[1])}"
    if words in (["over"], ["vorbei"]):
        return "over"
    raise ValueError(f'keine Phase: {value!r} (z. B. "day 2", "Tag 2", "Nacht 1")')


def channel_label(channel: str | None) -> str:
    if not channel:
        return ""
    return CHANNEL_WORDS.get(channel, channel)


def zone_of(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ControlError(f"Unbekannte Zeitzone: {name!r}") from None


def parse_utc(value: object) -> datetime | None:
    """A time as the store holds it (naive UTC text or datetime) → aware UTC."""
    if value is None or value == "":
        return None
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def local(value: object, zone: ZoneInfo) -> str:
    """ "24.10.2026 09:00:05 CEST" in the forum's time zone; "" for no time."""
    moment = parse_utc(value)
    if moment is None:
        return ""
    return moment.astimezone(zone).strftime("%d.%m.%Y %H:%M:%S %Z")


def plain(value: object) -> Text:
    """A table cell shown as it is (no rich markup: players write brackets too)."""
    return Text("" if value is None else str(value))


def deadline_label(name: str) -> str:
    """What a deadline of the schedule does: "Tag 2 beginnt", "Zwischenstand",
    "Erinnerung vor Dämmerung 2 beginnt", "Antwortfrist einer Frage" (else its name)."""
    kind = names.kind_of(name)
    if kind == "phase":
        return f"{phase_label(names.begins(name))} beginnt"
    if kind == "zwischenstand":
        return "Zwischenstand"
    if kind == "reminder":
        return f"Erinnerung vor {deadline_label(names.reminder_of(name) or '')}"
    if kind == "question":
        return "Antwortfrist einer Frage"
    return name
