"""How a day is decided, as a mechanism the ruleset's `day:` section drives.

A day has a procedure (`DayState.procedure`, the ruleset's `day.ordinary` unless a role
changed it) and, at its end, is decided in this order: the election of its day
(`day.election`, the Bürgermeister on the first day), then the procedure
(`PROCEDURES[kind]`: `count` counts the votes with the ruleset's modifiers and breaks a
tie with its `tie` rules, each from `TIE_RULES`), then the lynch (`lynch`). Every reader
of the count – the engine, the posts, the scenarios, the reminders – asks `tally`.

The tables are the mechanism's extension points: a procedure, a tie rule or a modifier
is one small named function here, and a ruleset names it in its data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import Announcement, LynchDecided, MayorElected, PrivateInfo, VoteTally
from wolfbot.engine.roles.base import QuestionHandler
from wolfbot.engine.spec import DayProcedureSpec, DaySpec
from wolfbot.engine.state import DayEffect, DayState, PlayerState, Question, Tie
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.game import Game


def unknown_names(spec: DaySpec) -> list[str]:
    """The procedure kinds, tie rules and modifiers `spec` names that the tables lack."""
    procedures = spec.procedures.values()
    unknown = {p.kind for p in procedures if p.kind not in PROCEDURES}
    unknown |= {rule for p in procedures for rule in p.tie if rule not in TIE_RULES}
    unknown |= {name for name in spec.modifiers if name not in MODIFIERS}
    return sorted(unknown)


def new_day(game: Game) -> DayState:
    """The state of a day as it begins: the ordinary procedure, the Wütender Mob's votes
    that the last Dämmerung earned, and the night's effects on it – but those of an owner
    who died that night and whose effect lapses with him: a `mob` effect adds its votes, a
    `procedure` effect sets the procedure, an `election` effect calls an election."""
    state = game.state
    effects = [
        effect
        for effect in state.next_day
        if game.player(effect.owner).alive or not effect.lapses_if_owner_dies
    ]
    day = DayState(mob=dict(state.next_mob), procedure=game.rules.day.ordinary, effects=effects)
    for effect in effects:
        if effect.announce is not None:
            game.emit(Announcement(effect.announce, game.player(effect.owner).role))
        if effect.kind == "mob":
            day.mob[effect.target] = day.mob.get(effect.target, 0) + effect.votes
        elif effect.kind == "procedure" and effect.procedure:
            day.procedure = effect.procedure
            if game.rules.day.procedures[effect.procedure].kind == "chain":
                living = [p.name for p in game.living()]
                first = effect.vote if effect.vote in living else None
                day.chain = [first or game.draw(living)] if living else []
        elif effect.kind == "election":
            day.election = True
    state.next_mob, state.next_day = {}, []
    return day


def _effect_on(game: Game, kind: str, name: str) -> DayEffect | None:
    if game.state.phase.kind not in ("day", "dusk"):
        return None
    return next((e for e in game.state.day.effects if e.kind == kind and e.target == name), None)


def cast_votes(game: Game) -> Mapping[str, object]:
    """Today's votes by voter: the count's votes, or the friends named (`friends`)."""
    day = game.state.day
    return day.friends if procedure(game).kind == "friends" else day.lynch_votes


def counts_votes(game: Game) -> bool:
    """Whether today's procedure has votes to give – a day of the Bürgschaft has none: no
    Wütender Mob, no inactivity count (reading 50)."""
    return procedure(game).kind != "chain"


def votes_today(game: Game, word: str) -> bool:
    """Whether today's procedure votes (or withdraws) with `word`."""
    spec = procedure(game)
    return word in (spec.vote, spec.withdraw)


def jailed(game: Game, name: str) -> bool:
    """ "Der eingesperrte Dorfbewohner darf sich tagsüber weder äußern noch seine Stimme
    abgeben.\""""
    return _effect_on(game, "jail", name) is not None


def fixed_vote(game: Game, name: str) -> str | None:
    """The player the Marionettenspieler's puppet must vote for today, if he is one: "Der
    kontrollierte Dorfbewohner muss am nächsten Tag einen Dorfbewohner lynchen, der vom
    Marionettenspieler gegenüber der Spielleitung bestimmt wurde\"."""
    effect = _effect_on(game, "puppet", name)
    return effect.vote if effect is not None else None


def may_vote(game: Game, player: PlayerState, word: str = "Lynch") -> bool:
    """Not excluded, not jailed and – for `!Lynch` – not bereft of it by his role: his vote
    counts, and he is a non-voter if he gives none."""
    if not player.active or jailed(game, player.name):
        return False
    return word != "Lynch" or game.behaviour(player).may_lynch(game, player)


def non_voters(game: Game, votes: Collection[str], word: str = "Lynch") -> list[str]:
    """The living who may vote and gave no vote (of `votes`), in Spielerliste order – none
    on a day without votes to give (the Bürgschaft), but for the Bürgermeisterwahl."""
    if word != "Bürgermeister" and game.state.phase.kind in ("day", "dusk"):
        if not counts_votes(game):
            return []
    return [p.name for p in game.living() if may_vote(game, p, word) and p.name not in votes]


def note_post(game: Game, player: PlayerState, channel: str, text: str) -> None:
    """A jailed player who writes in the thread by day is told that he may not."""
    if channel == "thread" and text and jailed(game, player.name):
        game.emit(PrivateInfo((player.name,), "private", say("jail.silent")))


def procedure(game: Game) -> DayProcedureSpec:
    """Today's procedure."""
    return game.rules.day.procedures[game.state.day.procedure]


# -- the count ---------------------------------------------------------------------------------
def check_not_against_lover(game: Game, player: PlayerState, target: str) -> None:
    """ "Die Verliebten dürfen niemals gegeneinander stimmen.\""""
    if game.option("lovers_vote_restriction") and game.lover_of(player.name) == target:
        raise IllegalCommand(say("refused.against_lover"))


def counted(game: Game, votes: dict[str, str], word: str = "Lynch") -> dict[str, str]:
    """Votes of players who may vote, for players still alive."""
    return {
        voter: target
        for voter, target in votes.items()
        if may_vote(game, game.player(voter), word) and game.player(target).alive
    }


def tally(game: Game) -> Counter[str]:
    """Votes against each living player right now, with the ruleset's modifiers."""
    counts = Counter(counted(game, game.state.day.lynch_votes).values())
    for name in game.rules.day.modifiers:
        MODIFIERS[name](game, counts)
    return counts


def _mob(game: Game, counts: Counter[str]) -> None:
    """ "Jeder Dorfbewohner, der in der Dämmerung nicht abgestimmt hat, erhält am nächsten
    Tag eine Gegenstimme" (the Wütender Mob, option `mob_votes`)."""
    for target, extra in game.state.day.mob.items():
        if game.player(target).alive:
            counts[target] += extra


Modifier = Callable[["Game", Counter[str]], None]
MODIFIERS: dict[str, Modifier] = {"mob": _mob}


def tally_event(game: Game, moment: str, non_voters: list[str]) -> VoteTally:
    """The count as the Dämmerung and the Abend show it: who voted for whom, the Mob."""
    by_target: dict[str, list[str]] = {}
    for voter, target in counted(game, game.state.day.lynch_votes).items():
        by_target.setdefault(target, []).append(voter)
    voters = tuple((t, tuple(v)) for t, v in by_target.items())
    mob = tuple((t, n) for t, n in game.state.day.mob.items() if game.player(t).alive)
    return VoteTally(moment, voters, mob, tuple(non_voters))


# -- the end of the day -----------------------------------------------------------------------
def resolve(game: Game) -> None:
    """The end of the day: the election of the day first, then today's procedure."""
    if election_today(game):
        _elect_mayor(game)
    spec = procedure(game)
    PROCEDURES[spec.kind](game, spec)


def election_today(game: Game) -> bool:
    """Whether the players elect the office today: on the first day while nobody holds it
    (`days: first`), and on a day a role called an election for (the Aufständische)."""
    election = game.rules.day.election
    if election is None or game.state.phase.kind not in ("day", "dusk"):
        return False
    first = game.state.phase.number == 1 and game.state.mayor is None
    return first or game.state.day.election


def _count(game: Game, spec: DayProcedureSpec) -> None:
    """The `places` players with the most votes are lynched, a vote level at a time; a tie
    for the places still open goes to the procedure's tie rules in order."""
    day = game.state.day
    game.emit(tally_event(game, "evening", non_voters(game, day.voters_at_dusk)))
    counts = tally(game)
    candidates = [p.name for p in game.living()]
    places = min(spec.places, len(candidates))
    for votes in sorted({counts[name] for name in candidates}, reverse=True):
        if places == 0:
            break
        group = [name for name in candidates if counts[name] == votes]
        if len(group) <= places:
            for name in group:
                decide(game, name, votes, "majority")
            places -= len(group)
            continue
        day.tie = Tie(group, votes, places)
        for rule in spec.tie:
            if TIE_RULES[rule](game, day.tie):
                break
        return  # the tie rules finish the day (now, or when the question is answered)
    finish(game)


def _friends(game: Game, spec: DayProcedureSpec) -> None:
    """Das Große Misstrauen: "Jeder Dorfbewohner, der am Abend keine Freunde hat, wird
    gelyncht. Am Abend gibt die Spielleitung bekannt, welcher Dorfbewohner welche anderen
    Dorfbewohner zu seinen Freunden bestimmt hat." – a friend is one whom a living player
    who may vote named (reading 49)."""
    day = game.state.day
    game.emit(tally_event(game, "evening", non_voters(game, day.voters_at_dusk)))
    named = {
        voter: friends
        for voter, friends in day.friends.items()
        if may_vote(game, game.player(voter), "Freund")
    }
    pairs = [(voter, list(friends)) for voter, friends in named.items()]
    by = next((game.player(e.owner).role for e in day.effects if e.kind == "procedure"), "")
    game.emit(Announcement(say("misstrauen.named", pairs=pairs), by))
    befriended = {friend for friends in named.values() for friend in friends}
    for player in game.living():
        if player.name not in befriended:
            decide(game, player.name, 0, "Misstrauen")
    finish(game)


def unvouched(game: Game) -> list[str]:
    """The living nobody has vouched for yet (the Bürgschaft), in Spielerliste order."""
    chain = game.state.day.chain
    return [p.name for p in game.living() if p.name not in chain]


def chain_holder(game: Game) -> str | None:
    """Who vouches next: the last one vouched for."""
    chain = game.state.day.chain
    return chain[-1] if chain else None


def _chain(game: Game, spec: DayProcedureSpec) -> None:
    """Die Bürgschaft: "Beginnend mit diesem Dorfbewohner, bürgt nun jeder Dorfbewohner für
    einen anderen Dorfbewohner, für den noch kein anderer Dorfbewohner gebürgt hat, bis nur
    noch ein Dorfbewohner übrig ist. Dieser Dorfbewohner wird gelyncht." – steps not taken
    by the Abend are asked of the holder, one by one (reading 50)."""
    game.emit(tally_event(game, "evening", []))
    chain_step(game)


def chain_step(game: Game) -> None:
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

    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        game.state.day.chain.append(choice)
        chain_step(game)


Procedure = Callable[["Game", DayProcedureSpec], None]
PROCEDURES: dict[str, Procedure] = {"count": _count, "friends": _friends, "chain": _chain}


def decide(game: Game, name: str, votes: int, decided_by: str) -> None:
    """`name` is to be lynched; the lynches happen together at the end (`finish`)."""
    day = game.state.day
    day.decided.append(LynchDecided(name, votes, decided_by))
    tie = day.tie
    if tie is not None and name in tie.tied:
        tie.tied.remove(name)
        tie.places -= 1


def finish(game: Game) -> None:
    """The end of the day, which every procedure reaches: the day's lynches – unless one of
    those decided is spared (the Dorfdepp, the Vergessene Prinz: "An diesem Tag wird kein
    Dorfbewohner gelyncht"), each is announced (`LynchDecided`) and they die together, in
    Spielerliste order, as one batch – and then the deaths held for this Abend."""
    day = game.state.day
    decided, day.decided, day.tie = day.decided, [], None
    spared = []
    for decision in decided:
        player = game.player(decision.player)
        why = game.behaviour(player).spared(game, player)
        if why is not None:
            spared.append(Announcement(why, player.role))
    for announcement in spared:
        game.emit(announcement)
    if not spared:
        for decision in decided:
            game.emit(decision)
        order = [p.name for p in game.state.players]
        lynched = sorted((d.player for d in decided), key=order.index)
        if lynched:
            game.kill([(name, "Lynch") for name in lynched])
    evening, game.state.evening_deaths = game.state.evening_deaths, []
    if evening:  # after the lynch (reading 45): the Harte Bursche, a wounded Werwolf
        game.kill(evening)
    for player in game.living():  # a role played "bis zum nächsten Abend" ends (the dead
        player.acting_as = None  # keep the one they died in: a question of it may be open)


# -- tie rules: each may decide places of the tie (`decide`); it returns True when the tie is
# dealt with – the day finished (`finish`, `_done`) or a question asked whose answer finishes
# it – and False to leave the rest to the next rule ---------------------------------------------
def _done(game: Game, tie: Tie) -> bool:
    """Whether the tie is over: every place filled, or as many tied left as places (those
    are lynched) – then the day is finished."""
    if tie.places > 0 and len(tie.tied) > tie.places:
        return False
    for name in list(tie.tied) if tie.places > 0 else []:
        decide(game, name, tie.votes, "majority")
    finish(game)
    return True


def _acting_mayor(game: Game) -> str | None:
    mayor = game.state.mayor
    player = game.find_player(mayor) if mayor else None
    return player.name if player is not None and player.active else None


def _scapegoat(game: Game, tie: Tie) -> bool:
    """Der Sündenbock: "Wenn am Ende des Tages mehrere Dorfbewohner dieselbe Anzahl an den
    meisten Gegenstimmen auf sich vereinigen, so wird anstatt eines dieser Dorfbewohner und
    ungeachtet des Bürgermeisters der Sündenbock gelyncht." – a place each tie; a role that
    `takes_tie` (alive, not decided already)."""
    decided = {d.player for d in game.state.day.decided}
    goat = next(
        (
            p
            for p in game.living()
            if p.name not in decided and game.behaviour(p).takes_tie(game, p)
        ),
        None,
    )
    if goat is None:
        return False
    places_before = tie.places
    decide(game, goat.name, tally(game)[goat.name], "Sündenbock")
    if tie.places == places_before:  # he was not among the tied: he takes one of their places
        tie.places -= 1
    return _done(game, tie)


def _mayor_vote(game: Game, tie: Tie) -> bool:
    """ "Wenn es zu einem Gleichstand kommt, so entscheidet die Stimme des Bürgermeisters.\""""
    mayor = _acting_mayor(game)
    choice = game.state.day.lynch_votes.get(mayor) if mayor else None
    if choice is None or choice not in tie.tied:
        return False
    decide(game, choice, tie.votes, "Bürgermeister")
    return _done(game, tie)


def _mayor_decides(game: Game, tie: Tie) -> bool:
    """ "Hat der Bürgermeister für keinen der Dorfbewohner gestimmt, zwischen denen es einen
    Gleichstand gibt, so bestimmt er, welcher dieser Dorfbewohner gelyncht wird." – one
    question per open place."""
    mayor = _acting_mayor(game)
    if mayor is None:
        return False
    _ask_mayor(game, mayor, tie)
    return True


def _ask_mayor(game: Game, mayor: str, tie: Tie) -> None:
    game.ask(
        Question(
            player=mayor,
            kind="lynch_tie",
            word="Lynch",
            channels=("private",),
            options=tuple(tie.tied),
            prompt=say("question.lynch_tie", votes=tie.votes),
        )
    )


def _lot(game: Game, tie: Tie) -> bool:
    while not _done(game, tie):
        decide(game, game.draw(list(tie.tied)), tie.votes, "Los")
    return True


TieRule = Callable[["Game", Tie], bool]
TIE_RULES: dict[str, TieRule] = {
    "scapegoat": _scapegoat,
    "mayor_vote": _mayor_vote,
    "mayor_decides": _mayor_decides,
    "lot": _lot,
}


class LynchTie(QuestionHandler):
    """The Bürgermeister's answer to a tie (`mayor_decides`): a place each."""

    def check(self, game: Game, question: Question, command: Command) -> None:
        check_not_against_lover(game, game.player(question.player), command.target)

    def resolve(self, game: Game, question: Question, choice: str, by_lot: bool) -> None:
        tie = game.state.day.tie
        if tie is None:  # a question of an older release, asked without a tie
            tie = game.state.day.tie = Tie(list(question.options), tally(game)[choice], 1)
        decide(game, choice, tie.votes, "Los" if by_lot else "Bürgermeister")
        if not _done(game, tie):
            _ask_mayor(game, question.player, tie)


# -- the election ------------------------------------------------------------------------------
def _elect_mayor(game: Game) -> None:
    """Simple majority of the `!Bürgermeister` votes; a tie (also: no votes) by lot."""
    counts = Counter(counted(game, game.state.day.mayor_votes, "Bürgermeister").values())
    candidates = [p.name for p in game.living() if p.active] or [p.name for p in game.living()]
    if not candidates:
        return
    top = max(counts[name] for name in candidates)
    tied = [name for name in candidates if counts[name] == top]
    mayor = tied[0] if len(tied) == 1 else game.draw(tied)
    game.state.mayor = mayor
    game.emit(MayorElected(mayor, top, by_lot=len(tied) > 1))
