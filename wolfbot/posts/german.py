"""Small German wording helpers for posts: ordinals, name lists, dates and times of the
forum's time zone, the time of a death."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, tzinfo

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import say
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.spelling import close_names

ORDINALS = (
    "ersten zweiten dritten vierten fünften sechsten siebten achten neunten zehnten elften "
    "zwölften dreizehnten vierzehnten fünfzehnten sechzehnten siebzehnten achtzehnten "
    "neunzehnten zwanzigsten"
).split()
FACTION_HEADINGS = {
    "Dorf": "Das Dorf",
    "Rudel": "Das Rudel",
    "Liebespaar": "Das Liebespaar",
    "Zweideutige": "Die Zweideutigen",
    "Einzelgänger": "Die Einzelgänger",
    "Sekte": "Die Sekte",
    "Untote": "Die Untoten",
}


def ordinal(number: int) -> str:
    """2 → "zweiten" (as in "Morgen des zweiten Tages")."""
    return ORDINALS[number - 1] if 1 <= number <= len(ORDINALS) else f"{number}."


def ordinal_nominative(number: int) -> str:
    """2 → "zweite" (as in "Die zweite Nacht")."""
    word = ordinal(number)
    return word[:-1] if word.endswith("n") else word


def names(items: list[str] | tuple[str, ...]) -> str:
    """["A", "B", "C"] → "A, B und C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} und {items[-1]}"


def when(moment: datetime, zone: tzinfo, rules: Ruleset | None = None) -> str:
    """An aware datetime as the forum shows it in its time zone, in the words of the
    ruleset's catalog (`language.when`, `language.weekdays`); without a ruleset in the
    Düsterliga's German: "Montag, 30.11.2026, 19:00 Uhr"."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"a time of the schedule must carry its time zone: {moment!r}")
    local = moment.astimezone(zone)
    rules = rules or loader.load("duesterliga")
    weekday = worded(rules, say("language.weekdays")).split()[local.weekday()]
    parts = {"day": f"{local:%d}", "month": f"{local:%m}", "year": f"{local:%Y}"}
    parts |= {"hour": f"{local:%H}", "minute": f"{local:%M}"}
    return worded(rules, say("language.when", weekday=weekday, **parts))


def phase_time(label: str | None) -> str:
    """The time of a death as the engine dates it ("night 2", "day 1") in words:
    "in der zweiten Nacht", "am ersten Tag"; anything else as it is."""
    if not label:
        return ""
    kind, _, number = label.partition(" ")
    if not number.isdigit():
        return label
    if kind == "night":
        return f"in der {ordinal(int(number))} Nacht"
    if kind == "day":
        return f"am {ordinal(int(number))} Tag"
    return label


def faction_heading(faction: str) -> str:
    """ "Dorf" → "Das Dorf" (the headings of the rule text's "Fraktionen")."""
    return FACTION_HEADINGS.get(faction, faction)


def winners_said(winners: Iterable[str], role_headings: dict[str, str]) -> str:
    """The winning sides as a sentence says them: "das Rudel", "das Dorf und das
    Liebespaar", "der Narr" (a lone winner by his role's heading, `role_headings`)."""
    said = []
    for side in winners:
        heading = FACTION_HEADINGS.get(side) or role_headings.get(side, side)
        first, _, rest = heading.partition(" ")
        article = rest and first in ("Der", "Die", "Das")
        said.append(f"{first.lower()} {rest}" if article else heading)
    return " und ".join(said)


def season_label(season: int | str | None) -> str:
    """2026 → "'26", "'21" stays, None → ""."""
    if season is None or season == "":
        return ""
    if isinstance(season, int) or str(season).isdigit():
        return f"'{int(season) % 100:02d}"
    return str(season)


def did_you_mean(name: str, names: Iterable[str], *, n: int = 2, cutoff: float = 0.6) -> str:
    """The hint " Meintest du „A“ oder „B“?" with the `close_names`; "" if none is close."""
    near = close_names(name, names, n=n, cutoff=cutoff)
    return f" Meintest du {' oder '.join(f'„{known}“' for known in near)}?" if near else ""
