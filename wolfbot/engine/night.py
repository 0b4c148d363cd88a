"""The night, resolved stage by stage in the ruleset's Nachtreihenfolge.

Each stage calls the behaviours of the roles (or the group, e.g. the pack) placed there.
Attacks go through one pipeline – redirect → immunity → protection – in which standing
effects (`Modifier`s placed by earlier stages) and the target's own defences take part; a
heal marks an attack healed; the death step then kills everybody with a hit attack or a
kill, announcing the cause that comes first in the night order. Death triggers follow in
`deaths.kill`. A stage that needs an answer (a tie the Alpha must break) holds the night;
`run_stages` continues from the next stage once it is answered.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.events import (
    AttackFailed,
    AttackSurvived,
    CommandOverturned,
    CommandRejected,
    PhaseBegan,
    PrivateInfo,
)
from wolfbot.engine.names import INAKTIVITAET, PACK_CAUSE
from wolfbot.engine.night_plan import StageEntry
from wolfbot.engine.state import Attack, Kill, Modifier, PlayerState
from wolfbot.engine.text import Text, say

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort

ATTACK_STEPS = ("redirect", "immunity", "protection")


def run_stages(game: GamePort) -> bool:
    """Resolve the remaining stages in night order; False if a question holds the night."""
    night = game.state.night
    whole_night = bool(game.option("blocks_whole_night"))
    _bring_due_kills(game)
    if whole_night and night.stage == 0 and not night.prepared:
        night.prepared = True
        _prepare(game)
    stages = len(game.tables.stage_plan)
    while night.stage < stages:
        stage = night.stage
        night.stage += 1
        _run_stage(game, stage, whole_night)
        if game.state.questions:
            return False
    return True


def _run_stage(game: GamePort, stage: int, whole_night: bool) -> None:
    """One stage: the attacks scheduled for it, then its entries as the stage lists them –
    the group acting there, or each player of the roles placed there, in seat order (as
    they are now: a player who took a role acts at its later stages)."""
    _scheduled_attacks(game, stage)
    groups = game.acting_groups
    for entry in _night_plan(game)[stage]:
        group = groups.get(entry.name)
        if group is not None:
            if not whole_night:
                group.prepare(game)
            group.act(game, stage)
            continue
        for role in entry.roles:
            for player in game.roles.holders(role):
                _act(game, player, role, stage, whole_night)


def _scheduled_attacks(game: GamePort, stage: int) -> None:
    """The attacks scheduled for this stage happen (`schedule`)."""
    night = game.state.night
    if night.scheduled:
        for due in [a for a in night.scheduled if a.stage == stage]:
            night.scheduled.remove(due)
            attack(game, due.target, due.cause, due.sources, stage, due.kind)


def _act(game: GamePort, player: PlayerState, role: str, stage: int, whole_night: bool) -> None:
    """The player's turn as `role` at its stage: a blocked player's night commands are
    overturned; the others' act (prepared first, unless for the whole night before)."""
    if player.role != role or not player.active:  # changed on the way
        return
    if player.name in game.state.night.blocked:
        _overturn(game, player, None)
        return
    if not whole_night:
        game.behaviour(player).prepare(game, player)
    mark = len(game.state.log)
    game.behaviour(player).act(game, player, stage)
    _took_part(game, player, game.state.log[mark:])


def _night_plan(game: GamePort) -> list[list[StageEntry]]:
    """The stage plan (`RulesetTables.stage_plan`) without the roles nobody plays now
    (`RoleIndex.in_play`): made anew after a change of role (`RoleIndex.night_plan`)."""
    plan = game.roles.night_plan
    if plan is None:
        in_play = game.roles.in_play()
        plan = game.roles.night_plan = [
            [
                StageEntry(entry.name, tuple(role for role in entry.roles if role in in_play))
                for entry in stage
                if entry.name in game.acting_groups or not in_play.isdisjoint(entry.roles)
            ]
            for stage in game.tables.stage_plan
        ]
    return plan


def _bring_due_kills(game: GamePort) -> None:
    """Deaths due this night from an earlier one (the Schwarze Pest) join the night's kills,
    so that those told who dies tonight (Gute Fee, Treue Magd) know of them."""
    number = game.state.phase.number
    due = [k for n, k in game.state.due_kills if n == number and game.player(k.target).alive]
    if due:
        game.state.night.kills += due
        game.state.due_kills = [d for d in game.state.due_kills if d[0] != number]


def _overturn(game: GamePort, player: PlayerState, refused: dict[str, Text] | None) -> None:
    """The player's accepted night commands did not act – those `refused` (text → why), or
    all of them when he is blocked: each is overturned once, with why (for the audit; the
    player was told)."""
    done = set()
    for event in reversed(game.state.log):
        if isinstance(event, PhaseBegan):
            break
        if isinstance(event, CommandOverturned) and event.actor == player.name:
            done.add(event.text)
    for command in game.state.night.actions.get(player.name, {}).values():
        text = command.text()
        if text not in done and (refused is None or text in refused):
            why = say("overturned.blocked") if refused is None else refused[text]
            game.emit(CommandOverturned(player.name, command.channel, text, why))


def withdraw(game: GamePort, player: PlayerState, command: Command, why: Text) -> None:
    """The player's accepted night command no longer stands (refused now, and a question
    asks him anew): it is overturned, with why, and leaves the night's actions."""
    actions = game.state.night.actions.get(player.name, {})
    if actions.get(command.word) is command:
        del actions[command.word]
    game.emit(CommandOverturned(player.name, command.channel, command.text(), why))


def _took_part(game: GamePort, player: PlayerState, happened: list) -> None:
    """The player's night commands that were not refused took part in the night: he used an
    ability (what the Bäcker sees), and their targets count for "nicht denselben ... in zwei
    aufeinanderfolgenden Nächten" – a blocked player's or a refused command's do not (they
    are overturned)."""
    refused = {
        e.text: e.reason
        for e in happened
        if isinstance(e, CommandRejected) and e.actor == player.name
    }
    if refused:
        _overturn(game, player, refused)
    for word, command in game.state.night.actions.get(player.name, {}).items():
        if command.text() in refused:
            continue
        game.state.night.used.add(player.name)
        if command.targets:
            player.last_targets[word] = (game.state.phase.number, command.targets)


def _prepare(game: GamePort) -> None:
    """Before the first stage: effects that hold for the whole night ("kann in dieser Nacht
    keine Fähigkeiten nutzen"), placed in night order – a blocked blocker blocks nobody;
    within a stage by rank: the Koch "am Vorabend" (params), the Trunkenbold's lot, the rest."""
    tables = game.tables
    for index, stage in enumerate(tables.stage_plan):
        for entry in stage:
            group = game.acting_groups.get(entry.name)
            if group is not None:
                group.prepare(game)
        acting = [  # as they are now: a change of role shows at the later stages
            p
            for entry in _night_plan(game)[index]
            for role in entry.roles
            for p in game.roles.holders(role)
        ]
        if not acting:
            continue
        place = tables.role_places[index]
        acting.sort(  # by rank, then as the stage names the roles, then by seat
            key=lambda p: (
                game.role_facts(p).params.get("prepare_rank", game.behaviour(p).prepare_rank),
                place[p.role],
            )
        )
        for player in acting:
            if may_act(game, player):
                game.behaviour(player).prepare(game, player)


def may_act(game: GamePort, player: PlayerState) -> bool:
    """Whether the player may use his abilities this night: not excluded ("aus der Runde
    ausgeschlossen") and not blocked ("kann in dieser Nacht seine Fähigkeiten nicht nutzen")."""
    return player.active and player.name not in game.state.night.blocked


def block(game: GamePort, target: str, told: Text) -> None:
    """`target` cannot use abilities nor conversations this night; he is told `told` (once)."""
    if target not in game.state.night.blocked:
        game.state.night.blocked.add(target)
        game.emit(PrivateInfo((target,), "private", told))


def attack(
    game: GamePort,
    target: str,
    cause: str,
    sources: tuple[str, ...],
    stage: int,
    kind: str = "direct",
) -> Attack:
    """An attack ("Angriff") on `target`, passed through redirect → immunity → protection."""
    record = Attack(target, cause, stage, sources, original_target=target, kind=kind)
    night = game.state.night
    for step in ATTACK_STEPS:
        for modifier in [m for m in night.modifiers if m.step == step]:
            if modifier.target in (None, record.target) and record.status == "hit":
                owner = game.player(modifier.owner)
                game.behaviour(owner).modify_attack(game, record, modifier)
        if record.status == "hit":
            victim = game.player(record.target)
            if step == "immunity" and set(causes(game, record.cause)) & set(
                game.role_facts(victim).immune_to
            ):
                record.status, record.reason = "failed", say("failed.immune", role=victim.role)
            else:
                game.behaviour(victim).defend(game, victim, record, step)
        if record.status != "hit":
            break
    night.attacks.append(record)
    reached = game.player(record.target)
    game.behaviour(reached).attacked(game, reached, record)
    return record


def causes(game: GamePort, cause: str) -> tuple[str, ...]:
    """The cause of an attack and the one it is treated as (the killing role's
    `params.attacks_as`: the Ghule's attack is the Werwölfe's)."""
    role = game.rules.roles.get(cause)
    treated_as = role.params.get("attacks_as") if role is not None else None
    return (cause, treated_as) if treated_as else (cause,)


def burn(
    game: GamePort,
    target: str,
    cause: str,
    sources: tuple[str, ...],
    stage: int,
    counts_for: Sequence[str],
) -> None:
    """A death that is an attack only towards the roles `counts_for` (heals may save him):
    it passes no redirect, immunity or protection."""
    game.state.night.attacks.append(
        Attack(
            target,
            cause,
            stage,
            sources,
            original_target=target,
            kind="fire",
            counts_for=tuple(counts_for),
        )
    )


def schedule(
    game: GamePort, target: str, cause: str, sources: tuple[str, ...], stage: int, kind: str
) -> None:
    """An attack that happens at a later `stage` (when those who protect have acted)."""
    game.state.night.scheduled.append(Attack(target, cause, stage, sources, kind=kind))


def place(game: GamePort, modifier: Modifier) -> None:
    """A standing effect on this night's later attacks (a protection, a redirection)."""
    game.state.night.modifiers.append(modifier)


def kill(game: GamePort, target: str, cause: str, sources: tuple[str, ...], stage: int) -> None:
    """A death that is not an attack (a poison): it cannot be healed."""
    game.state.night.kills.append(Kill(target, cause, stage, sources))


def successfully_attacked(game: GamePort, towards: str | None = None) -> list[str]:
    """Players with an attack on them that has neither failed nor been healed, in list order
    – as far as it counts as an attack towards the role `towards`."""
    hit = {
        a.target
        for a in game.state.night.attacks
        if a.status == "hit" and (a.counts_for is None or towards in a.counts_for)
    }
    return [p.name for p in game.state.players if p.name in hit]


def pack_victims(game: GamePort) -> list[str]:
    """Whom the pack attacked this night, whatever became of the attack, in list order."""
    night = game.state.night
    chosen = {a.original_target for a in night.attacks if PACK_CAUSE in causes(game, a.cause)}
    return [p.name for p in game.state.players if p.name in chosen]


def heal(game: GamePort, target: str) -> bool:
    """Heal every hit attack on `target`; False if there was none."""
    healed = False
    for record in game.state.night.attacks:
        if record.target == target and record.status == "hit":
            record.status = "healed"
            healed = True
    return healed


def dying(game: GamePort) -> list[str]:
    """Who dies this night as it stands (hit attacks and kills so far), in list order: the
    players "die in dieser Nacht verstorben sind" for the Treue Magd and the Gute Fee."""
    night = game.state.night
    doomed = {a.target for a in night.attacks if a.status == "hit"}
    doomed |= {k.target for k in night.kills}
    tonight = f"night {game.state.phase.number}"
    doomed |= {p.name for p in game.state.players if not p.alive and p.death_time == tonight}
    return [p.name for p in game.state.players if p.name in doomed]


def spare(game: GamePort, target: str) -> None:
    """`target` does not die this night after all (the Gute Fee's revival)."""
    night = game.state.night
    for record in night.attacks:
        if record.target == target and record.status == "hit":
            record.status = "healed"
    night.kills = [k for k in night.kills if k.target != target]


_OUTCOMES = MappingProxyType(
    {"failed.protected": "protected", "failed.cursed": "turned", "failed.immune": "immune"}
)


def _tell_failed_attacks(game: GamePort) -> None:
    """Each attack of the pack that did not kill, by how it failed (no name)."""
    for record in game.state.night.attacks:
        if PACK_CAUSE not in causes(game, record.cause) or record.status == "hit":
            continue
        key = record.reason.key if record.reason is not None else ""
        outcome = "healed" if record.status == "healed" else _OUTCOMES.get(key, "failed")
        game.emit(AttackSurvived(outcome))


def _record_failed_attacks(game: GamePort) -> None:
    """Each attack of the night that did not kill, how and by whom it failed (the audit)."""
    for record in game.state.night.attacks:
        if record.status not in ("failed", "healed"):
            continue
        key = record.reason.key if record.reason is not None else ""
        if record.status == "healed":
            outcome = "healed"
        else:
            outcome = key.removeprefix("failed.") if key.startswith("failed.") else "failed"
        by = record.reason.value("by", "") if record.reason is not None else ""
        game.emit(AttackFailed(record.target, record.cause, outcome, by))


def resolve_deaths(game: GamePort) -> None:
    """The death step: hit attacks and kills; the first cause in night order is announced.
    Players excluded for inactivity die now too ("am darauffolgenden Morgen")."""
    night = game.state.night
    for record in night.attacks:
        victim = game.player(record.target)
        if record.status == "hit" and game.behaviour(victim).at_dawn(game, victim, record):
            record.status = "failed"
    if game.rules.tells_failed_attacks:
        _tell_failed_attacks(game)
    _record_failed_attacks(game)
    first: dict[str, tuple[int, str]] = {}
    causes = [(a.stage, a.target, a.cause) for a in night.attacks if a.status == "hit"]
    causes += [(k.stage, k.target, k.cause) for k in night.kills]
    for stage, target, cause in sorted(causes, key=lambda c: c[0]):
        first.setdefault(target, (stage, cause))
    order = {p.name: i for i, p in enumerate(game.state.players)}
    deaths = sorted(first.items(), key=lambda item: (item[1][0], order[item[0]]))
    game.kill([(name, cause) for name, (_, cause) in deaths])
    excluded = [(p.name, p.excluded_for or INAKTIVITAET) for p in game.living() if p.excluded]
    game.kill(excluded, time=f"day {game.state.phase.number}")
