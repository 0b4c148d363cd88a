"""Issue 18: the Monte Carlo rating of a role list under the player model – reproducible by
its seed, a setup that favours the wolves rated so, the model's rules of play (the wolves
never attack each other, the village votes a told wolf), the Wilson interval."""

from __future__ import annotations

import random

import pytest

from wolfbot.balance.games import play, seats
from wolfbot.balance.players import Model, Players
from wolfbot.balance.rating import rate, wilson
from wolfbot.demo.deal import showcase
from wolfbot.demo.simulate import TWELVE
from wolfbot.engine.game import Game
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
EIGHT_FOUR_WOLVES = ["Werwolf"] * 4 + ["Seherin", "Bürger", "Bürger", "Bürger"]


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(50, 100, 0.4038, 0.5962), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (0, 0, 0.0, 1.0)],
    ids=["half", "none", "all", "no games"],
)
def test_the_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_the_same_seed_rates_the_same() -> None:
    first = rate(RULES, TWELVE, 12, seed=3)
    assert rate(RULES, TWELVE, 12, seed=3) == first
    assert rate(RULES, TWELVE, 12, seed=4) != first
    assert sum(s.wins for s in first.sides) >= first.games - first.no_winner


def test_four_wolves_among_eight_favour_the_wolves() -> None:
    rating = rate(RULES, EIGHT_FOUR_WOLVES, 40, seed=1)
    assert rating.rate_of("Rudel") > 0.6 > rating.rate_of("Dorf")
    low, _ = next(s for s in rating.sides if s.side == "Rudel").interval
    assert low > 0.5


def test_one_wolf_among_twelve_favours_the_village() -> None:
    roles = ["Werwolf", "Seherin", "Hexe", "Jäger"] + ["Bürger"] * 8
    rating = rate(RULES, roles, 40, seed=1)
    assert rating.rate_of("Dorf") > rating.rate_of("Rudel")


@pytest.mark.parametrize("seed", range(8))
def test_the_wolves_never_attack_one_of_their_own(seed: int) -> None:
    game = Game.new(RULES, seats(TWELVE, seed), seed=seed, options={"split_night": True})
    players = Players(random.Random(seed))
    pack = {p.name for p in game.pack(living=False)}
    for _ in range(40):
        if game.state.phase.kind == "over":
            break
        sent = players.answers(game) if game.state.questions else players.commands(game)
        for command in sent:
            if command.word == "Fressen":
                assert command.target not in pack, (seed, command)
            game.submit(command)
        if not sent or not game.state.questions:
            game.advance()


def test_the_village_votes_a_told_wolf() -> None:
    game = Game.new(RULES, seats(TWELVE, 2), seed=2)
    while str(game.state.phase) != "day 1" or game.state.questions:
        game.advance()  # the first night passes without a command (questions by lot)
    wolf = next(p.name for p in game.pack())
    players = Players(random.Random(1), Model(votes=1.0))
    players.knowledge.told_wolves.add(wolf)
    votes = [c for c in players.commands(game) if c.word == "Lynch"]
    village = [c for c in votes if c.actor not in {p.name for p in game.pack()}]
    assert village and all(c.target == wolf for c in village)


def test_a_game_is_replayed_by_its_seed() -> None:
    assert play(RULES, TWELVE, 5) == play(RULES, TWELVE, 5)


@pytest.mark.parametrize("name", loader.available())
@pytest.mark.parametrize("players", [7, 12, 18], ids=lambda n: f"{n}-players")
def test_every_ruleset_plays_to_a_winner_under_the_model(name: str, players: int) -> None:
    """Showcase lists of each ruleset (a wolf per four players, other roles drawn): the
    games end with a winner under the model – a lone wolf in the pack (Düsterwald's Weiße
    Werwolf) hunts the pack, the pack him."""
    rules = loader.load(name)
    outcomes = [play(rules, showcase(rules, players, seed), seed) for seed in range(12)]
    assert sum(bool(o.winners) for o in outcomes) >= 11, outcomes


@pytest.mark.parametrize(
    ("ruleset", "seer", "village"),
    [
        ("wolfvillage", "Seherin", "Dorfbewohner"),
        ("duesterliga", "Kleines Mädchen", "Bürger"),
        ("duesterliga", "Aura", "Bürger"),
    ],
    ids=["Wolf Village's Seherin", "the Kleine Mädchen", "the Aura"],
)
def test_the_village_learns_what_a_role_sees_of_a_side(
    ruleset: str, seer: str, village: str
) -> None:
    """What a role learns of a player's side (a Werwolf or not, an aura) it knows, rightly;
    a wolf it found it tells the village (with `share_wolf` 1)."""
    rules = loader.load(ruleset)
    roles = ["Werwolf", "Werwolf", seer] + [village] * 5
    found: dict[str, bool] = {}
    for seed in range(6):
        game = Game.new(rules, seats(roles, seed), seed=seed, options={"split_night": True})
        players = Players(random.Random(seed), Model(acts=1.0, share_wolf=1.0))
        holder = next(p.name for p in game.state.players if p.role == seer)
        pack = {p.name for p in game.pack(living=False)}
        for _ in range(12):
            if game.state.phase.kind == "over":
                break
            sent = players.answers(game) if game.state.questions else players.commands(game)
            for command in sent:
                game.submit(command)
            if not sent or not game.state.questions:
                game.advance()
        players.learn(game)
        known = players.knowledge.known.get(holder, {})
        assert all(wolf == (name in pack) for name, wolf in known.items()), (seed, known)
        wolves = {name for name, wolf in known.items() if wolf}
        assert wolves <= players.knowledge.told_wolves, seed
        found |= {f"{seed}:{name}": wolf for name, wolf in known.items()}
    assert True in found.values() and False in found.values(), found
