"""What the posts of the start show: the Eröffnungsbeitrag (the roles and factions in play,
the Nachtreihenfolge, the house rules) and each player's Rollenmitteilung (the role he is told
he plays). `opening_data` and `role_message_data` give the templates' data; the `Publisher`
renders them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wolfbot.engine.game import Game
from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.engine.spec import RoleSpec, Ruleset
from wolfbot.engine.state import PlayerState
from wolfbot.engine.text import say
from wolfbot.posts import language
from wolfbot.posts.context import PostContext
from wolfbot.posts.wording import worded


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
    # the roles it lets a player play (the Gaukler's three), with their texts
    offered: tuple[RoleEntry, ...] = ()


def opening_data(game: Game, ctx: PostContext) -> dict[str, Any]:
    """The Eröffnungsbeitrag's data: Spielanleitung, Fraktionen, Rollen, Nachtreihenfolge,
    Spielleitung, Spielerliste, Beobachter, Zeitplan and the links to the phase posts."""
    rules = ctx.ruleset or game.rules
    roles = _roles_in_play(game, rules, ctx)
    counts = _role_counts(game)
    on = [rules.variants[name] for name in _option_values(game, ctx).get("variants", ())]
    return {
        "variants": [(v.heading, v.text) for v in on if v.text and not v.secret],
        "hide_counts": any(v.secret for v in on),
        "players": [p.name for p in game.state.players],
        "roles": [_entry(game, rules, r, counts.get(r.name, 0)) for r in roles],
        "factions": _factions(rules, roles),
        "night_order": _night_order(rules, roles, tuple(v.heading for v in on)),
        "counts": counts,
        "options": _options(game, rules, ctx),
        # the Düsterliga's Wütender Mob and inactivity (0: a ruleset without them)
        "mob_votes": _number(rules, _option_values(game, ctx), "mob_votes"),
        "inactivity_dusks": _number(rules, _option_values(game, ctx), "inactivity_dusks"),
        "first_day_begins": ctx.times(0)["next_day_begins"],
        "links": list(ctx.links.items()),
    }


def _number(rules: Ruleset, options: dict[str, Any], name: str) -> int:
    return int(rules.option(options, name)) if name in rules.options else 0


def _entry(game: Game, rules: Ruleset, role: RoleSpec, count: int) -> RoleEntry:
    """A role of the Eröffnungsbeitrag, with the roles set aside for it where they are
    announced (the Gaukler's: "im Eröffnungsbeitrag in der Rollenbeschreibung des Gauklers
    bekanntgegeben. Dabei gibt die Spielleitung auch die Rollenbeschreibung dieser drei
    ausgewählten Rollen wieder")."""
    offered: tuple[RoleEntry, ...] = ()
    aside = behaviour_of(role).set_aside
    if aside is not None and aside.announced and aside.option in rules.options:
        names = rules.option(game.state.options, aside.option)
        specs = [rules.role(name) for name in names]
        offered = tuple(RoleEntry(s.name, s.heading, s.text, 0) for s in specs)
    return RoleEntry(role.name, role.heading, role.text, count, offered)


def role_message_data(game: Game, player: PlayerState, ctx: PostContext) -> dict[str, Any]:
    """The Rollenmitteilung's data: the role and faction description of the role the player
    is told he plays."""
    rules = ctx.ruleset or game.rules
    role = rules.roles[told_role(game, player)]
    faction = player.faction if player.faction and role.name == player.role else role.faction
    spec = rules.factions.get(faction)
    return {
        "player": player.name,
        "role": role,
        "faction": Faction(
            faction, language.faction_heading(rules, faction), spec.text if spec else ""
        ),
    }


def told_role(game: Game, player: PlayerState) -> str:
    """The role a player is told he plays: a behaviour's `told_role` hook, else the role
    announced at his death (the Verfluchte Dorfbewohner: "Bürger"), else his role."""
    behaviour = game.behaviour(player)
    hook = getattr(behaviour, "told_role", None)
    told = hook(game, player) if callable(hook) else behaviour.announced_role(game, player)
    return told if told in game.rules.roles else player.role


def _roles_in_play(game: Game, rules: Ruleset, ctx: PostContext) -> list[RoleSpec]:
    wanted = {p.original_role for p in game.state.players}
    wanted |= {rules.role(name).name for name in ctx.extra_roles}
    for name in _option_values(game, ctx).get("variants", ()):
        posed = rules.variants[name].poses_as  # a secret variant looks like a usual round
        if posed:
            wanted.add(rules.role(posed).name)
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
        Faction(name, language.faction_heading(rules, name), spec.text)
        for name, spec in rules.factions.items()
        if name in present
    ]
    if any(r.behaviour == "amor" or r.name == "Amor" for r in roles):
        out.append(Faction("Liebespaar", language.faction_heading(rules, "Liebespaar"), ""))
    return out


def _entry_heading(rules: Ruleset, entry: str) -> str:
    """A variant's entry as the text names it: the heading of its role (Die Ghule), else
    the entry (Dorffest, Ruhelose Geister)."""
    return next((r.heading for r in rules.roles.values() if r.stage == entry), entry)


def _night_order(
    rules: Ruleset, roles: list[RoleSpec], variants: tuple[str, ...] = ()
) -> list[list[str]]:
    """The Nachtreihenfolge restricted to the roles in play: each stage as the headings of
    its roles in play ("Die Werwölfe" for the pack's attack), and the entries of the round's
    Spielvarianten (`variants`: their headings) that are announced."""
    by_name = {r.name: r for r in roles}
    pack = any(r.pack for r in roles)
    out = []
    for stage in rules.night_order:
        shown: list[str] = []
        for entry in stage:
            if entry == "Werwölfe":
                if pack:
                    shown.append(worded(rules, say("post.night_order_pack")))
                continue
            if entry in rules.variant_entries:
                variant = rules.variants[rules.variant_entries[entry]]
                if variant.heading in variants and not variant.secret:
                    shown.append(_entry_heading(rules, entry))
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
    """The house rules that differ from the ruleset's defaults: (doc, value in words)."""
    values = _option_values(game, ctx)
    out = []
    for name, spec in rules.options.items():
        if spec.announced and name in values and values[name] != spec.default:
            value = values[name]
            if isinstance(value, list | tuple):
                out.append((spec.doc, ", ".join(map(str, value))))
                continue
            said = {True: say("post.option_on"), False: say("post.option_off")}.get(value)
            out.append((spec.doc, worded(rules, said) if said else str(value)))
    return out


def outing_said(rules: Ruleset, keys: list[str] | tuple[str, ...], roles=()) -> str:
    """How the round departs from the absolute Offenbarungs- und Andeutungsverbot, as the
    Eröffnungsbeitrag states it: each chosen rule's title and text, the roles of one that
    names roles; "" for none (the absolute ban holds)."""
    said = []
    for key in keys:
        rule = rules.outing[key]
        named = f" ({language.names(rules, roles)})" if rule.roles and roles else ""
        said.append(f"{rule.title}{named}: {rule.text}")
    return " ".join(said)
