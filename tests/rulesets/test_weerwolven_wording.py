"""Issue 34, point 15: every text of a Dutch round is Dutch and says what it means – one
player's role in the singular ("Je rol: Burger", not the rule text's heading "Burgers"), the
burgemeester by name ("Anna mag de benoeming niet weigeren", not "Hij"), a list of names with
"en", and the demo's console as well as its forum."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bs4 import BeautifulSoup
from dutch import GERMAN  # tests/rulesets/dutch.py

from wolfbot.demo.round import run_demo
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

RULES = loader.load("weerwolven")
START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)


def test_a_rollenmitteilung_names_one_players_role_in_the_singular() -> None:
    players = [("Anna", "Weerwolf"), ("Bram", "Burger"), ("Cas", "Ziener"), ("Dirk", "Burger")]
    game = Game.new(RULES, [*players, ("Eva", "Burger")], seed=1)
    told = {
        m.recipients[0]: BeautifulSoup(m.html, "html.parser").find("h3").get_text()
        for m in Publisher().role_messages(game)
    }
    assert told["Anna"] == "Je rol: Weerwolf"
    assert told["Bram"] == "Je rol: Burger"
    assert told["Cas"] == "Je rol: Ziener"


def test_the_weerwolven_the_meisje_sees_are_listed_with_en() -> None:
    said = worded(RULES, say("spy.pack", names=("Malakiel", "Roodkapje", "Hanna")))
    assert "de weerwolven zijn Malakiel, Roodkapje en Hanna." in said


def test_the_demos_console_speaks_dutch_in_a_dutch_round(tmp_path) -> None:
    """ "Frage … an …", "niemand ist gestorben", "Gewonnen hat: Dorp" were German."""
    lines: list[str] = []
    run_demo(12, 7, tmp_path, start=START, out=lines.append, ruleset="weerwolven")
    german = [line for line in lines if GERMAN.search(re.sub(r"https?://\S+|/\S+", "", line))]
    assert not german, german
    said = "\n".join(lines)
    assert "Gewonnen hat" not in said and "niemand ist gestorben" not in said
    assert re.search(r"^(Het dorp|De weerwolven) heeft gewonnen\.$", said, re.MULTILINE), said
