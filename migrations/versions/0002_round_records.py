"""The round: games, players, input posts, commands, engine events, role changes,
questions and the schedule, and the moderator's views (v_players, v_current_tally,
v_night_actions, v_audit, v_deaths, v_open_questions).

The tables are written as SQL with comments, so `sqlite3 wolfbot.sqlite .schema games`
explains each column (wolfbot/store/README.md has the same). Times are UTC without offset,
JSON columns are readable text. The views are a frozen copy of wolfbot/store/views.py as of
this revision (a test checks they agree).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GAMES = """\
CREATE TABLE games (
    -- one round ("Runde")
    id INTEGER NOT NULL,
    title VARCHAR(200) NOT NULL,        -- e.g. "Düsterliga – 12. Runde"
    ruleset VARCHAR(50) NOT NULL,       -- e.g. "duesterliga" (rules/<ruleset>/)
    seed INTEGER NOT NULL,              -- the engine's random seed: replay gives the same round
    options JSON NOT NULL,              -- the ruleset options (house rules) of this round
    created_at DATETIME NOT NULL,       -- UTC
    phase VARCHAR(20) NOT NULL,         -- "signup", then "night 1", "day 1", "dusk 1", …, "over"
    status VARCHAR(12) NOT NULL,        -- signup, running, finished, cancelled
    thread_id INTEGER,                  -- the game thread on the forum
    signup_thread_id INTEGER,           -- the sign-up thread on the forum
    CONSTRAINT pk_games PRIMARY KEY (id),
    CONSTRAINT ck_games_status CHECK (status IN ('signup', 'running', 'finished', 'cancelled'))
)"""

PLAYERS = """\
CREATE TABLE players (
    -- everyone in a round: players, Reservespieler, Beobachter
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    position INTEGER,                   -- place in the Spielerliste (by time of sign-up)
    name VARCHAR(100) NOT NULL,         -- forum name, as the engine knows the player
    forum_user_id INTEGER,
    kind VARCHAR(10) NOT NULL,          -- player, reserve, observer
    signed_up_at DATETIME,              -- UTC
    withdrawn_at DATETIME,              -- UTC; NULL: still in
    role VARCHAR(60),                   -- the starting role (later ones: role_changes)
    conversation_id INTEGER,            -- his Rollenmitteilung, also his private channel
    CONSTRAINT pk_players PRIMARY KEY (id),
    CONSTRAINT ck_players_kind CHECK (kind IN ('player', 'reserve', 'observer')),
    CONSTRAINT uq_players_game_name UNIQUE (game_id, name),
    CONSTRAINT fk_players_game_id_games FOREIGN KEY(game_id) REFERENCES games (id)
)"""

INPUT_POSTS = """\
CREATE TABLE input_posts (
    -- every forum post the bot read and processed; an edited post whose content changed
    -- is a row of its own (same post_id, another content_hash)
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    post_id INTEGER NOT NULL,           -- the forum's id of the post or message
    channel VARCHAR(40) NOT NULL,       -- "thread:12" or "conversation:7"
    url TEXT NOT NULL,                  -- link to the post
    author VARCHAR(100) NOT NULL,
    author_id INTEGER,
    posted_at DATETIME NOT NULL,        -- UTC, as the forum shows it
    content_hash VARCHAR(64) NOT NULL,  -- hash of the visible text and command lines
    edit_count INTEGER NOT NULL,        -- times edited when it was read
    deleted BOOLEAN NOT NULL,           -- 1: in the trash (or gone) since
    html TEXT NOT NULL,                 -- the post's HTML as read (replay reads it again)
    engine_channel VARCHAR(40),         -- thread, private, wolves, …; NULL: not for the engine
    log_position INTEGER,               -- events of the round before it (replay applies it there)
    first_seen_at DATETIME NOT NULL,    -- UTC
    processed_at DATETIME,              -- UTC; together with its commands and events
    CONSTRAINT pk_input_posts PRIMARY KEY (id),
    CONSTRAINT ck_input_posts_channel CHECK (channel LIKE 'thread:%' \
OR channel LIKE 'conversation:%'),
    CONSTRAINT uq_input_posts_post UNIQUE (game_id, channel, post_id, content_hash),
    CONSTRAINT fk_input_posts_game_id_games FOREIGN KEY(game_id) REFERENCES games (id)
)"""

IX_INPUT_POSTS_GAME_ID_PROCESSED_AT = """\
CREATE INDEX ix_input_posts_game_id_processed_at ON input_posts (game_id, processed_at)"""

EVENTS = """\
CREATE TABLE events (
    -- the engine's log, entry by entry: what happened, in the past tense
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,               -- index in the engine's log (0, 1, 2, … per round)
    phase VARCHAR(20) NOT NULL,         -- the phase it happened in ("night 1", …)
    type VARCHAR(40) NOT NULL,          -- the event class: PlayerDied, CommandAccepted, …
    payload JSON NOT NULL,              -- its fields: {"player": "Anna", "cause": "Lynch", …}
    at DATETIME NOT NULL,               -- UTC, when it was recorded
    input_id INTEGER,                   -- the post that caused it; NULL: a deadline, the start
    CONSTRAINT pk_events PRIMARY KEY (id),
    CONSTRAINT uq_events_game_seq UNIQUE (game_id, seq),
    CONSTRAINT fk_events_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_events_input_id_input_posts FOREIGN KEY(input_id) REFERENCES input_posts (id)
)"""

IX_EVENTS_GAME_ID_TYPE = """\
CREATE INDEX ix_events_game_id_type ON events (game_id, type)"""

IX_EVENTS_INPUT_ID = """\
CREATE INDEX ix_events_input_id ON events (input_id)"""

COMMANDS = """\
CREATE TABLE commands (
    -- every command line of every post, and its verdict
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    input_id INTEGER,                   -- the post it was written in
    position INTEGER NOT NULL,          -- 1: the first command line of the post
    actor VARCHAR(100) NOT NULL,
    channel VARCHAR(40) NOT NULL,       -- as the engine knows it: thread, private, wolves, …
    phase VARCHAR(20) NOT NULL,         -- "day 1", "night 2", … when it was given
    word VARCHAR(40),                   -- Lynch, Sehen, …; NULL: not understood
    targets JSON,                       -- the players named, e.g. ["Anna"]
    text TEXT NOT NULL,                 -- as understood ("!Lynch Anna") or, if not, as written
    typed TEXT,                         -- the typed command: Lynch(actor='Bernd', target='Anna')
    verdict VARCHAR(10) NOT NULL,       -- accepted, rejected, pending (the Spielleitung decides)
    reason TEXT,                        -- why it was rejected (the player is told)
    decided_by VARCHAR(12) NOT NULL,    -- engine or spielleitung
    at DATETIME NOT NULL,               -- UTC, when it was posted
    decided_at DATETIME,                -- UTC, when the Spielleitung decided
    event_id INTEGER,                   -- its CommandAccepted / CommandRejected event
    CONSTRAINT pk_commands PRIMARY KEY (id),
    CONSTRAINT ck_commands_verdict CHECK (verdict IN ('accepted', 'rejected', 'pending')),
    CONSTRAINT ck_commands_decided_by CHECK (decided_by IN ('engine', 'spielleitung')),
    CONSTRAINT uq_commands_input_position UNIQUE (input_id, position),
    CONSTRAINT fk_commands_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_commands_input_id_input_posts FOREIGN KEY(input_id) REFERENCES input_posts (id),
    CONSTRAINT fk_commands_event_id_events FOREIGN KEY(event_id) REFERENCES events (id)
)"""

IX_COMMANDS_GAME_ID_PHASE = """\
CREATE INDEX ix_commands_game_id_phase ON commands (game_id, phase)"""

IX_COMMANDS_EVENT_ID = """\
CREATE INDEX ix_commands_event_id ON commands (event_id)"""

ROLE_CHANGES = """\
CREATE TABLE role_changes (
    -- a player plays another role from now on (Treue Magd, Wiedergänger, the Spielleitung)
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    from_role VARCHAR(60),
    to_role VARCHAR(60) NOT NULL,
    reason TEXT,                        -- NULL: by the rules (see the event)
    at DATETIME NOT NULL,               -- UTC
    event_id INTEGER,                   -- its RoleChanged event
    CONSTRAINT pk_role_changes PRIMARY KEY (id),
    CONSTRAINT fk_role_changes_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_role_changes_player_id_players FOREIGN KEY(player_id) REFERENCES players (id),
    CONSTRAINT fk_role_changes_event_id_events FOREIGN KEY(event_id) REFERENCES events (id)
)"""

IX_ROLE_CHANGES_GAME_ID = """\
CREATE INDEX ix_role_changes_game_id ON role_changes (game_id)"""

IX_ROLE_CHANGES_PLAYER_ID = """\
CREATE INDEX ix_role_changes_player_id ON role_changes (player_id)"""

QUESTIONS = """\
CREATE TABLE questions (
    -- a question that holds the round (Jäger's shot, Nachfolger, tie) and its answer
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,         -- who must answer
    kind VARCHAR(30) NOT NULL,          -- shot, successor_mayor, successor_alpha, lynch_tie, …
    prompt TEXT NOT NULL,
    options JSON NOT NULL,              -- the players he may name
    asked_at DATETIME NOT NULL,         -- UTC
    deadline DATETIME,                  -- UTC; then the lot decides
    answered_at DATETIME,               -- UTC; NULL: still open
    answer VARCHAR(100),
    by_lot BOOLEAN,                     -- 1: the lot decided, not the player
    asked_event_id INTEGER,
    answered_event_id INTEGER,
    CONSTRAINT pk_questions PRIMARY KEY (id),
    CONSTRAINT fk_questions_game_id_games FOREIGN KEY(game_id) REFERENCES games (id),
    CONSTRAINT fk_questions_player_id_players FOREIGN KEY(player_id) REFERENCES players (id),
    CONSTRAINT fk_questions_asked_event_id_events FOREIGN KEY(asked_event_id) \
REFERENCES events (id),
    CONSTRAINT fk_questions_answered_event_id_events FOREIGN KEY(answered_event_id) \
REFERENCES events (id)
)"""

IX_QUESTIONS_GAME_ID_ANSWERED_AT = """\
CREATE INDEX ix_questions_game_id_answered_at ON questions (game_id, answered_at)"""

IX_QUESTIONS_PLAYER_ID = """\
CREATE INDEX ix_questions_player_id ON questions (player_id)"""

SCHEDULE = """\
CREATE TABLE schedule (
    -- the moments the bot acts at: "dusk 2", "evening 2", "zwischenstand 2/1", …
    id INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    name VARCHAR(60) NOT NULL,
    due_at DATETIME NOT NULL,           -- UTC
    done_at DATETIME,                   -- UTC; NULL: still to come
    CONSTRAINT pk_schedule PRIMARY KEY (id),
    CONSTRAINT uq_schedule_game_name UNIQUE (game_id, name),
    CONSTRAINT fk_schedule_game_id_games FOREIGN KEY(game_id) REFERENCES games (id)
)"""

IX_SCHEDULE_DONE_AT_DUE_AT = """\
CREATE INDEX ix_schedule_done_at_due_at ON schedule (done_at, due_at)"""

V_PLAYERS = """\
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

V_CURRENT_TALLY = """\
CREATE VIEW v_current_tally AS
-- The lynch votes of the current day (its Tag and Dämmerung) of each running round: per
-- target the number of votes and the voters, in the order they voted. Each voter's latest
-- accepted !Lynch or !Zurücknehmen in the thread counts; as in the engine only living,
-- not excluded voters and living targets count. The Wütender Mob's extra votes are not
-- commands: the Dämmerung and Abend posts (VoteTally events) show them.
WITH today AS (
    SELECT id AS game_id, title, CAST(substr(phase, instr(phase, ' ') + 1) AS INTEGER) AS day
    FROM games
    WHERE status = 'running' AND (phase LIKE 'day %' OR phase LIKE 'dusk %')
), latest AS (
    SELECT c.id, c.game_id, c.actor, c.word, json_extract(c.targets, '$[0]') AS target,
           row_number() OVER (PARTITION BY c.game_id, c.actor ORDER BY c.id DESC) AS newest
    FROM commands c
    JOIN today t ON t.game_id = c.game_id
    WHERE c.verdict = 'accepted' AND c.channel = 'thread'
      AND c.word IN ('Lynch', 'Zurücknehmen')
      AND c.phase IN ('day ' || t.day, 'dusk ' || t.day)
), counted AS (
    SELECT l.game_id, l.target,
           count(*) OVER voters AS votes,
           group_concat(l.actor, ', ') OVER voters AS voters,
           row_number() OVER (PARTITION BY l.game_id, l.target ORDER BY l.id DESC) AS last
    FROM latest l
    LEFT JOIN v_players voter ON voter.game_id = l.game_id AND voter.name = l.actor
    LEFT JOIN v_players target ON target.game_id = l.game_id AND target.name = l.target
    WHERE l.newest = 1 AND l.word = 'Lynch'
      AND coalesce(voter.alive, 1) = 1 AND coalesce(voter.excluded, 0) = 0
      AND coalesce(target.alive, 1) = 1
    WINDOW voters AS (PARTITION BY l.game_id, l.target ORDER BY l.id
                      ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
)
SELECT c.game_id, t.title AS game, t.day, c.target, c.votes, c.voters
FROM counted c
JOIN today t ON t.game_id = c.game_id
WHERE c.last = 1
ORDER BY c.game_id, c.votes DESC, c.target"""

V_NIGHT_ACTIONS = """\
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

V_AUDIT = """\
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

V_DEATHS = """\
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

V_OPEN_QUESTIONS = """\
CREATE VIEW v_open_questions AS
-- Questions that hold a round until they are answered or their deadline passes (then the
-- lot decides): who must answer, what, the options and the deadline (UTC).
SELECT q.id AS question_id, q.game_id, g.title AS game, p.name AS player, q.kind,
       q.prompt, q.options, q.asked_at, q.deadline
FROM questions q
JOIN games g ON g.id = q.game_id
JOIN players p ON p.id = q.player_id
WHERE q.answered_at IS NULL
ORDER BY q.game_id, q.id"""

# in the order they are created (a table after the tables it refers to, a view after the
# views it reads); the indexes of a table follow it
SCHEMA = (
    GAMES,
    PLAYERS,
    INPUT_POSTS,
    IX_INPUT_POSTS_GAME_ID_PROCESSED_AT,
    EVENTS,
    IX_EVENTS_GAME_ID_TYPE,
    IX_EVENTS_INPUT_ID,
    COMMANDS,
    IX_COMMANDS_GAME_ID_PHASE,
    IX_COMMANDS_EVENT_ID,
    ROLE_CHANGES,
    IX_ROLE_CHANGES_GAME_ID,
    IX_ROLE_CHANGES_PLAYER_ID,
    QUESTIONS,
    IX_QUESTIONS_GAME_ID_ANSWERED_AT,
    IX_QUESTIONS_PLAYER_ID,
    SCHEDULE,
    IX_SCHEDULE_DONE_AT_DUE_AT,
    V_PLAYERS,
    V_CURRENT_TALLY,
    V_NIGHT_ACTIONS,
    V_AUDIT,
    V_DEATHS,
    V_OPEN_QUESTIONS,
)
VIEW_NAMES = (
    "v_players",
    "v_current_tally",
    "v_night_actions",
    "v_audit",
    "v_deaths",
    "v_open_questions",
)
TABLE_NAMES = (
    "games",
    "players",
    "input_posts",
    "events",
    "commands",
    "role_changes",
    "questions",
    "schedule",
)


def _execute(statement: str) -> None:
    # a colon is a bind parameter to sa.text ("thread:12" in a comment): written as "\\:"
    op.execute(sa.text(statement.replace(":", "\\:")))


def upgrade() -> None:
    for statement in SCHEMA:
        _execute(statement)


def downgrade() -> None:
    for name in reversed(VIEW_NAMES):
        _execute(f"DROP VIEW {name}")
    for name in reversed(TABLE_NAMES):
        op.drop_table(name)  # its indexes go with it
