"""What a post needs beyond the game: the round's name, the Spielleitung, the observers, the
schedule, the links to earlier posts and the forum's user ids (for mentions).

The bot fills a `PostContext` for each post; without one (the scenario runner, the terminal
demo) the posts simply leave out times, links and mentions by id."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import Text, say
from wolfbot.posts.wording import worded


def _season_label(season: int | str | None) -> str:
    """2026 → "'26", "'21" stays, None → ""."""
    if season is None or season == "":
        return ""
    if isinstance(season, int) or str(season).isdigit():
        return f"'{int(season) % 100:02d}"
    return str(season)


@dataclass(frozen=True, slots=True)
class ScheduleDay:
    """The expected times of one day of the round (aware datetimes)."""

    number: int
    day_begins: datetime
    dusk_begins: datetime
    night_begins: datetime


def daily_schedule(
    first_day: date,
    zone: tzinfo,
    *,
    days: int,
    day_begins: time = time(9, 0),
    dusk_begins: time = time(19, 0),
    night_begins: time = time(21, 0),
) -> tuple[ScheduleDay, ...]:
    """The schedule of `days` days from `first_day` (the Tag der Bürgermeisterwahl) at the
    same local times every day, in `zone` – 19:00 stays 19:00 across a daylight-saving change.
    A night that begins before the day's Dämmerung (after midnight) belongs to the next date."""
    out = []
    for index in range(days):
        today = first_day + timedelta(days=index)
        start = datetime.combine(today, day_begins, tzinfo=zone)
        dusk = datetime.combine(today, dusk_begins, tzinfo=zone)
        night = datetime.combine(today, night_begins, tzinfo=zone)
        if dusk <= start:
            dusk = datetime.combine(today + timedelta(days=1), dusk_begins, tzinfo=zone)
        if night <= dusk:
            night = datetime.combine(dusk.date() + timedelta(days=1), night_begins, tzinfo=zone)
        out.append(ScheduleDay(index + 1, start, dusk, night))
    return tuple(out)


@dataclass(frozen=True)
class PostContext:
    """Everything a post shows that the game itself does not know.

    The round: `title` verbatim if given, else worded by the ruleset's catalog
    (`post.round.*`; the Düsterliga's: "{league} Season '{season} - {round_type}
    {round_number}: {round_name}"). Times: the explicit `dusk_begins`, `night_begins`,
    `next_day_begins` of the post at hand win; otherwise they are looked up in `timetable`
    by the day the post belongs to. `links`: title → URL of the Morgen, Dämmerung and Abend
    posts published so far, in order. `user_ids`: forum user id by name, for mentions as
    WoltLab stores them; a name without id is written "@Name" (WoltLab links it when saving).
    """

    league: str = "Düsterliga"
    season: int | str | None = None
    round_type: str = "Ligarunde"
    round_number: int | None = None
    round_name: str = ""
    title: str = ""
    game_masters: tuple[str, ...] = ()
    observers: tuple[str, ...] = ()
    user_ids: Mapping[str, int] = field(default_factory=dict)
    timezone: str = "Europe/Berlin"
    timetable: tuple[ScheduleDay, ...] = ()
    dusk_begins: datetime | None = None
    night_begins: datetime | None = None
    next_day_begins: datetime | None = None
    links: Mapping[str, str] = field(default_factory=dict)
    ruleset: Ruleset | None = None
    options: Mapping[str, Any] | None = None
    outing: str = ""  # how the round departs from the absolute Offenbarungs- und Andeutungsverbot
    # … as the ruleset's keys (`[round] outing`) and the roles of `rollen` (`outing_roles`)
    outing_rules: tuple[str, ...] = ()
    outing_roles: tuple[str, ...] = ()
    rules_url: str = ""  # the Grundregelwerk, linked from the Spielanleitung
    extra_roles: tuple[str, ...] = ()  # roles that may come into play (set aside, by a change)

    @property
    def zone(self) -> tzinfo:
        return ZoneInfo(self.timezone)

    @property
    def named(self) -> bool:
        """The round's name or number is known (else the posts leave the round title out)."""
        return bool(self.title or self.round_name or self.round_number)

    @property
    def round_title(self) -> str:
        """ "Düsterliga Season '26 - Ligarunde 1: Das große Schlachten" (`post.round.title`)."""
        if self.title:
            return self.title
        number = self.round_number or ""
        return self._said(
            say(
                "post.round.title",
                league=self.league,
                season=_season_label(self.season),
                round_type=self.round_type,
                number=number,
                name=self.round_name,
            )
        )

    @property
    def round_label(self) -> str:
        """ "1. Ligarunde" (the Rollenmitteilung's title, `post.round.label`); "" when the
        number is not known."""
        if not self.round_number:
            return ""
        return self._said(
            say("post.round.label", round_type=self.round_type, number=self.round_number)
        )

    @property
    def spieltag(self) -> str:
        """The "Spieltag" line of the short header: "Season 2026, Ligarunde # 1"
        (`post.round.spieltag`)."""
        year: int | str = ""
        if self.season not in (None, ""):
            year = self.season  # type: ignore[assignment]
            if isinstance(year, int) or str(year).isdigit():
                year = int(year) if int(year) >= 100 else 2000 + int(year)
        number = self.round_number or ""
        return self._said(
            say("post.round.spieltag", year=year, round_type=self.round_type, number=number)
        )

    def for_rules(self, rules: Ruleset) -> PostContext:
        """This context for a round of `rules` (its catalog words the round's name), unless
        it names its ruleset already."""
        return self if self.ruleset is not None else replace(self, ruleset=rules)

    def _said(self, text: Text) -> str:
        """The round's name in the words of its ruleset's catalog (the Düsterliga's without
        one)."""
        from wolfbot.rulesets import loader  # the loader reads the shipped rules lazily

        return worded(self.ruleset or loader.load("duesterliga"), text)

    def day(self, number: int) -> ScheduleDay | None:
        return next((d for d in self.timetable if d.number == number), None)

    def times(self, day: int) -> dict[str, datetime | None]:
        """The times a post of day `day` announces: the Dämmerung and the night of that day,
        the beginning of the next day (explicit fields first, then the timetable)."""
        today, tomorrow = self.day(day), self.day(day + 1)
        return {
            "day_begins": today.day_begins if today else None,
            "dusk_begins": self.dusk_begins or (today.dusk_begins if today else None),
            "night_begins": self.night_begins or (today.night_begins if today else None),
            "next_day_begins": self.next_day_begins or (tomorrow.day_begins if tomorrow else None),
        }
