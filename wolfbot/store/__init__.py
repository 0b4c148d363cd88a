"""wolfbot's SQLite store: the SQLAlchemy tables (`models`), the engine and session helpers
and the programmatic `alembic upgrade` (`db`), the round's records (`records`, `results`,
`interventions`, …). The schema itself is made by the Alembic migrations in `migrations/`;
`models.metadata` is what they are checked against.

May import: `wolfbot.engine` (the events it records), `wolfbot.forum` (the posts it
records), `wolfbot.intake` and `wolfbot.markup` (`results.run_post`), `wolfbot.spelling` –
never the write queue, the posts or the bot."""
