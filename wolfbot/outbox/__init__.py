"""The durable write queue: every message the bot publishes is a row of the store's
`outgoing_messages`, sent once, paced by the forum's flood limits, checked on the forum
after an unknown outcome. `queue` (the `Outbox`), `values` (limits, retry policy,
priorities, a queued message), `rows`, `pacing`, `checks` (the appeared-check), `drafts`.

May import: `wolfbot.forum` (the `Forum` protocol it sends through), `wolfbot.store` (its
table) and `wolfbot.spelling` – never the engine, the posts or the bot."""
