"""The bot: forum → store → engine → publisher → write queue → forum, restartable."""

from wolfbot.bot.reading import PollReport
from wolfbot.bot.replay import ReplayError
from wolfbot.bot.round import RoundBot

__all__ = ["PollReport", "ReplayError", "RoundBot"]
