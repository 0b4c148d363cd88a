"""Rulesets as data: `loader` finds `rules/<name>/` and reads it into the engine's validated
`Ruleset` (roles, commands, night order, options); `table` is the table of a ruleset's
implemented roles (`wolfbot rules show`, `docs/`).

May import: `wolfbot.engine` (its `spec`) and `wolfbot.spelling`."""
