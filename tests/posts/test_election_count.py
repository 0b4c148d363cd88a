"""Issue 34, point 13: an election's result can be checked – the Abend (Wolf Village's and
Düsterwald's "Euer Hauptmann ist …", the Weerwolven's "Jullie burgemeester is …") shows the
final count of the election with its voters, as it shows the lynch count, and the engine's
MayorElected event holds that count (the store's `v_votes` reads it)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from bs4 import BeautifulSoup

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.posts.publisher import Publisher
from wolfbot.rulesets import loader


@dataclass
class Election:
    ruleset: str
    wolf: str
    villager: str
    attack: tuple[str, str]  # the pack's command, where
    elect: tuple[str, str]  # the election's command, where
    lynch: tuple[str, str]
    shown: list[str]  # in the Abend, besides the elected
    options: dict = field(default_factory=dict)


ELECTIONS = [
    Election(
        "duesterliga",
        "Werwolf",
        "Bürger",
        ("!Fressen", "wolves"),
        ("!Bürgermeister", "thread"),
        ("!Lynch", "thread"),
        [
            "Ergebnis der Bürgermeisterwahl:",
            "Bea: 3 Stimmen (Bea, Cem, Dan)",
            "Eva: 1 Stimme (Wolf)",
        ],
    ),
    Election(
        "klassisch",
        "Werwolf",
        "Bürger",
        ("!Fressen", "wolves"),
        ("!Hauptmann", "thread"),
        ("!Lynch", "thread"),
        ["Ergebnis der Wahl:", "Bea: 3 Stimmen (Bea, Cem, Dan)", "Eva: 1 Stimme (Wolf)"],
    ),
    Election(
        "wolfvillage",
        "Werwolf",
        "Dorfbewohner",
        ("!Fressen", "wolves"),
        ("!Hauptmann", "thread"),
        ("!Verbannen", "thread"),
        ["Ergebnis der Wahl:", "Bea: 3 Stimmen (Bea, Cem, Dan)", "Eva: 1 Stimme (Wolf)"],
        {"hauptmann": True},
    ),
    Election(
        "weerwolven",
        "Weerwolf",
        "Burger",
        ("!Verslinden", "wolves"),
        ("!Burgemeester", "private"),
        ("!Stem", "private"),
        ["Uitslag van de verkiezing:", "Bea: 3 stemmen (Bea, Cem, Dan)", "Eva: 1 stem (Wolf)"],
    ),
]


def _text(html: str) -> str:
    return " ".join(BeautifulSoup(html, "html.parser").get_text(" ").split()).replace(" :", ":")


@pytest.mark.parametrize("case", ELECTIONS, ids=[e.ruleset for e in ELECTIONS])
def test_the_abend_shows_the_final_count_of_the_election(case: Election) -> None:
    rules = loader.load(case.ruleset)
    names = ["Wolf", "Bea", "Cem", "Dan", "Eva", "Fia"]
    players = [("Wolf", case.wolf)] + [(n, case.villager) for n in names[1:]]
    game = Game.new(rules, players, seed=3, options=case.options)
    publisher = Publisher()
    out = publisher.feed(game, game.state.log)

    def post(by: str, command: tuple[str, str], target: str) -> None:
        html = f"<p><strong>{command[0]} {target}</strong></p>"
        out.extend(publisher.feed(game, process_post(game, by, command[1], WOLTLAB.read(html))))

    post("Wolf", case.attack, "Fia")
    for _ in range(3):
        if str(game.state.phase) != "day 1":
            out.extend(publisher.feed(game, game.advance()))
    assert str(game.state.phase) == "day 1", game.pending()
    for voter in ("Bea", "Cem", "Dan"):
        post(voter, case.elect, "Bea")
        post(voter, case.lynch, "Cem")
    post("Wolf", case.elect, "Eva")
    post("Eva", case.lynch, "Cem")
    for _ in range(3):
        if game.state.phase.kind != "night":
            out.extend(publisher.feed(game, game.advance()))
    assert str(game.state.phase) == "night 2", (str(game.state.phase), game.pending())
    (elected,) = [e for e in game.state.log if isinstance(e, ev.MayorElected)]
    assert (elected.player, elected.votes) == ("Bea", 3)
    assert dict(elected.tally) == {"Bea": ("Bea", "Cem", "Dan"), "Eva": ("Wolf",)}
    (abend,) = [m for m in out if m.channel == "thread" and m.title.startswith(("Abend", "Avond"))]
    said = _text(abend.html)
    for line in case.shown:
        assert line in said, said
    if case.ruleset == "weerwolven":  # not "Hij mag de benoeming niet weigeren" for Bea
        assert "Hij mag" not in said and "Bea mag de benoeming niet weigeren" in said
