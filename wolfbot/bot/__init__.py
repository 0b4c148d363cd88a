"""The bot: forum → store → engine → publisher → write queue → forum, restartable.
`round.RoundBot` is one round; `loop`, `planning` and `reminders` drive it through the
schedule; `live.Live` is `wolfbot run` on a configuration, from the Spielerliste on.

May import every package below it: `wolfbot.engine`, `rulesets`, `intake`, `markup`,
`posts`, `forum`, `store`, `outbox`, `setup`, `schedule` – never the Spielleitung's
commands (`wolfbot.spielleitung`), the demo, the scenarios or the command line."""

from wolfbot.bot.reading import PollReport
from wolfbot.bot.replay import ReplayError
from wolfbot.bot.round import RoundBot

__all__ = ["PollReport", "ReplayError", "RoundBot"]
