"""`wolfbot explain --night N`: a resolved night, stage by stage, in the round's language
(the catalog's `explain.night.*`).

    lines = explain_night(game, 2)   # game.state.night is night 2's record

The engine keeps the night's record (`NightState`: the actions, the pack's votes, who was
blocked, every attack as the pipeline left it, the kills, the standing effects) until the
next night begins; the log holds the rest (refused commands, the Alpha, tie answers, the
deaths). Nothing here changes the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wolfbot.engine import events as ev
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.engine.names import LIEBESKUMMER
from wolfbot.engine.roles.pack import PACK_CAUSE, PACK_STAGE
from wolfbot.engine.state import Attack, Kill, PlayerState
from wolfbot.engine.text import say
from wolfbot.posts.wording import death_phrase, worded, worded_about
from wolfbot.spielleitung.explain.common import (
    HEAL_WORDS,
    NotYet,
    Window,
    by,
    onto,
    phase_window,
    told,
)

__all__ = [
    "NightExplanation",
    "NotYet",
    "StageExplanation",
    "explain_night",
    "explain_night_parts",
]


@dataclass(frozen=True, slots=True)
class StageExplanation:
    """A stage of the night order that had something to do: its number (1 = first), the
    entries that acted, its heading ("Stufe 12 – Koch:") and what happened there."""

    number: int
    entries: tuple[str, ...]
    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightExplanation:
    """`explain_night` in parts: the heading lines, the stages, the outcome."""

    head: tuple[str, ...]
    stages: tuple[StageExplanation, ...]
    outcome: tuple[str, ...]

    def lines(self) -> list[str]:
        out = list(self.head)
        for stage in self.stages:
            out.append(stage.heading)
            out.extend(f"  {line}" for line in stage.lines)
        out.extend(self.outcome)
        return out


def explain_night(game: Game, number: int) -> list[str]:
    """Lines explaining night `number` in the round's language; `game.state.night` must be
    its record (the game as it stands after the night's resolution, before the next night
    begins)."""
    return explain_night_parts(game, number).lines()


def explain_night_parts(game: Game, number: int) -> NightExplanation:
    """`explain_night`, its lines grouped by the stage of the night order they belong to."""
    window = phase_window(game, f"night {number}")
    if window is None:
        raise NotYet(told(game, say("explain.not_yet.night", number=number)))
    later = [e for e in game.state.log[window.start + 1 :] if isinstance(e, ev.PhaseBegan)]
    if any(e.phase.startswith("night ") for e in later):
        raise NotYet(told(game, say("explain.not_yet.night_gone", number=number)))
    if not _resolved(game, number, window):
        raise NotYet(told(game, say("explain.not_yet.night_open", number=number)))
    return _Night(game, number, window).parts()


def _resolved(game: Game, number: int, window: Window) -> bool:
    after = game.state.log[window.start :]
    if any(isinstance(e, ev.GameOver) for e in after):
        return True
    if any(isinstance(e, ev.PhaseBegan) and e.phase == f"day {number}" for e in after):
        return True
    phase = game.state.phase
    return (
        phase.kind == "night"
        and phase.number == number
        and game.state.step
        in (
            "settled",
            "begin",
        )
    )


class _Night:
    def __init__(self, game: Game, number: int, window: Window) -> None:
        self.game = game
        self.number = number
        self.night = game.state.night
        self.window = window
        self.events = game.state.log[window.start : window.end]
        self.time = f"night {number}"
        earlier = game.state.log[: window.start]
        self.dead_before = {e.player for e in earlier if isinstance(e, ev.PlayerDied)}
        self.covered: set[int] = set()  # kills told with the command that made them
        self.verdicts: dict[tuple[str, str], ev.Event] = {}
        for e in self.events:
            if isinstance(e, ev.CommandAccepted | ev.CommandRejected):
                self.verdicts[(e.actor, e.text)] = e

    # -- helpers ---------------------------------------------------------------------------
    def role(self, name: str) -> str:
        player = self.game.find_player(name)
        return player.role if player else "?"

    def present(self) -> list[PlayerState]:
        """The players alive when the night began, in list order."""
        return [p for p in self.game.state.players if p.name not in self.dead_before]

    def refused(self, actor: str, command: Command) -> str | None:
        verdict = self.verdicts.get((actor, command.text()))
        if isinstance(verdict, ev.CommandRejected):
            return worded_about(self.game.rules, verdict.reason, actor)
        return None

    def describe(self, actor: str, command: Command) -> str:
        """ "Konrad verkocht Anna": the command's verb (`explain.verb.<word>`), where it has
        one and targets; else the command as written."""
        game, targets = self.game, command.targets
        if targets and f"explain.verb.{command.word}" in game.rules.messages:
            return told(
                game, say("explain.night.action", word=command.word, actor=actor, targets=targets)
            )
        return told(game, say("explain.night.command", actor=actor, text=command.text()))

    # -- the lines -------------------------------------------------------------------------
    def lines(self) -> list[str]:
        return self.parts().lines()

    def parts(self) -> NightExplanation:
        game = self.game
        head = [told(game, say("explain.night.heading", number=self.number))]
        if self.night.blocked:
            names = [p.name for p in self.present() if p.name in self.night.blocked]
            head.append(told(game, say("explain.night.blocked", names=names)))
        stages = []
        for index, entries in enumerate(game.rules.night_order):
            body, active = self.stage(index, entries)
            if body:
                names = [game.rules.named(entry) for entry in active]
                heading = told(game, say("explain.night.stage", number=index + 1, entries=names))
                stages.append(StageExplanation(index + 1, tuple(active), heading, tuple(body)))
        return NightExplanation(tuple(head), tuple(stages), tuple(self.outcome()))

    def stage(self, index: int, entries: tuple[str, ...]) -> tuple[list[str], list[str]]:
        """The stage's lines and the entries of the night order that had something."""
        body: list[str] = []
        active: list[str] = []
        by_stage = self.game.rules.roles_by_stage
        for entry in entries:
            mark = len(body)
            if entry == PACK_STAGE and self.game.group(entry) is not None:
                body.extend(self.pack(index))
            else:
                for role in by_stage.get(entry, ()):
                    for player in self.present():
                        if player.role == role:
                            body.extend(self.actions(player, index))
            if len(body) > mark:
                active.append(entry)
        for record in self.night.attacks:
            if record.stage == index:
                body.append(self.attack(record))
        for number, kill in enumerate(self.night.kills):
            if kill.stage == index and number not in self.covered:
                body.append(self.kill(kill))
        return body, active or list(entries)

    def actions(self, player: PlayerState, index: int) -> list[str]:
        out = []
        game = self.game
        blocked = player.name in self.night.blocked
        params = game.role_facts(player).params
        for word, command in self.night.actions.get(player.name, {}).items():
            action = self.describe(player.name, command)
            target = command.targets[0] if command.targets else None
            why = self.refused(player.name, command)
            if blocked:
                line = told(game, say("explain.night.self_blocked", action=action))
            elif why:
                line = told(game, say("explain.night.refused", action=action, why=why))
            elif word == params.get("word") and params.get("blocks"):
                line = told(game, say("explain.night.blocks", action=action, target=target))
            elif word == "Abfüllen" and target in self.night.blocked:
                line = told(game, say("explain.night.lot_blocked", action=action, target=target))
            elif word == "Abfüllen":
                line = told(game, say("explain.night.lot_free", action=action, target=target))
            elif self.kills_by(player.name, command, index):
                line = told(game, say("explain.night.lethal", action=action))
            elif word in HEAL_WORDS and any(
                a.target == target and a.status == "healed" for a in self.night.attacks
            ):
                line = told(game, say("explain.night.heals", action=action))
            else:
                line = action
            out.append(line)
        return out

    def kills_by(self, actor: str, command: Command, index: int) -> bool:
        """Whether the command made a kill at this stage (then its line tells it)."""
        for number, kill in enumerate(self.night.kills):
            if kill.stage == index and actor in kill.sources and kill.target in command.targets:
                self.covered.add(number)
                return True
        return False

    def pack(self, index: int) -> list[str]:
        game = self.game
        members = [p.name for p in self.present() if game.role_facts(p).pack]
        if not members:
            return []
        out = []
        for e in self.events:
            if isinstance(e, ev.AlphaElected):
                out.append(told(game, say("explain.night.alpha", player=e.player, by_lot=e.by_lot)))
        votes = self.night.attack_votes
        counted = {}
        parts = []
        for voter in members:
            if voter not in votes:
                continue
            blocked = voter in self.night.blocked
            if not blocked:
                counted[voter] = votes[voter]
            vote = say("explain.night.pack_vote", voter=voter, target=votes[voter], blocked=blocked)
            parts.append(told(game, vote))
        out.append(told(game, say("explain.night.pack_votes", votes=parts)))
        tally = Counter(counted.values())
        pack_attack = next(
            (
                a
                for a in self.night.attacks
                if a.cause == PACK_CAUSE and a.kind == "direct" and a.stage == index
            ),
            None,
        )
        target = pack_attack.original_target if pack_attack else None
        top = max(tally.values()) if tally else 0
        tied = [name for name, n in tally.items() if n == top]
        answer = next(
            (
                e
                for e in self.events
                if isinstance(e, ev.QuestionAnswered) and e.kind == "attack_tie"
            ),
            None,
        )
        alpha = game.state.alpha
        if target is None:
            out.append(told(game, say("explain.night.no_attack")))
        elif not tally:
            out.append(told(game, say("explain.night.nobody_voted", target=target)))
        elif len(tied) == 1:
            out.append(told(game, say("explain.night.majority", target=target, count=top)))
        else:
            if answer is not None:
                how = "unanswered" if answer.by_lot else "alpha"
            elif alpha and counted.get(alpha) in tied:
                how = "alpha_vote"
            else:
                how = "lot"
            tie = say(
                "explain.night.tie", tied=tied, count=top, how=how, alpha=alpha, target=target
            )
            out.append(told(game, tie))
        return out

    def attack(self, record: Attack) -> str:
        first = record.original_target or record.target
        visit = record.kind == "visit"
        redirected = onto(self.game, record.target) if record.target != first else None
        line = say(
            "explain.night.attack",
            pack=record.cause == PACK_CAUSE,
            cause=self.game.rules.named(record.cause),
            target=first,
            visit=visit,
            host=self._host(first) if visit else None,
            onto=redirected,
            status=self.status(record),
        )
        return told(self.game, line)

    def _host(self, name: str) -> str | None:
        command = self.night.actions.get(name, {}).get("Übernachten")
        return command.target if command else None

    def status(self, record: Attack) -> str:
        game = self.game
        if record.status == "hit":
            return told(game, say("explain.night.hit"))
        if record.status == "healed":
            return told(game, say("explain.night.healed", by=self.healer(record.target)))
        if record.status == "devoured":
            why = worded(game.rules, record.reason)
            return told(game, say("explain.night.devoured", why=why))
        return told(game, say("explain.night.failed", why=self.reason(record)))

    def reason(self, record: Attack) -> str:
        game, why = self.game, record.reason
        if why is None:
            return told(game, say("explain.night.warded_off"))
        if why.key == "failed.protected":
            return told(game, say("explain.night.protected", by=by(game, why.value("by"))))
        if why.key == "failed.away":
            return told(game, say("explain.night.away", role=why.value("role")))
        return worded(game.rules, why)

    def healer(self, target: str) -> str:
        for actor, commands in self.night.actions.items():
            for word, command in commands.items():
                if (
                    word in HEAL_WORDS
                    and command.target == target
                    and actor not in self.night.blocked
                    and not self.refused(actor, command)
                ):
                    return by(self.game, actor)
        return told(self.game, say("explain.night.unknown_healer"))

    def kill(self, kill: Kill) -> str:
        cause = self.game.rules.named(kill.cause)
        line = say("explain.night.kill", by=kill.sources, target=kill.target, cause=cause)
        return told(self.game, line)

    def appearances(self) -> list[str]:
        """Who appeared to whom as what this night (`GameState.disguises`; of several, the
        last one counts)."""
        seen: dict[tuple[str, tuple[str, ...]], str] = {}
        for disguise in self.game.state.disguises:
            if disguise.night in (None, self.number):
                seen[(disguise.target, disguise.towards)] = disguise.role
        return [
            "  " + told(self.game, say("explain.night.appears", target=t, towards=to, role=role))
            for (t, to), role in seen.items()
        ]

    def outcome(self) -> list[str]:
        game = self.game
        shown = self.appearances()
        out = [told(game, say("explain.night.appearances")), *shown] if shown else []
        out.append(told(game, say("explain.night.outcome")))
        died = [
            e
            for e in game.state.log[self.window.start :]
            if isinstance(e, ev.PlayerDied) and e.time == self.time
        ]
        causes: dict[str, list[str]] = {}
        for _stage, target, cause in sorted(
            [(a.stage, a.target, a.cause) for a in self.night.attacks if a.status == "hit"]
            + [(k.stage, k.target, k.cause) for k in self.night.kills],
            key=lambda c: c[0],
        ):
            causes.setdefault(target, []).append(cause)
        for death in died:
            own = causes.get(death.player, [])
            cause = game.rules.named(death.cause)
            if death.cause == LIEBESKUMMER:
                why = told(game, say("explain.heartbreak", lover=game.lover_of(death.player)))
            elif own and own[0] == death.cause:
                others = [game.rules.named(c) for c in own[1:] if c != death.cause]
                first = say("explain.night.first_cause", cause=cause, others=others)
                why = told(game, first)
            else:
                phrase = death_phrase(game.rules, death.cause)
                why = told(game, say("explain.cause", cause=cause, phrase=phrase))
            dies = say("explain.dies", player=death.player, why=why, role=death.role)
            out.append("  " + told(game, dies))
        dead = {d.player for d in died}
        reasons: dict[str, list[str]] = {}
        for record in self.night.attacks:
            first = record.original_target or record.target
            if first not in dead and record.target != first:
                redirected = say("explain.night.redirected", onto=onto(game, record.target))
                reasons.setdefault(first, []).append(told(game, redirected))
            if record.target not in dead and record.status != "hit":
                if record.status == "healed":
                    by_whom = self.healer(record.target)
                    text = told(game, say("explain.night.healed_by", by=by_whom))
                else:
                    text = self.reason(record)
                reasons.setdefault(record.target, []).append(text)
        for player in game.state.players:
            if player.name in reasons:
                survives = say(
                    "explain.night.survives", player=player.name, reasons=reasons[player.name]
                )
                out.append("  " + told(game, survives))
        if not died and not reasons:
            out.append("  " + told(game, say("explain.night.nobody_attacked")))
        elif not died:
            out.append("  " + told(game, say("explain.night.nobody_died")))
        return out
