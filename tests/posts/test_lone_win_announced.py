"""Issue 34, point 17: a lone win that lets the round go on ("Wenn der Kopfgeldjäger gewinnt,
kann die Runde dennoch fortgesetzt werden!") is announced without naming a living winner or
his role – the thread learns them in the Abschlussbeitrag (rules/duesterliga/README.md,
reading 84). A winner whose death revealed his role (the Narr, the Engel) is named."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from wolfbot.engine.game import Game
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.posts.messages import Message
from wolfbot.posts.publisher import Publisher
from wolfbot.rulesets import loader
from wolfbot.scenario.model import load
from wolfbot.scenario.runner import run_scenario

RULES = loader.load("duesterliga")
SCENARIOS = Path(__file__).parents[1] / "scenarios" / "roles"
UNNAMED = "Ein Einzelgänger hat gewonnen; die Runde geht weiter."


def text(message: Message) -> str:
    return BeautifulSoup(message.html, "html.parser").get_text(" ")


def thread(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.channel == "thread"]


def test_a_living_kopfgeldjaeger_is_not_named_until_the_abschlussbeitrag() -> None:
    """Kai lynches his target Dora on day 2 and wins; he lives, and the round goes on."""
    players = [("Anna", "Werwolf"), ("Kai", "Kopfgeldjäger")]
    players += [(n, "Bürger") for n in ("Clara", "Dora", "Emil", "Frieda", "Gerd", "Hanna")]
    game = Game.new(RULES, players, seed=778)  # Kai's target: Dora (the scenario's seed)
    publisher = Publisher()
    out = publisher.feed(game, game.state.log)

    def post(by: str, channel: str, line: str) -> None:
        html = f"<p><strong>{line}</strong></p>"
        out.extend(publisher.feed(game, process_post(game, by, channel, WOLTLAB.read(html))))

    def advance() -> None:
        out.extend(publisher.feed(game, game.advance()))

    post("Anna", "wolves", "!Fressen Clara")
    advance()
    post("Emil", "thread", "!Bürgermeister Emil")
    for voter in ("Anna", "Kai", "Dora", "Emil", "Frieda", "Gerd"):
        post(voter, "thread", "!Lynch Hanna")
    advance()
    advance()
    post("Anna", "wolves", "!Fressen Frieda")
    advance()
    for voter in ("Anna", "Kai", "Dora", "Emil", "Gerd"):
        post(voter, "thread", "!Lynch Dora")
    advance()
    before = len(thread(out))
    advance()  # the Abend of day 2: Dora lynched, Kai has won
    assert str(game.state.phase) == "night 3" and game.player("Kai").alive
    (abend,) = [m for m in thread(out)[before:] if m.title == "Abend des zweiten Tages"]
    assert UNNAMED in text(abend)
    assert "Kopfgeldjäger" not in text(abend)  # Kai stands in the tally, his role nowhere
    start = len(game.state.log)
    game.declare_win("Dorf")  # the Spielleitung ends the round
    (ende,) = [m for m in publisher.feed(game, game.state.log[start:]) if m.channel == "thread"]
    assert "Kai (Kopfgeldjäger) hat gewonnen." in text(ende)


def test_a_lynched_winner_is_named_with_the_role_his_death_revealed() -> None:
    result = run_scenario(load(SCENARIOS / "engel_gewinnt_am_ersten_tag_gelyncht.yaml"))
    assert result.failure is None and result.error is None, result.failure or result.error
    said = " ".join(text(m) for m in thread(result.messages))
    assert "Engel (Engel) hat gewonnen; die Runde geht weiter." in said
    assert UNNAMED not in said
