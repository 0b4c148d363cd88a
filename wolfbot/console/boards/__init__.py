"""The data behind the console's pages Übersicht, Nacht and Tag: loaders that read a round's
store (a read-only `sqlite3` connection, `spielleitung.store_file.connect`) beside the game
the console rebuilt from it once per change of the store, and return frozen dataclasses –
no HTML, no web framework. Each loader is given what it needs; none rebuilds the game.

    board = overview.load_overview(connection, info, game, now)   # the players, the round
    board = night.load_night(connection, info, game)              # a night's checklist
    board = day.load_day(connection, info, game)                  # a day's votes

Texts are German for the Spielleitung; what the ruleset words (roles, factions, causes of
death, reasons) comes in the ruleset's own words (a Dutch round's roles are Dutch)."""
