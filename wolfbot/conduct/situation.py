"""The `Situation` of a post, read from the engine's game: the phase, the players and their
roles, the Dämmerung's most-voted, the group the post stands in and who knows whose role."""

from __future__ import annotations

from wolfbot.conduct.outing import PRIVATE, Situation
from wolfbot.engine.day import tally
from wolfbot.engine.game import Game
from wolfbot.engine.names import WOLVES

# the group conversations whose members learn each other's roles there: the Wolfshöhle
# (the pack) and the Gruft (the Vampir and his Ghule). The Bettgeflüster tells a lover whom
# he loves, not his role; the Verzauberte know they are enchanted; the Totenreich's dead
# are announced with their roles anyway.
KNOWING = (WOLVES, "crypt")


def situation_of(game: Game, group: str | None = None) -> Situation:
    """The situation of a post in `group` (None: the thread; "private": the author's own
    conversation with the Spielleitung; else the group's engine name, "wolves") now."""
    state = game.state
    most_voted: frozenset[str] = frozenset()
    if state.phase.kind == "dusk":
        votes = tally(game)
        top = max(votes.values(), default=0)
        most_voted = frozenset(name for name, n in votes.items() if n == top and top > 0)
    known: dict[str, set[str]] = {}
    for channel in KNOWING:
        members = state.conversations.get(channel, [])
        for member in members:
            known.setdefault(member, set()).update(m for m in members if m != member)
    shared = () if group in (None, PRIVATE) else state.conversations.get(group, ())
    return Situation(
        phase=str(state.phase),
        group=group,
        members=frozenset(shared),
        players=tuple(p.name for p in state.players),
        roles={p.name: p.role for p in state.players},
        most_voted=most_voted,
        known_to={name: frozenset(names) for name, names in known.items()},
    )
