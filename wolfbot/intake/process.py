"""One forum post → the game: message markup → command lines → typed commands → engine.

The live bot and the scenario runner both go through `process_post`, so a scenario tests
exactly what a scraped post would do."""

from __future__ import annotations

from wolfbot.engine.errors import CommandError
from wolfbot.engine.events import Event
from wolfbot.engine.game import Game
from wolfbot.intake.commands import parse_command
from wolfbot.markup import parse_message


def process_post(game: Game, author: str, channel: str, html: str) -> list[Event]:
    """Apply every command at the end of the post, in order; return the events."""
    mark = len(game.state.log)
    body = parse_message(html)
    words = [line for line in body.text.splitlines() if line.strip() not in body.commands]
    game.note_post(author, channel, "\n".join(words).strip(), len(body.commands))
    for line in body.commands:
        try:
            command = parse_command(line, author, channel, game)
        except CommandError as error:
            game.reject(author, channel, line, error.reason)
            continue
        game.submit(command)
    return game.state.log[mark:]
