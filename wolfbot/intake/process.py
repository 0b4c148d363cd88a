"""One forum post → the game: its body (the forum's dialect read the markup) → command
lines → typed commands → engine.

The live bot and the scenario runner both go through `process_post`, so a scenario tests
exactly what a scraped post would do."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.engine import writing
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import CommandError
from wolfbot.engine.events import Event
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.forum.body import MessageBody, Stray
from wolfbot.intake.commands import names_a_command, parse_command
from wolfbot.spelling import name_key

# No post needs more: a player's commands of one phase are a handful. The lines after the
# tenth are not read, and one rejection says so (a post of 500 bold lines would otherwise
# cost 500 checks and as many answers).
MAX_COMMANDS_PER_POST = 10


@dataclass(frozen=True, slots=True)
class LineRead:
    """A command line of a post as `process_post` handled it: `seq` is the index in the
    engine's log of its verdict (`CommandAccepted` or `CommandRejected`), `command` the
    typed command, None for a line that did not count, did not parse or was not read."""

    seq: int
    command: Command | None = None


def read_lines(commands: tuple[str, ...] | list[str]) -> tuple[list[str], list[str]]:
    """The command lines of a post that are read, and those past the limit."""
    return list(commands[:MAX_COMMANDS_PER_POST]), list(commands[MAX_COMMANDS_PER_POST:])


MISPLACED = {  # why a command of the right form does not count where it stands
    "text_after": say("refused.misplaced.text_after"),
    "not_bold": say("refused.misplaced.not_bold"),
    "quote": say("refused.misplaced.quote"),
    "spoiler": say("refused.misplaced.spoiler"),
}


def misplaced(game: Game, author: str, body: MessageBody) -> list[Stray]:
    """The commands of a post that do not count for their form or place, to be answered:
    a command of the ruleset with text after it, not bold, in a spoiler, or in a quote of
    the author's own or one naming nobody – not a quote of another player's command, not a
    line the post gives again as a command that counts, nothing of someone who does not
    play (a Spielleiter explaining "!Lynch Name")."""
    if game.find_player(author) is None:  # a Spielleiter explaining, a guest: no command
        return []
    counted = {name_key(line) for line in body.commands}
    return [
        stray
        for stray in body.strays
        if names_a_command(stray.line, game)
        and name_key(stray.line) not in counted
        and _the_authors(stray, author)
    ]


def _the_authors(stray: Stray, author: str) -> bool:
    """Not a quote of another's post: a quote of the author's own, or naming nobody."""
    if stray.why != "quote" or stray.author is None:
        return True
    return name_key(stray.author) == name_key(author)


def process_post(
    game: Game,
    author: str,
    channel: str,
    body: MessageBody,
    lines_read: list[LineRead] | None = None,
) -> list[Event]:
    """Reject what is `misplaced`, then apply every command at the end of the post, in
    order, as one post (`Game.one_post`: an answer may hold several of them; at most
    `MAX_COMMANDS_PER_POST`; the rest is one rejection); return the events.
    `body`: the post as the forum's dialect read it; `lines_read`: where each command
    line's verdict is noted, in the order of the lines."""
    noted: list[LineRead] = [] if lines_read is None else lines_read
    mark = len(game.state.log)
    words = [line for line in body.text.splitlines() if line.strip() not in body.commands]
    text = "\n".join(words).strip()
    writing.note_post(game, author, channel, text)
    if body.unread is not None and game.find_player(author) is not None:
        # a post that cannot be read (`MessageBody.unread`): answered, listed for the
        # Spielleitung with the fehlerhafte Befehle, and nothing in it counts
        noted.append(LineRead(len(game.state.log)))
        game.reject(author, channel, body.unread, say("refused.unreadable"))
        return game.state.log[mark:]
    for stray in misplaced(game, author, body):
        noted.append(LineRead(len(game.state.log)))
        game.reject(author, channel, stray.line, MISPLACED[stray.why])
    lines, rest = read_lines(body.commands)
    with game.one_post():  # an answer in several commands (the Hexe's potions) is one post
        for line in lines:
            seq = len(game.state.log)
            try:
                command = parse_command(line, author, channel, game)
            except CommandError as error:
                noted.append(LineRead(seq))
                game.reject(author, channel, line, error.reason)
                continue
            noted.append(LineRead(seq, command))
            game.submit(command)
    if rest:
        why = say("refused.too_many_commands", limit=MAX_COMMANDS_PER_POST, more=len(rest))
        noted.append(LineRead(len(game.state.log)))
        game.reject(author, channel, rest[0], why)
    writing.pass_on(game, author, channel, text)
    return game.state.log[mark:]
