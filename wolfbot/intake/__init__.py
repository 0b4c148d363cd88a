"""The intake: one forum post → the game. `process.process_post` takes a post's body (its
markup read by the forum's dialect: `wolfbot.forum.body.MessageBody`), turns each command
line into a typed command (`commands.parse_command`: names resolved, or a rejection with its
reason) and hands it to the engine.

A rejection is a message key and its values (`wolfbot.engine.text`), never words.
May import: `wolfbot.engine`, `wolfbot.rulesets`, `wolfbot.forum.body` (what a post says) and
`wolfbot.spelling` – never the posts, the store, the bot, nor the rest of the forum."""
