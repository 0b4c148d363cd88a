"""The day as it stands: what the night left it (`new_day`: the Mob, the day effects, the
procedure), who may vote and who has not, and the count with the ruleset's modifiers
(`tally`, `MODIFIERS`) – what every reader of the day asks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.events import Announcement, PrivateInfo, VoteTally
from wolfbot.engine.spec import DayProcedureSpec
from wolfbot.engine.state import DayEffect, DayState, PlayerState
from wolfbot.engine.text import say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def new_day(game: GamePort) -> DayState:
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
            game.emit(Announcement(effect.announce, effect.by or game.player(effect.owner).role))
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


def _effect_on(game: GamePort, kind: str, name: str) -> DayEffect | None:
    if not game.state.day.effects or not game.state.phase.by_day:
        return None
    return next((e for e in game.state.day.effects if e.kind == kind and e.target == name), None)


def cast_votes(game: GamePort) -> Mapping[str, object]:
    """Today's votes by voter: the count's votes, or the friends named (`friends`)."""
    day = game.state.day
    return day.friends if procedure(game).kind == "friends" else day.lynch_votes


def counts_votes(game: GamePort) -> bool:
    """Whether today's procedure has votes to give – a day of the Bürgschaft has none: no
    Wütender Mob, no inactivity count (reading 50)."""
    return procedure(game).kind != "chain"


def votes_today(game: GamePort, word: str) -> bool:
    """Whether today's procedure votes (or withdraws) with `word`."""
    return word in game.facts.procedure_words[game.state.day.procedure]


def jailed(game: GamePort, name: str) -> bool:
    """ "Der eingesperrte Dorfbewohner darf sich tagsüber weder äußern noch seine Stimme
    abgeben.\""""
    return _effect_on(game, "jail", name) is not None


def fixed_vote(game: GamePort, name: str) -> str | None:
    """The player the Marionettenspieler's puppet must vote for today, if he is one: "Der
    kontrollierte Dorfbewohner muss am nächsten Tag einen Dorfbewohner lynchen, der vom
    Marionettenspieler gegenüber der Spielleitung bestimmt wurde\"."""
    effect = _effect_on(game, "puppet", name)
    return effect.vote if effect is not None else None


def may_vote(game: GamePort, player: PlayerState, lynch: bool = True) -> bool:
    """Not excluded, not jailed and – for the lynch vote (`lynch`; not an election or the
    naming of friends) – not bereft of it by his role: his vote counts, and he is a
    non-voter if he gives none. A vote his role took stays taken when he loses his abilities
    (the Dorfdepp's, after the Dorfälteste's death: `GamePort.own_behaviour`)."""
    if not player.active:
        return False
    name = player.name
    if game.state.day.effects and (jailed(game, name) or not _chosen_voter(game, name)):
        return False
    return not lynch or game.own_behaviour(player).may_lynch(game, player)


def _chosen_voter(game: GamePort, name: str) -> bool:
    """On a day whose voters were chosen (Düsterwald's Sündenbock: "Er darf entscheiden,
    wer am nächsten Tag abstimmen darf"), whether `name` is one of them; True otherwise."""
    if not game.state.day.effects or not game.state.phase.by_day:
        return True
    chosen = [e for e in game.state.day.effects if e.kind == "voters"]
    return not chosen or any(e.target == name for e in chosen)


def non_voters(game: GamePort, votes: Collection[str], lynch: bool = True) -> list[str]:
    """The living who may vote and gave no vote (of `votes`), in Spielerliste order."""
    return [p.name for p in game.living() if may_vote(game, p, lynch) and p.name not in votes]


def missing_votes(game: GamePort) -> list[str]:
    """Who has not given today's vote yet (the Zwischenstand, the reminders) – nobody on a
    day without votes to give (the Bürgschaft)."""
    return non_voters(game, cast_votes(game)) if counts_votes(game) else []


def note_post(game: GamePort, player: PlayerState, channel: str, text: str) -> None:
    """A jailed player who writes in the thread by day is told that he may not."""
    if channel == "thread" and text and jailed(game, player.name):
        game.emit(PrivateInfo((player.name,), "private", say("jail.silent")))


def procedure(game: GamePort) -> DayProcedureSpec:
    """Today's procedure."""
    return game.facts.procedures[game.state.day.procedure]


# -- the count ---------------------------------------------------------------------------------
def check_not_against_lover(game: GamePort, player: PlayerState, target: str) -> None:
    """ "Die Verliebten dürfen niemals gegeneinander stimmen.\""""
    lovers = game.state.lovers
    if lovers and game.option("lovers_vote_restriction") and game.lover_of(player.name) == target:
        raise IllegalCommand(say("refused.against_lover"))


def counted(game: GamePort, votes: dict[str, str], lynch: bool = True) -> dict[str, str]:
    """Votes of players who may vote, for players still alive."""
    return {
        voter: target
        for voter, target in votes.items()
        if may_vote(game, game.player(voter), lynch) and game.player(target).alive
    }


def tally(game: GamePort) -> Counter[str]:
    """Votes against each living player right now, with the ruleset's modifiers."""
    counts = Counter(counted(game, game.state.day.lynch_votes).values())
    for name in game.rules.day.modifiers:
        MODIFIERS[name](game, counts)
    return counts


def _mob(game: GamePort, counts: Counter[str]) -> None:
    """ "Jeder Dorfbewohner, der in der Dämmerung nicht abgestimmt hat, erhält am nächsten
    Tag eine Gegenstimme" (the Wütender Mob, option `mob_votes`)."""
    for target, extra in game.state.day.mob.items():
        if game.player(target).alive:
            counts[target] += extra


def _double_mayor(game: GamePort, counts: Counter[str]) -> None:
    """ "Die Stimme des Hauptmanns zählt doppelt": the holder's counted vote counts twice."""
    mayor = game.state.mayor
    target = counted(game, game.state.day.lynch_votes).get(mayor) if mayor else None
    if target is not None:
        counts[target] += 1


def doubled_voter(game: GamePort) -> str | None:
    """Who has a counted vote that counts twice today (None: nobody)."""
    mayor = game.state.mayor
    if "mayor_double" not in game.rules.day.modifiers or mayor is None:
        return None
    return mayor if mayor in counted(game, game.state.day.lynch_votes) else None


Modifier = Callable[["GamePort", Counter[str]], None]
MODIFIERS: Mapping[str, Modifier] = MappingProxyType({"mob": _mob, "mayor_double": _double_mayor})


def tally_event(game: GamePort, moment: str, non_voters: list[str]) -> VoteTally:
    """The count as the Dämmerung and the Abend show it: who voted for whom, the Mob."""
    by_target: dict[str, list[str]] = {}
    for voter, target in counted(game, game.state.day.lynch_votes).items():
        by_target.setdefault(target, []).append(voter)
    voters = tuple((t, tuple(v)) for t, v in by_target.items())
    mob = tuple((t, n) for t, n in game.state.day.mob.items() if game.player(t).alive)
    return VoteTally(moment, voters, mob, tuple(non_voters), doubled_voter(game) or "")


def final_voters(game: GamePort, name: str) -> tuple[str, ...]:
    """Who voted for `name` in the day's final count – the Abend's tally ("Maßgeblich ist
    das Endergebnis des Tages"; "wenn er … erfolgreich lyncht")."""
    for event in reversed(game.state.log):
        if isinstance(event, VoteTally) and event.moment == "evening":
            return dict(event.votes).get(name, ())
    return ()
