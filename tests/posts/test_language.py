"""Issue 17: the posts layer words dates, times, titles and private messages from the
ruleset's catalog, so that a ruleset in another language (a Dutch catalog here) gets its own
words with no German left – and a German ruleset keeps its words."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.spec import Ruleset
from wolfbot.engine.text import say
from wolfbot.posts.german import when
from wolfbot.posts.private import private_messages
from wolfbot.rulesets import loader

ZONE = ZoneInfo("Europe/Berlin")
MONDAY_EVENING = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)  # 19:00 in Berlin
DUTCH = {
    "language.weekdays": "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
    "language.when": "{{ weekday }} {{ day }}-{{ month }}-{{ year }}, {{ hour }}:{{ minute }} uur",
    "post.rejected_title": "Geweigerd: {{ command }}",
    "post.notice_title": "Bericht",
    "post.role_seen": "{{ target }} is {{ role }}.",
    "post.question.title": "De spelleiding wacht op je antwoord",
    "post.question.choices": "Keuze: {{ names }}.",
    "post.question.answer_with": "Antwoord met {{ command }}.",
    "post.question.placeholder": "spelersnaam",
    "decline.test": "Wie wordt je opvolger?",
}


def dutch(rules: Ruleset) -> Ruleset:
    return rules.model_copy(update={"messages": {**rules.messages, **DUTCH}, "language": "nl"})


@pytest.fixture(scope="module")
def game() -> Game:
    rules = loader.load("klassisch")
    players = [("Anna", "Seherin"), ("Bert", "Werwolf"), ("Cleo", "Bürger"), ("Dirk", "Bürger")]
    return Game.new(dutch(rules), players, seed=1)


@pytest.mark.parametrize(
    ("ruleset", "said"),
    [
        ("german catalog", "Montag, 30.11.2026, 19:00 Uhr"),
        ("dutch catalog", "maandag 30-11-2026, 19:00 uur"),
        ("no catalog", "Montag, 30.11.2026, 19:00 Uhr"),
    ],
    ids=["deutsch", "nederlands", "ohne-regelwerk"],
)
def test_a_time_is_said_in_the_catalogs_words(ruleset: str, said: str) -> None:
    rules = {"german catalog": loader.load("duesterliga"), "no catalog": None}.get(
        ruleset, dutch(loader.load("duesterliga"))
    )
    assert when(MONDAY_EVENING, ZONE, rules) == said


def _render(template: str, title: str, data: dict) -> str:
    return f"<{template}>{title}"


def test_a_refused_command_is_titled_in_the_catalogs_words(game: Game) -> None:
    event = ev.CommandRejected(
        actor="Anna", channel="private", text="!Zien Bert", reason=say("refused.dead")
    )
    (message,) = private_messages(game, event, _render)
    assert message.title == "Geweigerd: !Zien Bert"


def test_what_a_seer_sees_and_a_question_are_in_the_catalogs_words(game: Game) -> None:
    looked = ev.RoleSeen(seer="Anna", by_role="Ziener", target="Bert", role="Weerwolf")
    (seen,) = private_messages(game, looked, _render)
    assert (seen.title, seen.html) == ("Bericht", "<p>Bert is Weerwolf.</p>")
    asked = ev.QuestionAsked(
        player="Anna", kind="successor", prompt=say("decline.test"), options=("Bert",),
        word="Opvolger",
    )
    (question,) = private_messages(game, asked, _render)
    assert question.title == "De spelleiding wacht op je antwoord"
    assert "Antwoord met <strong>!Opvolger [spelersnaam]</strong>." in question.html
    assert "Keuze: Bert." in question.html


@pytest.mark.parametrize("name", loader.available(), ids=loader.available())
def test_every_ruleset_words_every_text_of_the_posts_layer(name: str) -> None:
    """The keys the posts layer says (post.*, language.*) – by its own catalog or by the one
    it builds on – so that no ruleset in another language misses one."""
    wanted = {
        key
        for key in loader.load("duesterliga").messages
        if key.startswith(("post.", "language."))
    }
    assert wanted <= set(loader.load(name).messages)


def test_the_dutch_ruleset_says_its_times_in_dutch() -> None:
    assert when(MONDAY_EVENING, ZONE, loader.load("weerwolven")) == "maandag 30-11-2026, 19:00 uur"
