"""The ruleset's language in the posts: ordinals, lists of names, dates and times of the
forum's time zone, the time of a death, the headings of the factions – each worded by the
ruleset's catalog (`language.*`, in rules/duesterliga/messages/language.yaml for German),
so that a ruleset in another language says them in its own words:

    when(rules, moment, zone)     # "Montag, 30.11.2026, 19:00 Uhr" (Dutch: "maandag …")
    names(rules, ["A", "B", "C"])  # "A, B und C" (Dutch: "A, B en C")

What a new language must word – these entries, the `post.*` ones and the templates – is
listed in docs/languages.md."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, tzinfo

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import say
from wolfbot.posts.wording import worded


def ordinal_nominative(rules: Ruleset, number: int) -> str:
    """2 → "zweite" (as in "Die zweite Nacht"); the titles word `language.ordinal`
    ("Morgen des zweiten Tages") in the catalog."""
    return worded(rules, say("language.ordinal_nominative", number=number))


def names(rules: Ruleset, items: Iterable[str]) -> str:
    """["A", "B", "C"] → "A, B und C"."""
    return worded(rules, say("language.names", names=tuple(items)))


def when(rules: Ruleset, moment: datetime, zone: tzinfo) -> str:
    """An aware datetime as the forum shows it in its time zone:
    "Montag, 30.11.2026, 19:00 Uhr"."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a time of the schedule must carry its time zone: {moment!r}")
    return worded(rules, say("language.when", **clock_values(moment.astimezone(zone))))


def clock_values(moment: datetime) -> dict[str, int | str]:
    """A time's parts as the catalog words them: `weekday` 0–6, `day`, `month`, `hour`,
    `minute` with two digits, `year` with four."""
    parts = {"day": "%d", "month": "%m", "year": "%Y", "hour": "%H", "minute": "%M"}
    return {"weekday": moment.weekday()} | {n: moment.strftime(c) for n, c in parts.items()}


def phase_time(rules: Ruleset, label: str | None) -> str:
    """The time of a death as the engine dates it ("night 2", "day 1") in words:
    "in der zweiten Nacht", "am ersten Tag"; anything else as it is."""
    if not label:
        return ""
    kind, _, number = label.partition(" ")
    if kind not in ("night", "day") or not number.isdigit():
        return label
    return worded(rules, say("language.phase_time", kind=kind, number=int(number)))


def faction_heading(rules: Ruleset, faction: str) -> str:
    """ "Dorf" → "Das Dorf" (the headings of the rule text's "Fraktionen")."""
    return worded(rules, say("language.faction_heading", faction=faction, otherwise=faction))


def winners_said(rules: Ruleset, winners: Iterable[str]) -> str:
    """The winning sides as a sentence says them: "das Rudel", "das Dorf und das
    Liebespaar", "der Narr" (a lone winner by his role's heading)."""
    headings = {role.name: role.heading for role in rules.roles.values()}
    sides = [
        worded(rules, say("language.faction_heading", faction=s, otherwise=headings.get(s, s)))
        for s in winners
    ]
    return worded(rules, say("language.winners", sides=tuple(sides)))
