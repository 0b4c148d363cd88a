"""Events → the German posts and private messages of the Spielleitung, from Jinja2
templates the Spielleitung can override (`publisher`), with the round's `PostContext`; the
engine's message keys in the words of the ruleset's catalog (`wording`). The HTML is the
forum's neutral markup (`<spoiler>`, `<quote>`, `<mention>`: `wolfbot.forum.dialect`); the
forum's dialect writes it in the forum's own when the bot queues a message.

May import: `wolfbot.engine`, `wolfbot.rulesets` and `wolfbot.spelling` – never the forum,
the store or the bot (a message is text; where it goes is the bot's business)."""
