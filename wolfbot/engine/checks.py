"""Verify before apply: the generic checks every command passes (who, when, where, target,
uses, repeat), then the word's or the role's own check. Nothing here changes the state
except `apply`, which is called only for a command that passed `check`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import IllegalCommand
from wolfbot.engine.roles import QUESTIONS, WORDS, behaviour_of
from wolfbot.engine.spec import CommandUse
from wolfbot.engine.state import PlayerState, Question

if TYPE_CHECKING:
    from wolfbot.engine.game import Game

CHANNEL_NAMES = {
    "thread": "im Thema der Runde",
    "private": "in deiner Konversation mit der Spielleitung",
    "wolves": "in der Wolfshöhle",
    "lovers": "im Bettgeflüster",
    "dead": "im Totenreich",
}


def command_uses(game: Game, player: PlayerState) -> list[CommandUse]:
    spec = game.spec(player)
    uses = [*game.rules.common_commands]
    if spec.pack:
        uses.extend(game.rules.pack_commands)
    uses.extend(spec.commands)
    uses.extend(_answer_use(q) for q in game.state.questions if q.player == player.name)
    return uses


def _answer_use(question: Question) -> CommandUse:
    return CommandUse.model_validate(
        {"word": question.word, "phase": ("night", "day", "dusk"), "channel": question.channels}
    )


def _in_time(game: Game, use: CommandUse) -> bool:
    phase = game.state.phase
    if phase.kind not in use.phase:
        return False
    if phase.kind == "night" and use.nights != "all":
        return (phase.number == 1) == (use.nights == "first")
    if phase.kind in ("day", "dusk") and use.days == "first":
        return phase.number == 1
    return True


def _uses_left(player: PlayerState, use: CommandUse) -> bool:
    return use.uses is None or player.uses.get(use.word, 0) < use.uses


def available_words(game: Game, player: PlayerState) -> list[str]:
    if game.state.phase.kind == "over":
        return []
    pending = [q.word for q in game.state.questions if q.player == player.name]
    if pending or not player.active or game.state.step:
        return pending
    words: list[str] = []
    behaviour = behaviour_of(game.spec(player))
    for use in command_uses(game, player):
        if _in_time(game, use) and _uses_left(player, use) and use.word not in words:
            if behaviour.allows(game, player, use.word) is None:
                words.append(use.word)
    return words


def check(game: Game, command: Command) -> CommandUse | Question:
    player = game.find_player(command.actor)
    if player is None:
        raise IllegalCommand("Du spielst in dieser Runde nicht mit.")
    question = _question_answered(game, player, command)
    if question is not None:
        return question
    if game.state.phase.kind == "over":
        raise IllegalCommand("Die Runde ist vorbei.")
    if not player.alive:
        raise IllegalCommand("Du bist verstorben und kannst keine Befehle mehr erteilen.")
    if player.excluded:
        raise IllegalCommand("Du wurdest wegen Inaktivität aus der Runde ausgeschlossen.")
    if game.state.step:
        raise IllegalCommand(
            f"Die Spielleitung wertet {game.time_label()} gerade aus und wartet auf "
            f"{', '.join(game.pending())}; dein Befehl kommt zu spät."
        )
    if game.state.phase.kind == "night" and player.name in game.state.night.blocked:
        raise IllegalCommand(
            "Du bist in dieser Nacht blockiert und kannst weder Fähigkeiten noch Konversationen "
            "nutzen."
        )
    use = _find_use(game, player, command)
    _check_arguments(game, player, command, use)
    handler = WORDS.get(command.word)
    if handler is not None:
        handler.check(game, player, command)
    behaviour_of(game.spec(player)).check(game, player, command)
    return use


def _question_answered(game: Game, player: PlayerState, command: Command) -> Question | None:
    for question in game.state.questions:
        if question.player == player.name and question.word == command.word:
            if command.channel not in question.channels:
                raise IllegalCommand(
                    f"Antworte mit !{question.word} {CHANNEL_NAMES[question.channels[0]]}."
                )
            if len(command.targets) != 1 or command.target not in question.options:
                raise IllegalCommand(
                    f"{question.prompt} Zur Wahl stehen: {', '.join(question.options)}."
                )
            QUESTIONS[question.kind].check(game, question, command)
            return question
    return None


def _find_use(game: Game, player: PlayerState, command: Command) -> CommandUse:
    uses = [u for u in command_uses(game, player) if u.word == command.word]
    if not uses:
        valid = ", ".join(f"!{w}" for w in available_words(game, player)) or "keine"
        raise IllegalCommand(f"Du hast keinen Befehl !{command.word}. Gültig sind jetzt: {valid}.")
    timely = [u for u in uses if _in_time(game, u)]
    if not timely:
        raise IllegalCommand(f"!{command.word} ist {_when(uses[0])} möglich, nicht jetzt.")
    placed = [u for u in timely if command.channel in u.channel]
    if not placed:
        raise IllegalCommand(f"!{command.word} gilt nur {CHANNEL_NAMES[timely[0].channel[0]]}.")
    use = placed[0]
    if not _uses_left(player, use):
        raise IllegalCommand(f"Du hast !{command.word} bereits verbraucht.")
    refusal = behaviour_of(game.spec(player)).allows(game, player, command.word)
    if refusal:
        raise IllegalCommand(refusal)
    return use


def _when(use: CommandUse) -> str:
    if use.nights == "first" and use.phase == ("night",):
        return "nur in der Nacht vor der Bürgermeisterwahl"
    if use.days == "first":
        return "nur am Tag der Bürgermeisterwahl"
    names = {"night": "in der Nacht", "day": "am Tag", "dusk": "in der Dämmerung"}
    return "nur " + " und ".join(names[p] for p in use.phase)


def _check_arguments(game: Game, player: PlayerState, command: Command, use: CommandUse) -> None:
    kinds = [kind for kind in use.args if kind in ("player", "dead")]
    if len(command.targets) != len(kinds):
        raise IllegalCommand(f"!{command.word} braucht {len(kinds)} Spielernamen.")
    if len(set(command.targets)) != len(command.targets):
        raise IllegalCommand(f"!{command.word} braucht {len(kinds)} verschiedene Spieler.")
    for name, kind in zip(command.targets, kinds, strict=True):
        target = game.find_player(name)
        if target is None:
            raise IllegalCommand(f"{name} spielt in dieser Runde nicht mit.")
        if kind == "player" and not target.alive:
            raise IllegalCommand(f"{name} ist bereits verstorben.")
        if kind == "dead" and target.alive:
            raise IllegalCommand(f"{name} lebt; !{command.word} gilt einem verstorbenen Spieler.")
        if name == player.name and not use.self_:
            raise IllegalCommand(f"Mit !{command.word} kannst du nicht dich selbst bestimmen.")
    last = player.last_targets.get(command.word)
    phase = game.state.phase
    if not use.repeat_target and last and last == (phase.number - 1, command.targets):
        raise IllegalCommand(
            f"Du kannst nicht in zwei aufeinanderfolgenden Nächten !{command.word} "
            f"{' '.join(command.targets)} wählen."
        )


def apply(game: Game, command: Command) -> None:
    """Record a checked command: a vote, or a night action resolved at its stage."""
    player = game.player(command.actor)
    handler = WORDS.get(command.word)
    if handler is not None:
        handler.apply(game, player, command)
        return
    game.state.night.actions.setdefault(player.name, {})[command.word] = command
    behaviour_of(game.spec(player)).accepted(game, player, command)
