"""wolfbot's SQLite store: the SQLAlchemy tables (`models`), the engine and session helpers
and the programmatic `alembic upgrade` (`db`). The schema itself is made by the Alembic
migrations in `migrations/`; `models.metadata` is what they are checked against."""
