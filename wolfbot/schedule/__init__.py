"""The round's schedule: `parts` (phases in game order, deadlines and their names, the times
of day, the cadence of Zwischenstände, reminders and questions), `timetable` (when each
phase begins and ends, in the forum's time zone; pure) and `jobs` (the deadlines in the
store, and APScheduler as their alarm clock).

May import: `wolfbot.engine`, `wolfbot.setup` (the config, for types), `wolfbot.posts` (the
schedule the posts show), `wolfbot.store`, `wolfbot.spelling` – never the bot."""
