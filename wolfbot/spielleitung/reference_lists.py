"""The reference lists the player model is calibrated against (issue 38,
`wolfbot.balance.calibration`): Wolf Village's ready-made setups at every count they take –
Einsteiger rated "Ausgeglichen" by the seed's own words, the others by the lobby –, Einsteiger
with a Werwolf more or fewer where the lobby's score leaves its band of "Ausgeglichen", and
the Düsterliga's suggested lists ("Rollenverteilung", seed 1) from 8 to 24 players.
`benchmarks/calibrate.py` rates them."""

from __future__ import annotations

from wolfbot.balance.calibration import EINSTEIGER, Reference
from wolfbot.rulesets import loader
from wolfbot.setup.list_advice import LOBBY_FAVOURS, lobby_rating
from wolfbot.setup.role_advice import suggest_roles
from wolfbot.setup.setups import load_setups

SEED_SAYS = "Ausgeglichen (Text von Wolf Village)"
LEAGUE_SAYS = "Rollenverteilung der Liga"
# Einsteiger with a Werwolf more or fewer: counts whose lobby score leaves the band both ways
ADJUSTED_COUNTS = (7, 12, 13, 20)
LEAGUE_COUNTS = range(8, 25)


def references() -> list[Reference]:
    """Every reference list (see the module text), Wolf Village's first."""
    return [*_wolfvillage(), *_league()]


def _wolfvillage() -> list[Reference]:
    setups = load_setups("wolfvillage")
    rules = loader.load("wolfvillage")
    out: list[Reference] = []

    def add(family: str, cards: dict[str, int], options: dict[str, bool], own: bool) -> None:
        lobby = lobby_rating(setups, cards, options)
        roles = tuple(role for role, count in cards.items() for _ in range(count))
        seed = family == EINSTEIGER
        says = SEED_SAYS if seed else f"Lobby: {lobby.verdict}"
        verdict = None if seed else LOBBY_FAVOURS[lobby.verdict]
        options_set = tuple(options.items())
        out.append(Reference(family, rules, roles, options_set, says, verdict, lobby.points, own))

    for setup in setups.setups:
        for players in setup.players.values:
            cards = setups.cards(setup, players)
            add(setup.name, cards, dict(setup.options), own=setup.name == EINSTEIGER)
    einsteiger = setups.setup(EINSTEIGER)
    assert einsteiger is not None
    for players in ADJUSTED_COUNTS:
        for change in (+1, -1):
            cards = dict(setups.cards(einsteiger, players))
            cards[setups.wolf] += change
            cards[setups.filler] -= change
            add("Angepasst", {k: v for k, v in cards.items() if v}, {}, own=True)
    return out


def _league() -> list[Reference]:
    rules = loader.load("duesterliga")
    return [
        Reference(
            "Düsterliga",
            rules,
            suggest_roles(players, rules, rng_seed=1).roles,
            (),
            LEAGUE_SAYS,
            None,
            None,
            True,
        )
        for players in LEAGUE_COUNTS
    ]
