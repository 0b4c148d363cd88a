"""What `wolfbot demo` prints while the round runs: a line for each post in the thread,
with the deaths and elections it tells, and each question and its answer at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

from wolfbot.bot import RoundBot
from wolfbot.demo.settings import QUESTIONS, Out, when
from wolfbot.engine import events as ev
from wolfbot.engine.offices import office_title
from wolfbot.engine.state import Phase
from wolfbot.outbox.queue import SendResult
from wolfbot.posts.wording import death_phrase


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
        for event in log[self._seen :]:
            match event:
                case ev.PlayerDied(player=player, role=role, cause=cause):
                    phrase = death_phrase(self.bot.rules, cause)
                    self._news.append(f"{player} ({role or 'Rolle verdeckt'}) {phrase}")
                case ev.MayorElected(player=player):
                    self._news.insert(0, f"{office_title(self.bot.game)}: {player}")
                case ev.QuestionAsked(player=player, kind=kind):
                    what = QUESTIONS.get(kind, kind)
                    self.out(f"{'  Frage':<33} {when(self.clock())}  an {player}: {what}")
                case ev.QuestionAnswered(player=player, kind=kind, answer=answer, by_lot=by_lot):
                    self.questions["beantwortet" if answer and not by_lot else "Frist"] += 1
                    how = " (durch Los)" if by_lot else "" if answer else " (Frist verstrichen)"
                    what = QUESTIONS.get(kind, kind)
                    said = f"{player}: {answer or 'keine Wahl'}{how} ({what})"
                    self.out(f"{'  Antwort':<33} {when(self.clock())}  {said}")
        self._seen = len(log)

    def sent(self, result: SendResult) -> None:
        """A line for each post in the thread (with the news it tells); a warning for
        anything the write queue could not send."""
        if not result.published:
            why = result.error or result.blocked_reason or ""
            self.out(f"  Achtung: {result.key} {result.status} {why}".rstrip())
            return
        message = self.bot.outbox.get(result.key) if result.key else None
        if message is None or message.kind != "post" or not message.channel:
            return
        if not message.channel.startswith("thread"):
            return
        self.phase_posts.append(message.title or "")
        if result.key == self.bot.desk.book.keys.opening():
            wolves = self.bot.rules.conversations.get("wolves")
            sent = "mit den Rollenmitteilungen" + (f" und „{wolves.title}“" if wolves else "")
            self.out(f"{'Eröffnungsbeitrag':<33} {when(self.clock())}  {sent}")
            return
        title, kind = message.title or "", self._kind(result.key or "")
        if kind == "reminder":
            self.out(f"{title:<33} {when(self.clock())}  an alle ohne Stimme (erwähnt)")
            return
        game = self.bot.game
        living = sum(1 for p in game.state.players if p.alive)
        quiet = "niemand ist gestorben" if kind in ("day", "night") else ""
        news = "; ".join(self._news) or quiet
        if kind != "zwischenstand":
            news = f"{news} · {living} leben" if news else f"{living} leben"
            self._news = []
        self.out(f"{title:<33} {when(self.clock())}  {news}".rstrip())
        if kind == "over":
            self.out(f"Gewonnen hat: {' und '.join(game.state.winners) or 'niemand'}.")

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
