"""What the phase posts show – the Morgen, the Dämmerung, the Abend and the Abschlussbeitrag –
from the public events collected since the last one and the public roster only; and the
tallies the Dämmerung and the Zwischenstand show. `phase_post` gives the template and its
data; the `Publisher` renders it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wolfbot.engine import day
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.state import Phase
from wolfbot.engine.text import say
from wolfbot.engine.views import public_roster
from wolfbot.posts.context import PostContext
from wolfbot.posts.language import winners_said
from wolfbot.posts.summary import conduct_record, phase_summaries
from wolfbot.posts.wording import death_phrase, worded


@dataclass(frozen=True, slots=True)
class PhasePost:
    """A phase post to render: its template, title and data."""

    template: str
    title: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Listed:
    """A line of the Spielerliste, from the public roster only."""

    name: str
    alive: bool
    mayor: bool
    role: str | None  # the revealed role of a dead player, else None
    cause: str | None
    phrase: str  # "wurde von den Werwölfen gefressen" ("" while alive)
    time: str | None  # "night 2"


@dataclass(frozen=True, slots=True)
class Death:
    """A death the phase post announces."""

    player: str
    role: str | None  # the role announced (None: not revealed)
    cause: str
    phrase: str  # "wurde von den Werwölfen gefressen"
    time: str


@dataclass(frozen=True, slots=True)
class LoneWin:
    """A lone winner as the thread is told of him: named with his role only where his death
    revealed it (the lynched Narr or Engel) – a living winner's name and role wait for the
    Abschlussbeitrag (rules/duesterliga/README.md, reading 84)."""

    player: str
    role: str
    named: bool


@dataclass(frozen=True, slots=True)
class Tally:
    """Votes per target (most first) with the voters and the Wütender Mob, and who has not
    voted."""

    rows: list[tuple[str, tuple[str, ...], int]]
    non_voters: tuple[str, ...]
    doubled: str = ""  # the voter whose vote counts twice (Wolf Village's Hauptmann)

    @property
    def empty(self) -> bool:
        return not self.rows


@dataclass(frozen=True, slots=True)
class Buergschaft:
    """The Bürgschaft so far: who vouched for whom in order (the Bürge first), who vouches
    next, and the living nobody has vouched for yet."""

    vouches: list[tuple[str, str]]
    holder: str | None
    unvouched: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Distribution:
    """A line of the Rollenverteilung in the Abschlussbeitrag."""

    name: str
    start_role: str
    final_role: str
    faction: str
    alive: bool
    time: str | None
    winner: bool


def phase_post(
    game: Game, event: ev.PhaseBegan | ev.GameOver, collected: list[ev.Event], ctx: PostContext
) -> PhasePost | None:
    """The post that begins the phase (`PhaseBegan`) or ends the round (`GameOver`) with the
    public events collected since the last phase post; None for the first night (no post)."""
    data = _summary(game, collected)
    data["roster"] = spielerliste(game)
    data["mob_votes"] = mob_votes(game)
    if isinstance(event, ev.GameOver):
        data.update(
            winners=event.winners,
            winners_said=winners_said(game.rules, event.winners),
            winning_players=event.winning_players,
            distribution=_distribution(game, event),
            phases=phase_summaries(game),
            conduct=conduct_record(game),
            round_title=ctx.round_title if ctx.named else "",
        )
        return PhasePost("ende.html.j2", worded(game.rules, say("post.title.final")), data)
    phase = Phase.parse(event.phase)
    if phase.kind == "day":
        now = game.state.phase == phase
        ordinary = game.rules.day.procedures[game.rules.day.ordinary].vote
        data.update(
            day=phase.number,
            vote_word=(day.procedure(game).vote if now else None) or ordinary or "",
            election_today=now and day.election_today(game),
            **ctx.times(phase.number),
        )
        title = worded(game.rules, say("post.title.morning", day=phase.number))
        return PhasePost("morgen.html.j2", title, data)
    if phase.kind == "runoff":
        data.update(
            day=phase.number,
            tied=list(game.state.day.runoff),
            vote_word=day.procedure(game).vote or "",
            **ctx.times(phase.number),
        )
        title = worded(game.rules, say("post.title.runoff", day=phase.number))
        return PhasePost("stichwahl.html.j2", title, data)
    if phase.kind == "dusk":
        now = game.state.phase == phase
        data.update(
            day=phase.number,
            mayor_tally=mayor_tally(game) if now else None,
            **(todays_procedure(game) if now else {}),
            **ctx.times(phase.number),
        )
        title = worded(game.rules, say("post.title.dusk", day=phase.number))
        return PhasePost("daemmerung.html.j2", title, data)
    if phase.number > 1:
        ended = phase.number - 1  # the day this Abend ends
        data.update(day=ended, **ctx.times(ended))
        title = worded(game.rules, say("post.title.evening", day=ended))
        return PhasePost("abend.html.j2", title, data)
    return None


def mob_votes(game: Game) -> int:
    """The Wütender Mob's votes per non-voter (0 in a ruleset without the Mob)."""
    return int(game.option("mob_votes")) if "mob_votes" in game.rules.options else 0


def spielerliste(game: Game) -> list[Listed]:
    """The Spielerliste as everybody may know it (from `public_roster` only)."""
    return [
        Listed(
            name=p.name,
            alive=p.alive,
            mayor=p.mayor,
            role=p.role,
            cause=p.cause,
            phrase=death_phrase(game.rules, p.cause) if p.cause and not p.alive else "",
            time=p.time if not p.alive else None,
        )
        for p in public_roster(game)
    ]


def _summary(game: Game, collected: list[ev.Event]) -> dict:
    deaths = [
        Death(e.player, e.role, e.cause, death_phrase(game.rules, e.cause), e.time)
        for e in collected
        if isinstance(e, ev.PlayerDied)
    ]
    elected = next((e for e in collected if isinstance(e, ev.MayorElected)), None)
    tallies = [e for e in collected if isinstance(e, ev.VoteTally)]
    tally = None
    if tallies:
        last = tallies[-1]
        mob = dict(last.mob)
        voters = dict(last.votes)
        targets = list(voters) + [t for t in mob if t not in voters]
        rows = [(t, voters.get(t, ()), mob.get(t, 0)) for t in targets]
        rows.sort(key=lambda row: -(len(row[1]) + row[2]))
        dead = {e.player for e in deaths}  # who died since does not begin the next day
        rows.sort(key=lambda row: -(len(row[1]) + row[2] + (last.doubled in row[1])))
        tally = Tally(rows, tuple(n for n in last.non_voters if n not in dead), last.doubled)
    return {
        "deaths": deaths,
        "tally": tally,
        "lynches": [e for e in collected if isinstance(e, ev.LynchDecided)],
        "mayor_elected": elected,
        "mayor_tally": _election_tally(elected) if elected else None,
        "successors": [e for e in collected if isinstance(e, ev.SuccessorNamed)],
        "excluded": [e for e in collected if isinstance(e, ev.PlayerExcluded)],
        "lone_winners": _lone_wins(game, collected),
        "attacks_survived": [e.outcome for e in collected if isinstance(e, ev.AttackSurvived)],
        "discarded": [e for e in collected if isinstance(e, ev.OfficeDiscarded)],
        "announcements": [
            worded(game.rules, e.text) for e in collected if isinstance(e, ev.Announcement)
        ]
        + [
            worded(game.rules, say("post.revived", player=e.player))
            for e in collected
            if isinstance(e, ev.PlayerRevived)
        ],
    }


def _election_tally(elected: ev.MayorElected) -> Tally:
    """The election's final count as the Abend shows it: per candidate the voters, most
    votes first."""
    rows = [(target, voters, 0) for target, voters in elected.tally]
    rows.sort(key=lambda row: -len(row[1]))
    return Tally(rows, ())


def _lone_wins(game: Game, collected: list[ev.Event]) -> list[LoneWin]:
    revealed = {p.name for p in public_roster(game) if p.role is not None}
    return [
        LoneWin(e.player, e.role, e.player in revealed)
        for e in collected
        if isinstance(e, ev.LoneWinner)
    ]


def live_tally(game: Game) -> Tally:
    """The lynch votes right now (read from the day's state): counted votes of players who
    may vote, for living targets, and the Wütender Mob."""
    counts = day.tally(game)
    by_target: dict[str, list[str]] = {}
    for voter, target in day.counted(game, game.state.day.lynch_votes).items():
        by_target.setdefault(target, []).append(voter)
    mob = {t: n for t, n in game.state.day.mob.items() if game.player(t).alive and n}
    targets = list(by_target) + [t for t in mob if t not in by_target]
    rows = [(t, tuple(by_target.get(t, ())), mob.get(t, 0)) for t in targets]
    rows.sort(key=lambda row: -counts[row[0]])
    return Tally(rows, tuple(day.missing_votes(game)), day.doubled_voter(game) or "")


def todays_procedure(game: Game) -> dict[str, Any]:
    """What the Zwischenstand and the Dämmerung show of a day that is not an ordinary count:
    `procedure_kind` (the ruleset's kind: count, friends, chain) and, on a day of the
    Bürgschaft, the `buergschaft` so far."""
    spec = day.procedure(game)
    data: dict[str, Any] = {"procedure_kind": spec.kind}
    if spec.kind == "chain":
        chain = game.state.day.chain
        owner = next((e.owner for e in game.state.day.effects if e.kind == "procedure"), "")
        vouchers = [owner, *chain[:-1]]
        holder = day.chain_holder(game)
        left = day.unvouched(game)
        data["buergschaft"] = Buergschaft(
            vouches=list(zip(vouchers, chain, strict=True)),
            holder=holder if len(left) > 1 else None,
            unvouched=tuple(left),
        )
    return data


def mayor_tally(game: Game) -> Tally | None:
    """The Bürgermeisterwahl so far, on a day the Bürgermeister is elected (the Tag der
    Bürgermeisterwahl, the day after an Aufstand)."""
    if not day.election_today(game):
        return None
    by_target: dict[str, list[str]] = {}
    for voter, target in day.counted(game, game.state.day.mayor_votes, lynch=False).items():
        by_target.setdefault(target, []).append(voter)
    rows = [(t, tuple(v), 0) for t, v in by_target.items()]
    rows.sort(key=lambda row: -len(row[1]))
    return Tally(rows, tuple(day.non_voters(game, game.state.day.mayor_votes, lynch=False)))


def _distribution(game: Game, over: ev.GameOver) -> list[Distribution]:
    winners = set(over.winning_players) | {name for name, _ in game.state.lone_winners}
    out = []
    for p in game.state.players:
        spec = game.rules.roles.get(p.role)
        faction = p.faction or (spec.faction if spec else "")
        out.append(
            Distribution(
                p.name,
                p.original_role,
                p.role,
                faction,
                p.alive,
                p.death_time,
                p.name in winners,
            )
        )
    return out
