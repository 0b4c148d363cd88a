"""Issue 34, point 11: a text told one player privately ("… dein !Heiltrank bleibt
unverbraucht") is said of him in the third person where others read it – the
Abschlussbeitrag's Rückblick and `wolfbot explain` – in every ruleset's language: the
catalog's `about.<key>` for every reason that addresses the player."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.posts.summary import phase_summaries
from wolfbot.posts.wording import worded, worded_about
from wolfbot.rulesets import loader
from wolfbot.spielleitung.explain.night import explain_night

ROOT = Path(__file__).resolve().parents[2]
# the words that address the reader, per language of a ruleset
ADDRESSED = {
    "de": re.compile(r"\b(du|dich|dir|dein\w*|euch|euer\w*)\b", re.IGNORECASE),
    "nl": re.compile(r"\b(je|jij|jou|jouw|jezelf|u|uw)\b", re.IGNORECASE),
}
# where the engine says why a command does not count (or did not act)
REFUSING = {
    "IllegalCommand",
    "UnknownCommand",
    "CommandError",
    "CommandRejected",
    "CommandOverturned",
    "refuse_keeping",
    "reject",
}


def reason_keys() -> set[str]:
    """Every key the engine gives as a reason of a refusal (a `say(...)` inside one of the
    calls that refuse), and every `refused.*`."""
    keys = set()
    for path in sorted((ROOT / "wolfbot" / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "func", None)
            called = getattr(name, "id", None) or getattr(name, "attr", None)
            if isinstance(node, ast.Call) and called in REFUSING:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and getattr(inner.func, "id", None) == "say":
                        keys.add(inner.args[0].value)
    return keys


@pytest.mark.parametrize("name", loader.available())
def test_every_reason_that_addresses_the_player_has_a_third_person_wording(name: str) -> None:
    rules = loader.load(name)
    you = ADDRESSED[rules.language]
    wanted = reason_keys() | {k for k in rules.messages if k.startswith("refused.")}
    missing = sorted(
        key
        for key in wanted
        if key in rules.messages
        and you.search(rules.messages[key])
        and f"about.{key}" not in rules.messages
    )
    assert not missing, f"rules/{name}/messages: no about.* for {missing}"
    addressing = {
        key: wording
        for key, wording in rules.messages.items()
        if key.startswith("about.") and you.search(wording)
    }
    assert not addressing, addressing
    orphans = [k for k in rules.messages if k.startswith("about.") and k[6:] not in rules.messages]
    assert not orphans, orphans


CASES = [
    (
        "duesterliga",
        ("Hexe", "Werwolf", "Bürger"),
        "Heiltrank",
        "dein !Heiltrank",
        "!Heiltrank bleibt für Malakiel unverbraucht",
    ),
    (
        "weerwolven",
        ("Heks", "Weerwolf", "Burger"),
        "Elixer",
        "je !Elixer",
        "!Elixer van Malakiel blijft ongebruikt",
    ),
]


@pytest.mark.parametrize(("name", "roles", "word", "private", "public"), CASES, ids=["de", "nl"])
def test_the_rueckblick_says_a_refused_heal_of_the_hexe(name, roles, word, private, public):
    """ "Malakiel (Hexe): !Heiltrank Jürgen_93 – nicht ausgeführt: … dein !Heiltrank bleibt
    unverbraucht" was the player's own message in the thread."""
    rules = loader.load(name)
    hexe, wolf, burger = roles
    players = [("Malakiel", hexe), ("Wolf", wolf), ("Jürgen_93", burger)]
    players += [("Dora", burger), ("Emil", burger)]
    game = Game.new(rules, players, seed=1)
    reason = say("refused.ability_kept", why=say("heal.not_attacked", name="Jürgen_93"), word=word)
    text = f"!{word} Jürgen_93"
    assert private in worded(rules, reason)  # what Malakiel was told himself
    game.state.log.extend(
        [
            ev.CommandAccepted("Malakiel", "private", text, waits=True),
            ev.CommandRejected("Malakiel", "private", text, reason),
            ev.CommandOverturned("Malakiel", "private", text, reason),
        ]
    )
    (night,) = phase_summaries(game)
    (line,) = [line for line in night.lines if text in line]
    assert public in line, line
    assert not ADDRESSED[rules.language].search(line.split(":", 1)[1]), line


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (say("refused.dead"), "Anna ist verstorben und kann keine Befehle mehr erteilen."),
        (
            say("refused.lovers_apart", name="Bernd"),
            "Die Verliebten können nicht beieinander übernachten: Bernd und Anna sind"
            " ineinander verliebt.",
        ),
        (say("heal.not_attacked", name="Bo"), "Bo wurde in dieser Nacht nicht erfolgreich"),
        (say("overturned.blocked"), "In dieser Nacht blockiert"),
    ],
    ids=["addressed", "a name beside the player", "third person already", "no person"],
)
def test_a_reason_is_said_of_the_player(text, said) -> None:
    assert worded_about(loader.load("duesterliga"), text, "Anna").startswith(said)


def test_explain_says_a_refused_heal_in_the_third_person() -> None:
    rules = loader.load("duesterliga")
    players = [("Wolf", "Werwolf"), ("Hanna", "Hexe"), ("Otto", "Bürger"), ("Dora", "Bürger")]
    game = Game.new(rules, [*players, ("Emil", "Bürger")], seed=3)
    for author, channel, line in [
        ("Wolf", "wolves", "!Alpha Wolf"),
        ("Wolf", "wolves", "!Fressen Dora"),
        ("Hanna", "private", "!Heiltrank Otto"),  # Otto is not attacked: refused
    ]:
        process_post(game, author, channel, WOLTLAB.read(f"<p><strong>{line}</strong></p>"))
    game.advance()
    (line,) = [line.strip() for line in explain_night(game, 1) if "!Heiltrank" in line]
    assert line.startswith("Hanna heilt Otto mit dem Heiltrank – abgelehnt: Otto wurde"), line
    assert line.endswith("!Heiltrank bleibt für Hanna unverbraucht."), line
