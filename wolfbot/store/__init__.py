"""wolfbot's SQLite store: the SQLAlchemy tables (`models`), the engine and session helpers
and the programmatic `alembic upgrade` (`db`), the round's records (`records`, `results`,
`interventions`, …). The schema itself is made by the Alembic migrations in `migrations/`;
`models.metadata` is what they are checked against.

May import: `wolfbot.engine` (the events it records), `wolfbot.forum` (the posts it
records), `wolfbot.intake` (`results.run_post`), `wolfbot.rulesets` and
`wolfbot.posts.wording` (a reason or a question is stored worded, for the moderators),
`wolfbot.spelling` – never the write queue or the bot."""
