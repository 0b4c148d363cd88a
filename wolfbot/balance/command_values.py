"""Commands as values: a command is immutable, so one built for the same fields before is as
good as a new one. The simulated players of the benchmarks and of a rating
(`wolfbot.demo.simulate`, `wolfbot.balance.players`) send the same few commands thousands of
times; `of` builds each once (validated, as any command) and hands it out again. (Kept by the
simulators, not the engine: the engine holds no state beyond a game's.)"""

from __future__ import annotations

from wolfbot.engine.commands import Command
from wolfbot.engine.spec import Channel

MOST = 200_000  # values kept; then the memo starts anew (a rating of 24 keeps some 20,000)

Fields = tuple[str, str, str, tuple[str, ...], tuple[str, ...], str | None, str | None, str | None]
_built: dict[Fields, Command] = {}


def of(
    word: str,
    actor: str,
    channel: Channel,
    targets: tuple[str, ...] = (),
    roles: tuple[str, ...] = (),
    choice: str | None = None,
    note: str | None = None,
    said: str | None = None,
) -> Command:
    """The command `word` with these fields (`Command(word=…, actor=…, …)`), built once."""
    key = (word, actor, channel, targets, roles, choice, note, said)
    found = _built.get(key)
    if found is None:
        if len(_built) >= MOST:
            _built.clear()
        found = _built[key] = Command(
            word=word,
            actor=actor,
            channel=channel,
            targets=targets,
            roles=roles,
            choice=choice,
            note=note,
            said=said,
        )
    return found
