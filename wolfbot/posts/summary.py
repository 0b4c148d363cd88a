"""The Abschlussbeitrag's "Zusammenfassung aller Geschehnisse an jedem Tag und in jeder
Nacht", from the event log: each night and day with what happened in it – the night's
actions and what they showed, elections, votes, lynches, deaths (with the true role: the
round is over), announcements, role changes, revivals."""

from __future__ import annotations

from dataclasses import dataclass, field

from wolfbot.engine import deaths
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.state import Phase
from wolfbot.posts.german import names, ordinal_nominative
from wolfbot.posts.wording import death_phrase, worded

QUESTION_LABELS = {  # answers drawn by lot the other lines do not show
    "shot": "Schuss des Jägers",
    "attack_tie": "Gleichstand beim Angriff der Werwölfe",
}


@dataclass
class PhaseSummary:
    """One night or one day (with its Dämmerung) of the round: what happened, in order –
    a command where it was given (the last one per player and word), events as they came."""

    kind: str  # "night" or "day"
    number: int
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
            self.entries[index] = f"{self.entries[index]} – nicht ausgeführt: {note}"

    @property
    def label(self) -> str:
        if self.kind == "night":
            if self.number == 1:
                return "Die Nacht vor der Bürgermeisterwahl"
            return f"Die {ordinal_nominative(self.number)} Nacht"
        if self.number == 1:
            return "Der erste Tag (Tag der Bürgermeisterwahl)"
        return f"Der {ordinal_nominative(self.number)} Tag"


def _word(text: str) -> str:
    return (text.split() or [text])[0].casefold()


def phase_summaries(game: Game) -> list[PhaseSummary]:
    """Every night and day of the game in order, each with what happened in it."""
    roles = {p.name: p.original_role for p in game.state.players}
    out: list[PhaseSummary] = []
    current = PhaseSummary("night", 1)
    started = False
    for event in game.state.log:
        if isinstance(event, ev.PhaseBegan):
            phase = Phase.parse(event.phase)
            if phase.kind == "dusk":
                current.entries.append("Die Dämmerung begann.")
                continue
            if started:
                out.append(current)
            current, started = PhaseSummary(phase.kind, phase.number), True
            continue
        if isinstance(event, ev.GameOver):
            break
        if isinstance(event, ev.CommandAccepted) and event.channel != "thread":
            role = roles.get(event.actor, "?")
            current.given(event.actor, event.text, f"{event.actor} ({role}): {event.text}")
            continue
        if isinstance(event, ev.CommandOverturned):
            current.undone(event.actor, event.text, worded(game.rules, event.reason))
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


def _describe(game: Game, event: ev.Event, roles: dict[str, str]) -> str | None:
    """One line of the summary; None for what the summary leaves out (rejected commands,
    routine information)."""
    match event:
        case ev.ConversationOpened(channel="wolves", members=members):
            return f"Die Wolfshöhle wurde eröffnet: {names(members)}."
        case ev.ConversationOpened(channel="lovers", members=members):
            return f"Verliebt: {names(members)}."
        case ev.AlphaElected(player=player, by_lot=by_lot):
            return f"Zum Alpha gewählt: {player}{' (durch Los)' if by_lot else ''}."
        case ev.RoleSeen(seer=seer, by_role=by_role, target=target, role=role):
            return f"{seer} ({by_role}) sah: {target} ist {role}."
        case ev.MayorElected(player=player, votes=votes, by_lot=by_lot):
            how = f"{votes} Stimme{'' if votes == 1 else 'n'}" + (", durch Los" if by_lot else "")
            return f"Zum Bürgermeister gewählt: {player} ({how})."
        case ev.SuccessorNamed(office=office, predecessor=old, successor=new, by_lot=by_lot):
            return f"Neuer {office}: {new} (Nachfolger von {old}{', durch Los' if by_lot else ''})."
        case ev.VoteTally(moment="evening", votes=votes, mob=mob):
            return "Abstimmung: " + _tally_text(votes, mob) if votes or mob else None
        case ev.LynchDecided(player=player, votes=votes, decided_by=decided_by):
            how = {"Bürgermeister": "; Entscheidung des Bürgermeisters", "Los": "; durch Los"}
            return (
                f"Gelyncht: {player} ({votes} Stimme{'' if votes == 1 else 'n'}"
                f"{how.get(decided_by, '')})."
            )
        case ev.PlayerDied(player=player, cause="Inaktivität"):
            role = roles.get(player, "?")
            return f"{player} ({role}) ist nach dem Ausschluss wegen Inaktivität verstorben."
        case ev.PlayerDied(player=player, cause=cause):
            phrase = death_phrase(game.rules, cause)
            return f"{player} ({roles.get(player, '?')}) {phrase}."
        case ev.PlayerExcluded(player=player, by=deaths.RUECKTRITT):
            return f"{player} ist von der Teilnahme zurückgetreten."
        case ev.PlayerExcluded(player=player):
            return f"{player} wurde wegen Inaktivität aus der Runde ausgeschlossen."
        case ev.PlayerRevived(player=player, by_role=by_role):
            return f"{player} lebt wieder ({by_role})."
        case ev.RoleChanged(player=player, role=role):
            return f"{player} spielt fortan die Rolle {role}."
        case ev.Announcement(text=text):
            return worded(game.rules, text)
        case ev.QuestionAnswered(player=player, kind=kind, answer=answer, by_lot=True) if (
            kind in QUESTION_LABELS
        ):
            return f"{QUESTION_LABELS.get(kind, kind)} ({player}): {answer}, durch Los."
        case ev.LoneWinner(player=player, role=role):
            return f"{player} ({role}) hat gewonnen."
    return None


def _tally_text(
    votes: tuple[tuple[str, tuple[str, ...]], ...], mob: tuple[tuple[str, int], ...]
) -> str:
    voters = dict(votes)
    extra = dict(mob)
    targets = list(voters) + [t for t in extra if t not in voters]
    targets.sort(key=lambda t: -(len(voters.get(t, ())) + extra.get(t, 0)))
    parts = []
    for target in targets:
        who = list(voters.get(target, ())) + (["Wütender Mob"] * min(extra.get(target, 0), 1))
        count = len(voters.get(target, ())) + extra.get(target, 0)
        parts.append(f"{target} {count} ({', '.join(who)})")
    return "; ".join(parts) + "."
