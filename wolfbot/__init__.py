"""wolfbot – the Spielleitung's assistant for play-by-post Werwolf on WoltLab forums.

The packages in the order of the design – a post's way from the forum into the game and
the Spielleitung's words back out:

    forum/         the forum below the seam: the `Forum` protocol (transport) and the
                   `Dialect` (a post's HTML → its text and bold command lines; neutral
                   markup → the forum's), per software in `forum.software`: WoltLab
                   (`forum.woltlab`), its local look-alike (`forum.local`)
    intake/        one post → typed commands → the game
    conduct/       the conduct rules watched for the Spielleitung: a post's quotes from
                   conversations, with their evidence (pure text)
    engine/        the pure rules engine: state, commands, events; no I/O, clock or random
    rulesets/      `rules/<name>/` read into the engine's `Ruleset`
    posts/         events → the German posts and private messages
    store/         the round in SQLite: every input, command, event, question, deadline
    outbox/        the durable, paced write queue (a table of the store)

    setup/         how a round is configured, signed up and given its roles
    balance/       the win rates of a role list from simulated games (a player model)
    schedule/      when each phase ends; the deadlines and their alarm clock
    bot/           drives it: forum → intake → engine → store → posts → outbox → forum
    spielleitung/  the Spielleitung's commands beside the bot (status, audit, explain,
                   replay, accept/reject/override, drafts, init/run)
    console/       the same in a browser: the whole round at a glance, each decision a
                   click that calls the commands' own functions
    cli            `wolfbot …`

    demo/          a whole round against the local forum, in compressed time
    scenario/      the scenario files of the engine's specification: load, run, check

`spelling` (how two spellings of a name are made alike) is the leaf they all share. What
each package may import is in its docstring and checked by `tests/test_layout.py`."""
