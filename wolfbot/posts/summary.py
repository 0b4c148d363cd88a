"""The Abschlussbeitrag's "Zusammenfassung aller Geschehnisse an jedem Tag und in jeder
Nacht", from the event log: each night and day with what happened in it – the night's
actions and what they showed, elections, votes, lynches, deaths (with the true role: the
round is over), announcements, role changes, revivals."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    """One night or one day (with its Dämmerung) of the round."""

    kind: str  # "night" or "day"
    number: int
    lines: list[str] = field(default_factory=list)
    actions: dict[tuple[str, str], str] = field(default_factory=dict)  # last per actor, word

    @property
    def label(self) -> str:
        if self.kind == "night":
            if self.number == 1:
                return "Die Nacht vor der Bürgermeisterwahl"
            return f"Die {ordinal_nominative(self.number)} Nacht"
        if self.number == 1:
            return "Der erste Tag (Tag der Bürgermeisterwahl)"
        return f"Der {ordinal_nominative(self.number)} Tag"

    @property
    def commands(self) -> list[str]:
        return list(self.actions.values())


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
                current.lines.append("Die Dämmerung begann.")
                continue
            if started:
                out.append(current)
            current, started = PhaseSummary(phase.kind, phase.number), True
            continue
        if isinstance(event, ev.GameOver):
            break
        if isinstance(event, ev.CommandAccepted) and event.channel != "thread":
            word = event.text.split()[0] if event.text.split() else event.text
            key = (event.actor, word.casefold())
            current.actions.pop(key, None)  # the last command counts; keep it in its place
            current.actions[key] = f"{event.actor} ({roles.get(event.actor, '?')}): {event.text}"
            continue
        line = _describe(game, event, roles)
        if isinstance(event, ev.RoleChanged):
            roles[event.player] = event.role
        if line:
            current.lines.append(line)
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
