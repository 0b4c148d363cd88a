"""The bot: forum → store → engine → publisher → write queue → forum, restartable.
`round.RoundBot` is one round; `loop`, `planning` and `reminders` drive it through the
schedule; `live.Live` is `wolfbot run` on a configuration, from the Spielerliste on, and
`journal` what it tells the Spielleitung (in German) while it runs.

May import every package below it: `wolfbot.engine`, `rulesets`, `intake`, `posts`,
`forum` (its seam: `base`, `body`, `dialect`, `software` – never an adapter), `store`,
`outbox`, `setup`, `schedule` – never the Spielleitung's
commands (`wolfbot.spielleitung`), the demo, the scenarios or the command line.

`RoundBot`, `PollReport` and `ReplayError` are imported from here when first asked for, so
that importing one light module of the package (`wolfbot.bot.channels` for `wolfbot status`)
does not import the whole bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wolfbot.bot.reading import PollReport
    from wolfbot.bot.replay import ReplayError
    from wolfbot.bot.round import RoundBot

__all__ = ["PollReport", "ReplayError", "RoundBot"]


def __getattr__(name: str) -> Any:
    if name == "PollReport":
        from wolfbot.bot.reading import PollReport

        return PollReport
    if name == "ReplayError":
        from wolfbot.bot.replay import ReplayError

        return ReplayError
    if name == "RoundBot":
        from wolfbot.bot.round import RoundBot

        return RoundBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
