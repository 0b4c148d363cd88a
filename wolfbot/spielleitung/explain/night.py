"""`wolfbot explain --night N`: a resolved night, stage by stage, in plain German.

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
from wolfbot.posts.wording import death_phrase, worded, worded_about
from wolfbot.spielleitung.explain.common import (
    HEAL_WORDS,
    VERBS,
    NotYet,
    Window,
    phase_window,
    with_article,
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
    entries that acted, and what happened there."""

    number: int
    entries: tuple[str, ...]
    lines: tuple[str, ...]

    @property
    def heading(self) -> str:
        return f"Stufe {self.number} – {', '.join(self.entries)}:"


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
    """German lines explaining night `number`; `game.state.night` must be its record (the
    game as it stands after the night's resolution, before the next night begins)."""
    return explain_night_parts(game, number).lines()


def explain_night_parts(game: Game, number: int) -> NightExplanation:
    """`explain_night`, its lines grouped by the stage of the night order they belong to."""
    window = phase_window(game, f"night {number}")
    if window is None:
        raise NotYet(f"Nacht {number} hat noch nicht begonnen.")
    later = [e for e in game.state.log[window.start + 1 :] if isinstance(e, ev.PhaseBegan)]
    if any(e.phase.startswith("night ") for e in later):
        raise NotYet(
            f"Der Spielstand ist schon in einer späteren Nacht; Nacht {number} ist nicht mehr "
            f"gespeichert (den Spielstand direkt nach Nacht {number} nachbauen)."
        )
    if not _resolved(game, number, window):
        raise NotYet(f"Nacht {number} ist noch nicht aufgelöst.")
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
        verb, particle = VERBS.get(command.word, ("", ""))
        if verb and command.targets:
            return f"{actor} {verb} {', '.join(command.targets)}{particle}"
        return f"{actor}: {command.text()}"

    # -- the lines -------------------------------------------------------------------------
    def lines(self) -> list[str]:
        return self.parts().lines()

    def parts(self) -> NightExplanation:
        head = [f"Nacht {self.number} – Auflösung in der Nachtreihenfolge"]
        if self.night.blocked:
            names = ", ".join(p.name for p in self.present() if p.name in self.night.blocked)
            head.append(f"Die ganze Nacht blockiert: {names}")
        stages = []
        order = self.game.rules.night_order
        for index, entries in enumerate(order):
            body, active = self.stage(index, entries)
            if body:
                stages.append(StageExplanation(index + 1, tuple(active), tuple(body)))
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
        blocked = player.name in self.night.blocked
        params = self.game.role_facts(player).params
        for word, command in self.night.actions.get(player.name, {}).items():
            line = self.describe(player.name, command)
            why = self.refused(player.name, command)
            if blocked:
                line += " – wirkungslos: selbst blockiert"
            elif why:
                line += f" – abgelehnt: {why}"
            elif word == params.get("word") and params.get("blocks"):
                line += f" ({command.target} kann in dieser Nacht nichts tun)"
            elif word == "Abfüllen":
                if command.target in self.night.blocked:
                    line += f" (das Los: {command.target} kann seine Fähigkeit nicht nutzen)"
                else:
                    line += f" (das Los: {command.target} darf handeln, Ziele ggf. zufällig)"
            elif self.kills_by(player.name, command, index):
                line += " → tödlich (nicht heilbar)"
            elif word in HEAL_WORDS and any(
                a.target == command.target and a.status == "healed" for a in self.night.attacks
            ):
                line += " – wirkt"
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
                lot = " (per Los)" if e.by_lot else ""
                out.append(f"Alpha gewählt: {e.player}{lot}")
        votes = self.night.attack_votes
        counted = {}
        parts = []
        for voter in members:
            if voter not in votes:
                continue
            if voter in self.night.blocked:
                parts.append(f"{voter} → {votes[voter]} (blockiert, zählt nicht)")
            else:
                counted[voter] = votes[voter]
                parts.append(f"{voter} → {votes[voter]}")
        out.append(f"Stimmen des Rudels: {', '.join(parts) or 'keine'}")
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
            out.append("Kein Angriff des Rudels.")
        elif not tally:
            out.append(f"Niemand hat abgestimmt: Ziel {target} per Los.")
        elif len(tied) == 1:
            out.append(f"Ziel: {target} ({top} Stimme{'n' if top != 1 else ''}, Mehrheit)")
        else:
            both = " und ".join(tied)
            if answer is not None:
                how = "per Los (keine Antwort)" if answer.by_lot else f"vom Alpha {alpha} bestimmt"
            elif alpha and counted.get(alpha) in tied:
                how = f"die Stimme des Alphas {alpha} entscheidet"
            else:
                how = "per Los"
            count = f"{top} Stimme{'n' if top != 1 else ''}"
            out.append(f"Gleichstand zwischen {both} mit je {count}: {how} – Ziel: {target}")
        return out

    def attack(self, record: Attack) -> str:
        cause = "der Werwölfe" if record.cause == PACK_CAUSE else f"({record.cause})"
        first = record.original_target or record.target
        line = f"Angriff {cause} auf {first}"
        if record.kind == "visit":
            host = self._host(first)
            line += f" (bei {host} übernachtet)" if host else " (als Besucher)"
        if record.target != first:
            line += f" → umgeleitet auf {with_article(self.game, record.target, 'acc')}"
        return f"{line} → {self.status(record)}"

    def _host(self, name: str) -> str | None:
        command = self.night.actions.get(name, {}).get("Übernachten")
        return command.target if command else None

    def status(self, record: Attack) -> str:
        if record.status == "hit":
            return "trifft"
        if record.status == "healed":
            return f"geheilt {self.healer(record.target)}: schlägt fehl"
        if record.status == "devoured":
            return f"{worded(self.game.rules, record.reason)}: stirbt sofort"
        return f"{self.reason(record)}: schlägt fehl"

    def reason(self, record: Attack) -> str:
        why = record.reason
        if why is None:
            return "abgewehrt"
        if why.key == "failed.protected":
            return f"{with_article(self.game, why.value('by'), 'dat')} geschützt"
        if why.key == "failed.away":
            return f"die {why.value('role')} ist gegen Angriffe der Werwölfe gefeit"
        return worded(self.game.rules, why)

    def healer(self, target: str) -> str:
        for actor, commands in self.night.actions.items():
            for word, command in commands.items():
                if (
                    word in HEAL_WORDS
                    and command.target == target
                    and actor not in self.night.blocked
                    and not self.refused(actor, command)
                ):
                    return with_article(self.game, actor, "dat")
        return "(verschont)"

    def kill(self, kill: Kill) -> str:
        by = ", ".join(kill.sources)
        if kill.cause == "Hexe":
            return f"Gifttrank: {by} vergiftet {kill.target} (nicht heilbar)"
        if kill.cause == "Attentäter":
            return f"Attentat: {by} tötet {kill.target} (nicht heilbar)"
        return f"{by} tötet {kill.target} ({kill.cause}, nicht heilbar)"

    def appearances(self) -> list[str]:
        """Who appeared to whom as what this night (`GameState.disguises`; of several, the
        last one counts)."""
        seen: dict[tuple[str, tuple[str, ...]], str] = {}
        for disguise in self.game.state.disguises:
            if disguise.night in (None, self.number):
                seen[(disguise.target, disguise.towards)] = disguise.role
        return [
            f"  {target} erscheint {', '.join(towards)} als {role}"
            for (target, towards), role in seen.items()
        ]

    def outcome(self) -> list[str]:
        shown = self.appearances()
        out = ["Wie Spieler erscheinen:", *shown] if shown else []
        out.append("Ergebnis:")
        died = [
            e
            for e in self.game.state.log[self.window.start :]
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
            shown = f" – Rolle: {death.role}" if death.role else ""
            own = causes.get(death.player, [])
            if death.cause == LIEBESKUMMER:
                lover = self.game.lover_of(death.player)
                why = f"Liebeskummer (um {lover})" if lover else "Liebeskummer"
            elif own and own[0] == death.cause:
                why = f"{death.cause} (erste Ursache in der Nachtreihenfolge"
                rest = [c for c in own[1:] if c != death.cause]
                why += f"; außerdem: {', '.join(rest)})" if rest else ")"
            else:
                why = f"{death.cause} ({death_phrase(self.game.rules, death.cause)})"
            out.append(f"  {death.player} stirbt: {why}{shown}")
        dead = {d.player for d in died}
        reasons: dict[str, list[str]] = {}
        for record in self.night.attacks:
            first = record.original_target or record.target
            if first not in dead and record.target != first:
                reasons.setdefault(first, []).append(
                    f"Angriff umgeleitet auf {with_article(self.game, record.target, 'acc')}"
                )
            if record.target not in dead and record.status != "hit":
                if record.status == "healed":
                    text = f"geheilt {self.healer(record.target)}"
                else:
                    text = self.reason(record)
                reasons.setdefault(record.target, []).append(text)
        for player in self.game.state.players:
            if player.name in reasons:
                out.append(f"  {player.name} überlebt: {'; '.join(reasons[player.name])}")
        if not died and not reasons:
            out.append("  Niemand wurde angegriffen, niemand stirbt.")
        elif not died:
            out.append("  Niemand stirbt in dieser Nacht.")
        return out
