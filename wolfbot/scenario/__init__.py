"""Scenario files, the engine's specification (see ../shared/scenarios/FORMAT.md): load,
run, check – posts go through the intake exactly as a scraped post would.

May import: `wolfbot.engine`, `wolfbot.rulesets`, `wolfbot.intake`, `wolfbot.forum` (the
software table: a scenario's posts are WoltLab's HTML, read by its dialect), `wolfbot.posts`
and `wolfbot.spelling`."""
