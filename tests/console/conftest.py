"""A round for the console: day 1 of the bot tests' round (`tests/bot/roundkit.py`) – Dora
was eaten, Clara's "!Lynch Ana" was rejected, Emil's "!Lynch Anna" counts – with its bot
marked as running (`BotPresence`), and the console served on loopback beside it.

Stores of demo rounds for the console's boards, each played once per test session (and
worker: the tests that use one carry its `xdist_group`, `boards_group`): a whole round of
every ruleset the demo plays, and a Düsterliga round stopped in its second night with some
commands in."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from boards_stores import Round, opened, play  # noqa: E402
from console_kit import PASSWORD, ZONE, Console  # noqa: E402
from roundkit import SCRIPT, bold, site  # noqa: E402

from wolfbot.bot.presence import BotPresence  # noqa: E402
from wolfbot.console.app import ConsoleSettings  # noqa: E402
from wolfbot.console.security import Credentials, Sessions  # noqa: E402
from wolfbot.console.server import ConsoleServer  # noqa: E402
from wolfbot.console.source import RoundSource  # noqa: E402


@pytest.fixture
def console(tmp_path: Path) -> Iterator[Console]:
    with site(tmp_path) as here:
        bot = here.bot(clock=here.clock)
        here.start(bot)
        bot.send()
        for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
            here.act(step, bot)
        here.act(("post", "Clara", "thread", bold("!Lynch Ana")), bot)
        here.act(("post", "Emil", "thread", bold("!Lynch Anna")), bot)
        bot.poll()
        with BotPresence(here.db):
            source = RoundSource(here.db, clock=here.clock)
            logins = Sessions(Credentials(PASSWORD, True))
            with ConsoleServer(source, logins, ConsoleSettings(ZONE), port=0) as server:
                yield Console(here, bot, server)


@pytest.fixture(scope="session")
def finished(tmp_path_factory: pytest.TempPathFactory):
    """`finished(ruleset)`: the store of a whole demo round of `ruleset`, played once."""
    made: dict[str, Round] = {}
    closing = []

    def get(ruleset: str) -> Round:
        if ruleset not in made:
            db = play(tmp_path_factory.mktemp(f"boards-{ruleset}"), ruleset)
            rounds = opened(db)
            made[ruleset] = next(rounds)
            closing.append(rounds)
        return made[ruleset]

    yield get
    for rounds in closing:
        next(rounds, None)


@pytest.fixture(scope="session")
def mid_night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Round]:
    """A Düsterliga round stopped in night 2, some of its commands in."""
    db = play(tmp_path_factory.mktemp("boards-night"), "duesterliga", stop_in="night 2")
    yield from opened(db)
