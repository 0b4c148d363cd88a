"""The stored record of a round replays exactly: random games are recorded as the bot
records them (each post with `record_input`, each deadline with `record_events`) and
rebuilt from the store by `wolfbot.bot.replay`; a store that holds something else is
refused."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot import ReplayError, replay, stored
from wolfbot.demo.simulate import TWELVE, everybody_acts, roster
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.rulesets import loader
from wolfbot.store import db, records
from wolfbot.store.models import EventRow
from wolfbot.store.results import run_post

RULES = loader.load("duesterliga")
T0 = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
ROLE_SETS = {
    "twelve": list(TWELVE),
    "totenreich": ["Werwolf", "Werwolf", "Medium", "Hexe", "Jäger", "Seherin", "Amor"]
    + ["Bürger"] * 3,
}


@pytest.fixture
def sessions() -> sessionmaker[Session]:
    engine = db.upgrade(db.engine_for(db.MEMORY))
    yield db.session_factory(engine)
    engine.dispose()


def record_random_round(sessions: sessionmaker[Session], roles: list[str], seed: int) -> Game:
    """Play a random round as the bot would record it; returns the live game."""
    rng = random.Random(seed)
    players = roster(roles, seed)
    with sessions() as session:
        game_id = records.create_game(session, title="t", ruleset=RULES.name, seed=seed)
        records.add_players(
            session,
            game_id,
            [records.NewPlayer(n, position=i, role=r) for i, (n, r) in enumerate(players, 1)],
        )
        game = Game.new(RULES, players, seed=seed)
        records.record_events(session, game_id, game.state.log, 0)
        post_id = 0
        for _ in range(60):
            if game.state.phase.kind == "over":
                break
            inputs = [
                (c.actor, c.channel, f"<p><strong>{c.text()}</strong></p>")
                for c in everybody_acts(game, rng)
            ]
            if game.state.phase.kind == "night":  # talk without commands: a use of the night
                inputs += [(p.name, "wolves", "<p>Psst.</p>") for p in game.pack()[:1]]
            for author, channel, html in inputs:
                post_id += 1
                where = (
                    ChannelRef("thread", 1)
                    if channel == "thread"
                    else ChannelRef("conversation", 10 + [n for n, _ in players].index(author))
                )
                post = ForumPost(
                    post_id,
                    where,
                    author,
                    None,
                    T0 + timedelta(minutes=post_id),
                    html,
                    parsed=WOLTLAB.read(html),
                )
                results = run_post(game, author, channel, WOLTLAB.read(html))
                records.record_input(session, game_id, post, results)
            for _ in range(rng.choice([1, 1, 2])):  # sometimes two deadlines in a row
                start = len(game.state.log)
                records.record_events(session, game_id, game.advance(), start)
    return game


@pytest.mark.parametrize("roles", list(ROLE_SETS), ids=list(ROLE_SETS))
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_recorded_round_replays_to_the_same_game(sessions, roles: str, seed: int) -> None:
    live = record_random_round(sessions, ROLE_SETS[roles], seed)
    data = stored.load_round(sessions, 1)
    game = replay.new_game(RULES, data.roster, data.seed, data.options)
    steps: list[int] = []
    replay.replay(
        game, data.events, data.inputs, lambda start, events: steps.append(start), WOLTLAB
    )
    assert game.state == live.state
    assert steps == sorted(steps) and steps[0] == 0


def test_every_advance_of_a_running_game_adds_an_event() -> None:
    """What makes the replay exact: a deadline is recorded as its events only."""
    for seed in range(20):
        rng = random.Random(seed)
        game = Game.new(RULES, roster(ROLE_SETS["totenreich"], seed), seed=seed)
        while game.state.phase.kind != "over":
            for command in everybody_acts(game, rng):
                game.submit(command)
            if game.state.phase.kind == "over":  # an answer to a question ended the game
                break
            assert game.advance(), f"seed {seed}: an advance in {game.state.phase} added nothing"


def test_a_store_that_holds_other_events_is_refused(sessions) -> None:
    record_random_round(sessions, ROLE_SETS["twelve"], 5)
    with sessions.begin() as session:
        session.execute(
            update(EventRow)
            .where(EventRow.seq == 3)
            .values(type="PhaseBegan", payload={"phase": "day 9"})
        )
    data = stored.load_round(sessions, 1)
    game = replay.new_game(RULES, data.roster, data.seed, data.options)
    with pytest.raises(ReplayError, match="event 3"):
        replay.replay(game, data.events, data.inputs, lambda *_: None, WOLTLAB)


def test_a_store_with_fewer_events_than_the_inputs_make_is_refused(sessions) -> None:
    record_random_round(sessions, ROLE_SETS["twelve"], 6)
    data = stored.load_round(sessions, 1)
    game = replay.new_game(RULES, data.roster, data.seed, data.options)
    with pytest.raises(ReplayError):
        replay.replay(game, data.events[:-3], data.inputs, lambda *_: None, WOLTLAB)
    assert isinstance(data.events[0], ev.GameStarted)
