"""A due moment that waits: `schedule.waiting` says why it is not carried out yet (the forum
could not be read up to it, so the phase does not close on a partial read) and
`schedule.waiting_since` since when; `wolfbot status` shows both.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 18:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # plain ALTER TABLE ADD COLUMN: the table (and the views over it) stay as they are
    op.add_column("schedule", sa.Column("waiting", sa.Text(), nullable=True))
    op.add_column("schedule", sa.Column("waiting_since", sa.DateTime(), nullable=True))


def downgrade() -> None:
    op.drop_column("schedule", "waiting_since")  # SQLite 3.35+: ALTER TABLE DROP COLUMN
    op.drop_column("schedule", "waiting")
