"""Events → messages. Private events become messages at once; public events wait for the
next phase post (Morgen, Dämmerung, Abend, or the Abschlussbeitrag), which is rendered from
the templates and the public roster only. The Eröffnungsbeitrag, the Rollenmitteilungen and
the Zwischenstände are made on demand (`opening`, `role_messages`, `zwischenstand`).

Templates are looked up first in the Spielleitung's own folder (if given), then here. Every
template gets `title`, `ctx` (the `PostContext`), `mention(name)` (a user mention as WoltLab
stores it) and `when(datetime)` (German, in the forum's time zone) besides its own data."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined
from markupsafe import escape as esc

from wolfbot.engine import events as ev
from wolfbot.engine.deaths import phrase as death_phrase
from wolfbot.engine.game import Game
from wolfbot.engine.spec import RoleSpec, Ruleset
from wolfbot.engine.state import Phase, PlayerState
from wolfbot.engine.views import public_roster
from wolfbot.engine.voting import lynch_tally
from wolfbot.posts import german
from wolfbot.posts.context import PostContext
from wolfbot.posts.german import names, ordinal
from wolfbot.posts.messages import Message
from wolfbot.posts.summary import phase_summaries
from wolfbot.posts.woltlab import mentioner

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
FINAL_TITLE = "Das Ende der Runde"
_BETWEEN_TAGS = re.compile(r">[ \t]*\n\s*<")


def environment(override: Path | None = None) -> Environment:
    loaders = [FileSystemLoader(str(override))] if override else []
    loaders.append(FileSystemLoader(str(TEMPLATES)))
    env = Environment(
        loader=ChoiceLoader(loaders),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["paragraphs"] = _paragraphs
    env.filters["phase_time"] = german.phase_time
    env.filters["faction_heading"] = german.faction_heading
    env.filters["ordinal"] = ordinal
    env.filters["names"] = names
    return env


def _paragraphs(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


# -- what the posts show ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Listed:
    """A line of the Spielerliste, from the public roster only."""

    name: str
    alive: bool
    mayor: bool
    role: str | None  # the revealed role of a dead player, else None
    cause: str | None
    phrase: str  # "wurde von den Werwölfen gefressen" ("" while alive)
    time: str | None  # "Nacht 2"


@dataclass(frozen=True, slots=True)
class Tally:
    """Votes per target (most first) with the voters and the Wütender Mob, and who has not
    voted."""

    rows: list[tuple[str, tuple[str, ...], int]]
    non_voters: tuple[str, ...]

    @property
    def empty(self) -> bool:
        return not self.rows


@dataclass(frozen=True, slots=True)
class Faction:
    name: str
    heading: str
    text: str


@dataclass(frozen=True, slots=True)
class RoleEntry:
    name: str
    heading: str
    text: str
    count: int


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


@dataclass
class Publisher:
    env: Environment = field(default_factory=environment)
    public: list[ev.Event] = field(default_factory=list)
    context: PostContext | None = None

    def feed(
        self, game: Game, events: Iterable[ev.Event], context: PostContext | None = None
    ) -> list[Message]:
        out: list[Message] = []
        for event in events:
            out.extend(self._private(game, event, context))
            if isinstance(event, PUBLIC_EVENTS) or (
                isinstance(event, ev.SuccessorNamed) and ev.PUBLIC in event.audience
            ):
                self.public.append(event)
            elif isinstance(event, ev.PhaseBegan | ev.GameOver):
                post = self._phase_post(game, event, context)
                if post is not None:
                    out.append(post)
        return out

    def _ctx(self, context: PostContext | None) -> PostContext:
        return context or self.context or PostContext()

    # -- posts made on demand -----------------------------------------------------------------
    def opening(self, game: Game, context: PostContext | None = None) -> Message:
        """The Eröffnungsbeitrag: Spielanleitung, Fraktionen, Rollen, Nachtreihenfolge,
        Spielleitung, Spielerliste, Beobachter, Zeitplan and the links to the phase posts."""
        ctx = self._ctx(context)
        rules = ctx.ruleset or game.rules
        roles = _roles_in_play(game, rules, ctx)
        counts = _role_counts(game)
        data = {
            "players": [p.name for p in game.state.players],
            "roles": [RoleEntry(r.name, r.heading, r.text, counts.get(r.name, 0)) for r in roles],
            "factions": _factions(rules, roles),
            "night_order": _night_order(rules, roles),
            "counts": counts,
            "options": _options(game, rules, ctx),
            "mob_votes": int(rules.option(_option_values(game, ctx), "mob_votes")),
            "inactivity_dusks": int(rules.option(_option_values(game, ctx), "inactivity_dusks")),
            "first_day_begins": ctx.times(0)["next_day_begins"],
            "links": list(ctx.links.items()),
        }
        title = ctx.round_title if ctx.named else "Eröffnungsbeitrag"
        return self._render("eroeffnung.html.j2", title, ctx, data)

    def role_message(self, game: Game, name: str, context: PostContext | None = None) -> Message:
        """The Rollenmitteilung of one player (title "Name – 1. Ligarunde"): the role and
        faction description of the role he is told he plays."""
        ctx = self._ctx(context)
        rules = ctx.ruleset or game.rules
        player = game.player(name)
        role = rules.roles[_told_role(game, player)]
        faction = player.faction if player.faction and role.name == player.role else role.faction
        spec = rules.factions.get(faction)
        data = {
            "player": player.name,
            "role": role,
            "faction": Faction(faction, german.faction_heading(faction), spec.text if spec else ""),
        }
        title = f"{player.name} – {ctx.round_label or 'Rollenmitteilung'}"
        html = self._html("rollenmitteilung.html.j2", title, ctx, data)
        return Message("private", (player.name,), title, html)

    def role_messages(self, game: Game, context: PostContext | None = None) -> list[Message]:
        return [self.role_message(game, p.name, context) for p in game.state.players]

    def zwischenstand(self, game: Game, context: PostContext | None = None) -> Message:
        """The Zwischenstand of the current day (or Dämmerung): votes per target with the
        voters, who has not voted yet (mentioned), when the Dämmerung and the night begin."""
        phase = game.state.phase
        if phase.kind not in ("day", "dusk"):
            raise ValueError(f"a Zwischenstand is made by day, not in {phase}")
        ctx = self._ctx(context)
        title = f"Zwischenstand des {ordinal(phase.number)} Tages"
        data = {
            "day": phase.number,
            "dusk": phase.kind == "dusk",
            "tally": _live_tally(game),
            "mayor_tally": _mayor_tally(game),
            "mob_votes": int(game.option("mob_votes")),
            **ctx.times(phase.number),
        }
        return self._render("zwischenstand.html.j2", title, ctx, data)

    # -- private messages -----------------------------------------------------------------------
    def _private(self, game: Game, event: ev.Event, context: PostContext | None) -> list[Message]:
        match event:
            case ev.CommandRejected(actor=actor, text=text, reason=reason):
                title = f"Abgelehnt: {text}"
                data = {"command": text, "reason": reason}
                html = self._html("abgelehnt.html.j2", title, self._ctx(context), data)
                return [_to(actor, title, html)]
            case ev.CommandAccepted(actor=actor, channel=channel, text=text) if channel != "thread":
                title = f"Angenommen: {text}"
                data = {
                    "command": text,
                    "later": game.state.phase.kind == "night" and not game.state.step,
                }
                html = self._html("angenommen.html.j2", title, self._ctx(context), data)
                return [_to(actor, title, html)]
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
                        f"<p>{esc(title)}: {esc(names(members))}.</p>"
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
                    Message(
                        channel,
                        members,
                        title,
                        f"<p>Neu im {esc(title)}: {esc(names(added))}.</p>",
                    )
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

    # -- phase posts ------------------------------------------------------------------------------
    def _phase_post(
        self, game: Game, event: ev.PhaseBegan | ev.GameOver, context: PostContext | None
    ) -> Message | None:
        collected, self.public = self.public, []
        ctx = self._ctx(context)
        data = _summary(collected)
        data["roster"] = spielerliste(game)
        data["mob_votes"] = int(game.option("mob_votes"))
        if isinstance(event, ev.GameOver):
            data.update(
                winners=event.winners,
                winning_players=event.winning_players,
                distribution=_distribution(game, event),
                phases=phase_summaries(game),
                round_title=ctx.round_title if ctx.named else "",
            )
            return self._render("ende.html.j2", FINAL_TITLE, ctx, data)
        phase = Phase.parse(event.phase)
        if phase.kind == "day":
            data.update(day=phase.number, **ctx.times(phase.number))
            title = f"Morgen des {ordinal(phase.number)} Tages"
            return self._render("morgen.html.j2", title, ctx, data)
        if phase.kind == "dusk":
            mayor = _mayor_tally(game) if game.state.phase == phase else None
            data.update(day=phase.number, mayor_tally=mayor, **ctx.times(phase.number))
            title = f"Dämmerung des {ordinal(phase.number)} Tages"
            return self._render("daemmerung.html.j2", title, ctx, data)
        if phase.number > 1:
            day = phase.number - 1
            data.update(day=day, **ctx.times(day))
            return self._render("abend.html.j2", f"Abend des {ordinal(day)} Tages", ctx, data)
        return None

    # -- rendering ------------------------------------------------------------------------------
    def _html(self, template: str, title: str, ctx: PostContext, data: dict[str, Any]) -> str:
        zone = ctx.zone

        def when(moment: datetime | None) -> str:
            return german.when(moment, zone) if moment is not None else ""

        html = self.env.get_template(template).render(
            title=title, ctx=ctx, mention=mentioner(ctx.user_ids), when=when, **data
        )
        return _BETWEEN_TAGS.sub("><", html).strip()

    def _render(self, template: str, title: str, ctx: PostContext, data: dict) -> Message:
        return Message("thread", (), title, self._html(template, title, ctx, data))


def _to(player: str, title: str, html: str) -> Message:
    return Message("private", (player,), title, html)


def spielerliste(game: Game) -> list[Listed]:
    """The Spielerliste as everybody may know it (from `public_roster` only)."""
    return [
        Listed(
            name=p.name,
            alive=p.alive,
            mayor=p.mayor,
            role=p.role,
            cause=p.cause,
            phrase=death_phrase(game, p.cause) if p.cause and not p.alive else "",
            time=p.time if not p.alive else None,
        )
        for p in public_roster(game)
    ]


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
        dead = {e.player for e in deaths}  # who died since does not begin the next day
        tally = Tally(rows, tuple(n for n in last.non_voters if n not in dead))
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


def _live_tally(game: Game) -> Tally:
    """The lynch votes right now (read from the day's state): counted votes of players who
    may vote, for living targets, and the Wütender Mob."""
    counts = lynch_tally(game)
    by_target: dict[str, list[str]] = {}
    for voter, target in game.state.day.lynch_votes.items():
        if game.player(voter).active and game.player(target).alive:
            by_target.setdefault(target, []).append(voter)
    mob = {t: n for t, n in game.state.day.mob.items() if game.player(t).alive and n}
    targets = list(by_target) + [t for t in mob if t not in by_target]
    rows = [(t, tuple(by_target.get(t, ())), mob.get(t, 0)) for t in targets]
    rows.sort(key=lambda row: -counts[row[0]])
    voted = game.state.day.lynch_votes
    non_voters = tuple(p.name for p in game.living() if p.active and p.name not in voted)
    return Tally(rows, non_voters)


def _mayor_tally(game: Game) -> Tally | None:
    """The Bürgermeisterwahl so far, on the Tag der Bürgermeisterwahl."""
    if game.state.phase.number != 1 or game.state.mayor is not None:
        return None
    by_target: dict[str, list[str]] = {}
    for voter, target in game.state.day.mayor_votes.items():
        if game.player(voter).active and game.player(target).alive:
            by_target.setdefault(target, []).append(voter)
    rows = [(t, tuple(v), 0) for t, v in by_target.items()]
    rows.sort(key=lambda row: -len(row[1]))
    voted = game.state.day.mayor_votes
    non_voters = tuple(p.name for p in game.living() if p.active and p.name not in voted)
    return Tally(rows, non_voters)


def _told_role(game: Game, player: PlayerState) -> str:
    """The role a player is told he plays: a behaviour's `told_role` hook, else the role
    announced at his death (the Verfluchte Dorfbewohner: "Bürger"), else his role."""
    behaviour = game.behaviour(player)
    hook = getattr(behaviour, "told_role", None)
    told = hook(game, player) if callable(hook) else behaviour.announced_role(game, player)
    return told if told in game.rules.roles else player.role


def _roles_in_play(game: Game, rules: Ruleset, ctx: PostContext) -> list[RoleSpec]:
    wanted = {p.original_role for p in game.state.players}
    wanted |= {rules.role(name).name for name in ctx.extra_roles}
    order = {heading: index for index, heading in enumerate(rules.role_headings)}
    specs = [rules.roles[name] for name in wanted]
    return sorted(specs, key=lambda r: (order.get(r.heading, len(order)), r.name))


def _role_counts(game: Game) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in game.state.players:
        counts[p.original_role] = counts.get(p.original_role, 0) + 1
    return counts


def _factions(rules: Ruleset, roles: list[RoleSpec]) -> list[Faction]:
    """The factions of the roles in play, in the order of the ruleset; the Liebespaar when
    Amor plays (its text is in the template `fraktionen.html.j2`)."""
    present = {r.faction for r in roles}
    out = [
        Faction(name, german.faction_heading(name), spec.text)
        for name, spec in rules.factions.items()
        if name in present
    ]
    if any(r.behaviour == "amor" or r.name == "Amor" for r in roles):
        out.append(Faction("Liebespaar", german.faction_heading("Liebespaar"), ""))
    return out


def _night_order(rules: Ruleset, roles: list[RoleSpec]) -> list[list[str]]:
    """The Nachtreihenfolge restricted to the roles in play: each stage as the headings of
    its roles in play ("Die Werwölfe" for the pack's attack)."""
    by_name = {r.name: r for r in roles}
    pack = any(r.pack for r in roles)
    out = []
    for stage in rules.night_order:
        shown: list[str] = []
        for entry in stage:
            if entry == "Werwölfe":
                if pack:
                    shown.append("Die Werwölfe")
                continue
            for name in rules.roles_by_stage.get(entry, ()):
                if name in by_name and by_name[name].heading not in shown:
                    shown.append(by_name[name].heading)
        if shown:
            out.append(shown)
    return out


def _option_values(game: Game, ctx: PostContext) -> dict[str, Any]:
    return dict(ctx.options if ctx.options is not None else game.state.options)


def _options(game: Game, rules: Ruleset, ctx: PostContext) -> list[tuple[str, str]]:
    """The house rules that differ from the ruleset's defaults: (doc, value in German)."""
    values = _option_values(game, ctx)
    out = []
    for name, spec in rules.options.items():
        if name in values and values[name] != spec.default:
            value = values[name]
            out.append((spec.doc, {True: "ja", False: "nein"}.get(value, str(value))))
    return out


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
