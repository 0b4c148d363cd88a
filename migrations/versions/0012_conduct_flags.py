"""The conduct rules, watched for the Spielleitung: every flag of a post that seems to break
one (`conduct_flags`: "Die Spieler dürfen nicht aus Konversationen zitieren", the
Offenbarungs- und Andeutungsverbot, talk outside the round's places) with its evidence and
what the Spielleitung decided, the view `v_conduct`; and the interventions `warn` (the
Ermahnung naming the sanction) and `sanction` (the announced sanction carried out).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06 07:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INTERVENTIONS = """\
CREATE TABLE interventions (
    -- the Spielleitung's decisions that change the round, questions whose time ran out,
    -- the posts the Spielleitung has the bot restore (restore: argument = input_posts.id),
    -- and its Ermahnungen and Sanktionen (warn, sanction: argument = the sanction)
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    kind VARCHAR(20) NOT NULL,          -- accept reject … warn sanction (ck_interventions_kind)
    player VARCHAR(100),                -- whom it concerns (the actor of a command, the asked)
    argument VARCHAR(200),              -- the new role, the Reservespieler, the sanction, …
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
BEFORE = (
    "('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace', 'expire', 'victim',"
    " 'win', 'restore')"
)
AFTER = (
    "('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace', 'expire', 'victim',"
    " 'win', 'restore', 'warn', 'sanction')"
)

FLAGS = """\
CREATE TABLE conduct_flags (
    -- posts that seem to break a conduct rule of the round, for the Spielleitung to decide
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    input_id INTEGER,                   -- the post (NULL: put on record by the Spielleitung)
    "key" VARCHAR(200) NOT NULL,        -- which flag of the post (the same on every reading)
    rule VARCHAR(20) NOT NULL,          -- zitat, offenbarung, andeutung, ausserhalb
    player VARCHAR(100) NOT NULL,       -- whose post
    channel VARCHAR(40) NOT NULL,       -- thread:12 / conversation:7 ('' when on record)
    url TEXT NOT NULL,                  -- the post's link
    posted_at DATETIME NOT NULL,        -- UTC, when the breach happened
    phase VARCHAR(20) NOT NULL,         -- the round's phase then (day 2, dusk 2, night 3)
    clause TEXT NOT NULL,               -- the rule's text
    evidence TEXT NOT NULL,             -- the matched words, as the post writes them
    source TEXT NOT NULL,               -- what it quotes or concerns
    source_text TEXT NOT NULL,          -- that text, to read beside the post
    found_by VARCHAR(100) NOT NULL,     -- bot, or the Spielleitung who put it on record
    found_at DATETIME NOT NULL,         -- UTC
    state VARCHAR(12) NOT NULL,         -- open, dismissed, warned, sanctioned
    decided_at DATETIME,                -- UTC
    decided_by VARCHAR(100),
    decision TEXT,                      -- the reason the Spielleitung gave
    intervention_id INTEGER,            -- the Ermahnung or Sanktion that dealt with it
    CONSTRAINT pk_conduct_flags PRIMARY KEY (id),
    CONSTRAINT uq_conduct_flags_post_key UNIQUE (game_id, input_id, "key"),
    CONSTRAINT ck_conduct_flags_rule
        CHECK (rule IN ('zitat', 'offenbarung', 'andeutung', 'ausserhalb')),
    CONSTRAINT ck_conduct_flags_state
        CHECK (state IN ('open', 'dismissed', 'warned', 'sanctioned')),
    CONSTRAINT fk_conduct_flags_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_conduct_flags_input_id_input_posts
        FOREIGN KEY(input_id) REFERENCES input_posts (id),
    CONSTRAINT fk_conduct_flags_intervention_id_interventions
        FOREIGN KEY(intervention_id) REFERENCES interventions (id)
)"""
FLAGS_INDEX = "CREATE INDEX ix_conduct_flags_game_id_state ON conduct_flags (game_id, state)"

V_CONDUCT = """\
CREATE VIEW v_conduct AS
-- The conduct flags of every round for the Spielleitung (`wolfbot conduct`): the rule
-- (zitat, offenbarung, andeutung, ausserhalb), whose post, where, its link and time, the
-- rule's text, the evidence (the matched words, as written) beside what it quotes
-- (source, source_text), who found it (the bot, or the Spielleitung who put it on record),
-- its state (open, dismissed, warned, sanctioned), who decided, why, and the Ermahnung or
-- Sanktion that dealt with it (intervention_id, its kind and the sanction named).
SELECT f.id AS flag_id, f.game_id, g.title AS game, f.rule, f.player, f.phase,
       f.channel AS forum_channel, f.url AS link, f.posted_at, f.clause, f.evidence,
       f.source, f.source_text, f.found_by, f.found_at, f.state, f.decided_at, f.decided_by,
       f.decision, f.intervention_id, i.kind AS intervention, i.argument AS sanction
FROM conduct_flags f
JOIN games g ON g.id = f.game_id
LEFT JOIN interventions i ON i.id = f.intervention_id
ORDER BY f.game_id, f.id"""

# the views that read `interventions`: dropped while it is made anew, then made again
READERS = ("v_deleted", "v_edited")


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text: written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def _kinds(kinds: str) -> None:
    """SQLite changes no CHECK in place: the table is made anew (with its comments, which
    `sqlite_master` keeps) and its rows copied over; the views reading it are kept."""
    views = {
        name: sql
        for name, sql in op.get_bind().exec_driver_sql(
            "SELECT name, sql FROM sqlite_master WHERE type = 'view'"
        )
        if name in READERS
    }
    for name in views:
        _execute(f"DROP VIEW {name}")
    _execute("ALTER TABLE interventions RENAME TO interventions_before")
    _execute(INTERVENTIONS.format(kinds=kinds))
    _execute("INSERT INTO interventions SELECT * FROM interventions_before")
    _execute("DROP TABLE interventions_before")
    _execute(INDEX)
    for sql in views.values():
        _execute(sql)


def upgrade() -> None:
    _kinds(AFTER)
    _execute(FLAGS)
    _execute(FLAGS_INDEX)
    _execute(V_CONDUCT)


def downgrade() -> None:
    _execute("DROP VIEW v_conduct")
    _execute("DROP TABLE conduct_flags")
    _execute("DELETE FROM interventions WHERE kind IN ('warn', 'sanction')")
    _kinds(BEFORE)
