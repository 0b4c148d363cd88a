"""Role behaviours: a module per role or family of roles, each small and named after what
it does (`hexe`, `pack`, `blocker`, …), on the base classes of `base`; `registry` looks them
up by the names the ruleset data gives. May import: the engine only."""
