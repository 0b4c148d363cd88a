"""The end of the day: the election of the day, then today's procedure (`PROCEDURES`:
`count` with its places and tie rules, `friends` – the Großes Misstrauen –, `chain` – the
Bürgschaft), which ends in `lynches.finish`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from wolfbot.engine.day import ties
from wolfbot.engine.day.lynches import decide, finish
from wolfbot.engine.day.votes import (
    cast_votes,
    counted,
    may_vote,
    non_voters,
    procedure,
    tally,
    tally_event,
)
from wolfbot.engine.events import Announcement, MayorElected
from wolfbot.engine.port import QuestionHandler
from wolfbot.engine.spec import DayProcedureSpec
from wolfbot.engine.state import Question, Tie
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


# -- the end of the day -----------------------------------------------------------------------
def resolve(game: GamePort) -> None:
    """The end of the day: the election of the day first, then today's procedure. Without
    a Dämmerung (Wolf Village) the day's votes as they stand at its end are the final ones."""
    if "dusk" not in game.rules.phases:
        game.state.day.voters_at_dusk = set(cast_votes(game))
    if election_today(game):
        _elect_mayor(game)
    spec = procedure(game)
    PROCEDURES[spec.kind](game, spec)


def election_today(game: GamePort) -> bool:
    """Whether the players elect the office today: on the first day while nobody holds it
    (`days: first`), and on a day a role called an election for (the Aufständische)."""
    election = game.facts.election
    if election is None or game.state.phase.kind not in ("day", "dusk"):
        return False
    if election.option is not None and not game.option(election.option):
        return False
    first = game.state.phase.number == 1 and game.state.mayor is None
    return first or game.state.day.election


def _count(game: GamePort, spec: DayProcedureSpec) -> None:
    """The `places` players with the most votes are lynched, a vote level at a time; a tie
    for the places still open goes to the procedure's tie rules in order."""
    day = game.state.day
    game.emit(tally_event(game, "evening", non_voters(game, day.voters_at_dusk)))
    counts = tally(game)
    candidates = [p.name for p in game.living() if not day.runoff or p.name in day.runoff]
    places = min(spec.places, len(candidates))
    for votes in sorted({counts[name] for name in candidates}, reverse=True):
        if places == 0:
            break
        group = [name for name in candidates if counts[name] == votes]
        if votes == 0 and spec.without_votes == "nobody":
            break  # nobody has a vote: nobody has the most
        if len(group) <= places:
            for name in group:
                decide(game, name, votes, "majority")
            places -= len(group)
            continue
        day.tie = Tie(group, votes, places)
        for rule in spec.tie:
            if _applies(game, spec, rule) and ties.TIE_RULES[rule](game, day.tie):
                break
        return  # the tie rules finish the day (now, or when the question is answered)
    finish(game)


def _applies(game: GamePort, spec: DayProcedureSpec, rule: str) -> bool:
    """Whether a tie rule applies in this round (`tie_when`: its house rules)."""
    wanted = spec.tie_when.get(rule, {})
    return all(game.option(name) == value for name, value in wanted.items())


def _friends(game: GamePort, spec: DayProcedureSpec) -> None:
    """Das Große Misstrauen: "Jeder Dorfbewohner, der am Abend keine Freunde hat, wird
    gelyncht. Am Abend gibt die Spielleitung bekannt, welcher Dorfbewohner welche anderen
    Dorfbewohner zu seinen Freunden bestimmt hat." – a friend is one whom a living player
    who may vote named (reading 49)."""
    day = game.state.day
    game.emit(tally_event(game, "evening", non_voters(game, day.voters_at_dusk)))
    named = {
        voter: friends
        for voter, friends in day.friends.items()
        if may_vote(game, game.player(voter), lynch=False)
    }
    pairs = [(voter, list(friends)) for voter, friends in named.items()]
    by = next((game.player(e.owner).role for e in day.effects if e.kind == "procedure"), "")
    game.emit(Announcement(say("misstrauen.named", pairs=pairs), by))
    befriended = {friend for friends in named.values() for friend in friends}
    for player in game.living():
        if player.name not in befriended:
            decide(game, player.name, 0, "Misstrauen")
    finish(game)


def unvouched(game: GamePort) -> list[str]:
    """The living nobody has vouched for yet (the Bürgschaft), in Spielerliste order."""
    chain = game.state.day.chain
    return [p.name for p in game.living() if p.name not in chain]


def chain_holder(game: GamePort) -> str | None:
    """Who vouches next: the last one vouched for."""
    chain = game.state.day.chain
    return chain[-1] if chain else None


def _chain(game: GamePort, spec: DayProcedureSpec) -> None:
    """Die Bürgschaft: "Beginnend mit diesem Dorfbewohner, bürgt nun jeder Dorfbewohner für
    einen anderen Dorfbewohner, für den noch kein anderer Dorfbewohner gebürgt hat, bis nur
    noch ein Dorfbewohner übrig ist. Dieser Dorfbewohner wird gelyncht." – steps not taken
    by the Abend are asked of the holder, one by one (reading 50)."""
    game.emit(tally_event(game, "evening", []))
    chain_step(game)


def chain_step(game: GamePort) -> None:
    """The next step of an unfinished Bürgschaft at the Abend, or its end."""
    left, holder = unvouched(game), chain_holder(game)
    if len(left) > 1 and holder is not None:
        game.ask(
            Question(
                player=holder,
                kind="vouch",
                word="Bürgen",
                channels=("thread", "private"),
                options=tuple(left),
                prompt=say("question.vouch"),
            )
        )
        return
    for name in left:
        decide(game, name, 0, "Bürgschaft")
    finish(game)


class Vouch(QuestionHandler):
    """A step of the Bürgschaft asked at the Abend: the holder vouches for `choice`."""

    def resolve(self, game: GamePort, question: Question, choice: str, by_lot: bool) -> None:
        game.state.day.chain.append(choice)
        chain_step(game)


Procedure = Callable[["GamePort", DayProcedureSpec], None]
PROCEDURES: Mapping[str, Procedure] = MappingProxyType(
    {"count": _count, "friends": _friends, "chain": _chain}
)


# -- the election ------------------------------------------------------------------------------
def _elect_mayor(game: GamePort) -> None:
    """Simple majority of the `!Bürgermeister` votes; a tie (also: no votes) by lot – or,
    where the ruleset says so, no votes elect nobody ("Das Dorf darf auch keinen Hauptmann
    wählen")."""
    votes = counted(game, game.state.day.mayor_votes, lynch=False)
    counts = Counter(votes.values())
    candidates = [p.name for p in game.living() if p.active] or [p.name for p in game.living()]
    election = game.rules.day.election
    if not candidates or (not counts and election and election.without_votes == "nobody"):
        return
    top = max(counts[name] for name in candidates)
    tied = [name for name in candidates if counts[name] == top]
    mayor = tied[0] if len(tied) == 1 else game.draw(tied)
    game.state.mayor = mayor
    by_target: dict[str, list[str]] = {}
    for voter, target in votes.items():
        by_target.setdefault(target, []).append(voter)
    tally = tuple((target, tuple(voters)) for target, voters in by_target.items())
    game.emit(MayorElected(mayor, top, by_lot=len(tied) > 1, tally=tally))
