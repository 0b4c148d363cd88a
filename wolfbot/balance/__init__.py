"""Setup advice with numbers: simulated games of a role list under a documented player model
(`players`), one game (`games`), their outcomes counted with 95 % intervals (`rating`); the
exact chance of a game without information (`exact`), against which players who choose at
random (`random_players`) check the simulator. Pure: seeded, no I/O, no clock – but `cores`,
which plays a rating's games on every core.

May import: `wolfbot.engine` and `wolfbot.spelling` – the rulesets come in as arguments."""
