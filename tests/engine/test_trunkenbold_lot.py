"""Der Trunkenbold over many seeds: "zufällig bestimmt, ob er die Fähigkeit nutzen kann" – both
outcomes occur – and "zufällig ein Spieler zum Ziel" never breaks the target's own limits
("Der Attentäter kann kein Attentat auf sich selbst verüben")."""

from __future__ import annotations

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Toni", "Trunkenbold"),
    ("Attila", "Attentäter"),
    ("Dora", "Bürger"),
    ("Emil", "Bürger"),
    ("Frieda", "Bürger"),
]


def night_one(seed: int) -> dict[str, str]:
    game = Game.new(RULES, PLAYERS, seed=seed)
    process_post(game, "Toni", "private", WOLTLAB.read("<p><strong>!Abfüllen Attila</strong></p>"))
    process_post(game, "Attila", "private", WOLTLAB.read("<p><strong>!Attentat Anna</strong></p>"))
    process_post(game, "Anna", "wolves", WOLTLAB.read("<p><strong>!Fressen Dora</strong></p>"))
    events = game.advance()
    return {e.player: e.cause for e in events if isinstance(e, ev.PlayerDied)}


def test_the_lot_decides_both_ways_and_never_turns_the_attentat_on_himself() -> None:
    outcomes = [night_one(seed) for seed in range(60)]
    assert all("Attila" not in deaths for deaths in outcomes)
    used = [d for d in outcomes if "Attentäter" in d.values()]
    assert used and len(used) < len(outcomes)  # sometimes he can, sometimes not
    victims = {name for d in used for name, cause in d.items() if cause == "Attentäter"}
    assert len(victims) > 1  # the target is drawn, not the one he named


def drunk_wolf_night(role: str, command: str, seed: int) -> Game:
    players = [
        ("Anna", "Werwolf"),
        ("Urs", role),
        ("Toni", "Trunkenbold"),
        ("Grau", "Grauer Wolf"),
        ("Emil", "Bürger"),
        ("Frieda", "Bürger"),
        ("Gerd", "Bürger"),
    ]
    game = Game.new(RULES, players, seed=seed)
    process_post(game, "Toni", "private", WOLTLAB.read("<p><strong>!Abfüllen Urs</strong></p>"))
    process_post(game, "Urs", "private", WOLTLAB.read(f"<p><strong>{command}</strong></p>"))
    process_post(game, "Anna", "wolves", WOLTLAB.read("<p><strong>!Fressen Emil</strong></p>"))
    game.advance()
    return game


def test_a_drunk_urwolf_never_bites_and_a_drunk_blutruenstiger_never_eats_the_pack() -> None:
    """The drawn target keeps the role's own limits: "einen anderen Dorfbewohner, der kein
    Werwolf ist, zu beißen"; "einen weiteren Dorfbewohner" (outside the pack)."""
    bitten, eaten = set(), set()
    for seed in range(40):
        game = drunk_wolf_night("Urwolf", "!Beißen Emil", seed)
        assert game.player("Grau").role == "Grauer Wolf" and game.player("Anna").alive
        bitten |= {p.name for p in game.state.players if p.role == "Werwolf"} - {"Anna"}
        game = drunk_wolf_night("Blutrünstiger Wolf", "!Fressen Frieda", seed)
        assert all(game.player(w).alive for w in ("Anna", "Grau", "Urs"))
        eaten |= {p.name for p in game.state.players if not p.alive}
    assert bitten and eaten - {"Emil"}  # the lots did bite and eat somebody else
