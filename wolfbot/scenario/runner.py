"""Run a scenario through the same intake, engine and publisher as the live bot."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from wolfbot.conduct import outside
from wolfbot.conduct.flags import OUTSIDE, Flag
from wolfbot.conduct.situation import situation_of
from wolfbot.conduct.watch import ConductWatch, group_of, place_of
from wolfbot.engine import events as ev
from wolfbot.engine.day import tally as lynch_tally
from wolfbot.engine.errors import SetupError
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import (
    AwardWin,
    Decision,
    InterventionError,
    about_a_player,
)
from wolfbot.engine.roles.registry import behaviour_of
from wolfbot.engine.spec import Ruleset
from wolfbot.forum import software
from wolfbot.intake.process import process_post
from wolfbot.posts.messages import Message, plain_text
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.scenario.model import Expect, Intervene, Scenario, Step, load
from wolfbot.spelling import name_key


def announced_deaths(log: list[ev.Event], since: int) -> list[ev.PlayerDied]:
    """Deaths announced since `since`, plus those of a resolution still held.

    A death belongs to the post that announces it (the next phase post): while the game is
    held (a Jäger still to shoot) the night's deaths are not announced yet and count for
    the next `expect`, and an `expect` made while held sees them too (shared examples 01
    and 03 read this way)."""
    found: list[ev.PlayerDied] = []
    waiting: list[ev.PlayerDied] = []
    for index, event in enumerate(log):
        if isinstance(event, ev.PlayerDied):
            waiting.append(event)
        elif isinstance(event, ev.PhaseBegan | ev.GameOver):
            if index >= since:
                found.extend(waiting)
            waiting = []
    return found + waiting


@dataclass
class Failure:
    step: int
    line: int
    key: str
    expected: object
    found: object

    def __str__(self) -> str:
        return (
            f"step {self.step} (line {self.line}): {self.key}: expected {self.expected!r}, "
            f"found {self.found!r}"
        )


@dataclass
class Result:
    scenario: Scenario
    game: Game | None = None
    failure: Failure | None = None
    error: str | None = None
    messages: list[Message] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None and self.error is None


# a scenario's posts are written as WoltLab shows them (`<strong>` lines, quote boxes …)
SCENARIO_DIALECT = software.named("woltlab").dialect


class Run:
    """A scenario being played: the game, the published messages and what is new since the
    previous `expect`."""

    def __init__(self, scenario: Scenario, rules_dir: Path = loader.RULES_DIR) -> None:
        self.scenario = scenario
        rules = loader.load(scenario.ruleset, rules_dir)
        self.game = Game.new(
            rules,
            [(p.name, p.role) for p in scenario.players],
            seed=scenario.seed,
            options=_with_spare_roles(scenario.options, scenario.spare_roles, rules),
        )
        self.publisher = Publisher()
        # the conduct rules, watched as the live bot watches them (`wolfbot.conduct`)
        self.watch = ConductWatch(rules, scenario.outing, scenario.outing_roles)
        self.flags: list[Flag] = []
        self._conversations = 0  # the players' own conversations shared with the bot
        self.messages: list[Message] = []
        # what the bot writes at the start counts for the first expect, in the live bot's
        # order: each player's Rollenmitteilung, then what the start publishes (Wolfshöhle, …)
        self._publish(self.publisher.role_messages(self.game))
        self._publish(self.publisher.feed(self.game, self.game.state.log))
        self.mark = (0, 0, 0)

    def _publish(self, messages: list[Message]) -> None:
        """The bot's messages, told to the conduct watch as the live bot's `Desk` tells it."""
        for message in messages:
            text = plain_text(message)
            if message.channel == "private":
                for name in message.recipients:
                    self.watch.told(text, place_of("private", name), message.title)
            else:
                self.watch.told(text, message.channel, message.title)
        self.messages += messages

    def _player_name(self, name: str) -> str:
        """The forum name as the Spielerliste spells it (scenario names match in any case)."""
        key = name_key(name)
        return next((p.name for p in self.game.state.players if name_key(p.name) == key), name)

    def play(self, step: Step) -> list[tuple[str, object, object]]:
        """Run one step; for an `expect`, return the mismatches (key, expected, found)."""
        if step.post is not None:
            author = self._player_name(step.post.by)
            body = SCENARIO_DIALECT.read(step.post.text)
            events = process_post(self.game, author, step.post.in_, body)
            said = "\n".join((body.text, *body.quotes))  # a quote box is a quote too
            place = place_of(step.post.in_, author)
            game, group = self.game, group_of(place)
            self.flags += self.watch.post(
                said, author, place, step.post.in_, f"line {step.line}", own=body.text,
                players=tuple(p.name for p in game.state.players),
                situation=lambda: situation_of(game, group),
            )  # fmt: skip
            self._publish(self.publisher.feed(self.game, events))
        elif step.advance is not None:
            events = self.game.advance()
            self._publish(self.publisher.feed(self.game, events))
        elif step.intervene is not None:
            return self._intervene(step.intervene)
        elif step.conversation is not None:
            self._conversations += 1
            shared = step.conversation
            seen = outside.SharedConversation(
                self._conversations, shared.title, shared.by, tuple(shared.with_),
                first_text=shared.text,
            )  # fmt: skip
            players = [p.name for p in self.game.state.players]
            clause = self.game.rules.conduct.clauses.get(OUTSIDE, "")
            self.flags += outside.outside_flags(seen, players, clause)
        else:
            mismatches = check(self, step.expect)
            self.mark = (len(self.game.state.log), len(self.messages), len(self.flags))
            return mismatches
        return []

    def _intervene(self, step: Intervene) -> list[tuple[str, object, object]]:
        """The Spielleitung's decision; with `refused`, the refusal it expects instead."""
        try:
            events = self.game.intervene(self._decision(step))
        except InterventionError as error:
            if step.refused is None:
                raise
            why = worded(self.game.rules, error.reason)
            if step.refused.casefold() not in why.casefold():
                return [("refused", step.refused, why)]
            return []
        self._publish(self.publisher.feed(self.game, events))
        if step.refused is not None:
            return [("refused", step.refused, "(applied, not refused)")]
        return []

    def _decision(self, step: Intervene) -> Decision:
        if step.kind == "win":
            return AwardWin(step.argument, step.reason)
        name = self._player_name(step.player)
        decision = about_a_player(step.kind, name, step.argument, step.reason)
        assert decision is not None  # the model's kinds are all about a player
        return decision


def _names(values) -> list[str]:
    return sorted(name_key(v) for v in values)


def check(run: Run, expect: Expect) -> list[tuple[str, object, object]]:
    game, state = run.game, run.game.state
    given = expect.model_fields_set
    new_events = state.log[run.mark[0] :]
    new_messages = run.messages[run.mark[1] :]

    found: dict[str, object] = {}
    if "phase" in given:
        found["phase"] = str(state.phase)
    if "alive" in given:
        found["alive"] = [p.name for p in game.living()]
    if "dead" in given:
        found["dead"] = [p.name for p in state.players if not p.alive]
    if "deaths" in given:
        deaths = announced_deaths(state.log, run.mark[0])
        found["deaths"] = {e.player: game.rules.named(e.cause) for e in deaths}
    if "roles" in given:
        found["roles"] = {n: game.player(n).role for n in expect.roles or {}}
    if "mayor" in given:
        found["mayor"] = state.mayor
    if "alpha" in given:
        found["alpha"] = state.alpha
    if "lovers" in given:
        found["lovers"] = list(state.lovers) if state.lovers else []
    if "winner" in given:
        sides = [game.rules.named(side) for side in state.winners]
        found["winner"] = [*sides, *(role for _, role in state.lone_winners)]
        if state.phase.kind != "over" and not found["winner"]:
            found["winner"] = ["(the game is still running)"]
    if "votes" in given:
        found["votes"] = dict(lynch_tally(game)) if state.phase.by_day else {}
    if "pending" in given:
        found["pending"] = game.pending()
    if "flags" in given:
        found["flags"] = [(f.player, f.rule, f.evidence) for f in run.flags[run.mark[2] :]]
    if "rejected" in given:
        found["rejected"] = [e.actor for e in new_events if isinstance(e, ev.CommandRejected)]
    mismatches = []
    for key in sorted(given):
        wanted = getattr(expect, key)
        if key in ("public", "not_public"):
            public = " ".join(m.text for m in new_messages if m.channel == "thread")
            public = public.casefold()
            missing = [s for s in wanted if (s.casefold() in public) != (key == "public")]
            if missing:
                mismatches.append((key, missing, _excerpt(public)))
        elif key in ("private", "not_private"):
            for name, strings in wanted.items():
                private = _private_text(new_messages, name)
                missing = [s for s in strings if (s.casefold() in private) != (key == "private")]
                if missing:
                    mismatches.append((f"{key}.{name}", missing, _excerpt(private)))
        elif not _equal(key, wanted, found[key]):
            mismatches.append((key, wanted, found[key]))
    return mismatches


def _private_text(messages: list[Message], name: str) -> str:
    key = name_key(name)
    return " ".join(
        m.text for m in messages if m.channel != "thread" and key in _names(m.recipients)
    ).casefold()


def _excerpt(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit] + " …"


def _equal(key: str, wanted, found) -> bool:
    if key in ("alive", "dead", "lovers", "pending", "rejected"):
        return _names(wanted) == _names(found)
    if key == "winner":  # null: the game ended and nobody won
        return not found if wanted is None else name_key(wanted) in _names(found)
    if key in ("deaths", "roles"):
        return {name_key(k): name_key(v) for k, v in wanted.items()} == {
            name_key(k): name_key(v) for k, v in found.items()
        }
    if key == "flags":
        return _flags_equal(wanted, found)
    if key == "votes":
        return {name_key(k): v for k, v in wanted.items()} == {
            name_key(k): v for k, v in found.items() if v
        }
    if key in ("mayor", "alpha"):
        return (wanted is None and found is None) or (
            wanted is not None and found is not None and name_key(wanted) == name_key(found)
        )
    return wanted == found


def _flags_equal(wanted, found: list[tuple[str, str, str]]) -> bool:
    """The same flags, in any order: player and rule, and the evidence holds what is
    expected of it."""
    left = list(found)
    for flag in wanted:
        match = next(
            (
                item
                for item in left
                if name_key(item[0]) == name_key(flag.player)
                and item[1] == flag.rule
                and (flag.evidence is None or flag.evidence.casefold() in item[2].casefold())
            ),
            None,
        )
        if match is None:
            return False
        left.remove(match)
    return not left


def _with_spare_roles(options: dict, spare: list[str], rules: Ruleset) -> dict:
    """The scenario's house rules with its `spare_roles`, the cards the draw left over, in
    the house rule of the role that takes them (the Dieb's `dieb_roles`)."""
    if not spare:
        return options
    takers = {
        aside.option
        for spec in rules.roles.values()
        if (aside := behaviour_of(spec).set_aside) is not None and not aside.chosen
    }
    if len(takers) != 1:
        raise ValueError(
            f"spare_roles: ruleset {rules.name!r} has {len(takers)} house rules for the cards "
            f"the draw leaves over ({', '.join(sorted(takers)) or 'none'}); it needs one"
        )
    return {**options, takers.pop(): list(spare)}


def run_scenario(scenario: Scenario, rules_dir: Path = loader.RULES_DIR) -> Result:
    """Play `scenario` with its ruleset from `rules_dir` (the shipped `rules/`, or a folder of
    one's own: `docs/adding-a-role.md`)."""
    result = Result(scenario)
    try:
        run = Run(scenario, rules_dir)
    except SetupError as exc:
        result.error = f"setup: {worded(loader.load(scenario.ruleset, rules_dir), exc.reason)}"
        return result
    except (ValueError, KeyError) as exc:
        result.error = f"setup: {exc}"
        return result
    result.game = run.game
    for index, step in enumerate(scenario.script, start=1):
        try:
            mismatches = run.play(step)
        except Exception as exc:  # a crash is a failure of this scenario, reported with its step
            result.error = f"step {index} (line {step.line}): {type(exc).__name__}: {exc}"
            break
        if mismatches:
            key, expected, found = mismatches[0]
            result.failure = Failure(index, step.line, key, expected, found)
            break
    result.messages = run.messages
    return result


def scenario_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.y*ml") if p.suffix in (".yaml", ".yml")))
        else:
            files.append(path)
    return files


def run_file(path: Path) -> Result:
    return run_scenario(load(path))
