"""Everything that knows a forum's software, below the seam: the `Forum` protocol and the
values that cross it (`base`), what a post says (`body`), the `Dialect` (`dialect`: message
HTML → `body.MessageBody`; neutral markup → the forum's), the table of forum software
(`software`: name → transport and dialect), WoltLab's adapter (`woltlab`), the local forum
(a WoltLab look-alike for the demo and end-to-end tests, `local`) and `wolfbot forum …`
(`cli`). Adding a forum: a folder here and a line in `software.SOFTWARE`.

Outside this package no adapter (`woltlab`, `local`) is imported – the seam is `base`,
`body`, `dialect` and `software`, besides `trouble` (a forum's failure in words) and `cli`
(checked by `tests/test_layout.py`; the demo and the CLI start the look-alike from `local`).

May import: `wolfbot.spelling` – never the engine, the store, the write queue
(`wolfbot.outbox`), the intake or the bot."""
