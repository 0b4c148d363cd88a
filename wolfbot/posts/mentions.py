"""User mentions in neutral markup (`<mention user="12">Name</mention>`, see
`wolfbot.forum.dialect`): the forum's dialect writes them as the forum stores a mention."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from markupsafe import Markup, escape


def mention(name: str, user_id: int | None = None) -> Markup:
    """A mention of `name`; `user_id`: the forum's id of the user, when the bot knows it."""
    user = f' user="{int(user_id)}"' if user_id is not None else ""
    return Markup(f"<mention{user}>{escape(name)}</mention>")


def mentioner(user_ids: Mapping[str, int]) -> Callable[[str], Markup]:
    """`mention` with the ids the bot knows (by exact name, else by case-folded name)."""
    folded = {name.casefold(): uid for name, uid in user_ids.items()}

    def _mention(name: str) -> Markup:
        uid = user_ids.get(name)
        if uid is None:
            uid = folded.get(name.casefold())
        return mention(name, uid)

    return _mention
