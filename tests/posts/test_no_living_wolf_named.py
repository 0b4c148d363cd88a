"""No public post names a living Werwolf's role: the thread learns a role only at a death
("Am Morgen gibt die Spielleitung bekannt, welche Spieler in der vergangenen Nacht mit welcher
Rolle … verstorben sind"). Random games with every role, every post checked as it is made,
until the Abschlussbeitrag (which reveals everyone)."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfbot.demo.simulate import everybody_acts, roster
from wolfbot.engine.game import Game
from wolfbot.posts.publisher import Publisher
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
WOLVES = sorted(name for name, spec in RULES.roles.items() if spec.is_werwolf)
OTHERS = RULES.dealt_roles()


def _leaks(game: Game, html: str) -> list[str]:
    text = re.sub(r"<[^>]+>", " ", html)
    found = []
    for player in game.living():
        role = game.role_facts(player)
        named = rf"{re.escape(player.name)}\W{{1,5}}{re.escape(role.name)}"
        if role.is_werwolf and re.search(named, text):
            found.append(f"{player.name} ({role.name})")
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    wolves=st.lists(st.sampled_from(WOLVES), min_size=1, max_size=4),
    others=st.lists(st.sampled_from(OTHERS), min_size=4, max_size=14),
    seed=st.integers(0, 2**32),
)
def test_no_public_post_names_a_living_wolfs_role(wolves, others, seed) -> None:
    rng = random.Random(seed)
    game = Game.new(RULES, roster([*wolves, *others], seed), seed=seed)
    publisher = Publisher()
    publisher.feed(game, game.state.log)
    for _ in range(60):
        if game.state.phase.kind == "over":
            break
        events = []
        for command in everybody_acts(game, rng):
            events += game.submit(command)
        events += game.advance()
        for message in publisher.feed(game, events):
            if message.channel == "thread" and game.state.phase.kind != "over":
                assert not _leaks(game, message.html), (message.title, _leaks(game, message.html))


def test_the_check_finds_a_living_wolf_named_with_his_role() -> None:
    game = Game.new(RULES, [("Anna", "Urwolf"), ("Bert", "Bürger"), ("Cora", "Seherin")], seed=1)
    assert _leaks(game, "<li>@Anna – Urwolf</li>") == ["Anna (Urwolf)"]
    assert _leaks(game, "<li>@Anna</li><li>@Cora – Seherin</li>") == []
