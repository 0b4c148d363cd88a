"""What `wolfbot demo` prints while the round runs: a line for each post in the thread,
with the deaths and elections it tells, and each question and its answer at once – in the
round's language (the catalog's `demo.console.*`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

from wolfbot.bot import RoundBot
from wolfbot.demo.settings import Out, when
from wolfbot.engine import events as ev
from wolfbot.engine.offices import office_title
from wolfbot.engine.state import Phase
from wolfbot.engine.text import say
from wolfbot.outbox.queue import SendResult
from wolfbot.posts.language import winners_said
from wolfbot.posts.wording import death_phrase, worded


class Narrator:
    """Tells the demo's round on `out` as the bot plays it."""

    def __init__(self, bot: RoundBot, clock: Callable[[], datetime], out: Out) -> None:
        self.bot, self.clock, self.out = bot, clock, out
        self.questions: Counter[str] = Counter()  # answered / decided at the deadline
        self.phase_posts: list[str] = []  # the titles of the bot's thread posts, as sent
        self._seen = 0  # events told so far
        self._news: list[str] = []  # told with the next phase post

    def events(self) -> None:
        """Deaths and elections are told with the next phase post; questions at once."""
        log = self.bot.game.state.log
        rules = self.bot.rules
        for event in log[self._seen :]:
            match event:
                case ev.PlayerDied(player=player, role=role, cause=cause):
                    phrase = death_phrase(rules, cause)
                    died = say("demo.console.died", player=player, role=role, phrase=phrase)
                    self._news.append(worded(rules, died))
                case ev.MayorElected(player=player):
                    self._news.insert(0, f"{office_title(self.bot.game)}: {player}")
                case ev.QuestionAsked(player=player, kind=kind):
                    asked = worded(rules, say("demo.console.asked", player=player, kind=kind))
                    self._line(worded(rules, say("demo.console.question")), asked)
                case ev.QuestionAnswered(player=player, kind=kind, answer=answer, by_lot=by_lot):
                    self.questions["beantwortet" if answer and not by_lot else "Frist"] += 1
                    said = say(
                        "demo.console.answered",
                        player=player,
                        kind=kind,
                        answer=answer,
                        by_lot=by_lot,
                    )
                    self._line(worded(rules, say("demo.console.answer")), worded(rules, said))
        self._seen = len(log)

    def _line(self, label: str, told: str) -> None:
        """ "Morgen des ersten Tages        Di 03.11. 09:00  …": a label, when, what."""
        self.out(f"{label:<33} {when(self.bot.rules, self.clock())}  {told}".rstrip())

    def sent(self, result: SendResult) -> None:
        """A line for each post in the thread (with the news it tells); a warning for
        anything the write queue could not send."""
        rules = self.bot.rules
        if not result.published:
            why = result.error or result.blocked_reason or ""
            warned = say("demo.console.not_sent", message=result.key, status=result.status, why=why)
            self.out(worded(rules, warned).rstrip())
            return
        message = self.bot.outbox.get(result.key) if result.key else None
        if message is None or message.kind != "post" or not message.channel:
            return
        if not message.channel.startswith("thread"):
            return
        self.phase_posts.append(message.title or "")
        if result.key == self.bot.desk.book.keys.opening():
            wolves = rules.conversations.get("wolves")
            sent = say("demo.console.opening_sent", wolves=wolves.title if wolves else "")
            self._line(worded(rules, say("demo.console.opening")), worded(rules, sent))
            return
        title, kind = message.title or "", self._kind(result.key or "")
        if kind == "reminder":
            self._line(title, worded(rules, say("demo.console.reminder")))
            return
        game = self.bot.game
        living = sum(1 for p in game.state.players if p.alive)
        quiet = worded(rules, say("demo.console.nobody_died")) if kind in ("day", "night") else ""
        news = "; ".join(self._news) or quiet
        if kind != "zwischenstand":
            alive = worded(rules, say("demo.console.living", count=living))
            news = f"{news} · {alive}" if news else alive
            self._news = []
        self._line(title, news)
        if kind == "over":
            winners = game.state.winners
            said = winners_said(rules, winners) if winners else ""
            self.out(worded(rules, say("demo.console.won", winners=said, count=len(winners))))

    def _kind(self, key: str) -> str:
        """What a thread post of the bot is, by its key (its title is in the ruleset's
        language): "reminder", "zwischenstand", "over", the kind of the phase it begins
        ("day": the Morgen, "night": the Abend, "dusk", "runoff"), else ""."""
        name = key.removeprefix(self.bot.desk.book.keys.prefix)
        first = name.split(" ", 1)[0]
        if first in ("reminder", "zwischenstand"):
            return first
        seq = name.removeprefix("e").split("/", 1)[0]
        event = self.bot.game.state.log[int(seq)] if seq.isdigit() else None
        if isinstance(event, ev.GameOver):
            return "over"
        return Phase.parse(event.phase).kind if isinstance(event, ev.PhaseBegan) else ""
