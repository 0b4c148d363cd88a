"""The write queue's names for its rows, standard library only (`wolfbot status` reads the
queue with them and stays quick to start): the key prefix of a round's messages, the
mark of an edit a newer edit replaced, and the mark of why a queued message waits."""

from __future__ import annotations

SUPERSEDED = "superseded by "  # `last_error` of an edit a newer edit of its post replaced
# `last_error` of a message a limit of the forum holds: the mark, then the reason (German,
# naming the setting: `pacing.Gate.reason`); cleared when it is tried
WAITING = "wartet: "


def game_prefix(game_id: int) -> str:
    """Every key of round `game_id`'s messages starts with it: "g2/" (`bot.channels.Keys`)."""
    return f"g{game_id}/"


def superseded(kind: str, last_error: str | None) -> bool:
    """An edit that a newer edit of the same post replaced before it was sent."""
    return kind == "edit" and (last_error or "").startswith(SUPERSEDED)


def waiting(last_error: str | None) -> str | None:
    """Why a queued message waits (a limit of the forum, `WAITING`), or None."""
    if last_error is None or not last_error.startswith(WAITING):
        return None
    return last_error[len(WAITING) :]
