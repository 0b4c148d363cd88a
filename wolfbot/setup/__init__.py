"""How a round is configured, signed up and given its roles: `config` (config.toml,
validated), `signup` (the sign-up thread → Spielerliste, reserves, observers), `distribution`
(the role list and its seeded draw), `role_advice` (a list per "Die Rollenverteilung"),
`role_checks` (a list checked against the rule text), `role_list` (a list as the
Spielleitung types it), `setups` (a ruleset's ready-made setups, `rules/<name>/setups.yaml`)
and `lobby` (their rating and the recommended number of Werwölfe). Pure but for reading the
config file and the rules.

May import: `wolfbot.engine`, `wolfbot.rulesets`, `wolfbot.forum` (the values of its
protocol), `wolfbot.outbox` (its flood limits and retry policy), `wolfbot.posts` (German
wording) and `wolfbot.spelling` – never the store, the bot, the Spielleitung's commands."""
