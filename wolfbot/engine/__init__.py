"""The pure rules engine: state, typed commands, events, phases, votes, the night order and
its attack pipeline, death triggers, questions, victory, the Spielleitung's interventions,
and the role behaviours (`roles/`) the ruleset data names. No I/O, no clock, no global
random: time and the seed come in as arguments, so a game replays to the same events. It
speaks no language: what it says is a `Text` (`text`), a message key and values.
May import: nothing of wolfbot but itself and `wolfbot.spelling`; the standard library's
pure modules and pydantic (`tests/engine/test_engine_purity.py`)."""
