"""`wolfbot demo`: a whole round against the built-in local forum in compressed time.
`round` plays it (the forum, the bot and the players on one clock), `settings` holds its
settings, clock and result, `players` the simulated players' posts; `simulate` plays random
games on the engine alone (property tests, benchmarks).

May import every package but the Spielleitung's commands (`wolfbot.spielleitung`) and the
command line."""
