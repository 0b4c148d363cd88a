"""The store's repository: what the bot calls to record a round. Each function is one
transaction of its own: pass a `Session` that is not inside a transaction (a fresh one, or
one whose last call has returned); it is committed when the function returns and rolled
back, with nothing half-written, when it raises.

Restart safety rests on `record_input`: a post, its commands and its events are written
together, and a post already recorded (same game, channel, post id and content hash) is not
recorded again — the caller is told (`Recorded.already`). The bot asks `is_processed`
*before* it hands a post to the engine, and after a restart rebuilds the game from
`load_inputs` (replay) instead of reading the forum's history again.

Events must be recorded without gaps: their `seq` is their index in the engine's log, and
`record_input` / `record_events` refuse a batch that does not start at the next index
(`SequenceError`). The events keep `games.phase`/`status`, `role_changes` and `questions`
up to date in the same transaction.

The functions live by what they record – `rounds` (games, players, questions' deadlines,
the schedule), `inputs` (posts and their commands), `event_log` (events) – with the errors
in `errors`; this module gathers them, so callers need only `records`.
"""

from __future__ import annotations

from wolfbot.store.errors import SequenceError, StoreError, UnknownGame, UnknownPlayer
from wolfbot.store.event_log import load_events, next_seq, record_events
from wolfbot.store.inputs import (
    Recorded,
    StoredInput,
    add_input,
    add_not_counted,
    add_version,
    commands_of,
    decide_command,
    deleted_versions,
    is_processed,
    load_inputs,
    mark_deleted,
    record_input,
    versions,
    versions_beside,
    versions_of,
)
from wolfbot.store.lookups import utc_now
from wolfbot.store.rounds import (
    Due,
    NewPlayer,
    PlayerKind,
    add_players,
    change_role,
    create_game,
    due,
    mark_done,
    mark_waiting,
    schedule,
    set_conversation,
    set_question_deadline,
    set_roles,
    set_threads,
    withdraw_player,
)

__all__ = [
    # errors
    "StoreError",
    "UnknownGame",
    "UnknownPlayer",
    "SequenceError",
    # values
    "PlayerKind",
    "NewPlayer",
    "Recorded",
    "StoredInput",
    "Due",
    "utc_now",
    # games and players (rounds)
    "create_game",
    "set_threads",
    "add_players",
    "set_roles",
    "set_conversation",
    "withdraw_player",
    "change_role",
    # inputs
    "is_processed",
    "record_input",
    "versions",
    "versions_of",
    "versions_beside",
    "add_input",
    "add_version",
    "add_not_counted",
    "commands_of",
    "mark_deleted",
    "deleted_versions",
    "decide_command",
    "load_inputs",
    # events (event_log)
    "record_events",
    "load_events",
    "next_seq",
    # questions and the schedule (rounds)
    "set_question_deadline",
    "schedule",
    "due",
    "mark_done",
    "mark_waiting",
]
