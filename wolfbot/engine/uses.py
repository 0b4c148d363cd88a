"""Which commands a player has: his role's uses in this round (the common ones, the
variants', the pack's, its own), those he may give as he is (alive or dead), and the answers
to the questions put to him – made once for each role where they do not change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine.facts import UseFacts
from wolfbot.engine.spec import CommandUse
from wolfbot.engine.state import PlayerState, Question

if TYPE_CHECKING:
    from wolfbot.engine.port import GamePort


def command_uses(game: GamePort, player: PlayerState) -> list[CommandUse]:
    """Every command the player has in this game, alive or dead (`his_now` tells which
    he may give as he is)."""
    powerless = player.name in game.state.powerless  # "verlieren … ihre Fähigkeiten"
    found = list(role_uses(game, role_of(player), powerless))
    if game.state.questions:
        found.extend(answers(game, player))
    return found


def command_facts(game: GamePort, player: PlayerState) -> list[UseFacts]:
    """`command_uses`, as what the checks read of each (`CommandUse.facts`; the role's made
    once)."""
    role, powerless = role_of(player), player.name in game.state.powerless
    made = game.tables.role_use_facts
    found = made.get((role, powerless))
    if found is None:
        found = made[role, powerless] = tuple(u.facts for u in role_uses(game, role, powerless))
    facts = list(found)
    if game.state.questions:
        facts.extend(use.facts for use in answers(game, player))
    return facts


def answers(game: GamePort, player: PlayerState) -> list[CommandUse]:
    """The uses that answer the questions put to the player now (`answer_uses`)."""
    return [
        use
        for question in game.state.questions
        if question.player == player.name
        for use in answer_uses(game, question)
    ]


def role_of(player: PlayerState) -> str:
    """The role the player plays now, by name (`GamePort.spec`'s)."""
    return player.acting_as or player.role


def role_uses(game: GamePort, role: str, powerless: bool) -> tuple[CommandUse, ...]:
    """The commands of a role in this round, made once (the round's variants and its
    ruleset do not change): the common ones, the variants', the pack's, its own."""
    made = game.tables.role_uses
    uses = made.get((role, powerless))
    if uses is None:
        spec = game.rules.roles[role]
        rules = game.rules
        found = [*rules.common_commands, *variant_uses(game)]
        if spec.pack:
            words = spec.pack_words
            found.extend(u for u in rules.pack_commands if words is None or u.word in words)
        if not powerless:
            found.extend(spec.commands)
        uses = made[role, powerless] = tuple(found)
    return uses


def word_uses(
    game: GamePort, player: PlayerState, word: str
) -> tuple[tuple[CommandUse, ...], tuple[CommandUse, ...]]:
    """The role's uses of `word` in this round (`role_uses`), and those of them the player
    may give as he is (`his_now`) – made once for each word."""
    role, powerless = role_of(player), player.name in game.state.powerless
    made, key = game.tables.uses_by_word, (role, powerless, player.alive)
    by_word = made.get(key)
    if by_word is None:
        found: dict[str, list[CommandUse]] = {}
        for use in role_uses(game, role, powerless):
            found.setdefault(use.word, []).append(use)
        by_word = made[key] = {
            w: (tuple(uses), tuple(u for u in uses if his_now(player, u.facts)))
            for w, uses in found.items()
        }
    return by_word.get(word, NO_USES)


NO_USES: tuple[tuple[CommandUse, ...], tuple[CommandUse, ...]] = ((), ())


def variant_uses(game: GamePort) -> list[CommandUse]:
    """The commands the round's variants give (the Ruhelosen Geister's !Anklagen)."""
    return [
        use
        for name, variant in game.rules.variants.items()
        if game.variant_on(name)
        for use in variant.commands
    ]


def his_now(player: PlayerState, use: UseFacts) -> bool:
    """The living give the commands of the living, the dead only those of the dead (the
    Ruhelosen Geister's `!Anklagen`)."""
    return use.by_dead != player.alive


def answer_uses(game: GamePort, question: Question) -> tuple[CommandUse, ...]:
    """The answers (with a name: its word and any further ones) and the word that declines,
    if the question has one (made once for each such question)."""
    made, shape = game.tables.answer_uses, (question.words, question.decline, question.channels)
    uses = made.get(shape)
    if uses is None:
        answers: list[tuple[str, tuple[str, ...]]] = [(w, ("player",)) for w in question.words]
        if question.decline:
            answers.append((question.decline, ()))
        uses = made[shape] = tuple(
            CommandUse.model_validate(
                {"word": word, "args": args, "phase": PHASES, "channel": question.channels}
            )
            for word, args in answers
        )
    return uses


PHASES = ("night", "day", "dusk", "runoff")


def self_allowed(game: GamePort, use: UseFacts) -> bool:
    """Whether the use may name its own player (`self`, or the house rule `self_option`)."""
    return use.self_ if use.self_option is None else bool(game.option(use.self_option))


def repeat_allowed(game: GamePort, use: UseFacts) -> bool:
    """Whether the use may name the same target two nights running."""
    return use.repeat_target if use.repeat_option is None else bool(game.option(use.repeat_option))
