"""What the explanations of a night and a lynch share (`wolfbot explain`): the error for a
phase that did not happen yet, the part of the log a phase spans, the wording in the round's
language."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.text import Text, say
from wolfbot.posts.wording import worded

HEAL_WORDS = ("Heiltrank", "Heilen")


class NotYet(LookupError):
    """The phase to explain did not happen (or is not resolved) yet."""


@dataclass(frozen=True, slots=True)
class Window:
    """The part of the log from a phase's start up to the next phase's start."""

    start: int
    end: int


def phase_window(game: Game, phase: str) -> Window | None:
    log = game.state.log
    starts = [i for i, e in enumerate(log) if isinstance(e, ev.PhaseBegan) and e.phase == phase]
    if not starts:
        return None
    start = starts[-1]
    end = next(
        (i for i in range(start + 1, len(log)) if isinstance(log[i], ev.PhaseBegan)), len(log)
    )
    return Window(start, end)


def told(game: Game, text: Text) -> str:
    """`text` in the words of the round's catalog (`explain.*` in `messages/explain.yaml`)."""
    return worded(game.rules, text)


def by(game: Game, name: str) -> str:
    """The player as the one who did something, with his role: "vom Leibwächter Lars"."""
    return _with_role(game, name, "by")


def onto(game: Game, name: str) -> str:
    """The player as the one something went to, with his role: "den Leibwächter Lars"."""
    return _with_role(game, name, "onto")


def _with_role(game: Game, name: str, case: str) -> str:
    player = game.find_player(name)
    if player is None:
        return name
    role = game.role_facts(player)
    article = role.heading.split()[0].casefold() if role.heading else ""
    if case == "by":
        return told(game, say("explain.by", article=article, role=role.name, name=name))
    return told(game, say("explain.onto", article=article, role=role.name, name=name))
