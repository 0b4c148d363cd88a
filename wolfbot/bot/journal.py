"""The Spielleitung's journal: the log `wolfbot run` shows (`JOURNAL`, German; see
`wolfbot.bot.live` for what it holds), and the forum's state as the passes see it
(`ForumWatch`), told there once per change, with the pause before the next pass while the
forum fails: 5 s, 10 s, 20 s, … up to `RETRY_MAX` (or `poll_seconds`, if longer)."""

from __future__ import annotations

import logging

JOURNAL = "wolfbot.bot.live"  # the logger's name: `Live`'s own lines are the journal's
log = logging.getLogger(JOURNAL)
RETRY_FIRST = 5.0  # seconds before the first new try after a pass the forum failed
RETRY_MAX = 300.0  # … growing to at most this (or `poll_seconds`, if longer)


class ForumWatch:
    """The forum's state as the passes see it, told to the Spielleitung once per change
    (`JOURNAL`), and the pause before the next pass while it fails."""

    def __init__(self, base_url: str, interval: float) -> None:
        self.base_url = base_url
        self.interval = interval
        self.failing: str | None = None  # why the last pass failed, or None
        self.forum = True  # … and whether the forum failed it (else a bug)
        self.unread: int = 0  # channels the last pass could not read
        self.pause: float | None = None

    def failed(self, why: str, *, forum: bool = True) -> float:
        """A pass failed – the forum (`why`: what it did), or a bug in wolfbot (not
        `forum`) –: the pause before the next one."""
        longest = max(self.interval, RETRY_MAX)
        self.pause = RETRY_FIRST if self.pause is None else min(longest, 2 * self.pause)
        if self.failing != why:
            if not forum:
                log.error(
                    "Ein Durchgang ist an einem Fehler in wolfbot gescheitert (%s); wolfbot "
                    "versucht es weiter – bitte mit der ganzen Meldung melden, die `wolfbot "
                    "--debug run` zeigt.",
                    why,
                )
            elif self.failing is None or not self.forum:
                log.warning(
                    "Das Forum %s ist nicht erreichbar (%s); wolfbot versucht es weiter, in "
                    "wachsenden Abständen bis höchstens alle %s.",
                    self.base_url,
                    why,
                    _duration(longest),
                )
            else:
                log.warning("Das Forum ist weiter nicht erreichbar, jetzt: %s.", why)
            self.failing, self.forum = why, forum
        return self.pause

    def passed(self, unread: int, trouble: str = "", waiting: str | None = None) -> None:
        """A pass went through, maybe with `unread` channels it could not read (`trouble`:
        why; `waiting`: the deadline that waits for them)."""
        if self.failing is not None:
            again = f"Das Forum {self.base_url} antwortet wieder."
            log.warning(again if self.forum else "Die Durchgänge gelingen wieder.")
        elif self.unread and not unread:
            log.warning("Das Forum lässt sich wieder ganz lesen.")
        if unread and not self.unread:
            held = waiting.partition(":")[0] if waiting else ""
            log.warning(
                "%d Kanäle des Forums (Spielthema, Konversationen) ließen sich nicht lesen "
                "(%s); wolfbot liest sie beim nächsten Durchgang wieder%s.",
                unread,
                trouble,
                f", und die Frist „{held}“ wartet so lange" if held else "",
            )
        self.failing, self.pause, self.unread = None, None, unread


def _duration(seconds: float) -> str:
    return f"{seconds / 60:g} min" if seconds >= 60 else f"{seconds:g} s"
