"""A round's ballots wherever they are given: `games.ballot_words` holds the ruleset's words of
the day's ballots (`Ruleset.ballot_words`: the lynch vote, its withdrawal, the election), and
`v_votes` lists those given outside the game thread too – the Weerwolven vote in their
Rollenmitteilung ("Stemmen gebeurt via een privébericht aan de spelleiding"), so their days
were missing from it. The view is a frozen copy of wolfbot/store/views.py as of this
revision; so are the words an older store's rounds get (`WORDS`, by ruleset).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 02:00:00
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# the shipped rulesets' ballot words as of this revision (a round of another: none)
WORDS = {
    "duesterliga": ["Lynch", "Bürgermeister", "Zurücknehmen"],
    "klassisch": ["Lynch", "Zurücknehmen", "Hauptmann"],
    "weerwolven": ["Lynch", "Zurücknehmen", "Bürgermeister"],
    "wolfvillage": ["Verbannen", "Hauptmann"],
}

V_VOTES = """\
CREATE VIEW v_votes AS
-- Who voted whom on which day: every command in the game thread and every ballot given
-- elsewhere (the round's games.ballot_words: the Weerwolven vote privately), in order
-- (kind 'vote': voter, word, target, verdict, reason, the post and its link), then the
-- engine's tally when the Dämmerung began ('dusk'), the final count of an election
-- settled that day ('election': per candidate the votes and the voters), and the tally
-- when the day ended ('evening'): per target the votes counted (the Wütender Mob's extra
-- votes included), the voters and the mob's votes.
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
    WHERE c.phase NOT IN ('signup', 'over')
      AND (c.channel = 'thread' OR c.word IN (
          SELECT b.value FROM games bg, json_each(bg.ballot_words) b WHERE bg.id = c.game_id))
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

V_VOTES_BEFORE = """\
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


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text: written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def upgrade() -> None:
    op.add_column("games", sa.Column("ballot_words", sa.JSON(), nullable=True))
    fill = sa.text("UPDATE games SET ballot_words = :words WHERE ruleset = :ruleset")
    for ruleset, words in WORDS.items():
        op.get_bind().execute(
            fill, {"words": json.dumps(words, ensure_ascii=False), "ruleset": ruleset}
        )
    _execute("DROP VIEW v_votes")
    _execute(V_VOTES)


def downgrade() -> None:
    _execute("DROP VIEW v_votes")  # SQLite drops no column a view reads
    op.drop_column("games", "ballot_words")
    _execute(V_VOTES_BEFORE)
