"""Events → messages. Private events become messages at once; public events wait for the
next phase post (Morgen, Dämmerung, Abend, or the Abschlussbeitrag), which is rendered from
the templates and the public roster only. The Eröffnungsbeitrag, the Rollenmitteilungen and
the Zwischenstände are made on demand (`opening`, `role_messages`, `zwischenstand`).

Templates are looked up first in the Spielleitung's own folder (if given), then here. Every
template gets `title`, `ctx` (the `PostContext`), `mention(name)` (a user mention as WoltLab
stores it) and `when(datetime)` (German, in the forum's time zone) besides its own data.

What the messages say is made in `private` (the private messages), `phase_posts` (the phase
posts and the tallies) and `opening` (the Eröffnungsbeitrag and the Rollenmitteilungen); the
`Publisher` sorts the events and renders the templates."""

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
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import say
from wolfbot.posts import german
from wolfbot.posts.context import PostContext
from wolfbot.posts.german import names, ordinal
from wolfbot.posts.messages import Message
from wolfbot.posts.opening import Faction, RoleEntry, opening_data, role_message_data
from wolfbot.posts.phase_posts import (
    Distribution,
    Listed,
    Tally,
    live_tally,
    mayor_tally,
    mob_votes,
    phase_post,
    spielerliste,
    todays_procedure,
)
from wolfbot.posts.private import private_messages
from wolfbot.posts.woltlab import mentioner
from wolfbot.posts.wording import worded
from wolfbot.rulesets.loader import RULES_DIR

__all__ = [
    "PUBLIC_EVENTS",
    "TEMPLATES",
    "Distribution",
    "Faction",
    "Listed",
    "Publisher",
    "RoleEntry",
    "Tally",
    "environment",
    "spielerliste",
]

TEMPLATES = Path(__file__).parent / "templates"
PUBLIC_EVENTS = (
    ev.PlayerDied,
    ev.MayorElected,
    ev.LynchDecided,
    ev.VoteTally,
    ev.PlayerExcluded,
    ev.LoneWinner,
    ev.Announcement,
    ev.PlayerRevived,
    ev.AttackSurvived,
    ev.OfficeDiscarded,
)
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


def for_ruleset(env: Environment, ruleset: str) -> Environment:
    """`env` with the ruleset's own templates (`rules/<name>/templates/`, Wolf Village's
    Morgen in its narrator's words) before the shipped ones – after the Spielleitung's own
    (`environment(override)`), which still win."""
    folder = RULES_DIR / ruleset / "templates"
    if not folder.is_dir():
        return env
    loaders = list(env.loader.loaders) if isinstance(env.loader, ChoiceLoader) else [env.loader]
    *override, shipped = loaders
    return env.overlay(loader=ChoiceLoader([*override, FileSystemLoader(str(folder)), shipped]))


def _paragraphs(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@dataclass
class Publisher:
    env: Environment = field(default_factory=environment)
    public: list[ev.Event] = field(default_factory=list)
    context: PostContext | None = None
    _envs: dict[str, Environment] = field(default_factory=dict, repr=False)
    _ruleset: str | None = field(default=None, repr=False)
    _rules: Ruleset | None = field(default=None, repr=False)

    def _for(self, game: Game) -> None:
        """Render with the templates and the dates of the game's ruleset from now on."""
        self._ruleset = game.rules.name
        self._rules = game.rules

    def _environment(self) -> Environment:
        if self._ruleset is None:
            return self.env
        if self._ruleset not in self._envs:
            self._envs[self._ruleset] = for_ruleset(self.env, self._ruleset)
        return self._envs[self._ruleset]

    def feed(
        self, game: Game, events: Iterable[ev.Event], context: PostContext | None = None
    ) -> list[Message]:
        self._for(game)
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
        self._for(game)
        ctx = self._ctx(context)
        data = opening_data(game, ctx)
        title = ctx.round_title if ctx.named else "Eröffnungsbeitrag"
        return self._render("eroeffnung.html.j2", title, ctx, data)

    def role_message(self, game: Game, name: str, context: PostContext | None = None) -> Message:
        """The Rollenmitteilung of one player (title "Name – 1. Ligarunde"): the role and
        faction description of the role he is told he plays."""
        self._for(game)
        ctx = self._ctx(context)
        player = game.player(name)
        data = role_message_data(game, player, ctx)
        title = f"{player.name} – {ctx.round_label or 'Rollenmitteilung'}"
        html = self.render_html("rollenmitteilung.html.j2", title, ctx, data)
        return Message("private", (player.name,), title, html)

    def told_privately(
        self,
        game: Game,
        old: str,
        new: str,
        events: Iterable[ev.Event],
        context: PostContext | None = None,
    ) -> Message | None:
        """Everything `old` was told privately in `events` (receipts, what his role learnt,
        questions), in order, as one message for `new`, the Reservespieler who takes his
        place; None if he was told nothing."""
        told = [
            m
            for event in events
            for m in self._private(game, event, context)
            if m.channel == "private" and old in m.recipients
        ]
        if not told:
            return None
        title = f"Was {old} bisher von der Spielleitung erfahren hat"
        parts = [f"<p>{esc(title)} – du spielst von nun an an seiner Stelle:</p>"]
        for message in told:
            parts.append(f"<p><strong>{esc(message.title)}</strong></p>{message.html}")
        return Message("private", (new,), title, "".join(parts))

    def role_messages(self, game: Game, context: PostContext | None = None) -> list[Message]:
        return [self.role_message(game, p.name, context) for p in game.state.players]

    def zwischenstand(self, game: Game, context: PostContext | None = None) -> Message:
        """The Zwischenstand of the current day (or Dämmerung): votes per target with the
        voters, who has not voted yet (mentioned), when the Dämmerung and the night begin."""
        phase = game.state.phase
        if not phase.by_day:
            raise ValueError(f"a Zwischenstand is made by day, not in {phase}")
        self._for(game)
        ctx = self._ctx(context)
        number, nth = phase.number, ordinal(phase.number)
        title = worded(game.rules, say("post.title.tally", number=number, nth=nth))
        data = {
            "day": phase.number,
            "dusk": phase.kind == "dusk",
            "tally": live_tally(game),
            "mayor_tally": mayor_tally(game),
            "mob_votes": mob_votes(game),
            **todays_procedure(game),
            **ctx.times(phase.number),
        }
        return self._render("zwischenstand.html.j2", title, ctx, data)

    # -- private messages (`private`) and phase posts (`phase_posts`) ---------------------------
    def _private(self, game: Game, event: ev.Event, context: PostContext | None) -> list[Message]:
        def render(template: str, title: str, data: dict[str, Any]) -> str:
            return self.render_html(template, title, self._ctx(context), data)

        return private_messages(game, event, render)

    def _phase_post(
        self, game: Game, event: ev.PhaseBegan | ev.GameOver, context: PostContext | None
    ) -> Message | None:
        collected, self.public = self.public, []
        ctx = self._ctx(context)
        post = phase_post(game, event, collected, ctx)
        if post is None:
            return None
        return self._render(post.template, post.title, ctx, post.data)

    # -- rendering ------------------------------------------------------------------------------
    def render_html(self, template: str, title: str, ctx: PostContext, data: dict[str, Any]) -> str:
        """A template as WoltLab HTML, with `title`, `ctx`, `mention(name)`, `when(moment)`."""
        zone = ctx.zone

        def when(moment: datetime | None) -> str:
            return german.when(moment, zone, self._rules) if moment is not None else ""

        html = self._environment().get_template(template).render(
            title=title, ctx=ctx, mention=mentioner(ctx.user_ids), when=when, **data
        )
        return _BETWEEN_TAGS.sub("><", html).strip()

    def _render(self, template: str, title: str, ctx: PostContext, data: dict) -> Message:
        return Message("thread", (), title, self.render_html(template, title, ctx, data))
