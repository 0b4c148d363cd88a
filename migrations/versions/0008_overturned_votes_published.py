"""The audit tells what the night overturned, and two views for moderators: commands get
`overturned_reason` and `overturned_event_id` (an accepted night command the night did not
carry out – its author was refused or blocked), the write queue's `url` (where a sent
message can be read); `v_audit` shows `overturned`, new `v_votes` (who voted whom, each
day's tallies with the Wütender Mob) and `v_published` (every message the bot published,
with its link). The views are frozen copies of wolfbot/store/views.py as of this revision.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 08:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = (
    "ALTER TABLE commands ADD COLUMN overturned_reason TEXT",
    "ALTER TABLE commands ADD COLUMN overturned_event_id INTEGER",
    "ALTER TABLE outgoing_messages ADD COLUMN url TEXT",
)

V_AUDIT_BEFORE = """\
CREATE VIEW v_audit AS
-- Who did what when: every command of every round in the order it was processed, its
-- verdict and reason, who decided (engine or Spielleitung) and the post it came from.
SELECT c.id AS command_id, c.game_id, g.title AS game, c.at, c.phase, c.actor, c.channel,
       c.text, c.verdict, c.reason, c.decided_by, c.decided_at,
       ip.channel AS forum_channel, ip.post_id, ip.url AS link, ip.edit_count, ip.deleted,
       c.typed
FROM commands c
JOIN games g ON g.id = c.game_id
LEFT JOIN input_posts ip ON ip.id = c.input_id
ORDER BY c.game_id, c.id"""

V_AUDIT = """\
CREATE VIEW v_audit AS
-- Who did what when: every command of every round in the order it was processed, its
-- verdict and reason, why the night did not carry out an accepted one (overturned), who
-- decided (engine or Spielleitung) and the post it came from.
SELECT c.id AS command_id, c.game_id, g.title AS game, c.at, c.phase, c.actor, c.channel,
       c.text, c.verdict, c.reason, c.overturned_reason AS overturned, c.decided_by,
       c.decided_at, ip.channel AS forum_channel, ip.post_id, ip.url AS link, ip.edit_count,
       ip.deleted, c.typed
FROM commands c
JOIN games g ON g.id = c.game_id
LEFT JOIN input_posts ip ON ip.id = c.input_id
ORDER BY c.game_id, c.id"""

V_VOTES = """\
CREATE VIEW v_votes AS
-- Who voted whom on which day: every command in the game thread in order (kind 'vote':
-- voter, word, target, verdict, reason, the post and its link), then the engine's tally
-- when the Dämmerung began ('dusk') and when the day ended ('evening'): per target the
-- votes counted (the Wütender Mob's extra votes included), the voters and the mob's votes.
WITH mobs AS (
    SELECT e.id AS event_id, json_extract(m.value, '$[0]') AS target,
           json_extract(m.value, '$[1]') AS extra
    FROM events e, json_each(json_extract(e.payload, '$.mob')) m
    WHERE e.type = 'VoteTally'
), rows AS (
    SELECT c.game_id, CAST(substr(c.phase, instr(c.phase, ' ') + 1) AS INTEGER) AS day,
           'vote' AS kind, 0 AS kind_order, c.id AS position, c.at, c.phase,
           c.actor AS voter, c.word, json_extract(c.targets, '$[0]') AS target,
           NULL AS votes, NULL AS voters, NULL AS mob, c.verdict, c.reason,
           c.id AS command_id, ip.post_id, ip.url AS link
    FROM commands c
    LEFT JOIN input_posts ip ON ip.id = c.input_id
    WHERE c.channel = 'thread' AND c.phase NOT IN ('signup', 'over')
    UNION ALL
    SELECT e.game_id, CAST(substr(e.phase, instr(e.phase, ' ') + 1) AS INTEGER),
           json_extract(e.payload, '$.moment'),
           CASE json_extract(e.payload, '$.moment') WHEN 'dusk' THEN 1 ELSE 2 END,
           e.seq * 1000 + v.key, e.at, e.phase, NULL, 'Lynch', json_extract(v.value, '$[0]'),
           json_array_length(json_extract(v.value, '$[1]')) + coalesce(mb.extra, 0),
           (SELECT group_concat(p.value, ', ') FROM json_each(json_extract(v.value, '$[1]')) p),
           mb.extra, NULL, NULL, NULL, NULL, NULL
    FROM events e
    JOIN json_each(json_extract(e.payload, '$.votes')) v
    LEFT JOIN mobs mb ON mb.event_id = e.id AND mb.target = json_extract(v.value, '$[0]')
    WHERE e.type = 'VoteTally'
)
SELECT r.game_id, g.title AS game, r.day, r.kind, r.at, r.phase, r.voter, r.word, r.target,
       r.votes, r.voters, r.mob, r.verdict, r.reason, r.command_id, r.post_id, r.link
FROM rows r
JOIN games g ON g.id = r.game_id
ORDER BY r.game_id, r.day, r.kind_order, r.position"""

V_PUBLISHED = """\
CREATE VIEW v_published AS
-- Every message the bot published, in the order it went out: its round (from the write
-- queue's key "g12/…"), what it was (post, conversation, edit, add_participants), where,
-- its title, when, the forum's id and the link to read it.
SELECT CAST(substr(m.key, 2, instr(m.key, '/') - 2) AS INTEGER) AS game_id, m.key, m.kind,
       m.channel, m.title, m.sent_at, m.forum_id, m.url AS link, m.participants
FROM outgoing_messages m
WHERE m.state = 'sent' AND m.key GLOB 'g[0-9]*/*'
ORDER BY m.sent_at, m.id"""


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text: written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def upgrade() -> None:
    for statement in COLUMNS:
        _execute(statement)
    _execute("DROP VIEW v_audit")
    for view in (V_AUDIT, V_VOTES, V_PUBLISHED):
        _execute(view)


def downgrade() -> None:
    for name in ("v_published", "v_votes", "v_audit"):
        _execute(f"DROP VIEW {name}")
    _execute(V_AUDIT_BEFORE)
    _execute("ALTER TABLE outgoing_messages DROP COLUMN url")
    _execute("ALTER TABLE commands DROP COLUMN overturned_event_id")
    _execute("ALTER TABLE commands DROP COLUMN overturned_reason")
