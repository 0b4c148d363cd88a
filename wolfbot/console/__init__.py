"""The Spielleitung's console: the whole round at a glance in a browser, every decision one
click away (`wolfbot console`, `wolfbot run … --console`, `wolfbot demo --console`).
`source` reads the round from its store, `pages` loads what each page shows (`boards`:
the players, the night, the day), `actions` carries out a click through the CLI's own
functions, `security` logs in and guards every action, `app` is the Starlette application
and `server` serves it with uvicorn; `command` declares `wolfbot console`.

May import every package but the demo, the scenarios and the command line: it stands beside
the Spielleitung's commands and calls them."""
