"""The intake: one forum post → the game. `process.process_post` takes a post's markup apart
(`wolfbot.markup`), turns each command line into a typed command (`commands.parse_command`:
names resolved, or a rejection with its reason) and hands it to the engine.

May import: `wolfbot.engine`, `wolfbot.rulesets`, `wolfbot.markup`, `wolfbot.posts` (the
German "Meintest du" hint) and `wolfbot.spelling` – never the forum, the store, the bot."""
