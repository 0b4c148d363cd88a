"""A `PostContext` as JSON (`games.context`), so that a round is published – and replayed
by `wolfbot replay` – with exactly the context it started with.

Kept: the round's names, the Spielleitung, the observers, the time zone, the timetable,
the user ids known at the start, the house texts. Not kept: `links` (the bot learns them
from the posts it sent), the explicit one-post times, and `ruleset`/`options` (the round's
own columns)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from wolfbot.posts.context import PostContext, ScheduleDay

_PLAIN = (
    "league",
    "season",
    "round_type",
    "round_number",
    "round_name",
    "title",
    "timezone",
    "outing",
    "rules_url",
)
_TUPLES = ("game_masters", "observers", "extra_roles", "outing_rules", "outing_roles")


def context_to_json(context: PostContext) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(context, name) for name in _PLAIN}
    data.update({name: list(getattr(context, name)) for name in _TUPLES})
    data["user_ids"] = dict(context.user_ids)
    data["timetable"] = [
        {
            "number": day.number,
            "day_begins": day.day_begins.isoformat(),
            "dusk_begins": day.dusk_begins.isoformat(),
            "night_begins": day.night_begins.isoformat(),
        }
        for day in context.timetable
    ]
    return data


def context_from_json(data: dict[str, Any]) -> PostContext:
    values: dict[str, Any] = {name: data[name] for name in _PLAIN if name in data}
    values.update({name: tuple(data[name]) for name in _TUPLES if name in data})
    values["user_ids"] = {str(k): int(v) for k, v in data.get("user_ids", {}).items()}
    values["timetable"] = tuple(
        ScheduleDay(
            int(day["number"]),
            datetime.fromisoformat(day["day_begins"]),
            datetime.fromisoformat(day["dusk_begins"]),
            datetime.fromisoformat(day["night_begins"]),
        )
        for day in data.get("timetable", [])
    )
    return PostContext(**values)
