"""Events → messages. Private events become messages at once; public events wait for the
next phase post (Morgen, Dämmerung, Abend, or the Abschlussbeitrag), which is rendered from
the templates and the public roster only. The Eröffnungsbeitrag, the Rollenmitteilungen and
the Zwischenstände are made on demand (`opening`, `role_messages`, `zwischenstand`).

Templates are looked up first in the Spielleitung's own folder (if given), then in the
ruleset's (`rules/<name>/templates/`), then in the shipped ones (`environment`). Every
template gets `title`, `ctx` (the `PostContext`), `rules` (the `Ruleset`), `mention(name)`
(a user mention in neutral markup: `wolfbot.posts.mentions`), `when(datetime)` (in the
ruleset's language, in the forum's time zone) and
`msg('key', name=value)` (an entry of the ruleset's catalog, as HTML: `wording.marked`)
besides its own data; the filter `phase_time` says "night 2" in the ruleset's language.

What the messages say is made in `private` (the private messages), `phase_posts` (the phase
posts and the tallies) and `opening` (the Eröffnungsbeitrag and the Rollenmitteilungen); the
`Publisher` sorts the events and renders the templates."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from jinja2 import Environment
from markupsafe import Markup
from markupsafe import escape as esc

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import Text, say
from wolfbot.posts import language
from wolfbot.posts.context import PostContext
from wolfbot.posts.environment import environment, for_ruleset
from wolfbot.posts.mentions import mentioner
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
from wolfbot.posts.wording import marked, worded

__all__ = [
    "PUBLIC_EVENTS",
    "Distribution",
    "Faction",
    "Listed",
    "Publisher",
    "RoleEntry",
    "Tally",
    "environment",
    "spielerliste",
]

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


@dataclass
class Publisher:
    env: Environment = field(default_factory=environment)
    public: list[ev.Event] = field(default_factory=list)
    context: PostContext | None = None
    _envs: dict[str, Environment] = field(default_factory=dict, repr=False)

    def _environment(self, rules: Ruleset) -> Environment:
        """The templates of the ruleset (its own before the shipped ones)."""
        if rules.name not in self._envs:
            self._envs[rules.name] = for_ruleset(self.env, rules)
        return self._envs[rules.name]

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
        data = opening_data(game, ctx)
        title = ctx.round_title if ctx.named else worded(game.rules, say("post.title.opening"))
        return self._render(game.rules, "eroeffnung.html.j2", title, ctx, data)

    def role_message(self, game: Game, name: str, context: PostContext | None = None) -> Message:
        """The Rollenmitteilung of one player (title "Name – 1. Ligarunde"): the role and
        faction description of the role he is told he plays."""
        ctx = self._ctx(context)
        player = game.player(name)
        data = role_message_data(game, player, ctx)
        label = ctx.round_label
        title = worded(game.rules, say("post.title.role_message", player=player.name, round=label))
        html = self.render_html(game.rules, "rollenmitteilung.html.j2", title, ctx, data)
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
        place; None if he was told nothing. What concerned `old` himself and not his role –
        an Ermahnung, a Sanktion, his exclusion – stays his."""
        told = [
            m
            for event in events
            if not isinstance(event, ev.Intervened | ev.PlayerExcluded)
            for m in self._private(game, event, context)
            if m.channel == "private" and old in m.recipients
        ]
        if not told:
            return None
        title = worded(game.rules, say("post.title.told_before", player=old))
        parts = [f"<p>{esc(worded(game.rules, say('post.private.told_before', title=title)))}</p>"]
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
        ctx = self._ctx(context)
        title = worded(game.rules, say("post.title.interim", day=phase.number))
        data = {
            "day": phase.number,
            "dusk": phase.kind == "dusk",
            "tally": live_tally(game),
            "mayor_tally": mayor_tally(game),
            "mob_votes": mob_votes(game),
            **todays_procedure(game),
            **ctx.times(phase.number),
        }
        return self._render(game.rules, "zwischenstand.html.j2", title, ctx, data)

    # -- private messages (`private`) and phase posts (`phase_posts`) ---------------------------
    def _private(self, game: Game, event: ev.Event, context: PostContext | None) -> list[Message]:
        def render(template: str, title: str, data: dict[str, Any]) -> str:
            return self.render_html(game.rules, template, title, self._ctx(context), data)

        return private_messages(game, event, render)

    def _phase_post(
        self, game: Game, event: ev.PhaseBegan | ev.GameOver, context: PostContext | None
    ) -> Message | None:
        collected, self.public = self.public, []
        ctx = self._ctx(context)
        post = phase_post(game, event, collected, ctx)
        if post is None:
            return None
        return self._render(game.rules, post.template, post.title, ctx, post.data)

    # -- rendering ------------------------------------------------------------------------------
    def render_html(
        self, rules: Ruleset, template: str, title: str, ctx: PostContext, data: dict[str, Any]
    ) -> str:
        """A template of `rules` as WoltLab HTML, with `title`, `ctx`, `rules`,
        `mention(name)`, `when(moment)` and `msg(key, **values)`."""
        zone = ctx.zone

        def when(moment: datetime | None) -> str:
            return language.when(rules, moment, zone) if moment is not None else ""

        def msg(key: str, **values: Any) -> Markup:
            return marked(rules, Text(key, tuple(values.items())))

        html = (
            self._environment(rules)
            .get_template(template)
            .render(
                title=title,
                ctx=ctx,
                rules=rules,
                mention=mentioner(ctx.user_ids),
                when=when,
                msg=msg,
                **data,
            )
        )
        return _BETWEEN_TAGS.sub("><", html).strip()

    def _render(
        self, rules: Ruleset, template: str, title: str, ctx: PostContext, data: dict
    ) -> Message:
        return Message("thread", (), title, self.render_html(rules, template, title, ctx, data))
