"""The Abschlussbeitrag's "Zusammenfassung aller Geschehnisse an jedem Tag und in jeder
Nacht", from the event log: each night and day with what happened in it – the night's
actions and what they showed, elections, votes, lynches, deaths (with the true role: the
round is over), announcements, role changes, revivals; and the record of the Spielleitung's
Ermahnungen and Sanktionen (`conduct_record`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from wolfbot.engine import events as ev
from wolfbot.engine import names as engine_names
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import names_exclusion
from wolfbot.engine.state import Phase
from wolfbot.engine.text import Text, say
from wolfbot.posts.language import names, ordinal_nominative
from wolfbot.posts.wording import death_phrase, worded, worded_about

# answers drawn by lot that the other lines do not show
BY_LOT_SHOWN = ("shot", "attack_tie")


@dataclass
class PhaseSummary:
    """One night or one day (with its Dämmerung) of the round: what happened, in order –
    a command where it was given (the last one per player and word), events as they came."""

    kind: str  # "night" or "day"
    number: int
    label: str  # "Die zweite Nacht"
    entries: list[str | None] = field(default_factory=list)  # None: replaced, or not counted
    actions: dict[tuple[str, str], int] = field(default_factory=dict)  # standing: its entry

    @property
    def lines(self) -> list[str]:
        return [entry for entry in self.entries if entry is not None]

    def given(self, actor: str, text: str, line: str) -> None:
        """An accepted command: the last one counts, in its place."""
        key = (actor, _word(text))
        if key in self.actions:
            self.entries[self.actions[key]] = None
        self.actions[key] = len(self.entries)
        self.entries.append(line)

    def undone(self, actor: str, text: str, note: str | None) -> None:
        """A standing command that did not count after all: struck (the Spielleitung's
        rejection), or noted as not carried out (`note`: why)."""
        index = self.actions.get((actor, _word(text)))
        if index is None or self.entries[index] is None:
            return
        if note is None:
            self.entries[index] = None
            del self.actions[(actor, _word(text))]
        else:
            self.entries[index] = f"{self.entries[index]}{note}"


def _label(game: Game, kind: str, number: int) -> str:
    """ "Die zweite Nacht", "Der erste Tag (Tag der Bürgermeisterwahl)" – the catalog's."""
    nth = ordinal_nominative(game.rules, number)
    if kind == "night":
        text = say("summary.night_first") if number == 1 else say("summary.night", ordinal=nth)
    else:
        text = say("summary.day_first") if number == 1 else say("summary.day", ordinal=nth)
    return worded(game.rules, text)


def _word(text: str) -> str:
    return (text.split() or [text])[0].casefold()


def phase_summaries(game: Game) -> list[PhaseSummary]:
    """Every night and day of the game in order, each with what happened in it."""
    roles = {p.name: p.original_role for p in game.state.players}
    out: list[PhaseSummary] = []
    current = PhaseSummary("night", 1, _label(game, "night", 1))
    started = False
    for event in game.state.log:
        if isinstance(event, ev.PhaseBegan):
            phase = Phase.parse(event.phase)
            if phase.kind == "dusk":
                current.entries.append(worded(game.rules, say("summary.dusk_began")))
                continue
            if started:
                out.append(current)
            label = _label(game, phase.kind, phase.number)
            current, started = PhaseSummary(phase.kind, phase.number, label), True
            continue
        if isinstance(event, ev.GameOver):
            break
        if isinstance(event, ev.CommandAccepted) and event.channel != "thread":
            role = roles.get(event.actor, "?")
            current.given(event.actor, event.text, f"{event.actor} ({role}): {event.text}")
            continue
        if isinstance(event, ev.CommandOverturned):
            said = worded_about(game.rules, event.reason, event.actor)
            why = say("summary.undone", why=said)
            current.undone(event.actor, event.text, worded(game.rules, why))
            continue
        if isinstance(event, ev.CommandRejected) and event.reason.key == "refused.by_spielleitung":
            current.undone(event.actor, event.text, None)
            continue
        line = _describe(game, event, roles)
        if isinstance(event, ev.RoleChanged):
            roles[event.player] = event.role
        if line:
            current.entries.append(line)
    out.append(current)
    return out


@dataclass(frozen=True, slots=True)
class ConductEntry:
    """An Ermahnung (`kind` "warn": the sanction that threatened him) or a Sanktion
    ("sanction": the sanction imposed) of the round, for the Abschlussbeitrag's record."""

    kind: str
    player: str
    sanction: str
    reason: str
    label: str  # the night or day it was given in: "Der zweite Tag"
    exclusion: bool  # the sanction is the Ausschluss aus der Runde


def conduct_record(game: Game) -> list[ConductEntry]:
    """The round's Ermahnungen and Sanktionen in order, from the log (`Intervened` "warn" and
    "sanction") – after the round the rules let everyone read who was warned or sanctioned,
    with which sanction and why."""
    label = _label(game, "night", 1)
    out = []
    for event in game.state.log:
        if isinstance(event, ev.PhaseBegan):
            phase = Phase.parse(event.phase)
            label = _label(game, "night" if phase.kind == "night" else "day", phase.number)
        elif isinstance(event, ev.Intervened) and event.kind in ("warn", "sanction"):
            exclusion = names_exclusion(game.rules, event.argument)
            out.append(
                ConductEntry(
                    event.kind, event.player, event.argument, event.reason, label, exclusion
                )
            )
    return out


def _describe(game: Game, event: ev.Event, roles: dict[str, str]) -> str | None:
    """One line of the summary, worded by the catalog (`summary.*`); None for what the
    summary leaves out (rejected commands, routine information)."""
    text = _line(game, event, roles)
    return None if text is None else worded(game.rules, text)


def _line(game: Game, event: ev.Event, roles: dict[str, str]) -> Text | None:
    match event:
        case ev.ConversationOpened(channel="wolves", members=members):
            return say("summary.wolves_opened", names=names(game.rules, members))
        case ev.ConversationOpened(channel="lovers", members=members):
            return say("summary.lovers", names=names(game.rules, members))
        case ev.AlphaElected(player=player, by_lot=by_lot):
            return say("summary.alpha", player=player, by_lot=by_lot)
        case ev.RoleSeen(seer=seer, by_role=by_role, target=target, role=role):
            return say("summary.seen", seer=seer, by_role=by_role, target=target, role=role)
        case ev.MayorElected(player=player, votes=votes, by_lot=by_lot):
            return say("summary.elected", player=player, votes=votes, by_lot=by_lot)
        case ev.SuccessorNamed(office=office, predecessor=old, successor=new, by_lot=by_lot):
            return say("summary.successor", office=office, old=old, new=new, by_lot=by_lot)
        case ev.OfficeDiscarded(office=office, holder=holder):
            return say("summary.discarded", office=office, holder=holder)
        case ev.VoteTally(moment="evening", votes=votes, mob=mob, doubled=doubled):
            rows = _tally_rows(votes, mob, doubled)
            return say("summary.tally", rows=rows) if votes or mob else None
        case ev.LynchDecided(player=player, votes=votes, decided_by=decided_by):
            return say("summary.lynched", player=player, votes=votes, decided_by=decided_by)
        case ev.PlayerDied(player=player, cause=engine_names.INAKTIVITAET):
            return say("summary.died_inactive", player=player, role=roles.get(player, "?"))
        case ev.PlayerDied(player=player, cause=cause):
            phrase = death_phrase(game.rules, cause)
            return say("summary.died", player=player, role=roles.get(player, "?"), phrase=phrase)
        case ev.PlayerExcluded(player=player, by=engine_names.RUECKTRITT):
            return say("summary.resigned", player=player)
        case ev.PlayerExcluded(player=player, by=engine_names.SANKTION):
            return say("summary.excluded_sanction", player=player)
        case ev.PlayerExcluded(player=player):
            return say("summary.excluded", player=player)
        case ev.PlayerRevived(player=player, by_role=by_role):
            return say("summary.revived", player=player, by_role=by_role)
        case ev.RoleChanged(player=player, role=role):
            return say("summary.role_changed", player=player, role=role)
        case ev.Announcement(text=text):
            return text
        case ev.QuestionAnswered(player=player, kind=kind, answer=answer, by_lot=True) if (
            kind in BY_LOT_SHOWN
        ):
            return say("summary.by_lot", player=player, kind=kind, answer=answer)
        case ev.LoneWinner(player=player, role=role):
            return say("summary.lone_winner", player=player, role=role)
    return None


def _tally_rows(
    votes: tuple[tuple[str, tuple[str, ...]], ...],
    mob: tuple[tuple[str, int], ...],
    doubled: str = "",
) -> tuple[tuple[str, int, tuple[str, ...], bool], ...]:
    """(target, votes, voters, whether the Wütender Mob is among them), most votes first; a
    vote that counts twice (`doubled`: the Hauptmann's) counted so."""
    voters = dict(votes)
    extra = dict(mob)

    def count(target: str) -> int:
        given = voters.get(target, ())
        return len(given) + extra.get(target, 0) + (doubled in given if doubled else 0)

    targets = list(voters) + [t for t in extra if t not in voters]
    targets.sort(key=lambda t: -count(t))
    return tuple((t, count(t), tuple(voters.get(t, ())), extra.get(t, 0) > 0) for t in targets)
