"""The only code that speaks HTTP: the `Forum` protocol and the values that cross it
(`base`), its WoltLab implementation (`woltlab`), the local forum (a WoltLab look-alike for
the demo and end-to-end tests, `local`) and `wolfbot forum …` (`cli`).

May import: `wolfbot.markup` (a post's body is parsed markup) and `wolfbot.spelling` – never
the engine, the store, the write queue (`wolfbot.outbox`), the intake or the bot."""
