"""The schema revision this wolfbot reads and writes: the head of the Alembic migrations
in `migrations/versions/` (a test checks they agree – a new migration moves it). The
Spielleitung's commands compare it with a store's `alembic_version` without importing
Alembic. Standard library only."""

from __future__ import annotations

HEAD = "0014"
