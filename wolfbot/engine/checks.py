"""Verify before apply: the generic checks every command passes (who, when, where, target,
uses, repeat), then the word's or the role's own check. Nothing here changes the state
except `apply`, which is called only for a command that passed `check`."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from wolfbot.engine import day
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.facts import UseFacts
from wolfbot.engine.names import SANKTION
from wolfbot.engine.offices import office_title
from wolfbot.engine.port import Behaviour, WordHandler
from wolfbot.engine.roles.registry import QUESTIONS, WORDS
from wolfbot.engine.spec import NAMED_KINDS, Channel, CommandUse
from wolfbot.engine.state import PlayerState, Question
from wolfbot.engine.tables import TimelyUse
from wolfbot.engine.text import Text, say
from wolfbot.engine.uses import (
    command_uses,
    his_now,
    repeat_allowed,
    role_of,
    role_uses,
    self_allowed,
    word_uses,
)

if TYPE_CHECKING:
    from wolfbot.engine.port import EnginePort


def _shown(game: EnginePort, word: str) -> str:
    """A command word as the ruleset's players read it (`Ruleset.shown_word`)."""
    return game.rules.shown_word(word)


MOMENTS = ("election", "procedure")  # the limits of a day's use that change within a phase


def _in_time(game: EnginePort, use: UseFacts) -> bool:
    phase = game.state.phase
    kind = phase.kind
    if kind not in use.phase:
        return sent_ahead(game, use)
    if kind == "night":
        return use.nights == "all" or (phase.number == 1) == (use.nights == "first")
    days = use.days  # `use.phase` holds a phase of the day: the day's own limits
    if days == "first":
        return phase.number == 1
    if days == "election":
        return day.election_today(game)
    if days == "procedure":
        return day.votes_today(game, use.word)
    return True


def sent_ahead(game: EnginePort, use: UseFacts) -> bool:
    """Whether the use is a night command sent now, by day, for the coming night
    (`CommandUse.ahead`; not one of the first night only, which no day precedes)."""
    phase = game.state.phase
    return use.ahead and phase.by_day and use.nights != "first"  # `ahead`: night only


def standing_use(game: EnginePort, question: Question) -> CommandUse | None:
    """The player's use that answers this question in advance (`CommandUse.stands`)."""
    player = game.player(question.player)
    return next(
        (u for u in command_uses(game, player) if u.stands and u.word == question.word), None
    )


Obstacle = Literal["not_now", "wrong_channel", "not_office", "used_up"]


def obstacle(
    game: EnginePort, player: PlayerState, use: UseFacts, channel: Channel | None = None
) -> Obstacle | None:
    """Whether the player may give `use` now (and in `channel`; None: in one of its own) –
    None – or the first thing in the way: the time ("not_now"), the place
    ("wrong_channel"), the office ("not_office"), the number of uses ("used_up")."""
    if not _in_time(game, use):
        return "not_now"
    if channel is not None and channel not in use.channel:
        return "wrong_channel"
    if use.mayor_only and game.state.mayor != player.name:
        return "not_office"
    if use.uses is not None and player.uses.get(use.word, 0) >= use.uses:
        return "used_up"
    return None


def available_words(game: EnginePort, player: PlayerState) -> list[str]:
    if game.state.phase.kind == "over":
        return []
    if game.state.questions:
        asked = [q for q in game.state.questions if q.player == player.name]
        pending = [w for q in asked for w in (*q.words, q.decline) if w]
        if pending:
            return pending
    if player.excluded or game.state.step:
        return []
    words: list[str] = []
    behaviour = game.own_behaviour(player)
    limited = _limits_words(game, player)
    for use, settled in _timely_uses(game, player):
        if use.word in words:
            continue
        if settled and not limited:  # nothing left to ask
            words.append(use.word)
        elif (
            obstacle(game, player, use) is None and behaviour.allows(game, player, use.word) is None
        ):
            words.append(use.word)
    return words


def _limits_words(game: EnginePort, player: PlayerState) -> bool:
    """Whether the role's behaviour limits its words beyond the data (`Behaviour.allows`)."""
    limits, role = game.tables.limits_words, role_of(player)
    found = limits.get(role)
    if found is None:
        kind = type(game.own_behaviour(player))
        found = limits[role] = kind.allows is not Behaviour.allows
    return found


def _timely_uses(game: EnginePort, player: PlayerState) -> tuple[TimelyUse, ...]:
    """The role's uses the player may give as he is (alive or dead) at this time of the
    game, as far as the time is fixed – the phase's kind, its first night or day – made
    once for each (`obstacle` asks the rest); each with whether that settles it (in time,
    no office, no number of uses)."""
    phase = game.state.phase
    role, powerless = role_of(player), player.name in game.state.powerless
    made = game.tables.timely_uses
    key = (role, powerless, player.alive, phase.kind, phase.number == 1)
    timely = made.get(key)
    if timely is None:
        found: list[TimelyUse] = []
        for use in (u.facts for u in role_uses(game, role, powerless)):
            if not his_now(player, use):
                continue
            if phase.kind != "night" and phase.kind in use.phase and use.days in MOMENTS:
                found.append((use, False))  # in time if today has its election, its vote
            elif _in_time(game, use):
                found.append((use, not use.mayor_only and use.uses is None))
        timely = made[key] = tuple(found)
    return timely


def check(game: EnginePort, command: Command) -> CommandUse | Question:
    said = command.facts
    player = game.find_player(said.actor)
    if player is None:
        raise IllegalCommand(say("refused.not_playing"))
    if game.state.questions:
        question = _question_answered(game, player, command)
        if question is not None:
            return question
    if game.state.phase.kind == "over":
        raise IllegalCommand(say("refused.game_over"))
    uses, mine = word_uses(game, player, said.word)
    if not player.alive and not mine:
        raise IllegalCommand(say("refused.dead"))
    if player.excluded:
        if player.excluded_for == SANKTION:
            raise IllegalCommand(say("refused.excluded_sanction"))
        raise IllegalCommand(say("refused.excluded"))
    if game.state.step:
        waiting = tuple(game.pending())
        night_only = uses and all(u.phase == ("night",) for u in uses)
        if night_only and game.state.phase.kind != "night":  # too early, not too late
            raise IllegalCommand(say("refused.night_not_begun", waiting=waiting))
        raise IllegalCommand(say("refused.resolving", time=game.time_label(), waiting=waiting))
    if game.state.phase.kind == "night" and player.name in game.state.night.blocked:
        raise IllegalCommand(say("refused.blocked"))
    use = _find_use(game, player, command, mine)
    _check_arguments(game, player, command, use)
    handler = _handler(game, player, use)
    if handler is not None:
        handler.check(game, player, command)
    game.own_behaviour(player).check(game, player, command)
    return use


def _question_answered(game: EnginePort, player: PlayerState, command: Command) -> Question | None:
    for question in game.state.questions:
        if question.player == player.name and question.decline == command.word:
            if command.channel not in question.channels:
                where = question.channels[0]
                word = _shown(game, command.word)
                raise IllegalCommand(say("refused.answer_where", word=word, channel=where))
            return question
        options = question.options_for(command.word) if question.player == player.name else None
        if options is not None:
            if command.channel not in question.channels:
                where = question.channels[0]
                word = _shown(game, command.word)
                raise IllegalCommand(say("refused.answer_where", word=word, channel=where))
            if len(command.targets) != 1 or command.target not in options:
                raise IllegalCommand(
                    say("refused.answer_options", prompt=question.prompt, options=options)
                )
            QUESTIONS[question.kind].check(game, question, command)
            return question
    return None


def _find_use(
    game: EnginePort, player: PlayerState, command: Command, uses: Sequence[CommandUse]
) -> CommandUse:
    """The use of the player's (`uses`: those of the word he may give as he is) that allows
    the command now and there; refused with what is in the way of the use that comes
    furthest (the first of them)."""
    if len(uses) == 1 and obstacle(game, player, uses[0].facts, command.channel) is None:
        use = uses[0]
    else:
        use = _furthest(game, player, command, uses)
    refusal = game.own_behaviour(player).allows(game, player, command.word)
    if refusal:
        raise IllegalCommand(refusal)
    return use


def _furthest(
    game: EnginePort, player: PlayerState, command: Command, uses: Sequence[CommandUse]
) -> CommandUse:
    """The first use in time and place with nothing else in the way; or the refusal of the
    use that comes furthest (`obstacle`, in its order)."""
    word = _shown(game, command.word)
    if not uses:
        valid = game.rules.shown_words(available_words(game, player))
        raise IllegalCommand(say("refused.no_such_command", word=word, valid=valid))
    refusals: list[tuple[Obstacle, CommandUse]] = []
    for use in uses:
        obstructed = obstacle(game, player, use.facts, command.channel)
        if obstructed is None:
            return use
        refusals.append((obstructed, use))
    why, use = max(refusals, key=lambda refusal: _FURTHER[refusal[0]])  # the first of them
    if why == "not_now":
        today = day.procedure(game).vote if game.state.phase.by_day else None
        if uses[0].days == "procedure" and today:
            raise IllegalCommand(say("refused.not_today", word=word, today=_shown(game, today)))
        raise IllegalCommand(say("refused.not_now", word=word, when=_when(uses[0])))
    if why == "wrong_channel":
        raise IllegalCommand(say("refused.wrong_channel", word=word, channel=use.channel[0]))
    if why == "not_office":
        raise IllegalCommand(say("refused.not_office", word=word, office=office_title(game)))
    raise IllegalCommand(say("refused.used_up", word=word))


# how far a use came through `obstacle`'s checks: in time, then in its place too (past
# them, the office and the number of uses are of the same use)
_FURTHER = MappingProxyType({"not_now": 0, "wrong_channel": 1, "not_office": 2, "used_up": 2})


def _when(use: CommandUse) -> Text:
    if use.nights == "first" and use.phase == ("night",):
        return say("when.first_night")
    if use.days == "first":
        return say("when.first_day")
    if use.days == "election":
        return say("when.election_day")
    return say("when.phases", phases=use.phase)


def _check_arguments(
    game: EnginePort, player: PlayerState, command: Command, use: CommandUse
) -> None:
    facts, said = use.facts, command.facts
    word, targets = said.word, said.targets  # the word as written only in a refusal (`_shown`)
    kinds: Sequence[str] = facts.named_kinds
    if facts.players:  # one or more living players in its place
        extra = len(targets) - len(kinds)
        if extra < 1:
            raise IllegalCommand(
                say("refused.name_count", word=_shown(game, word), count=len(kinds) + 1)
            )
        at = [k for k in facts.args if k in NAMED_KINDS or k == "players"].index("players")
        kinds = [*kinds[:at], *["player"] * extra, *kinds[at:]]
    if len(targets) != len(kinds):
        raise IllegalCommand(say("refused.name_count", word=_shown(game, word), count=len(kinds)))
    if len(set(targets)) != len(targets):
        raise IllegalCommand(
            say("refused.same_name_twice", word=_shown(game, word), count=len(kinds))
        )
    for index, name in enumerate(targets):  # as many as `kinds` (above)
        kind = kinds[index]
        target = game.find_player(name)
        if target is None:
            raise IllegalCommand(say("refused.target_not_playing", name=name))
        if kind == "player" and not target.alive:
            raise IllegalCommand(say("refused.target_dead", name=name))
        if kind == "dead" and target.alive:
            raise IllegalCommand(say("refused.target_alive", name=name, word=_shown(game, word)))
        if name == player.name and not self_allowed(game, facts):
            raise IllegalCommand(say("refused.not_yourself", word=_shown(game, word)))
    lover = game.lover_of(player.name) if word in game.facts.lovers_apart else None
    if lover is not None and lover in targets:
        raise IllegalCommand(say("refused.lovers_apart", word=_shown(game, word), name=lover))
    last = player.last_targets.get(word)
    if not last or last[1] != targets or repeat_allowed(game, facts):
        return
    phase = game.state.phase
    if sent_ahead(game, facts):  # the night it is for
        phase = phase.coming_night(game.rules.phases)
    if last[0] == phase.number - 1:
        raise IllegalCommand(
            say("refused.same_target_again", word=_shown(game, word), targets=targets)
        )


def _handler(game: EnginePort, player: PlayerState, use: CommandUse) -> WordHandler | None:
    """The word's own handler (a vote of everybody or of the pack) – not for a use of the
    player's role: the Blutrünstige Wolf's private `!Fressen` is his own attack, not a vote
    of the pack."""
    handler = use.facts.handler
    if handler is None or id(use) in _own_uses(game, role_of(player)):
        return None
    return WORDS[handler]


def _own_uses(game: EnginePort, role: str) -> frozenset[int]:
    """The role's own uses (`RoleSpec.commands`), by identity – made once for each role."""
    made = game.tables.own_uses
    own = made.get(role)
    if own is None:
        own = made[role] = frozenset(id(use) for use in game.rules.roles[role].commands)
    return own


def handler_of(game: EnginePort, command: Command, use: CommandUse) -> WordHandler | None:
    """The word's own handler for a checked command of `use` (`_handler`), which
    `waits_for_night` and `apply` act on (a submitted command asks once)."""
    return _handler(game, game.player(command.facts.actor), use)


def waits_for_night(
    game: EnginePort, command: Command, use: CommandUse, handler: WordHandler | None
) -> bool:
    """Whether an accepted command acts only when the night is resolved: a night action of
    a role, or a vote the night's resolution counts (the pack's attack) – also a night
    command sent by day for the coming night; a standing answer never (it is kept)."""
    facts = use.facts
    if facts.stands is not None:
        return False
    if sent_ahead(game, facts):
        return True
    if game.state.phase.kind != "night":
        return False
    if handler is None:
        return not game.own_behaviour(game.player(command.facts.actor)).acts_at_once
    return handler.counted_at_night_end


def apply(game: EnginePort, command: Command, use: CommandUse, handler: WordHandler | None) -> None:
    """Record a checked command: a standing answer, a vote, a night action resolved at its
    stage – or, sent by day, at the coming night's (`GameState.ahead`)."""
    said = command.facts
    player = game.player(said.actor)
    facts = use.facts
    if facts.stands is not None:
        player.standing[said.word] = command.target
        return
    if sent_ahead(game, facts):
        game.state.ahead.setdefault(player.name, {})[said.word] = command
        return
    if handler is not None:
        handler.apply(game, player, command)
        return
    game.state.night.actions.setdefault(player.name, {})[said.word] = command
    game.own_behaviour(player).accepted(game, player, command)
