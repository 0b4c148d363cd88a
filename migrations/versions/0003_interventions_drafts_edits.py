"""The Spielleitung's hand on the round: interventions (accept/reject/override, question
deadlines), draft mode, post edits, and the round's post context.

- `interventions`: every decision of the Spielleitung that changes the round
  (`wolfbot accept|reject|override`) and every question whose time ran out, applied by the
  running bot in order, each at a place in the engine's log (`log_position`) so that
  `wolfbot replay` applies it again at the same place;
- `games.context`: the round's `PostContext` (season, round, Spielleitung, time zone,
  timetable) as JSON, so that `replay` renders the messages again exactly;
- `games.draft`: draft mode – every new thread post waits for `wolfbot approve`;
- `outgoing_messages`: kind `edit` (a change of a published post: the Eröffnungsbeitrag's
  links) and state `draft` (waiting for `wolfbot approve`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 11:10:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INTERVENTIONS = """\
CREATE TABLE interventions (
    -- the Spielleitung's decisions that change the round, and questions whose time ran out
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    kind VARCHAR(20) NOT NULL,          -- accept reject kill exclude revive role replace expire
    player VARCHAR(100),                -- whom it concerns (the actor of a command, the asked)
    argument VARCHAR(200),              -- the new role, the Reservespieler, the question's kind
    command_text TEXT,                  -- accept: the command line as the Spielleitung reads it
    command_id INTEGER,                 -- accept/reject: the command decided on
    reason TEXT NOT NULL,               -- why (shown in the audit)
    requested_by VARCHAR(100) NOT NULL, -- who asked for it ("schedule" for a question deadline)
    requested_at DATETIME NOT NULL,     -- UTC
    state VARCHAR(10) NOT NULL,         -- pending, applied, refused
    applied_at DATETIME,                -- UTC, when the bot applied (or refused) it
    refusal TEXT,                       -- why the rules engine refused it
    log_position INTEGER,               -- the engine's log length before it (replay: there)
    CONSTRAINT pk_interventions PRIMARY KEY (id),
    CONSTRAINT ck_interventions_kind
        CHECK (kind IN ('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace',
                        'expire')),
    CONSTRAINT ck_interventions_state CHECK (state IN ('pending', 'applied', 'refused')),
    CONSTRAINT fk_interventions_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_interventions_command_id_commands
        FOREIGN KEY(command_id) REFERENCES commands (id)
)"""
IX_INTERVENTIONS = "CREATE INDEX ix_interventions_game_id_state ON interventions (game_id, state)"

KINDS_BEFORE = "kind IN ('post', 'conversation', 'add_participants')"
KINDS_AFTER = "kind IN ('post', 'conversation', 'add_participants', 'edit')"
STATES_BEFORE = "state IN ('queued', 'sending', 'uncertain', 'sent', 'failed', 'blocked')"
STATES_AFTER = "state IN ('queued', 'sending', 'uncertain', 'sent', 'failed', 'blocked', 'draft')"


def _execute(statement: str) -> None:
    op.execute(sa.text(statement.replace(":", "\\:")))


def _outbox_checks(kinds: str, states: str) -> None:
    with op.batch_alter_table("outgoing_messages", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_outgoing_messages_kind"), type_="check")
        batch.drop_constraint(op.f("ck_outgoing_messages_state"), type_="check")
        batch.create_check_constraint(op.f("ck_outgoing_messages_kind"), kinds)
        batch.create_check_constraint(op.f("ck_outgoing_messages_state"), states)


def upgrade() -> None:
    _execute(INTERVENTIONS)
    _execute(IX_INTERVENTIONS)
    # plain ALTER TABLE ADD COLUMN: the table (and the views over it) stay as they are
    op.add_column("games", sa.Column("context", sa.JSON(), nullable=True))
    op.add_column(
        "games", sa.Column("draft", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    _outbox_checks(KINDS_AFTER, STATES_AFTER)


def downgrade() -> None:
    _execute("DELETE FROM outgoing_messages WHERE kind = 'edit'")
    _execute("UPDATE outgoing_messages SET state = 'queued' WHERE state = 'draft'")
    _outbox_checks(KINDS_BEFORE, STATES_BEFORE)
    op.drop_column("games", "draft")  # SQLite 3.35+: ALTER TABLE DROP COLUMN
    op.drop_column("games", "context")
    op.drop_table("interventions")
