"""The Spielleitung awards a faction the win ("Die Spielleitung kann einer Fraktion den Sieg
zusprechen, wenn es für alle anderen Fraktionen absolut unmöglich ist, den Sieg noch zu
erringen"): intervention kind `win` (`wolfbot override win`), its faction in `argument`.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = """\
CREATE TABLE interventions (
    -- the Spielleitung's decisions that change the round, and questions whose time ran out
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    kind VARCHAR(20) NOT NULL,          -- accept reject kill … victim win (ck_interventions_kind)
    player VARCHAR(100),                -- whom it concerns (the actor of a command, the asked)
    argument VARCHAR(200),              -- new role, Reservespieler, question's kind, faction
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
    CONSTRAINT ck_interventions_kind CHECK (kind IN {kinds}),
    CONSTRAINT ck_interventions_state CHECK (state IN ('pending', 'applied', 'refused')),
    CONSTRAINT fk_interventions_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_interventions_command_id_commands
        FOREIGN KEY(command_id) REFERENCES commands (id)
)"""
INDEX = "CREATE INDEX ix_interventions_game_id_state ON interventions (game_id, state)"
BEFORE = "('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace', 'expire', 'victim')"
AFTER = (
    "('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace', 'expire', 'victim',"
    " 'win')"
)


def _execute(statement: str) -> None:
    op.execute(sa.text(statement.replace(":", "\\:")))


def _kinds(kinds: str) -> None:
    """SQLite changes no CHECK in place: the table is made anew (with its comments) and its
    rows copied over."""
    _execute("ALTER TABLE interventions RENAME TO interventions_before")
    _execute(TABLE.format(kinds=kinds))
    _execute("INSERT INTO interventions SELECT * FROM interventions_before")
    _execute("DROP TABLE interventions_before")
    _execute(INDEX)


def upgrade() -> None:
    _kinds(AFTER)


def downgrade() -> None:
    _execute("DELETE FROM interventions WHERE kind = 'win'")
    _kinds(BEFORE)
