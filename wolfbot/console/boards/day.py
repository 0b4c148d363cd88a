"""Tag: a day's votes – the count as the engine has it (now, or at the day's end), every
vote in the thread over time (changes, withdrawals, rejected ones marked), the Dämmerung's
cut, the election's count, who has not voted, and the inactivity count.

    board = load_day(connection, info, game)        # the current or the last day
    board = load_day(connection, info, game, 2)     # day 2

The count of a running day is the engine's (`engine.day.votes.tally`: the Wütender Mob,
a doubled vote, who may vote); that of a past day its `VoteTally` at the Abend. Inactivity
is the engine's: Dämmerungen in a row without a vote (`PlayerState.missed_dusks`), the
ruleset's `inactivity_dusks` of them exclude – as the game stands now, whichever day is
shown."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from wolfbot.console.boards.common import current_number, rows, spans, utc
from wolfbot.engine import events as ev
from wolfbot.engine.day import votes as day_votes
from wolfbot.engine.game import Game
from wolfbot.engine.offices import office_title
from wolfbot.spielleitung.labels import GameInfo

__all__ = ["Count", "DayBoard", "Inactivity", "Lynched", "VoteEvent", "load_day"]

BALLOT_WORDS = {"lynch": "Lynch", "withdraw": "Lynch", "election": "Wahl"}


@dataclass(frozen=True, slots=True)
class VoteEvent:
    """A command in the game thread that day, in order."""

    at: datetime | None  # UTC
    phase: str  # "day 2", "dusk 2"
    voter: str
    text: str  # "!Lynch Anna" (as written when not understood)
    word: str | None  # canonical: Lynch, Zurücknehmen, Bürgermeister (None: not understood)
    ballot: str  # "Lynch", "Wahl", or the word's own ("" when not understood)
    target: str | None
    verdict: str  # accepted, rejected, pending
    reason: str | None  # why rejected
    change: str  # new, changed, same, withdrawn, rejected, pending (the pages word it)
    previous: str | None  # the target his vote had before (changed, withdrawn)
    link: str | None
    command_id: int | None


@dataclass(frozen=True, slots=True)
class Count:
    target: str
    votes: int  # counted, the Mob's and a doubled vote included
    voters: tuple[str, ...]  # in the order they voted (as the engine lists them)
    mob: int  # the Wütender Mob's (and other roles' Gegenstimmen)


@dataclass(frozen=True, slots=True)
class Lynched:
    player: str
    votes: int
    decided_by: str  # the engine's: "majority", "Bürgermeister" (his vote), "Los"


@dataclass(frozen=True, slots=True)
class Inactivity:
    player: str
    missed: int  # Dämmerungen in a row without a vote
    limit: int | None  # after this many he is excluded (None: the ruleset has no such rule)
    near: bool  # one more Dämmerung without a vote excludes him
    excluded: bool


@dataclass(frozen=True, slots=True)
class DayBoard:
    number: int
    current: bool  # the game is in this day (or its Dämmerung, its Stichwahl) now
    tally: tuple[Count, ...]  # now (current), else at the Abend; most votes first
    tally_moment: str  # "jetzt", "Abend", "" (no count that day)
    doubled: str | None  # whose vote counts twice (Wolf Village's Hauptmann)
    votes: tuple[VoteEvent, ...]
    dusk: tuple[Count, ...] | None  # the count when the Dämmerung began (None: not yet / none)
    dusk_non_voters: tuple[str, ...]  # who had not voted then (the Wütender Mob's)
    election: tuple[Count, ...] | None  # the election's final count, if one was settled
    elected: str | None  # who was elected (Bürgermeister / Hauptmann)
    office: str  # the elected office's title: "Bürgermeister", Klassisch's "Hauptmann"
    elected_by_lot: bool
    non_voters: tuple[str, ...]  # now (current), else at the day's end
    lynched: tuple[Lynched, ...]
    inactivity: tuple[Inactivity, ...]  # the living who may vote, as the game stands now
    inactivity_limit: int | None


def load_day(
    connection: sqlite3.Connection, info: GameInfo, game: Game, number: int | None = None
) -> DayBoard | None:
    """Day `number` (default: the current or the last one) of round `info`; None before the
    first day began or for a day that did not happen."""
    last = current_number(game, "day")
    number = last if number is None else number
    if number is None or last is None or not 1 <= number <= last:
        return None
    phase = game.state.phase
    current = phase.by_day and phase.number == number
    events = spans(game, (f"day {number}", f"dusk {number}", f"runoff {number}"))
    tallies = [e for e in events if isinstance(e, ev.VoteTally)]
    dusk = next((e for e in tallies if e.moment == "dusk"), None)
    evening = next((e for e in reversed(tallies) if e.moment == "evening"), None)
    elected = next((e for e in events if isinstance(e, ev.MayorElected)), None)
    if current and day_votes.counts_votes(game):
        counts = day_votes.tally(game)
        now = day_votes.tally_event(game, "now", day_votes.missing_votes(game))
        tally = _counts(now, counts)
        moment, doubled, non_voters = "jetzt", now.doubled or None, now.non_voters
    elif evening is not None:
        tally = _counts(evening)
        moment, doubled, non_voters = "Abend", evening.doubled or None, evening.non_voters
    else:
        tally, moment, doubled, non_voters = (), "", None, dusk.non_voters if dusk else ()
    return DayBoard(
        number=number,
        current=current,
        tally=tally,
        tally_moment=moment,
        doubled=doubled,
        votes=_votes(connection, info.id, number, game),
        dusk=_counts(dusk) if dusk else None,
        dusk_non_voters=dusk.non_voters if dusk else (),
        election=_election(elected) if elected else None,
        elected=elected.player if elected else None,
        elected_by_lot=elected.by_lot if elected else False,
        office=office_title(game),
        non_voters=tuple(non_voters),
        lynched=tuple(
            Lynched(e.player, e.votes, e.decided_by)
            for e in events
            if isinstance(e, ev.LynchDecided)
        ),
        inactivity=_inactivity(game),
        inactivity_limit=_limit(game),
    )


def _counts(tally: ev.VoteTally, counts: dict[str, int] | None = None) -> tuple[Count, ...]:
    """A count, most votes first (then as the engine lists them): from the engine's tally
    now (`counts`, the modifiers applied) or as a VoteTally recorded it."""
    voters = dict(tally.votes)
    mob = dict(tally.mob)
    targets = list(voters) + [t for t in mob if t not in voters]
    found = []
    for target in targets:
        own = voters.get(target, ())
        extra = mob.get(target, 0)
        if counts is not None:
            votes = counts.get(target, 0)
        else:
            votes = len(own) + extra + (1 if tally.doubled and tally.doubled in own else 0)
        found.append(Count(target, votes, tuple(own), extra))
    return tuple(sorted(found, key=lambda c: -c.votes))


def _election(elected: ev.MayorElected) -> tuple[Count, ...]:
    found = [Count(target, len(voters), tuple(voters), 0) for target, voters in elected.tally]
    return tuple(sorted(found, key=lambda c: -c.votes))


def _votes(
    connection: sqlite3.Connection, game_id: int, number: int, game: Game
) -> tuple[VoteEvent, ...]:
    """The day's commands in the game thread and its votes wherever they were given (a
    Weerwolven round votes in the Rollenmitteilung), in order."""
    handlers = game.rules.word_handlers
    ballots = set(game.rules.ballot_words)
    written = {game.rules.shown_word(word).casefold(): word for word in ballots}
    written.update({word.casefold(): word for word in ballots})
    held: dict[tuple[str, str], str | None] = {}  # (voter, ballot) → his vote's target
    found = []
    for r in rows(
        connection,
        "SELECT c.at, c.phase, c.actor AS voter, c.word, json_extract(c.targets, '$[0]')"
        " AS target, c.verdict, c.reason, ip.url AS link, c.id AS command_id, c.text,"
        " c.channel FROM commands c LEFT JOIN input_posts ip ON ip.id = c.input_id"
        " WHERE c.game_id = :g AND c.phase IN (:day, :dusk, :runoff) ORDER BY c.at, c.id",
        {
            "g": game_id,
            "day": f"day {number}",
            "dusk": f"dusk {number}",
            "runoff": f"runoff {number}",
        },
    ):
        said = (r["text"] or "").lstrip("!").split(" ", 1)[0].casefold()
        if r["channel"] != "thread" and r["word"] not in ballots and said not in written:
            continue  # a night command given by day, an answer: not the day's vote
        word = r["word"]
        handler = handlers.get(word or "", "")
        ballot = BALLOT_WORDS.get(handler, word or "")
        key = (r["voter"], ballot)
        previous = held.get(key)
        if r["verdict"] != "accepted":
            change = "rejected" if r["verdict"] == "rejected" else "pending"
            previous = None
        elif handler == "withdraw":
            change, held[key] = "withdrawn", None
        else:
            if previous is None:
                change = "new"
            else:
                change = "same" if previous == r["target"] else "changed"
            held[key] = r["target"]
        found.append(
            VoteEvent(
                at=utc(r["at"]),
                phase=r["phase"],
                voter=r["voter"],
                text=r["text"] or "",
                word=word,
                ballot=ballot,
                target=r["target"],
                verdict=r["verdict"],
                reason=r["reason"],
                change=change,
                previous=previous if change in ("changed", "withdrawn") else None,
                link=r["link"],
                command_id=r["command_id"],
            )
        )
    return tuple(found)


def _limit(game: Game) -> int | None:
    if "inactivity_dusks" not in game.rules.options:
        return None
    return int(game.option("inactivity_dusks"))


def _inactivity(game: Game) -> tuple[Inactivity, ...]:
    """The living who may give a vote: Dämmerungen in a row without one, most first."""
    limit = _limit(game)
    found = [
        Inactivity(
            player=p.name,
            missed=p.missed_dusks,
            limit=limit,
            near=limit is not None and p.active and p.missed_dusks >= limit - 1,
            excluded=p.excluded,
        )
        for p in game.state.players
        if p.alive
    ]
    return tuple(sorted(found, key=lambda i: -i.missed))
