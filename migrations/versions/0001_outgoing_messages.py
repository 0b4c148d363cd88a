"""outgoing_messages: the durable write queue (every message the bot will publish).

Times are UTC without offset (wolfbot.store.models.UTCDateTime); participants and
before_mark are JSON text.

Revision ID: 0001
Revises:
Create Date: 2026-11-30 08:55:09
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "outgoing_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("channel", sa.String(length=40), nullable=True),
        sa.Column("title", sa.String(length=255), nullable=True),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("participants", sa.JSON(), nullable=False),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=12), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("not_before", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("attempted_at", sa.DateTime(), nullable=True),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.Column("forum_id", sa.Integer(), nullable=True),
        sa.Column("before_mark", sa.JSON(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("parent_id", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "kind IN ('post', 'conversation', 'add_participants')",
            name=op.f("ck_outgoing_messages_kind"),
        ),
        sa.CheckConstraint(
            "state IN ('queued', 'sending', 'uncertain', 'sent', 'failed', 'blocked')",
            name=op.f("ck_outgoing_messages_state"),
        ),
        sa.ForeignKeyConstraint(
            ["parent_id"],
            ["outgoing_messages.id"],
            name=op.f("fk_outgoing_messages_parent_id_outgoing_messages"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outgoing_messages")),
        sa.UniqueConstraint("key", name=op.f("uq_outgoing_messages_key")),
    )
    with op.batch_alter_table("outgoing_messages", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_outgoing_messages_parent_id"), ["parent_id"], unique=False
        )
        batch_op.create_index(
            "ix_outgoing_messages_state_not_before", ["state", "not_before"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("outgoing_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_outgoing_messages_state_not_before")
        batch_op.drop_index(batch_op.f("ix_outgoing_messages_parent_id"))

    op.drop_table("outgoing_messages")
