"""Read marks in the store: where the reading of each channel continues (`read_marks`), so
that a restarted bot resumes at the page it stood at instead of reading every page again.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 19:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

READ_MARKS = """\
CREATE TABLE read_marks (
    -- where the reading of a channel continues: wolfbot.forum.base.ReadMark as JSON
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    channel VARCHAR(40) NOT NULL,       -- "thread:12", "conversation:7"
    mark JSON NOT NULL,
    updated_at DATETIME NOT NULL,       -- UTC
    CONSTRAINT pk_read_marks PRIMARY KEY (id),
    CONSTRAINT uq_read_marks_game_channel UNIQUE (game_id, channel),
    CONSTRAINT fk_read_marks_game_id_games FOREIGN KEY(game_id) REFERENCES games (id)
)"""


def upgrade() -> None:
    op.execute(sa.text(READ_MARKS.replace(":", "\\:")))


def downgrade() -> None:
    op.drop_table("read_marks")
