"""The Weerwolven's Dief at the deal: "Als de spelers de dief in het spel willen opnemen,
voegen zij twee gewone burgers aan de stapel kaarten toe, zodat er twee karakterkaarten meer
zijn dan spelers. Na het delen van de kaarten worden de twee overgebleven kaarten gedekt op
tafel gelegd." – a role per player in the list; the deal adds two Burgers (`adds_cards`)."""

from __future__ import annotations

from collections import Counter

import pytest

from wolfbot.rulesets import loader
from wolfbot.setup.distribution import assign_roles
from wolfbot.setup.role_checks import role_issues

RULES = loader.load("weerwolven")
PLAYERS = [f"Speler {n}" for n in range(1, 8)]
ROLES = ["Weerwolf", "Weerwolf", "Dief", "Ziener", "Heks", "Burger", "Burger"]


@pytest.mark.parametrize("seed", range(20))
def test_the_deal_adds_two_burgers_and_leaves_two_cards(seed: int) -> None:
    dealt = assign_roles(PLAYERS, ROLES, seed=seed, ruleset=RULES)
    cards = Counter(role for _, role in dealt.players) + Counter(dealt.spare_roles)
    assert len(dealt.players) == 7 and len(dealt.spare_roles) == 2
    assert cards == Counter([*ROLES, "Burger", "Burger"])


def test_a_role_per_player_is_the_right_count_with_the_dief() -> None:
    assert not [i for i in role_issues(ROLES, RULES, n_players=7) if i[0] == "Fehler"]
    too_many = role_issues([*ROLES, "Burger", "Burger"], RULES, n_players=7)
    assert any("es braucht genau 7 Rollen" in text for _, text in too_many)
    with pytest.raises(ValueError, match="es braucht genau 7"):
        assign_roles(PLAYERS, [*ROLES, "Burger", "Burger"], seed=1, ruleset=RULES)


def test_the_duesterliga_dieb_still_takes_two_more_roles() -> None:
    rules = loader.load("duesterliga")
    roles = ["Werwolf", "Dieb", "Seherin", "Bürger", "Bürger", "Bürger", "Bürger", "Hexe", "Amor"]
    dealt = assign_roles(PLAYERS, roles, seed=3, ruleset=rules)
    assert len(dealt.spare_roles) == 2
