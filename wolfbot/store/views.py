"""The SQL views a moderator reads with plain `sqlite3`:

    sqlite3 wolfbot.sqlite "select * from v_current_tally"

The migrations create them (`0002` holds a frozen copy of these statements; a test checks
that the two agree, so a changed view needs a new migration). `create_views` makes them on
a connection for tests and tools that build the schema without Alembic.

Phases are the engine's ("night 2", "day 2", "dusk 2"); the "current" day or night of a
round is read from `games.phase`, which follows the engine's PhaseBegan events.
"""

from __future__ import annotations

from sqlalchemy import Connection

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

# in the order they are created (a view is created after the views it reads)
VIEWS: dict[str, str] = {
    "v_players": V_PLAYERS,
    "v_current_tally": V_CURRENT_TALLY,
    "v_night_actions": V_NIGHT_ACTIONS,
    "v_audit": V_AUDIT,
    "v_votes": V_VOTES,
    "v_published": V_PUBLISHED,
    "v_deaths": V_DEATHS,
    "v_open_questions": V_OPEN_QUESTIONS,
    "v_deleted": V_DELETED,
    "v_edited": V_EDITED,
    "v_conduct": V_CONDUCT,
}


def create_views(connection: Connection) -> None:
    """Create every view (the tables must exist)."""
    for sql in VIEWS.values():
        connection.exec_driver_sql(sql)


def drop_views(connection: Connection) -> None:
    for name in reversed(VIEWS):
        connection.exec_driver_sql(f"DROP VIEW IF EXISTS {name}")
