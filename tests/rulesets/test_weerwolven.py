"""The Weerwolven (`rules/weerwolven`, seed 002) against its text: every sentence of the text
is quoted by a scenario of `tests/scenarios/weerwolven/` (each is behaviour, and the scenario
proves it), every character of the text is a role of the ruleset and of `wolfbot rules show`,
and the Dutch catalog words everything this ruleset's games say – in Dutch only. The text is
a copy beside this test (`data/weerwolven.txt`), checked against the seed."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
from dutch import GERMAN  # tests/rulesets/dutch.py
from typer.testing import CliRunner

from wolfbot.cli import app
from wolfbot.demo.simulate import play, random_command
from wolfbot.engine.text import Text, texts_in
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.rulesets.loader import RULES_DIR
from wolfbot.scenario.model import load
from wolfbot.scenario.runner import run_scenario

TEXT = (Path(__file__).parent / "data" / "weerwolven.txt").read_text(encoding="utf-8")
SEED = Path(__file__).parents[3] / "shared" / "seeds" / "002_8bb07ca4d48fe921.txt"
SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios" / "weerwolven").glob("*.yaml"))
RULES = loader.load("weerwolven")


def sentences(text: str) -> list[str]:
    """The text's sentences (and list items), without its headings: every part of a line up
    to its full stop, question or exclamation mark or semicolon, of four words or more."""
    found = []
    for line in text.splitlines():
        for part in re.split(r"(?<=[.!?;])\s+", line.strip().removeprefix("- ")):
            if len(part.split()) >= 4:
                found.append(part.strip())
    return found


SENTENCES = sentences(TEXT)


def test_the_text_is_the_seeds() -> None:
    if not SEED.is_file():
        pytest.skip("../shared is not beside this clone")
    assert SEED.read_text(encoding="utf-8") == TEXT


def test_the_text_has_its_seventy_eight_sentences() -> None:
    assert len(SENTENCES) == 78


@cache
def _quoted() -> str:
    """Every scenario's text, comments included, as one line (# and line breaks undone)."""
    texts = (p.read_text(encoding="utf-8") for p in SCENARIOS)
    return " ".join(" ".join(t.replace("#", " ").split()) for t in texts)


@pytest.mark.parametrize("sentence", SENTENCES, ids=lambda s: s[:48])
def test_every_sentence_of_the_text_is_quoted_by_a_scenario(sentence: str) -> None:
    assert sentence in _quoted()


def test_every_character_of_the_text_is_a_role() -> None:
    """The text's headings (the Burgemeester is an office) are the roles' headings."""
    headings = [
        line.strip()
        for line in TEXT.splitlines()
        if line.strip() and len(line.split()) <= 3 and not line.startswith(("|", "Rollen"))
    ]
    headings.append("Dorpsgek")  # the text runs it on at the end of the Dief's last line
    assert sorted({h for h in headings if h != "Burgemeester"}) == sorted(RULES.role_headings)
    assert not RULES.missing_roles()
    assert {r.heading for r in RULES.roles.values()} == set(RULES.role_headings)


def test_every_role_has_a_scenario() -> None:
    played = " ".join(p.read_text(encoding="utf-8") for p in SCENARIOS)
    assert [r for r in RULES.roles if f"role: {r}}}" not in played] == []


def test_rules_show_lists_every_role_and_none_missing() -> None:
    result = CliRunner().invoke(app, ["rules", "show", "weerwolven"], env={"COLUMNS": "240"})
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert "Weerwolven: 13 van 13 rollen" in output and "Nog niet uitgewerkt: geen" in output
    for role in RULES.roles:
        assert role.split()[0] in output


# -- the Dutch words ------------------------------------------------------------------------
def test_the_catalog_is_its_own() -> None:
    """No key is worded by another ruleset's catalog (no `messages_from`)."""
    assert RULES.messages_from == ()
    own = {p.name for p in (RULES_DIR / "weerwolven" / "messages").glob("*.yaml")}
    assert own and all(key for key in RULES.messages)


def _canonical_words() -> re.Pattern[str]:
    """The engine's (German) words of the commands this ruleset says otherwise."""
    said = "|".join(sorted(map(re.escape, RULES.said_words)))
    return re.compile(rf"!({said})\b|\b({said})\b")


@pytest.mark.parametrize("key", sorted(RULES.messages))
def test_no_wording_of_the_catalog_is_german(key: str) -> None:
    wording = RULES.messages[key]
    assert not GERMAN.search(wording), (key, wording)
    assert not _canonical_words().search(wording), (key, wording)


@cache
def _said_by_games() -> dict[str, Text]:
    """Every text the engine says in the scenarios and in random games of every role."""
    said: dict[str, Text] = {}
    logs = [run_scenario(load(path)).game for path in SCENARIOS]
    roles = RULES.dealt_roles()
    for seed in range(40):
        rng = random.Random(seed)
        special = rng.sample([r for r in roles if r not in ("Weerwolf", "Burger")], k=6)
        dealt = ["Weerwolf", "Weerwolf", *special, "Burger", "Burger"]
        options = {"split_night": seed % 2 == 0, "dieb_roles": rng.sample(roles, 2)}
        game = play(RULES, dealt, seed, options=options, max_phases=rng.randint(2, 30)).game
        for _ in range(30):  # and mostly wrong commands, for the refusals
            command = random_command(game, rng, legal_bias=0.3)
            if command is not None:
                game.submit(command)
        logs.append(game)
    for game in logs:
        assert game is not None
        for event in game.state.log:
            for field in event.__dataclass_fields__:
                for text in texts_in(getattr(event, field)):
                    said.setdefault(text.key, text)
    return said


def test_the_catalog_words_every_text_the_games_say() -> None:
    said = _said_by_games()
    assert len(said) > 40
    missing = sorted(key for key in said if key not in RULES.messages)
    assert not missing


# what a text repeats of the player's own line (he may have written "!Heiltrank")
ECHOED = ("word", "text", "rest", "line", "hints")


def test_what_the_games_say_is_dutch() -> None:
    """Worded, not one of the texts the games said has a German word or a canonical command
    word – but the player's own line it repeats, and the players' names of the random games
    ("Spieler 1")."""
    for key, text in _said_by_games().items():
        if key.startswith("parse."):
            text = Text(key, tuple((n, "…" if n in ECHOED else v) for n, v in text.values))
        words = re.sub(r"Spieler \d+", "", worded(RULES, text))
        assert not GERMAN.search(words), (key, words)
        assert not _canonical_words().search(words), (key, words)


def test_every_command_word_is_dutch_and_means_a_canonical_one() -> None:
    """The players' words (commands.yaml) and the engine's words they mean."""
    shown = {spec.said or spec.word: spec.word for spec in RULES.commands}
    assert shown["Elixer"] == "Heiltrank" and shown["Testament"] == "Erschießen"
    assert RULES.shown_word("Heiltrank") == "Elixer" and RULES.shown_word("Lynch") == "Stem"
    phrases = {phrase for phrase, _ in RULES.command_phrases}
    assert "elixer" in phrases and "heiltrank" not in phrases and "lynch" in phrases
    readme = (RULES_DIR / "weerwolven" / "README.md").read_text(encoding="utf-8")
    for word in shown:
        assert f"!{word}" in readme, word
