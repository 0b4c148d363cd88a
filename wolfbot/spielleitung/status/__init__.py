"""`wolfbot status`: where a round stands, read from the store – the phase, the next
deadlines, the current tally with the non-voters, the open questions, the commands waiting
for the Spielleitung's decision, the posts deleted and not restored yet, the night's
submitted actions and the write queue's messages that are not out (waiting, blocked,
failed). `loading` reads it, `rendering` shows it.

Quick to start: it reads the store read-only with the standard library's `sqlite3` – the
views (`v_players`, `v_current_tally`, `v_audit`, `v_open_questions`, `v_night_actions`),
`schedule`, `outgoing_messages` and `interventions` – and imports neither SQLAlchemy nor
the engine (`store_file` checks the file; `tests/test_cli.py` checks the imports).

    with store_file.open_readonly(db) as connection:
        game = store_file.pick_game(connection, None, db)
        render_status(console, load_status(connection, game), zone, now)

(`loading.load_status`, `rendering.render_status`.)"""
