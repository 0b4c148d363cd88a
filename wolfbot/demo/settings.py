"""The demo's settings, its clock, its result and what it prints at the end."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import say
from wolfbot.forum.local import DEMO_GAME_MASTER
from wolfbot.posts.wording import worded
from wolfbot.schedule.parts import Cadence

RULES_NAME = "duesterliga"
DEFAULT_DIR = Path("wolfbot-demo")
FORUM_FILE, BOT_FILE = "forum.sqlite", "wolfbot.sqlite"
GAME_MASTER, GM_PASSWORD = DEMO_GAME_MASTER
ZONE = ZoneInfo("Europe/Berlin")
MIN_PLAYERS, MAX_PLAYERS = 5, 40
CADENCE = Cadence(
    zwischenstand_every=timedelta(hours=5),  # 14:00 on a day from 09:00 to 19:00
    vote_reminder=timedelta(hours=2),  # 17:00: who has not voted is mentioned
    night_reminder=timedelta(hours=2),  # 07:00: who could still act is told privately
    question_time=timedelta(hours=1),
    question_reminder=timedelta(minutes=30),
)
# The special roles a demo round deals first (as many as the Rollenverteilung has places
# for: a Dorf role per Werwolf, a special Werwolf per three), so that the demo shows the
# same kind of round however many roles the ruleset implements: the Seherin's visions, the
# Hexe's potions, the Jäger's shot, Amor's lovers, two roles that change the day; and the
# Alte Wolf, whose Wolfsgeister keep the Wolfshöhle.
SHOWCASE_ROLES = (
    "Seherin",
    "Hexe",
    "Jäger",
    "Amor",
    "Schwarzer Rabe",
    "Gefängniswärter",
    "Alter Wolf",
)
OPTIONS = {"split_night": True}  # the live bot's night: it asks and waits at each stage
MAX_STEPS = 2000  # a safety net: no round of 40 players needs this many segments

Out = Callable[[str], None]


class DemoClock:
    """The round's clock for the forum and the bot: it stands still while they work and
    only moves when the demo moves it (never backwards). `run()` lets it go on in real
    time from where it stands (to keep serving the forum after the round)."""

    def __init__(self, start: datetime) -> None:
        self._now = start.astimezone(UTC)
        self._since: float | None = None
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            if self._since is None:
                return self._now
            return self._now + timedelta(seconds=time.monotonic() - self._since)

    def set(self, moment: datetime) -> None:
        with self._lock:
            self._now = max(self._now, moment.astimezone(UTC))

    def run(self) -> None:
        with self._lock:
            self._since = time.monotonic()


@dataclass
class DemoResult:
    """What the demo did and where to look."""

    directory: Path
    forum_db: Path
    bot_db: Path
    base_url: str
    thread_url: str
    conversation_url: str
    conversation_player: str
    conversation_password: str
    conversation_login: str  # the login form that returns to the conversation
    conversations_url: str  # the list of one's conversations
    markup: str
    game: Game
    roles: tuple[tuple[str, str], ...]
    game_master: str = GAME_MASTER  # the Spielleitung's account
    phase_posts: list[str] = field(default_factory=list)  # titles of the bot's thread posts
    player_posts: Counter[str] = field(default_factory=Counter)  # by mistake ("ok": none)
    questions: Counter[str] = field(default_factory=Counter)  # answered / deadline
    bot_messages: int = 0
    requests: int = 0  # HTTP requests the local forum answered (all of them the bot's)
    seconds: float = 0.0

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.game.state.winners)


def player_names(count: int, rules: Ruleset) -> list[str]:
    """The demo's players, named in the ruleset's language (`demo.players`, one a line – the
    German ones begin with the twelve of `wolfbot forum serve --demo`), then numbered
    (`demo.extra_player`)."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValueError(f"the demo plays with {MIN_PLAYERS} to {MAX_PLAYERS} players")
    names = worded(rules, say("demo.players")).splitlines()
    more = range(len(names) + 1, count + 1)
    names += [worded(rules, say("demo.extra_player", number=i)) for i in more]
    return names[:count]


def game_master(rules: Ruleset) -> str:
    """The demo's account of the Spielleitung, named in the ruleset's language."""
    return worded(rules, say("demo.game_master"))


def default_start(players: int) -> datetime:
    """The round starts `players` days ago at 20:00 local time (so that a round played out
    in compressed time lies in the past, and a forum served afterwards continues after it)."""
    today = datetime.now(ZONE).date() - timedelta(days=players)
    return datetime(today.year, today.month, today.day, 20, 0, tzinfo=ZONE).astimezone(UTC)


def when(rules: Ruleset, moment: datetime) -> str:
    """ "Di 03.11. 09:00": a moment of the round in the terminal, in the round's language."""
    local = moment.astimezone(ZONE)
    values = {"day": f"{local:%d}", "month": f"{local:%m}", "hour": f"{local:%H}"}
    told = say("demo.console.when", weekday=local.weekday(), minute=f"{local:%M}", **values)
    return worded(rules, told)


def _fresh(directory: Path) -> tuple[Path, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    forum_db, bot_db = directory / FORUM_FILE, directory / BOT_FILE
    for base in (forum_db, bot_db):
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(f"{base}{suffix}").unlink(missing_ok=True)
    return forum_db, bot_db


def player_logins(result: DemoResult, shown: int = 3) -> str:
    """ "Anna / spieler1, Bernd / spieler2, …": the first players' logins."""
    names = [name for name, _ in result.roles][:shown]  # the accounts in the order made
    more = ", …" if len(result.roles) > shown else ""
    return ", ".join(f"{n} / spieler{i}" for i, n in enumerate(names, 1)) + more


def where_to_look(result: DemoResult, *, serving: bool = False) -> list[str]:
    """The closing summary: what was played and where to look, in the round's language.
    Without `serving` the forum stops when the demo returns, and the links say how to open
    them again."""
    fine = ("ok", "chatter", "correction")
    told = say(
        "demo.console.where",
        seconds=f"{result.seconds:.1f}",
        phase_posts=len(result.phase_posts),
        bot_messages=result.bot_messages,
        posts=sum(result.player_posts.values()),
        mistakes=sum(n for kind, n in result.player_posts.items() if kind not in fine),
        serving=serving,
        thread_url=result.thread_url,
        conversation_url=result.conversation_url,
        player=result.conversation_player,
        password=result.conversation_password,
        login=result.conversation_login,
        conversations_url=result.conversations_url,
        game_master=result.game_master,
        game_master_password=GM_PASSWORD,
        logins=player_logins(result),
        forum_db=str(result.forum_db),
        bot_db=str(result.bot_db),
        port=result.base_url.rstrip("/").rsplit(":", 1)[-1],
        markup="" if result.markup == "6" else f" --markup {result.markup}",
    )
    return ["", *worded(result.game.rules, told).splitlines()]
