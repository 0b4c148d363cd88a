"""A ruleset in another language: its posts say nothing in German. The posts word its catalog
(`language.*`, `post.*`; every key it needs is checked in tests/engine/test_messages.py), the
shipped short templates hold no words of their own, and the shipped German prose templates
(`environment.PROSE`) are never rendered for it – it brings its own, or its post fails."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.posts import language
from wolfbot.posts.environment import PROSE, TEMPLATES, ProseInAnotherLanguage
from wolfbot.posts.publisher import Publisher
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
PLAYERS = [("Anna", "Werwolf"), ("Bernd", "Seherin"), ("Clara", "Bürger"), ("Dora", "Bürger")]
TAGS = re.compile(r"\{#.*?#\}|\{\{.*?\}\}|\{%.*?%\}|<[^>]*>", re.S)
WORD = re.compile(r"[^\W\d_]{2,}")


def _words(template: str) -> list[str]:
    """The words a template writes itself: outside its comments, expressions, tags and markup."""
    return WORD.findall(TAGS.sub(" ", (TEMPLATES / template).read_text(encoding="utf-8")))


def test_the_prose_templates_are_those_that_write_words_of_their_own() -> None:
    written = {path.name for path in TEMPLATES.glob("*.j2") if _words(path.name)}
    assert written == PROSE


def test_a_ruleset_in_another_language_gets_no_german_prose() -> None:
    dutch = RULES.model_copy(update={"language": "nl"})
    game = Game.new(dutch, PLAYERS, seed=5)
    with pytest.raises(ProseInAnotherLanguage, match="eroeffnung.html.j2 is German prose"):
        Publisher().opening(game)
    role_message = Publisher().role_message(game, "Bernd")  # no prose: the catalog's words
    assert "spielst du die Rolle <strong>Seherin</strong>" in role_message.html


@pytest.mark.parametrize(
    ("key", "values", "said"),
    [
        ("language.ordinal", {"number": 21}, "21."),
        ("language.ordinal_nominative", {"number": 3}, "dritte"),
        ("language.names", {"names": ("A",)}, "A"),
        ("language.names", {"names": ("A", "B", "C")}, "A, B und C"),
        ("language.phase_time", {"kind": "day", "number": 2}, "am zweiten Tag"),
        ("language.faction_heading", {"faction": "Sekte", "otherwise": "-"}, "Die Sekte"),
        ("language.faction_heading", {"faction": "Narr", "otherwise": "Der Narr"}, "Der Narr"),
        ("language.quoted", {"text": "Anna"}, "„Anna“"),
    ],
    ids=["ordinal 21", "nominative", "a name", "names", "phase", "faction", "otherwise", "quote"],
)
def test_the_german_catalog_words_the_language(key: str, values: dict, said: str) -> None:
    assert worded(RULES, say(key, **values)) == said


def test_a_time_is_worded_with_its_weekday_in_the_forums_zone() -> None:
    moment = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    assert language.when(RULES, moment, ZoneInfo("Europe/Berlin")) == (
        "Montag, 30.11.2026, 19:00 Uhr"
    )
    assert language.phase_time(RULES, "dusk 1") == "dusk 1"  # only nights and days in words


DUTCH = {
    "language.ordinal": "{{ ['eerste', 'tweede', 'derde'][number - 1] }}",
    "language.weekday": "{{ ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag',"
    " 'zaterdag', 'zondag'][weekday] }}",
    "language.when": "{{ msg('language.weekday', weekday=weekday) }} {{ day }}-{{ month }}-"
    "{{ year }}, {{ hour }}:{{ minute }} uur",
    "language.names": "{{ names | join('') if names | length < 2 else names[:-1] | join(', ')"
    " ~ ' en ' ~ names[-1] }}",
    "post.title.morning": "Ochtend van de {{ msg('language.ordinal', number=day) }} dag",
}


def test_a_dutch_catalog_says_dates_lists_and_titles_in_dutch() -> None:
    dutch = RULES.model_copy(update={"language": "nl", "messages": RULES.messages | DUTCH})
    moment = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    said = language.when(dutch, moment, ZoneInfo("Europe/Berlin"))
    assert said == "maandag 30-11-2026, 19:00 uur"
    assert language.names(dutch, ["A", "B", "C"]) == "A, B en C"
    assert worded(dutch, say("post.title.morning", day=2)) == "Ochtend van de tweede dag"
