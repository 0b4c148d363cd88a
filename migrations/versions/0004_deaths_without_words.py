"""The engine speaks no language: a death's event no longer carries its German phrase (the
ruleset's catalog words it when the post is written), and its time is the game time
("night 2", "day 1") instead of the German label ("Nacht 2", "Tag 1"). `v_deaths` loses
its `phrase` column; `v_players` says so in its comment. The views are frozen copies of
wolfbot/store/views.py as of this revision; the downgrade restores 0002's.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 17:50:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

V_DEATHS = """\
CREATE VIEW v_deaths AS
-- Every death of every round (PlayerDied events) in order: who, the role announced (NULL:
-- not revealed), the cause (the killing role, Lynch, Liebeskummer, Inaktivität), the game
-- time ("night 2"; a death by day or in the Dämmerung: "day 2"), the phase it was recorded
-- in, when it was recorded, and the post that caused it, if one did.
SELECT e.game_id, g.title AS game, e.seq,
       json_extract(e.payload, '$.player') AS player,
       json_extract(e.payload, '$.role') AS role,
       json_extract(e.payload, '$.cause') AS cause,
       json_extract(e.payload, '$.time') AS time,
       e.phase, e.at, ip.url AS link
FROM events e
JOIN games g ON g.id = e.game_id
LEFT JOIN input_posts ip ON ip.id = e.input_id
WHERE e.type = 'PlayerDied'
ORDER BY e.game_id, e.seq"""

V_PLAYERS = """\
CREATE VIEW v_players AS
-- Everyone in each round: players in Spielerliste order, then Reservespieler, then
-- Beobachter; the starting and the current role, alive (1/0, players only), excluded for
-- inactivity (1/0), and for the dead when ("night 2", "day 1") and by what they died.
WITH deaths AS (
    SELECT game_id, json_extract(payload, '$.player') AS player, max(seq) AS seq
    FROM events WHERE type = 'PlayerDied' GROUP BY 1, 2
), revivals AS (
    SELECT game_id, json_extract(payload, '$.player') AS player, max(seq) AS seq
    FROM events WHERE type = 'PlayerRevived' GROUP BY 1, 2
), exclusions AS (
    SELECT DISTINCT game_id, json_extract(payload, '$.player') AS player
    FROM events WHERE type = 'PlayerExcluded'
)
SELECT p.game_id, g.title AS game, p.position, p.name, p.kind,
       p.role AS starting_role,
       coalesce((SELECT rc.to_role FROM role_changes rc WHERE rc.player_id = p.id
                 ORDER BY rc.id DESC LIMIT 1), p.role) AS current_role,
       CASE WHEN p.kind <> 'player' THEN NULL
            WHEN d.seq IS NOT NULL AND (r.seq IS NULL OR r.seq < d.seq) THEN 0
            ELSE 1 END AS alive,
       CASE WHEN x.player IS NULL THEN 0 ELSE 1 END AS excluded,
       json_extract(death.payload, '$.time') AS died,
       json_extract(death.payload, '$.cause') AS cause,
       p.forum_user_id, p.conversation_id, p.signed_up_at, p.withdrawn_at
FROM players p
JOIN games g ON g.id = p.game_id
LEFT JOIN deaths d ON d.game_id = p.game_id AND d.player = p.name
LEFT JOIN revivals r ON r.game_id = p.game_id AND r.player = p.name
LEFT JOIN exclusions x ON x.game_id = p.game_id AND x.player = p.name
LEFT JOIN events death ON death.game_id = d.game_id AND death.seq = d.seq
     AND (r.seq IS NULL OR r.seq < d.seq)
ORDER BY p.game_id, CASE p.kind WHEN 'player' THEN 0 WHEN 'reserve' THEN 1 ELSE 2 END,
         p.position, p.name"""

V_PLAYERS_0002 = """\
CREATE VIEW v_players AS
-- Everyone in each round: players in Spielerliste order, then Reservespieler, then
-- Beobachter; the starting and the current role, alive (1/0, players only), excluded for
-- inactivity (1/0), and for the dead when ("Nacht 2") and by what they died.
WITH deaths AS (
    SELECT game_id, json_extract(payload, '$.player') AS player, max(seq) AS seq
    FROM events WHERE type = 'PlayerDied' GROUP BY 1, 2
), revivals AS (
    SELECT game_id, json_extract(payload, '$.player') AS player, max(seq) AS seq
    FROM events WHERE type = 'PlayerRevived' GROUP BY 1, 2
), exclusions AS (
    SELECT DISTINCT game_id, json_extract(payload, '$.player') AS player
    FROM events WHERE type = 'PlayerExcluded'
)
SELECT p.game_id, g.title AS game, p.position, p.name, p.kind,
       p.role AS starting_role,
       coalesce((SELECT rc.to_role FROM role_changes rc WHERE rc.player_id = p.id
                 ORDER BY rc.id DESC LIMIT 1), p.role) AS current_role,
       CASE WHEN p.kind <> 'player' THEN NULL
            WHEN d.seq IS NOT NULL AND (r.seq IS NULL OR r.seq < d.seq) THEN 0
            ELSE 1 END AS alive,
       CASE WHEN x.player IS NULL THEN 0 ELSE 1 END AS excluded,
       json_extract(death.payload, '$.time') AS died,
       json_extract(death.payload, '$.cause') AS cause,
       p.forum_user_id, p.conversation_id, p.signed_up_at, p.withdrawn_at
FROM players p
JOIN games g ON g.id = p.game_id
LEFT JOIN deaths d ON d.game_id = p.game_id AND d.player = p.name
LEFT JOIN revivals r ON r.game_id = p.game_id AND r.player = p.name
LEFT JOIN exclusions x ON x.game_id = p.game_id AND x.player = p.name
LEFT JOIN events death ON death.game_id = d.game_id AND death.seq = d.seq
     AND (r.seq IS NULL OR r.seq < d.seq)
ORDER BY p.game_id, CASE p.kind WHEN 'player' THEN 0 WHEN 'reserve' THEN 1 ELSE 2 END,
         p.position, p.name"""

V_DEATHS_0002 = """\
CREATE VIEW v_deaths AS
-- Every death of every round (PlayerDied events) in order: who, the role announced (NULL:
-- not revealed), the cause (the killing role, Lynch, Liebeskummer, Inaktivität), the game
-- time ("Nacht 2"), when it was recorded, and the post that caused it, if one did.
SELECT e.game_id, g.title AS game, e.seq,
       json_extract(e.payload, '$.player') AS player,
       json_extract(e.payload, '$.role') AS role,
       json_extract(e.payload, '$.cause') AS cause,
       json_extract(e.payload, '$.time') AS time,
       json_extract(e.payload, '$.phrase') AS phrase,
       e.phase, e.at, ip.url AS link
FROM events e
JOIN games g ON g.id = e.game_id
LEFT JOIN input_posts ip ON ip.id = e.input_id
WHERE e.type = 'PlayerDied'
ORDER BY e.game_id, e.seq"""


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text: written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def upgrade() -> None:
    for name, view in (("v_players", V_PLAYERS), ("v_deaths", V_DEATHS)):
        op.execute(f"DROP VIEW IF EXISTS {name}")
        _execute(view)


def downgrade() -> None:
    for name, view in (("v_players", V_PLAYERS_0002), ("v_deaths", V_DEATHS_0002)):
        op.execute(f"DROP VIEW IF EXISTS {name}")
        _execute(view)
