"""`wolfbot explain --day N` (or `--lynch N`): the evening of day N in plain German, from
the log – the day's procedure (an ordinary majority, two lynches after the Stotternde
Richter's Zeichen, a Bürgermeisterwahl after an Aufstand), the tally with its voters and the
Wütender Mob, how each place was decided (majority, the Sündenbock, the Bürgermeister's vote
or answer, the lot), a lynch prevented (Dorfdepp, Vergessener Prinz), the lynched and the
deaths that followed (Liebeskummer, the Jäger's shot, the Abend's held deaths)."""

from __future__ import annotations

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.names import LIEBESKUMMER
from wolfbot.posts.wording import death_phrase, worded
from wolfbot.spielleitung.explain.common import NotYet, phase_window


def explain_lynch(game: Game, day: int) -> list[str]:
    """German lines explaining the lynch at the end of day `day`."""
    window = phase_window(game, f"dusk {day}")
    if window is None:
        raise NotYet(f"Die Dämmerung von Tag {day} hat noch nicht begonnen.")
    log = game.state.log
    evening = _evening(log, window.start)
    if evening is None:
        raise NotYet(f"Der Abend von Tag {day} ist noch nicht aufgelöst.")
    events = log[evening:]
    end = next(
        (i for i, e in enumerate(events) if isinstance(e, ev.PhaseBegan | ev.GameOver)),
        len(events),
    )
    events = events[:end]
    out = [f"Tag {day} – Abend: Lynchabstimmung", _procedure(game, log, day)]
    for e in log[window.start : evening]:  # the Bürgermeister is elected first
        if isinstance(e, ev.MayorElected):
            lot = ", per Los" if e.by_lot else ""
            out.append(f"Bürgermeisterwahl: {e.player} ({e.votes} Stimmen{lot})")
    tally = next(e for e in events if isinstance(e, ev.VoteTally))
    totals = _tally_lines(out, tally)
    spared = [e for e in events if isinstance(e, ev.Announcement) and e.text.key in SPARED]
    for e in spared:
        out.append(f"Kein Lynch: {worded(game.rules, e.text)}")
    decisions = [e for e in events if isinstance(e, ev.LynchDecided)]
    if not decisions and not spared:
        out.append("Niemand wurde gelyncht.")
    for decided in decisions:
        out.append(_decision(game, events, decided, totals))
    out.extend(_deaths(game, events))
    return out


SPARED = ("dorfdepp.spared", "prinz.spared")
ELECTION = "Neuwahl des Bürgermeisters (Aufstand)"


def _procedure(game: Game, log: list[ev.Event], day: int) -> str:
    """The day's procedure, from the Morgen's announcements (made as the night ends): its
    `doc` in the ruleset's `day.procedures`."""
    window = phase_window(game, f"night {day}")
    said = []
    for e in log[window.start : window.end] if window else []:
        if isinstance(e, ev.Announcement) and e.text.key == "day_signal.election":
            said.append(ELECTION)
        elif isinstance(e, ev.Announcement) and e.text.key == "day_signal.procedure":
            said.append(game.rules.day.procedures[e.text.value("procedure")].doc)
    return "Verfahren: " + ("; ".join(said) if said else "einfache Mehrheit")


def _evening(log: list[ev.Event], start: int) -> int | None:
    """Index of the evening's VoteTally after the dusk began."""
    for i in range(start, len(log)):
        e = log[i]
        if isinstance(e, ev.VoteTally) and e.moment == "evening":
            return i
        if isinstance(e, ev.PhaseBegan) and i > start:
            return None
    return None


def _tally_lines(out: list[str], tally: ev.VoteTally) -> dict[str, int]:
    totals: dict[str, int] = {}
    voters = dict(tally.votes)
    mob = dict(tally.mob)
    for target in [*voters, *(t for t in mob if t not in voters)]:
        names = voters.get(target, ())
        totals[target] = len(names) + mob.get(target, 0)
    out.append("Stimmen am Abend:")
    for target, total in sorted(totals.items(), key=lambda item: -item[1]):
        parts = []
        if voters.get(target):
            parts.append(", ".join(voters[target]))
        if mob.get(target):
            parts.append(f"Wütender Mob +{mob[target]}")
        out.append(f"  {target}: {total} ({'; '.join(parts)})")
    if not totals:
        out.append("  keine Stimmen")
    if tally.non_voters:
        out.append(f"Nicht abgestimmt: {', '.join(tally.non_voters)}")
    return totals


def _decision(
    game: Game, events: list[ev.Event], decided: ev.LynchDecided, totals: dict[str, int]
) -> str:
    if decided.decided_by == "majority":
        return f"Gelyncht wird {decided.player} mit {decided.votes} Stimmen (Mehrheit)."
    if decided.decided_by == "Bürgschaft":
        who = decided.player
        return f"Bürgschaft: für {who} hat niemand gebürgt – gelyncht wird {who}."
    if decided.decided_by == "Misstrauen":
        return f"Großes Misstrauen: {decided.player} hat keine Freunde und wird gelyncht."
    if decided.decided_by == "Sündenbock":
        return (
            f"Gleichstand: gelyncht wird der Sündenbock {decided.player} anstatt eines der "
            "Gleichauf-Liegenden, ungeachtet des Bürgermeisters."
        )
    top = max(totals.values(), default=0)
    if decided.player in totals:
        top = totals[decided.player]
    tied = [name for name, n in totals.items() if n == top] or [decided.player]
    both = " und ".join(tied)
    head = f"Gleichstand zwischen {both} mit je {top} Stimme{'n' if top != 1 else ''}: "
    answer = next(
        (e for e in events if isinstance(e, ev.QuestionAnswered) and e.kind == "lynch_tie"), None
    )
    mayor = answer.player if answer else game.state.mayor
    if decided.decided_by == "Bürgermeister" and answer is not None:
        how = f"der Bürgermeister {mayor} wurde gefragt und entscheidet"
    elif decided.decided_by == "Bürgermeister":
        how = f"die Stimme des Bürgermeisters {mayor} entscheidet"
    elif answer is not None:
        how = f"der Bürgermeister {mayor} hat nicht geantwortet, das Los entscheidet"
    else:
        how = "es gibt keinen handlungsfähigen Bürgermeister, das Los entscheidet"
    return f"{head}{how} – gelyncht wird {decided.player}."


def _deaths(game: Game, events: list[ev.Event]) -> list[str]:
    out = []
    for e in events:
        if isinstance(e, ev.PlayerDied):
            shown = f" – Rolle: {e.role}" if e.role else ""
            if e.cause == "Lynch":
                why = "gelyncht"
            elif e.cause == LIEBESKUMMER:
                lover = game.lover_of(e.player)
                why = f"Liebeskummer (um {lover})" if lover else "Liebeskummer"
            else:
                why = f"{e.cause} ({death_phrase(game.rules, e.cause)})"
            out.append(f"{e.player} stirbt: {why}{shown}")
        elif isinstance(e, ev.QuestionAsked) and e.kind == "shot":
            out.append(f"{e.player} wird gefragt, wen er erschießt ({', '.join(e.options)})")
        elif isinstance(e, ev.QuestionAnswered) and e.kind == "shot":
            lot = " (per Los: keine Antwort in der Frist)" if e.by_lot else ""
            out.append(f"{e.player} erschießt {e.answer}{lot}")
        elif isinstance(e, ev.SuccessorNamed):
            lot = " (per Los)" if e.by_lot else ""
            out.append(f"Neuer {e.office}: {e.successor} (Nachfolge von {e.predecessor}){lot}")
    return out
