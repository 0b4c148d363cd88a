"""Scenario files, the engine's specification (see ../shared/scenarios/FORMAT.md): load,
run, check – posts go through the intake exactly as a scraped post would.

May import: `wolfbot.engine`, `wolfbot.rulesets`, `wolfbot.intake`, `wolfbot.markup`,
`wolfbot.posts` and `wolfbot.spelling`."""
