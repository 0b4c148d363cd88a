"""Edits and deletions for the Spielleitung: intervention kind `restore` (`wolfbot
restore NR`: the bot quotes a deleted post, or an edited post's earlier state, back into
the thread – "Die Spielleitung stellt gelöschte Beiträge wieder her"), and the views
`v_deleted` (every deleted post the bot kept, with its HTML and whether it was restored)
and `v_edited` (every edit of a processed post: the version that counts and the edited
one). The views are frozen copies of wolfbot/store/views.py as of this revision.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03 08:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = """\
CREATE TABLE interventions (
    -- the Spielleitung's decisions that change the round, questions whose time ran out,
    -- and the posts the Spielleitung has the bot restore (restore: argument = input_posts.id)
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    kind VARCHAR(20) NOT NULL,          -- accept reject kill … restore (see ck_interventions_kind)
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
    CONSTRAINT ck_interventions_kind CHECK (kind IN {kinds}),
    CONSTRAINT ck_interventions_state CHECK (state IN ('pending', 'applied', 'refused')),
    CONSTRAINT fk_interventions_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_interventions_command_id_commands
        FOREIGN KEY(command_id) REFERENCES commands (id)
)"""
INDEX = "CREATE INDEX ix_interventions_game_id_state ON interventions (game_id, state)"
BEFORE = (
    "('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace', 'expire', 'victim',"
    " 'win')"
)
AFTER = (
    "('accept', 'reject', 'kill', 'exclude', 'revive', 'role', 'replace', 'expire', 'victim',"
    " 'win', 'restore')"
)

V_DELETED = """\
CREATE VIEW v_deleted AS
-- Every post the bot read that was deleted on the forum afterwards ("Das Löschen von
-- Beiträgen ist verboten. Die Spielleitung stellt gelöschte Beiträge wieder her"): each
-- version the bot kept (the one that counted, and the edits it saw), by input_id – the
-- Nr. of `wolfbot restore` –, its author, where, the link, when written and first seen,
-- whether it counted, its command lines as answered, the kept HTML, and when the
-- Spielleitung quoted it back into the thread (restored_at, NULL: not yet).
SELECT ip.id AS input_id, ip.game_id, g.title AS game, ip.author, ip.channel AS forum_channel,
       ip.post_id, ip.url AS link, ip.posted_at, ip.first_seen_at,
       CASE WHEN ip.processed_at IS NULL THEN 0 ELSE 1 END AS counted,
       (SELECT group_concat(c.text, ' | ') FROM commands c WHERE c.input_id = ip.id)
           AS commands,
       ip.html,
       (SELECT min(i.applied_at) FROM interventions i
        WHERE i.game_id = ip.game_id AND i.kind = 'restore' AND i.state = 'applied'
          AND i.argument = CAST(ip.id AS TEXT)) AS restored_at
FROM input_posts ip
JOIN games g ON g.id = ip.game_id
WHERE ip.deleted = 1
ORDER BY ip.game_id, ip.posted_at, ip.id"""

V_EDITED = """\
CREATE VIEW v_edited AS
-- Every edit of a post the bot had processed ("Das Bearbeiten von Beiträgen ist nur
-- erlaubt, um unwesentliche Fehler zu korrigieren"): the version that counts (first_id, its
-- commands, its HTML) and the edited one as the bot saw it (input_id, seen_at, the
-- command lines it added, which do not count, its HTML), author, where, the link, and when
-- the Spielleitung restored the earlier state in the thread (`wolfbot restore FIRST_ID`).
SELECT e.id AS input_id, f.id AS first_id, e.game_id, g.title AS game, e.author,
       e.channel AS forum_channel, e.post_id, e.url AS link, e.posted_at,
       e.first_seen_at AS seen_at, e.edit_count, e.deleted,
       (SELECT group_concat(c.text, ' | ') FROM commands c WHERE c.input_id = f.id)
           AS first_commands,
       (SELECT group_concat(c.text, ' | ') FROM commands c WHERE c.input_id = e.id)
           AS not_counted,
       f.html AS first_html, e.html,
       (SELECT min(i.applied_at) FROM interventions i
        WHERE i.game_id = f.game_id AND i.kind = 'restore' AND i.state = 'applied'
          AND i.argument = CAST(f.id AS TEXT)) AS restored_at
FROM input_posts e
JOIN input_posts f ON f.game_id = e.game_id AND f.channel = e.channel
     AND f.post_id = e.post_id AND f.processed_at IS NOT NULL
JOIN games g ON g.id = e.game_id
WHERE e.processed_at IS NULL
ORDER BY e.game_id, e.id"""


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text: written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def _kinds(kinds: str) -> None:
    """SQLite changes no CHECK in place: the table is made anew (with its comments, which
    `sqlite_master` keeps) and its rows copied over."""
    _execute("ALTER TABLE interventions RENAME TO interventions_before")
    _execute(TABLE.format(kinds=kinds))
    _execute("INSERT INTO interventions SELECT * FROM interventions_before")
    _execute("DROP TABLE interventions_before")
    _execute(INDEX)


def upgrade() -> None:
    _kinds(AFTER)
    for view in (V_DELETED, V_EDITED):
        _execute(view)


def downgrade() -> None:
    for name in ("v_edited", "v_deleted"):
        _execute(f"DROP VIEW {name}")
    _execute("DELETE FROM interventions WHERE kind = 'restore'")
    _kinds(BEFORE)
