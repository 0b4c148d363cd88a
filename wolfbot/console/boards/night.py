"""Nacht: a night as the Spielleitung's checklist – each stage of the ruleset's night order
with the living players who act there (the pack at its entry), and for each whether his
command came (text, time, link), is still pending, was rejected, refused or blocked, and
once the night is resolved what became of it; then `explain_night`'s lines by stage.

    board = load_night(connection, info, game)        # the current or the last night
    board = load_night(connection, info, game, 2)     # night 2

Who acts in a stage is read off the roles as they are now (a role changed since an earlier
night shows under its new stage); the commands, their verdicts and outcomes are the store's
(`v_night_actions`, `v_audit`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from wolfbot.console.boards.common import current_number, rows, utc
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.roles.pack import PACK_STAGE
from wolfbot.engine.state import PlayerState
from wolfbot.spielleitung.explain.common import NotYet
from wolfbot.spielleitung.explain.night import explain_night_parts
from wolfbot.spielleitung.labels import GameInfo, channel_label

__all__ = [
    "Actor",
    "ActorCommand",
    "NightBoard",
    "Stage",
    "StageEntry",
    "StageLines",
    "load_night",
]

# what became of a command once the night was resolved (`v_night_actions.outcome`), in the
# round's language: `target` the command's, `detail` the view's (a role seen, a cause), `by`
# who blocked it, `how` an attack failed
OUTCOME_WORDS = {
    "de": {
        "blocked": "blockiert",
        "blocked_by": "blockiert (von {by})",
        "refused": "nicht ausgeführt: {detail}",
        "seen": "gesehen: {detail}",
        "protected": "hat {target} vor einem Angriff geschützt ({detail})",
        "died": "{target} ist in dieser Nacht gestorben ({detail})",
        "healed": "{target} geheilt (Angriff: {detail})",
        "survived": "{target} hat einen Angriff überlebt ({how})",
    },
    "nl": {
        "blocked": "geblokkeerd",
        "blocked_by": "geblokkeerd (door {by})",
        "refused": "niet uitgevoerd: {detail}",
        "seen": "gezien: {detail}",
        "protected": "heeft {target} tegen een aanval beschermd ({detail})",
        "died": "{target} is deze nacht gestorven ({detail})",
        "healed": "{target} genezen (aanval: {detail})",
        "survived": "{target} heeft een aanval overleefd ({how})",
    },
}
# how an attack failed (`AttackFailed.outcome`: the engine's reason, `failed.…` without its
# prefix), as v_night_actions lists it for a command whose target survived
FAILED_WORDS = {
    "de": {
        "healed": "geheilt",
        "protected": "geschützt",
        "immune": "immun gegen diesen Angriff",
        "cursed": "Verfluchter Dorfbewohner: verwandelt sich in einen Werwolf",
        "away": "nicht zu Hause",
        "sacrificed": "ein anderer wurde an seiner Stelle geopfert",
        "seduced": "verführt",
        "bitten": "gebissen",
        "failed": "abgewehrt",
    },
    "nl": {
        "healed": "genezen",
        "protected": "beschermd",
        "immune": "immuun voor deze aanval",
        "cursed": "vervloekte dorpeling: wordt een weerwolf",
        "away": "niet thuis",
        "sacrificed": "een ander werd in zijn plaats geofferd",
        "seduced": "verleid",
        "bitten": "gebeten",
        "failed": "afgeweerd",
    },
}


@dataclass(frozen=True, slots=True)
class ActorCommand:
    """A command of the night: accepted (the latest per word), or rejected."""

    text: str  # "!Sehen Anna"
    word: str | None
    target: str | None
    channel: str  # engine channel: private, wolves, …
    channel_label: str  # "Rollenmitteilung", "Wolfshöhle"
    at: datetime | None  # UTC
    link: str | None
    verdict: str  # accepted, rejected, pending (the Spielleitung's word awaited)
    reason: str | None  # why rejected, or why the night did not carry it out
    outcome: str | None  # v_night_actions: blocked, refused, seen, protected, died, …
    outcome_label: str | None  # in the round's language: "gesehen: Werwolf", "blockiert (von …)"
    command_id: int | None = None  # of a rejected or undecided one (`wolfbot accept`)


@dataclass(frozen=True, slots=True)
class Actor:
    name: str
    role: str
    state: str  # done, pending, none, rejected, refused, blocked (the pages word it)
    commands: tuple[ActorCommand, ...]
    blocked_by: str | None  # "Konrad (Koch)" if known


@dataclass(frozen=True, slots=True)
class StageEntry:
    """An entry of a stage: a role placed there, or the group acting there (the pack)."""

    name: str  # "Seherin", "Werwölfe" (by the ruleset's names: "Weerwolven")
    group: bool
    actors: tuple[Actor, ...]


@dataclass(frozen=True, slots=True)
class Stage:
    number: int  # 1 = the first of the night order
    entries: tuple[StageEntry, ...]


@dataclass(frozen=True, slots=True)
class StageLines:
    """`explain_night`'s lines of one stage."""

    number: int
    heading: str  # "Stufe 12 – Koch:"
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightBoard:
    number: int
    current: bool  # the game is in this night now
    resolved: bool
    stages: tuple[Stage, ...]  # only the stages somebody acts in
    others: tuple[Actor, ...]  # commands of the night by players in no stage shown
    explanation_head: tuple[str, ...]
    explanation: tuple[StageLines, ...]  # by stage, once resolved
    explanation_outcome: tuple[str, ...]
    explanation_missing: str | None  # why there is no explanation (not resolved, …)


def load_night(
    connection: sqlite3.Connection,
    info: GameInfo,
    game: Game,
    number: int | None = None,
    after_night: Game | None = None,
) -> NightBoard | None:
    """Night `number` (default: the current or the last one) of round `info`; None before
    the first night began or for a night that did not happen. The game keeps the record of
    its last night only: an earlier night is explained from `after_night`, the round
    rebuilt up to that night's end (`explain.stored.rebuild_after_night`), if given."""
    last = current_number(game, "night")
    number = last if number is None else number
    if number is None or last is None or not 1 <= number <= last:
        return None
    phase = f"night {number}"
    current = str(game.state.phase) == phase
    resolved = _resolved(game, phase)
    present = _present(game, phase)
    commands, blockers = _commands(connection, info.id, phase, game)
    stages, shown = _stages(game, number, present, commands, blockers, resolved)
    others = tuple(
        _actor(game, name, commands[name], blockers.get(name), resolved)
        for name in commands
        if name not in shown and game.find_player(name) is not None
    )
    head: tuple[str, ...] = ()
    explained: tuple[StageLines, ...] = ()
    outcome: tuple[str, ...] = ()
    missing = None
    try:
        parts = explain_night_parts(after_night or game, number)
        head, outcome = parts.head, parts.outcome
        explained = tuple(StageLines(s.number, s.heading, s.lines) for s in parts.stages)
    except NotYet as error:
        missing = str(error)
    return NightBoard(
        number=number,
        current=current,
        resolved=resolved,
        stages=stages,
        others=others,
        explanation_head=head,
        explanation=explained,
        explanation_outcome=outcome,
        explanation_missing=missing,
    )


def _resolved(game: Game, phase: str) -> bool:
    """Whether the night was resolved: a later phase began, the round ended, or the
    night's deaths are done."""
    started = False
    for event in game.state.log:
        if isinstance(event, ev.PhaseBegan):
            if started:
                return True
            started = event.phase == phase
        elif started and isinstance(event, ev.GameOver):
            return True
    return started and game.state.step in ("settled", "begin")


def _present(game: Game, phase: str) -> list[PlayerState]:
    """The players alive and not excluded when the night began, in Spielerliste order (a
    player excluded or dead since still acted in that night)."""
    out: set[str] = set()
    for event in game.state.log:
        if isinstance(event, ev.PhaseBegan) and event.phase == phase:
            break
        if isinstance(event, (ev.PlayerDied, ev.PlayerExcluded)):
            out.add(event.player)
        elif isinstance(event, ev.PlayerRevived):
            out.discard(event.player)
    return [p for p in game.state.players if p.name not in out]


def _commands(
    connection: sqlite3.Connection, game_id: int, phase: str, game: Game
) -> tuple[dict[str, list[ActorCommand]], dict[str, str]]:
    """The night's commands by actor: accepted ones (`v_night_actions`, with their outcome)
    and rejected or undecided ones (`v_audit`), each in the order given; and who blocked
    whom."""
    params = {"g": game_id, "night": phase}
    accepted = rows(
        connection,
        "SELECT actor, role, word, text, target, channel, at, outcome, detail, link"
        " FROM v_night_actions WHERE game_id = :g AND night = :night ORDER BY at",
        params,
    )
    blockers = _blockers(game, accepted)
    found: dict[str, list[ActorCommand]] = {}
    for r in accepted:
        found.setdefault(r["actor"], []).append(
            ActorCommand(
                text=r["text"],
                word=r["word"],
                target=r["target"],
                channel=r["channel"],
                channel_label=channel_label(r["channel"]),
                at=utc(r["at"]),
                link=r["link"],
                verdict="accepted",
                reason=r["detail"] if r["outcome"] in ("blocked", "refused") else None,
                outcome=r["outcome"],
                outcome_label=_outcome_label(
                    r, blockers.get(r["actor"]), game.rules.language, game.rules.named
                ),
            )
        )
    for r in rows(
        connection,
        "SELECT command_id, actor, text, channel, at, verdict, reason, link FROM v_audit"
        " WHERE game_id = :g AND phase = :night AND verdict <> 'accepted'"
        " AND channel <> 'thread' ORDER BY command_id",
        params,
    ):
        found.setdefault(r["actor"], []).append(
            ActorCommand(
                text=r["text"],
                word=None,
                target=None,
                channel=r["channel"],
                channel_label=channel_label(r["channel"]),
                at=utc(r["at"]),
                link=r["link"],
                verdict=r["verdict"],
                reason=r["reason"],
                outcome=None,
                outcome_label=None,
                command_id=r["command_id"],
            )
        )
    return found, blockers


def _blockers(game: Game, accepted: list[dict]) -> dict[str, str]:
    """Blocked actor → who blocked him ("Konrad (Koch)"), from the night's commands of the
    roles whose word blocks (`params.blocks`)."""
    found: dict[str, list[str]] = {}
    for r in accepted:
        player = game.find_player(r["actor"])
        if player is None or not r["target"]:
            continue
        params = game.role_facts(player).params
        if params.get("blocks") and r["word"] == params.get("word"):
            found.setdefault(r["target"], []).append(f"{r['actor']} ({r['role'] or player.role})")
    return {name: ", ".join(by) for name, by in found.items()}


# the outcomes whose detail is a cause of death or an attacker: said by the ruleset's name
# (`Ruleset.named`: the Weerwolven's "Weerwolf" for the engine's "Werwolf")
CAUSE_OUTCOMES = ("protected", "died", "healed")


def _outcome_label(
    r: dict, blocked_by: str | None, language: str = "de", named: Callable[[str], str] = str
) -> str | None:
    outcome, detail, target = r["outcome"], r["detail"], r["target"]
    if outcome in CAUSE_OUTCOMES and detail:
        detail = named(detail)
    said = OUTCOME_WORDS.get(language, OUTCOME_WORDS["de"])
    if outcome == "blocked":
        return said["blocked_by"].format(by=blocked_by) if blocked_by else said["blocked"]
    if outcome == "survived":
        failed = FAILED_WORDS.get(language, FAILED_WORDS["de"])
        how = ", ".join(failed.get(part, failed["failed"]) for part in detail.split(", "))
        return said["survived"].format(target=target, how=how)
    if outcome in said:
        return said[outcome].format(target=target, detail=detail)
    return None


def _acts(game: Game, player: PlayerState, number: int, current: bool) -> bool:
    """Whether the player's role has a night command in night `number` (the first night's,
    every night's, the later nights'), and – in the current night – uses left. The commands
    every player has (`!Rücktritt`) are no role's action."""
    everyone = {use.word for use in game.rules.common_commands}
    for use in game.command_facts(player):
        if "night" not in use.phase or use.by_dead or use.stands or use.word in everyone:
            continue
        if use.nights != "all" and (number == 1) != (use.nights == "first"):
            continue
        if current and use.uses is not None and player.uses.get(use.word, 0) >= use.uses:
            continue
        return True
    return False


def _stages(
    game: Game,
    number: int,
    present: list[PlayerState],
    commands: dict[str, list[ActorCommand]],
    blockers: dict[str, str],
    resolved: bool,
) -> tuple[tuple[Stage, ...], set[str]]:
    current = str(game.state.phase) == f"night {number}"
    pack = {p.name for p in present if game.role_facts(p).pack}
    stages = []
    shown: set[str] = set()
    for index, plan in enumerate(game.tables.stage_plan):
        entries = []
        for entry in plan:
            group = entry.name in game.acting_groups
            if entry.name == PACK_STAGE and group:
                members = [p for p in present if p.name in pack]
            else:
                members = [
                    p
                    for p in present
                    if p.role in entry.roles
                    and (_acts(game, p, number, current) or p.name in commands)
                ]
            if not members:
                continue
            actors = tuple(
                _actor(game, p.name, commands.get(p.name, []), blockers.get(p.name), resolved)
                for p in members
            )
            shown.update(p.name for p in members)
            entries.append(StageEntry(game.rules.named(entry.name), group, actors))
        if entries:
            stages.append(Stage(index + 1, tuple(entries)))
    return tuple(stages), shown


def _actor(
    game: Game,
    name: str,
    commands: list[ActorCommand],
    blocked_by: str | None,
    resolved: bool,
) -> Actor:
    player = game.player(name)
    accepted = [c for c in commands if c.verdict == "accepted"]
    if any(c.outcome == "blocked" for c in accepted):
        state = "blocked"
    elif accepted and all(c.outcome == "refused" for c in accepted):
        state = "refused"
    elif accepted:
        state = "done"
    elif commands:
        state = "rejected"
    else:
        state = "none" if resolved else "pending"
    blocked = blocked_by if state == "blocked" else None
    return Actor(name, player.role, state, tuple(commands), blocked)
