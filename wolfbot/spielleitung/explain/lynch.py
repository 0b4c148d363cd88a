"""`wolfbot explain --day N` (or `--lynch N`): the evening of day N in the round's language
(the catalog's `explain.lynch.*`), from the log – the day's procedure (an ordinary majority,
two lynches after the Stotternde Richter's Zeichen, a Bürgermeisterwahl after an Aufstand),
the tally with its voters and the Wütender Mob, how each place was decided (majority, the
Sündenbock, the Bürgermeister's vote or answer, the lot), a lynch prevented (Dorfdepp,
Vergessener Prinz), the lynched and the deaths that followed (Liebeskummer, the Jäger's shot,
the Abend's held deaths)."""

from __future__ import annotations

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.names import LIEBESKUMMER
from wolfbot.engine.offices import office_title
from wolfbot.engine.state import DAY_KINDS
from wolfbot.engine.text import say
from wolfbot.posts.wording import death_phrase, worded
from wolfbot.spielleitung.explain.common import NotYet, phase_window, told


def explain_lynch(game: Game, day: int) -> list[str]:
    """Lines explaining the lynch at the end of day `day`, in the round's language."""
    begun = [w for kind in DAY_KINDS if (w := phase_window(game, f"{kind} {day}")) is not None]
    if not begun:
        raise NotYet(told(game, say("explain.not_yet.day", number=day)))
    if "dusk" in game.rules.phases and phase_window(game, f"dusk {day}") is None:
        raise NotYet(told(game, say("explain.not_yet.dusk", number=day)))
    log = game.state.log
    first, last = min(w.start for w in begun), max(w.start for w in begun)
    evening = _evening(log, last)  # after the dusk or a Stichwahl: the day's last count
    if evening is None:
        raise NotYet(told(game, say("explain.not_yet.evening", number=day)))
    events = log[evening:]
    end = next(
        (i for i, e in enumerate(events) if isinstance(e, ev.PhaseBegan | ev.GameOver)),
        len(events),
    )
    events = events[:end]
    if _tie_open(events):  # the office holder is still asked who of the tied goes
        raise NotYet(told(game, say("explain.not_yet.evening", number=day)))
    out = [told(game, say("explain.lynch.heading", day=day)), _procedure(game, log, day)]
    for e in log[first:evening]:  # the Bürgermeister is elected first
        if isinstance(e, ev.MayorElected):
            elected = say(
                "explain.lynch.mayor_elected",
                office=office_title(game),
                player=e.player,
                votes=e.votes,
                by_lot=e.by_lot,
            )
            out.append(told(game, elected))
    # a count that tied before a Stichwahl, then the Stichwahl's
    before = [e for e in log[first:last] if isinstance(e, ev.VoteTally) and e.moment == "evening"]
    for earlier in before:
        _tally_lines(game, out, earlier, told(game, say("explain.lynch.votes")))
    heading = say("explain.lynch.runoff_votes") if before else say("explain.lynch.votes")
    totals = _tally_lines(game, out, log[evening], told(game, heading))
    spared = [e for e in events if isinstance(e, ev.Announcement) and e.text.key in SPARED]
    for e in spared:
        out.append(told(game, say("explain.lynch.spared", why=worded(game.rules, e.text))))
    decisions = [e for e in events if isinstance(e, ev.LynchDecided)]
    if not decisions and not spared:
        out.append(told(game, say("explain.lynch.nobody")))
    for decided in decisions:
        out.append(_decision(game, events, decided, totals))
    out.extend(_deaths(game, events))
    return out


SPARED = ("dorfdepp.spared", "prinz.spared")


def _procedure(game: Game, log: list[ev.Event], day: int) -> str:
    """The day's procedure, from the Morgen's announcements (made as the night ends): its
    `doc` in the ruleset's `day.procedures`."""
    window = phase_window(game, f"night {day}")
    said = []
    for e in log[window.start : window.end] if window else []:
        if isinstance(e, ev.Announcement) and e.text.key == "day_signal.election":
            said.append(told(game, say("explain.lynch.election")))
        elif isinstance(e, ev.Announcement) and e.text.key == "day_signal.procedure":
            said.append(game.rules.day.procedures[e.text.value("procedure")].doc)
    return told(game, say("explain.lynch.procedure", procedures=said))


def _evening(log: list[ev.Event], start: int) -> int | None:
    """Index of the evening's VoteTally after the dusk began."""
    for i in range(start, len(log)):
        e = log[i]
        if isinstance(e, ev.VoteTally) and e.moment == "evening":
            return i
        if isinstance(e, ev.PhaseBegan) and i > start:
            return None
    return None


def _tie_open(events: list[ev.Event]) -> bool:
    """Whether the evening waits for the answer to a tie (asked, not answered, nobody
    lynched yet)."""
    asked = any(isinstance(e, ev.QuestionAsked) and e.kind == "lynch_tie" for e in events)
    answered = any(isinstance(e, ev.QuestionAnswered) and e.kind == "lynch_tie" for e in events)
    decided = any(isinstance(e, ev.LynchDecided) for e in events)
    return asked and not answered and not decided


def _tally_lines(game: Game, out: list[str], tally: ev.VoteTally, heading: str) -> dict[str, int]:
    totals: dict[str, int] = {}
    voters = dict(tally.votes)
    mob = dict(tally.mob)
    for target in [*voters, *(t for t in mob if t not in voters)]:
        names = voters.get(target, ())
        totals[target] = len(names) + mob.get(target, 0)
    out.append(heading)
    for target, total in sorted(totals.items(), key=lambda item: -item[1]):
        line = say(
            "explain.lynch.tally",
            target=target,
            total=total,
            voters=voters.get(target, ()),
            mob=mob.get(target, 0),
        )
        out.append("  " + told(game, line))
    if not totals:
        out.append("  " + told(game, say("explain.lynch.no_votes")))
    if tally.non_voters:
        out.append(told(game, say("explain.lynch.non_voters", players=tally.non_voters)))
    return totals


def _decision(
    game: Game, events: list[ev.Event], decided: ev.LynchDecided, totals: dict[str, int]
) -> str:
    player = decided.player
    if decided.decided_by == "majority":
        return told(game, say("explain.lynch.majority", player=player, votes=decided.votes))
    if decided.decided_by == "Bürgschaft":
        return told(game, say("explain.lynch.buergschaft", player=player))
    if decided.decided_by == "Misstrauen":
        return told(game, say("explain.lynch.misstrauen", player=player))
    if decided.decided_by == "Sündenbock":
        office = office_title(game)
        return told(game, say("explain.lynch.suendenbock", player=player, office=office))
    top = max(totals.values(), default=0)
    if player in totals:
        top = totals[player]
    tied = [name for name, n in totals.items() if n == top] or [player]
    answer = next(
        (e for e in events if isinstance(e, ev.QuestionAnswered) and e.kind == "lynch_tie"), None
    )
    mayor = answer.player if answer else game.state.mayor
    if decided.decided_by == "Bürgermeister":
        how = "asked" if answer is not None else "vote"
    else:
        how = "unanswered" if answer is not None else "lot"
    tie = say(
        "explain.lynch.tie",
        tied=tied,
        count=top,
        how=how,
        office=office_title(game),
        mayor=mayor,
        player=player,
    )
    return told(game, tie)


def _deaths(game: Game, events: list[ev.Event]) -> list[str]:
    out = []
    for e in events:
        if isinstance(e, ev.PlayerDied):
            if e.cause == "Lynch":
                why = told(game, say("explain.lynched"))
            elif e.cause == LIEBESKUMMER:
                why = told(game, say("explain.heartbreak", lover=game.lover_of(e.player)))
            else:
                phrase = death_phrase(game.rules, e.cause)
                cause = game.rules.named(e.cause)
                why = told(game, say("explain.cause", cause=cause, phrase=phrase))
            out.append(told(game, say("explain.dies", player=e.player, why=why, role=e.role)))
        elif isinstance(e, ev.QuestionAsked) and e.kind == "shot":
            asked = say("explain.lynch.shot_asked", player=e.player, options=e.options)
            out.append(told(game, asked))
        elif isinstance(e, ev.QuestionAnswered) and e.kind == "shot" and not e.answer:
            out.append(told(game, say("explain.lynch.no_shot", player=e.player)))
        elif isinstance(e, ev.QuestionAnswered) and e.kind == "shot":
            shot = say("explain.lynch.shot", player=e.player, target=e.answer, by_lot=e.by_lot)
            out.append(told(game, shot))
        elif isinstance(e, ev.SuccessorNamed):
            named = say(
                "explain.lynch.successor",
                office=e.office,
                successor=e.successor,
                predecessor=e.predecessor,
                by_lot=e.by_lot,
            )
            out.append(told(game, named))
    return out
