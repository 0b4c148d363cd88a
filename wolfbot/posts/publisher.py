"""Events → messages. Private events become messages at once; public events wait for the
next phase post (Morgen, Dämmerung, Abend, or the final post), which is rendered from the
templates and the public roster only.

Templates are looked up first in the Spielleitung's own folder (if given), then here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined
from markupsafe import escape as esc

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.state import Phase
from wolfbot.engine.views import public_roster
from wolfbot.posts.german import names, ordinal
from wolfbot.posts.messages import Message

TEMPLATES = Path(__file__).parent / "templates"
CONVERSATIONS = {
    "wolves": "Wolfshöhle",
    "lovers": "Bettgeflüster",
    "dead": "Totenreich",
}
PUBLIC_EVENTS = (
    ev.PlayerDied,
    ev.MayorElected,
    ev.LynchDecided,
    ev.VoteTally,
    ev.PlayerExcluded,
    ev.LoneWinner,
    ev.Announcement,
    ev.PlayerRevived,
)


def environment(override: Path | None = None) -> Environment:
    loaders = [FileSystemLoader(str(override))] if override else []
    loaders.append(FileSystemLoader(str(TEMPLATES)))
    return Environment(
        loader=ChoiceLoader(loaders),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@dataclass
class Publisher:
    env: Environment = field(default_factory=environment)
    public: list[ev.Event] = field(default_factory=list)

    def feed(self, game: Game, events: Iterable[ev.Event]) -> list[Message]:
        out: list[Message] = []
        for event in events:
            out.extend(self._private(game, event))
            if isinstance(event, PUBLIC_EVENTS) or (
                isinstance(event, ev.SuccessorNamed) and ev.PUBLIC in event.audience
            ):
                self.public.append(event)
            elif isinstance(event, ev.PhaseBegan | ev.GameOver):
                post = self._phase_post(game, event)
                if post is not None:
                    out.append(post)
        return out

    # -- private messages -----------------------------------------------------------------
    def _private(self, game: Game, event: ev.Event) -> list[Message]:
        match event:
            case ev.CommandRejected(actor=actor, text=text, reason=reason):
                return [
                    _to(
                        actor,
                        f"Abgelehnt: {text}",
                        f"<p>Abgelehnt: <strong>{text}</strong></p><p>{reason}</p>",
                    )
                ]
            case ev.CommandAccepted(actor=actor, channel=channel, text=text) if channel != "thread":
                if game.state.phase.kind == "night" and not game.state.step:
                    note = " – vorgemerkt, wird am Ende der Nacht ausgewertet"
                else:
                    note = ""
                return [_to(actor, f"Angenommen: {text}", f"<p>Angenommen: {esc(text)}{note}</p>")]
            case ev.RoleSeen(seer=seer, target=target, role=role):
                return [_to(seer, "Mitteilung", f"<p>{esc(target)} ist {esc(role)}.</p>")]
            case ev.PrivateInfo(recipients=recipients, channel=channel, text=text):
                return [Message(channel, recipients, "Mitteilung", f"<p>{esc(text)}</p>")]
            case ev.QuestionAsked(player=player, prompt=prompt, options=options):
                word = {
                    "shot": "Erschießen",
                    "successor_mayor": "Nachfolger",
                    "successor_alpha": "Nachfolger",
                    "lynch_tie": "Lynch",
                    "attack_tie": "Fressen",
                }[event.kind]
                html = (
                    f"<p>{esc(prompt)}</p><p>Zur Wahl: {esc(names(options))}.</p>"
                    f"<p>Antworte mit <strong>!{word} [Spielername]</strong>.</p>"
                )
                return [_to(player, "Die Spielleitung wartet auf deine Antwort", html)]
            case ev.ConversationOpened(channel=channel, members=members):
                title = CONVERSATIONS.get(channel, channel)
                return [
                    Message(
                        channel,
                        members,
                        title,
                        f"<p>{title}: {esc(names(members))}.</p>"
                        "<p>Diese Konversation darf nur in der Nacht genutzt werden.</p>",
                    )
                ]
            case ev.AlphaElected(player=player, members=members):
                return [
                    Message("wolves", members, "Alpha", f"<p>Euer Alpha ist {esc(player)}.</p>")
                ]
            case ev.SuccessorNamed(office="Alpha", successor=successor, audience=audience):
                return [
                    Message(
                        "wolves",
                        audience,
                        "Neuer Alpha",
                        f"<p>Der neue Alpha ist {esc(successor)}.</p>",
                    )
                ]
            case ev.RoleChanged(player=player, role=role):
                text = f"<p>Du spielst von nun an die Rolle <strong>{esc(role)}</strong>.</p>"
                return [_to(player, "Deine neue Rolle", text)]
            case ev.ParticipantsAdded(channel=channel, names=added):
                members = tuple(game.state.conversations.get(channel, added))
                title = CONVERSATIONS.get(channel, channel)
                return [
                    Message(channel, members, title, f"<p>Neu im {title}: {esc(names(added))}.</p>")
                ]
            case ev.PlayerExcluded(player=player):
                return [
                    _to(
                        player,
                        "Ausschluss",
                        "<p>Du hast in zwei aufeinanderfolgenden Dämmerungen keine Stimme "
                        "abgegeben und bist aus der Runde ausgeschlossen.</p>",
                    )
                ]
        return []

    # -- phase posts ------------------------------------------------------------------------
    def _phase_post(self, game: Game, event: ev.PhaseBegan | ev.GameOver) -> Message | None:
        collected, self.public = self.public, []
        context = _summary(collected)
        context["roster"] = public_roster(game)
        if isinstance(event, ev.GameOver):
            context.update(winners=event.winners, winning_players=event.winning_players)
            return self._render("ende.html.j2", "Das Ende der Runde", context)
        phase = Phase.parse(event.phase)
        if phase.kind == "day":
            return self._render(
                "morgen.html.j2", f"Morgen des {ordinal(phase.number)} Tages", context
            )
        if phase.kind == "dusk":
            return self._render(
                "daemmerung.html.j2", f"Dämmerung des {ordinal(phase.number)} Tages", context
            )
        if phase.number > 1:
            return self._render(
                "abend.html.j2", f"Abend des {ordinal(phase.number - 1)} Tages", context
            )
        return None

    def _render(self, template: str, title: str, context: dict) -> Message:
        html = self.env.get_template(template).render(title=title, **context)
        return Message("thread", (), title, html)


def _to(player: str, title: str, html: str) -> Message:
    return Message("private", (player,), title, html)


@dataclass(frozen=True)
class _Tally:
    rows: list[tuple[str, tuple[str, ...], int]]
    non_voters: tuple[str, ...]


def _summary(collected: list[ev.Event]) -> dict:
    deaths = [e for e in collected if isinstance(e, ev.PlayerDied)]
    tallies = [e for e in collected if isinstance(e, ev.VoteTally)]
    tally = None
    if tallies:
        last = tallies[-1]
        mob = dict(last.mob)
        voters = dict(last.votes)
        targets = list(voters) + [t for t in mob if t not in voters]
        rows = [(t, voters.get(t, ()), mob.get(t, 0)) for t in targets]
        rows.sort(key=lambda row: -(len(row[1]) + row[2]))
        tally = _Tally(rows, last.non_voters)
    return {
        "deaths": deaths,
        "tally": tally,
        "lynch": next((e for e in collected if isinstance(e, ev.LynchDecided)), None),
        "mayor_elected": next((e for e in collected if isinstance(e, ev.MayorElected)), None),
        "successors": [e for e in collected if isinstance(e, ev.SuccessorNamed)],
        "excluded": [e.player for e in collected if isinstance(e, ev.PlayerExcluded)],
        "lone_winners": [e for e in collected if isinstance(e, ev.LoneWinner)],
        "announcements": [e.text for e in collected if isinstance(e, ev.Announcement)]
        + [f"{e.player} lebt wieder." for e in collected if isinstance(e, ev.PlayerRevived)],
    }
