"""The other rulesets' random games (hypothesis): Wolf Village (`rules/wolfvillage`), the
Düsterwald (`rules/klassisch`) and the Weerwolven (`rules/weerwolven`, Dutch: its own words
are tested by tests/rulesets/test_weerwolven.py). The engine's invariants hold in rulesets
without a Dämmerung,
Alpha or Bürgermeister – the dead never act, a Stichwahl only after its day, one win – a
seeded game replays identically, every text is worded by the ruleset's catalog, and nothing a
player reads speaks of what the Düsterliga has and the ruleset has not."""

from __future__ import annotations

import random
import re

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfbot.demo.simulate import play, random_command, replay, roster
from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import texts_in
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# per ruleset: the Düsterliga's words none of its texts may use, and a game with every role
NEVER = {
    # its day has !Verbannen and the Hauptmann, its pack no Alpha and no Wolfshöhle
    "wolfvillage": r"Wolfshöhle|Wolfsgeist|Bürgermeister|Alpha|Dämmerung|!Lynch|gelyncht|Lynch",
    # its day the Dorfgericht (with the Düsterliga's !Lynch: README, reading 1), no Wütender
    # Mob, its lovers no Bettgeflüster
    "klassisch": r"Wolfshöhle|Wolfsgeist|Bürgermeister|Alpha|Dämmerung|Wütende|Mob\b"
    r"|Bettgeflüster|gelyncht|Rudel|Einzelgänger|Zweideutig",
    # Dutch, all by private message: none of the German rulesets' offices, phases and groups
    "weerwolven": r"Wolfshöhle|Wolfsgeist|Bürgermeister|Hauptmann|Alpha|Dämmerung|Wütende"
    r"|Mob\b|Bettgeflüster|Dorfgericht|Rudel|Einzelgänger|Zweideutig|Stichwahl",
}
EVERY_ROLE = {
    "wolfvillage": (
        [
            "Werwolf",
            "Werwolf",
            "Seherin",
            "Heiler",
            "Hexe",
            "Jäger",
            "Amor",
            "Fuchs",
            "Narr",
            "Verfluchter",
            "Günstling",
            "Dorfdepp",
            "Dorfbewohner",
        ],  # fmt: skip
        {"hauptmann": True},
    ),
    "klassisch": (
        [
            "Werwolf",
            "Werwolf",
            "Wolf im Schafspelz",
            "Weißer Werwolf",
            "Seherin",
            "Heiler",
            "Hexe",
            "Jäger",
            "Amor",
            "Mädchen",
            "Sündenbock",
            "Dorfdepp",
            "Der Alte",
            "Flötenspieler",
            "Brandstifter",
            "Schwarzer Rabe",
            "Bürger",
        ],  # fmt: skip
        {},
    ),
    "weerwolven": (
        [
            "Weerwolf",
            "Weerwolf",
            "Ziener",
            "Jager",
            "Cupido",
            "Heks",
            "Onschuldig meisje",
            "Dief",
            "Dorpsgek",
            "Dorpsoudste",
            "Zondebok",
            "Genezer",
            "Fluitspeler",
            "Burger",
        ],  # fmt: skip
        {"dieb_roles": ["Burger", "Weerwolf"], "split_night": True},
    ),
}
NAMES = sorted(NEVER)


def _roles(rules: Ruleset):
    """A role list with a Werwolf (the Weerwolven's Weerwolf) somewhere."""
    wolf = next(r.name for r in rules.roles.values() if r.behaviour == "pack")
    return st.builds(
        lambda others, at: [*others[:at], wolf, *others[at:]],
        st.lists(st.sampled_from(rules.dealt_roles()), min_size=3, max_size=15),
        st.integers(0, 15),
    )


def _switches(rules: Ruleset):
    """Every announced house rule that is a switch or a choice, drawn."""
    return st.fixed_dictionaries(
        {
            name: st.sampled_from(option.choices) if option.choices else st.booleans()
            for name, option in rules.options.items()
            if option.announced and (isinstance(option.default, bool) or option.choices)
        }
    )


def _played(rules: Ruleset, roles: list[str], seed: int, options: dict) -> Game:
    """A random game whose accepted commands are checked as they are given: from the living,
    from one a question asks, or a command of the dead (the Sündenbock's choice)."""
    rng = random.Random(seed)
    game = Game.new(rules, roster(roles, seed), seed=seed, options=options)
    of_the_dead = {u.word for r in rules.roles.values() for u in r.commands if u.by == "dead"}
    for _ in range(60):
        if game.state.phase.kind == "over":
            break
        for _ in range(rng.randint(0, 25)):
            command = random_command(game, rng, legal_bias=0.85)
            if command is None:
                continue
            actor = game.player(command.actor)
            was_alive, was_asked = actor.active, command.actor in game.pending()
            if any(isinstance(e, ev.CommandAccepted) for e in game.submit(command)):
                assert was_alive or was_asked or command.word in of_the_dead, f"{command!r}"
        game.advance()
    return game


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_the_dead_never_act_and_one_win_ends_the_game(name: str, data, seed: int) -> None:
    rules = loader.load(name)
    roles = data.draw(_roles(rules))
    game = _played(rules, roles, seed, data.draw(_switches(rules)))
    alive = {p.name: True for p in game.state.players}
    begun: list[str] = []
    for event in game.state.log:
        if isinstance(event, ev.PlayerDied):
            assert alive[event.player], f"{event.player} died while dead"
            alive[event.player] = False
        if isinstance(event, ev.PlayerRevived):  # the Weerwolven's elixer
            assert not alive[event.player], f"{event.player} revived while alive"
            alive[event.player] = True
        if isinstance(event, ev.PhaseBegan):
            assert not event.phase.startswith("dusk")
            if event.phase.startswith("runoff"):  # a Stichwahl only after its day
                assert f"day {event.phase.split()[1]}" in begun
            begun.append(event.phase)
    overs = [e for e in game.state.log if isinstance(e, ev.GameOver)]
    assert len(overs) <= 1
    if overs:  # one win only – or a team's with its own lovers (the Düsterwald)
        winners = overs[0].winners
        assert len(winners) == 1 or (len(winners) == 2 and winners[1] == "Liebespaar"), winners


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_a_seeded_game_replays_to_identical_events(name: str, seed: int) -> None:
    rules = loader.load(name)
    roles, options = EVERY_ROLE[name]
    first = play(rules, roles, seed, options=options)
    assert replay(rules, first).state.log == first.game.state.log


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_text_is_worded_in_the_rulesets_own_words(name: str, data, seed: int) -> None:
    rules = loader.load(name)
    never = re.compile(NEVER[name])
    rng = random.Random(seed)
    roles, options = data.draw(_roles(rules)), data.draw(_switches(rules))
    game = play(rules, roles, seed, max_phases=rng.randint(1, 30), options=options).game
    for _ in range(30):  # and mostly wrong commands, for the rejections
        command = random_command(game, rng, legal_bias=0.3)
        if command is not None:
            game.submit(command)
    for event in game.state.log:
        for field in event.__dataclass_fields__:
            for text in texts_in(getattr(event, field)):
                said = worded(rules, text)
                assert said.strip(), text
                assert not never.search(said), (text, said)
    for message in Publisher().feed(game, game.state.log):
        shown = BeautifulSoup(message.html, "html.parser").get_text(" ")
        assert not never.search(f"{message.title} {shown}"), (message.title, shown)
