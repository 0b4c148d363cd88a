"""Issue 34, points 13 and 14: what a moderator asks the store after the round.

- "What did each role do in night 1?" – `v_night_actions` answers for every night of every
  round, running or over, each action with the actor's role and its outcome (seen, blocked,
  protected, died, …), in one query.
- "Who elected the Bürgermeister with how many votes?" – `v_votes` has the election's final
  count (kind `election`) beside the lynch tallies."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_records import CONVERSATIONS, T0, THREAD, Round, bold

from wolfbot.engine.game import Game
from wolfbot.rulesets import loader
from wolfbot.store import db, records
from wolfbot.store.records import NewPlayer

RULES = loader.load("duesterliga")
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Frau Holle", "Seherin"),
    ("Zoë", "Beschützer"),
    ("Spieler 7", "Koch"),
    ("Jürgen", "Bürger"),
    ("Opfer", "Bürger"),
]


@pytest.fixture
def played(tmp_path: Path) -> Iterator[Round]:
    """Night 1: the pack attacks Opfer, whom Zoë protects; Frau Holle sees Anna. Day 1:
    Jürgen is elected (3 votes to 1) and Opfer lynched. Night 2: the Koch blocks Frau Holle,
    whose !Sehen is not carried out; the pack eats the Koch."""
    path = tmp_path / "wolfbot.sqlite"
    engine = db.upgrade(path)
    sessions = db.session_factory(engine)
    game = Game.new(RULES, PLAYERS, seed=1)
    with sessions() as session:
        game_id = records.create_game(
            session, title="Runde", ruleset="duesterliga", seed=1, thread_id=THREAD.id, now=T0
        )
        records.add_players(
            session,
            game_id,
            [
                NewPlayer(name, position=i, role=role, conversation_id=CONVERSATIONS.get(name))
                for i, (name, role) in enumerate(PLAYERS, start=1)
            ],
        )
        records.record_events(session, game_id, game.state.log, 0, now=T0)
    r = Round(path, engine, sessions, game, game_id)
    r.post("Anna", "wolves", bold("!Fressen Opfer"))
    r.post("Bernd", "wolves", bold("!Fressen Opfer"))
    r.post("Frau Holle", "private", bold("!Sehen Anna"))
    r.post("Zoë", "private", bold("!Beschützen Opfer"))
    r.advance()
    assert r.game.player("Opfer").alive
    for voter in ("Jürgen", "Spieler 7", "Zoë"):
        r.post(voter, "thread", bold("!Bürgermeister Jürgen", "!Lynch Opfer"))
    r.post("Anna", "thread", bold("!Bürgermeister Anna", "!Lynch Opfer"))
    r.advance()  # the Dämmerung
    r.advance()  # the Abend
    assert str(r.game.state.phase) == "night 2" and r.game.state.mayor == "Jürgen"
    r.post("Spieler 7", "private", bold("!Verkochen Frau Holle"))
    r.post("Frau Holle", "private", bold("!Sehen Bernd"))
    r.post("Anna", "wolves", bold("!Fressen Spieler 7"))
    r.advance()
    assert str(r.game.state.phase) == "day 2"
    yield r
    engine.dispose()


def test_v_night_actions_tells_every_night_with_its_outcome(played: Round) -> None:
    rows = played.query(
        "SELECT night, actor, role, text, outcome, detail FROM v_night_actions"
        " WHERE night = 'night 1'"
    )
    assert rows == [
        ("night 1", "Anna", "Werwolf", "!Fressen Opfer", "survived", "protected"),
        ("night 1", "Bernd", "Werwolf", "!Fressen Opfer", "survived", "protected"),
        ("night 1", "Frau Holle", "Seherin", "!Sehen Anna", "seen", "Werwolf"),
        ("night 1", "Zoë", "Beschützer", "!Beschützen Opfer", "protected", "Werwolf"),
    ]
    night_two = played.query(
        "SELECT actor, text, outcome, detail FROM v_night_actions WHERE night = 'night 2'"
    )
    assert night_two[0] == ("Spieler 7", "!Verkochen Frau Holle", None, None)
    assert night_two[1][:3] == ("Frau Holle", "!Sehen Bernd", "blocked")
    assert "blockiert" in night_two[1][3]
    assert night_two[2] == ("Anna", "!Fressen Spieler 7", "died", "Werwolf")
    links = played.query("SELECT link FROM v_night_actions WHERE actor = 'Frau Holle'")
    assert all(link.startswith("https://forum.example/conversation/") for (link,) in links)


def test_v_votes_has_the_final_count_of_the_election(played: Round) -> None:
    rows = played.query(
        "SELECT day, kind, word, target, votes, voters FROM v_votes WHERE kind = 'election'"
    )
    assert rows == [
        (1, "election", None, "Jürgen", 3, "Jürgen, Spieler 7, Zoë"),
        (1, "election", None, "Anna", 1, "Anna"),
    ]
    kinds = [
        k for (k,) in played.query("SELECT kind FROM v_votes WHERE day = 1 AND kind <> 'vote'")
    ]
    # the Bürgermeister is settled first, then the lynch
    assert list(dict.fromkeys(kinds)) == ["dusk", "election", "evening"]
