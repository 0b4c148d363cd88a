"""Answers after the round: `v_night_actions` tells every night of every round, running or
over – each action with the actor's role then, its first target and its outcome (blocked,
refused, seen, protected, died, healed, survived: the engine's new AttackFailed events, its
RoleSeen, PlayerDied and CommandOverturned); `v_votes` has the final count of an election
(kind `election`, from MayorElected's `tally`) between the Dämmerung's and the Abend's
tallies. The views are frozen copies of wolfbot/store/views.py as of this revision.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04 08:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

V_NIGHT_ACTIONS = """\
CREATE VIEW v_night_actions AS
-- Every night of every round, running or over: the accepted commands of the night (a night
-- command sent by day counts for the night after that day), the latest of each player per
-- command word, with the actor's role then, the first target and the link to the post –
-- and, once the night is resolved, what became of it (outcome, detail): 'blocked' or
-- 'refused' (the night did not carry it out; why), 'seen' (the role seen), 'protected' (an
-- attack on the target failed against this protection; the attacker), 'died' (the target
-- died that night; the cause), 'healed' (an attack on the target was healed; the
-- attacker), 'survived' (an attack on the target failed otherwise; how: protected, immune,
-- …); NULL while the night runs, or when nothing befell the target.
WITH actions AS (
    SELECT c.id, c.game_id, c.actor, c.word, c.text, c.channel, c.at, c.input_id,
           c.overturned_reason, c.overturned_event_id, ce.seq AS event_seq,
           json_extract(c.targets, '$[0]') AS target,
           CASE WHEN c.phase LIKE 'night %' THEN c.phase
                ELSE 'night ' || (CAST(substr(c.phase, instr(c.phase, ' ') + 1) AS INTEGER) + 1)
           END AS night
    FROM commands c
    LEFT JOIN events ce ON ce.id = c.event_id
    WHERE c.verdict = 'accepted'
      AND (c.phase LIKE 'night %'
           OR (ce.type = 'CommandAccepted' AND json_extract(ce.payload, '$.waits') = 1
               AND (c.phase LIKE 'day %' OR c.phase LIKE 'dusk %')))
), latest AS (
    SELECT a.*,
           row_number() OVER (PARTITION BY a.game_id, a.night, a.actor, a.word
                              ORDER BY a.id DESC) AS newest
    FROM actions a
), facts AS (
    SELECT l.*,
           json_extract(oe.payload, '$.reason.key') AS overturned_key,
           (SELECT json_extract(e.payload, '$.role') FROM events e
            WHERE e.game_id = l.game_id AND e.type = 'RoleSeen' AND e.phase = l.night
              AND json_extract(e.payload, '$.seer') = l.actor
              AND json_extract(e.payload, '$.target') = l.target
            ORDER BY e.seq DESC LIMIT 1) AS seen,
           (SELECT json_extract(e.payload, '$.cause') FROM events e
            WHERE e.game_id = l.game_id AND e.type = 'AttackFailed' AND e.phase = l.night
              AND json_extract(e.payload, '$.target') = l.target
              AND json_extract(e.payload, '$.outcome') = 'protected'
              AND json_extract(e.payload, '$.by') = l.actor
            ORDER BY e.seq LIMIT 1) AS protected_from,
           (SELECT json_extract(e.payload, '$.cause') FROM events e
            WHERE e.game_id = l.game_id AND e.type = 'PlayerDied'
              AND json_extract(e.payload, '$.time') = l.night
              AND json_extract(e.payload, '$.player') = l.target
            ORDER BY e.seq LIMIT 1) AS died_of,
           (SELECT json_extract(e.payload, '$.cause') FROM events e
            WHERE e.game_id = l.game_id AND e.type = 'AttackFailed' AND e.phase = l.night
              AND json_extract(e.payload, '$.target') = l.target
              AND json_extract(e.payload, '$.outcome') = 'healed'
            ORDER BY e.seq LIMIT 1) AS healed_from,
           (SELECT group_concat(json_extract(e.payload, '$.outcome'), ', ') FROM events e
            WHERE e.game_id = l.game_id AND e.type = 'AttackFailed' AND e.phase = l.night
              AND json_extract(e.payload, '$.target') = l.target) AS failed_how
    FROM latest l
    LEFT JOIN events oe ON oe.id = l.overturned_event_id
    WHERE l.newest = 1
)
SELECT f.game_id, g.title AS game, f.night, f.actor,
       coalesce((SELECT rc.to_role FROM role_changes rc
                 LEFT JOIN events re ON re.id = rc.event_id
                 WHERE rc.player_id = p.id
                   AND (re.seq < f.event_seq OR (rc.event_id IS NULL AND rc.at <= f.at))
                 ORDER BY rc.id DESC LIMIT 1), p.role) AS role,
       f.word, f.text, f.target, f.channel, f.at,
       CASE WHEN f.overturned_key = 'overturned.blocked' THEN 'blocked'
            WHEN f.overturned_reason IS NOT NULL THEN 'refused'
            WHEN f.seen IS NOT NULL THEN 'seen'
            WHEN f.protected_from IS NOT NULL THEN 'protected'
            WHEN f.died_of IS NOT NULL THEN 'died'
            WHEN f.healed_from IS NOT NULL THEN 'healed'
            WHEN f.failed_how IS NOT NULL THEN 'survived'
       END AS outcome,
       CASE WHEN f.overturned_reason IS NOT NULL THEN f.overturned_reason
            ELSE coalesce(f.seen, f.protected_from, f.died_of, f.healed_from, f.failed_how)
       END AS detail,
       ip.url AS link
FROM facts f
JOIN games g ON g.id = f.game_id
LEFT JOIN players p ON p.game_id = f.game_id AND p.name = f.actor AND p.kind = 'player'
LEFT JOIN input_posts ip ON ip.id = f.input_id
ORDER BY f.game_id, CAST(substr(f.night, 7) AS INTEGER), f.id"""

V_VOTES = """\
CREATE VIEW v_votes AS
-- Who voted whom on which day: every command in the game thread in order (kind 'vote':
-- voter, word, target, verdict, reason, the post and its link), then the engine's tally
-- when the Dämmerung began ('dusk'), the final count of an election settled that day
-- ('election': per candidate the votes and the voters), and the tally when the day ended
-- ('evening'): per target the votes counted (the Wütender Mob's extra votes included), the
-- voters and the mob's votes.
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
           CASE json_extract(e.payload, '$.moment') WHEN 'dusk' THEN 1 ELSE 3 END,
           e.seq * 1000 + v.key, e.at, e.phase, NULL, 'Lynch', json_extract(v.value, '$[0]'),
           json_array_length(json_extract(v.value, '$[1]')) + coalesce(mb.extra, 0),
           (SELECT group_concat(p.value, ', ') FROM json_each(json_extract(v.value, '$[1]')) p),
           mb.extra, NULL, NULL, NULL, NULL, NULL
    FROM events e
    JOIN json_each(json_extract(e.payload, '$.votes')) v
    LEFT JOIN mobs mb ON mb.event_id = e.id AND mb.target = json_extract(v.value, '$[0]')
    WHERE e.type = 'VoteTally'
    UNION ALL
    SELECT e.game_id, CAST(substr(e.phase, instr(e.phase, ' ') + 1) AS INTEGER),
           'election', 2, e.seq * 1000 + v.key, e.at, e.phase, NULL, NULL,
           json_extract(v.value, '$[0]'), json_array_length(json_extract(v.value, '$[1]')),
           (SELECT group_concat(p.value, ', ') FROM json_each(json_extract(v.value, '$[1]')) p),
           NULL, NULL, NULL, NULL, NULL, NULL
    FROM events e
    JOIN json_each(json_extract(e.payload, '$.tally')) v
    WHERE e.type = 'MayorElected'
)
SELECT r.game_id, g.title AS game, r.day, r.kind, r.at, r.phase, r.voter, r.word, r.target,
       r.votes, r.voters, r.mob, r.verdict, r.reason, r.command_id, r.post_id, r.link
FROM rows r
JOIN games g ON g.id = r.game_id
ORDER BY r.game_id, r.day, r.kind_order, r.position"""

V_NIGHT_ACTIONS_BEFORE = """\
CREATE VIEW v_night_actions AS
-- The night actions submitted so far in the current night of each running round: the
-- accepted commands of this night, the latest of each player per command word, with the
-- link to the post. What they did is decided at the end of the night (see the events).
WITH tonight AS (
    SELECT id AS game_id, title, phase FROM games
    WHERE status = 'running' AND phase LIKE 'night %'
), latest AS (
    SELECT c.*,
           row_number() OVER (PARTITION BY c.game_id, c.actor, c.word ORDER BY c.id DESC)
               AS newest
    FROM commands c
    JOIN tonight t ON t.game_id = c.game_id AND c.phase = t.phase
    WHERE c.verdict = 'accepted'
)
SELECT l.game_id, t.title AS game, t.phase AS night, l.actor, l.word, l.text, l.channel,
       l.at, ip.url AS link
FROM latest l
JOIN tonight t ON t.game_id = l.game_id
LEFT JOIN input_posts ip ON ip.id = l.input_id
WHERE l.newest = 1
ORDER BY l.game_id, l.id"""

V_VOTES_BEFORE = """\
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


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text: written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def upgrade() -> None:
    for name in ("v_night_actions", "v_votes"):
        _execute(f"DROP VIEW {name}")
    for view in (V_NIGHT_ACTIONS, V_VOTES):
        _execute(view)


def downgrade() -> None:
    for name in ("v_night_actions", "v_votes"):
        _execute(f"DROP VIEW {name}")
    for view in (V_NIGHT_ACTIONS_BEFORE, V_VOTES_BEFORE):
        _execute(view)
