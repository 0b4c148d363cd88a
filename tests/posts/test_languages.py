"""A ruleset in another language: its posts say nothing in German. The posts word its catalog
(`language.*`, `post.*`; every key it needs is checked in tests/engine/test_messages.py), the
shipped short templates hold no words of their own, and the shipped German prose templates
(`environment.PROSE`) are never rendered for it – it brings its own, or its post fails."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.posts import language
from wolfbot.posts.environment import PROSE, TEMPLATES, ProseInAnotherLanguage
from wolfbot.posts.private import private_messages
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


# -- the Weerwolven: Dutch from its own catalog ------------------------------------------------
WEERWOLVEN = loader.load("weerwolven")


@pytest.fixture(scope="module")
def dutch_game() -> Game:
    players = [("Anna", "Ziener"), ("Bart", "Weerwolf"), ("Cor", "Burger"), ("Daan", "Burger")]
    return Game.new(WEERWOLVEN, players, seed=1)


def _render(template: str, title: str, data: dict) -> str:
    return f"<{template}>{title}"


@pytest.mark.parametrize(
    ("key", "values", "said"),
    [
        ("language.ordinal", {"number": 2}, "tweede"),
        ("language.ordinal", {"number": 21}, "21e"),
        ("language.names", {"names": ("A", "B", "C")}, "A, B en C"),
        ("language.phase_time", {"kind": "night", "number": 2}, "in nacht 2"),
        ("language.phase_time", {"kind": "day", "number": 1}, "op dag 1"),
        ("language.faction_heading", {"faction": "Dorp", "otherwise": "-"}, "Het dorp"),
        ("language.winners", {"sides": ["Het dorp", "De geliefden"]}, "het dorp en de geliefden"),
        ("post.title.morning", {"day": 2}, "Ochtend van dag 2"),
        (
            "post.lynched",
            {"player": "Bart", "decided_by": "majority"},
            "Het dorp lyncht <strong>Bart</strong>.",
        ),
        (
            "post.lynched",
            {"player": "Bart", "decided_by": "Bürgermeister"},
            "Het dorp lyncht <strong>Bart</strong> (de beslissende stem van de burgemeester).",
        ),
        (
            "signup.signed_up",
            {"name": "Anna", "kind": "reserve", "place": 2},
            "Anna is aangemeld als reservespeler (reserveplaats 2).",
        ),
    ],
    ids=[
        "ordinal",
        "ordinal 21",
        "names",
        "night",
        "day",
        "faction",
        "winners",
        "title",
        "lynch",
        "lynch by the mayor",
        "sign-up",
    ],
)
def test_the_weerwolven_catalog_words_the_posts_in_dutch(key: str, values: dict, said: str) -> None:
    assert worded(WEERWOLVEN, say(key, **values)) == said


def test_the_weerwolven_say_their_times_in_dutch() -> None:
    moment = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    said = language.when(WEERWOLVEN, moment, ZoneInfo("Europe/Amsterdam"))
    assert said == "maandag 30-11-2026, 19:00 uur"


def test_a_refused_command_a_seen_role_and_a_question_are_dutch(dutch_game: Game) -> None:
    refused = ev.CommandRejected("Anna", "private", "!Zien Bart", say("refused.dead"))
    assert private_messages(dutch_game, refused, _render)[0].title == "Geweigerd: !Zien Bart"
    seen = ev.RoleSeen(seer="Anna", by_role="Ziener", target="Bart", role="Weerwolf")
    (message,) = private_messages(dutch_game, seen, _render)
    assert (message.title, message.html) == ("Bericht", "<p>Bart is Weerwolf.</p>")
    asked = ev.QuestionAsked(
        "Anna", "successor", say("question.successor_mayor"), ("Bart",), "Opvolger"
    )
    (question,) = private_messages(dutch_game, asked, _render)
    assert question.title == "De spelleiding wacht op je antwoord"
    assert "Antwoord met <strong>!Opvolger [spelernaam]</strong>." in question.html
    assert "Keuze: Bart." in question.html
