"""A whole forum post (WoltLab HTML) → what the game makes of it, through the same path as
the live bot: markup → command lines → typed commands → engine."""

from __future__ import annotations

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.forum.woltlab.markup import message
from wolfbot.intake.process import MAX_COMMANDS_PER_POST, process_post
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Frau Holle", "Seherin"),
    ("Zoë", "Hexe"),
    ("Spieler 7", "Bürger"),
    ("Jürgen", "Bürger"),
    ("Opfer", "Bürger"),
]

QUOTE = (
    '<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode">'
    '<div class="quoteBoxIcon"></div><div class="quoteBoxTitle">'
    '<a href="https://forum.example/thread/1/?postID=5#post5">Zitat von Anna</a></div>'
    '<div class="quoteBoxContent"><p><strong>!Lynch Zoë</strong></p></div></blockquote>'
)
SPOILER = (
    '<details class="spoilerBox"><summary class="spoilerSummary">Spoiler</summary>'
    '<div class="spoilerContent"><p><strong>!Lynch Jürgen</strong></p></div></details>'
)


def day_one() -> Game:
    game = Game.new(RULES, PLAYERS, seed=1)
    process_post(game, "Anna", "wolves", WOLTLAB.read("<p><strong>!Fressen Opfer</strong></p>"))
    game.advance()
    assert not game.player("Opfer").alive
    return game


CASES = [
    ("<p><strong>!Lynch Anna</strong></p>", ["Lynch Anna"], []),
    ("<p>Ich bin sicher!</p><p><strong>!Lynch Frau Holle</strong></p>", ["Lynch Frau Holle"], []),
    (QUOTE + "<p>So nicht.</p><p><strong>!Lynch Anna</strong></p>", ["Lynch Anna"], []),
    (QUOTE, [], []),
    (SPOILER + "<p>Nur Spaß.</p>", [], ["Der Befehl steht in einem Spoiler"]),
    (
        "<p><strong>!Lynch Anna</strong></p><p>oder doch nicht?</p>",
        [],
        ["Nach dem Befehl steht noch Text"],
    ),
    ("<p><strong>!Lynch</strong> <strong>Spieler 7</strong></p>", ["Lynch Spieler 7"], []),
    ("<p><strong><span>!Lynch Zoë</span></strong></p>", ["Lynch Zoë"], []),
    (
        "<p><strong>!Bürgermeister Zoë</strong></p><p><strong>!Lynch Anna</strong></p>",
        ["Bürgermeister Zoë", "Lynch Anna"],
        [],
    ),
    ("<p><strong>!lynch jürgen</strong></p>", ["Lynch Jürgen"], []),
    ("<p><strong>!Lynch Jurgen</strong></p>", [], ["Meintest du „Jürgen“?"]),
    ("<p><strong>!Lunch Anna</strong></p>", [], ["Gültige Befehle für dich sind jetzt"]),
    ("<p><strong>!Sehen Anna</strong></p>", [], ["Du hast keinen Befehl !Sehen"]),
    (
        '<p><strong>!Lynch <a href="/user/3-anna/" class="userMention userLink" '
        'data-object-id="3">Anna</a></strong></p>',
        ["Lynch Anna"],
        [],
    ),
    # "Befehle müssen am Ende eines Beitrages stehen … in fetter schwarzer Schrift": what
    # does not count for its form is answered, never ignored
    ("<p>!Lynch Anna</p>", [], ["nicht fett geschrieben"]),
    ("<p><strong>!Lynch Anna</strong> – sie lügt.</p>", [], ["Nach dem Befehl steht noch Text"]),
    (
        "<p><strong>!Lynch Zoë</strong> sagt mein Bauch</p><p><strong>!Lynch Anna</strong></p>",
        ["Lynch Anna"],
        ["Nach dem Befehl steht noch Text"],
    ),
    (
        "<p><strong>!Lynch Anna</strong></p><p>oder?</p><p><strong>!Lynch Anna</strong></p>",
        ["Lynch Anna"],
        [],  # given again where it counts: no second answer
    ),
    (QUOTE.replace("Zitat von Anna", "Zitat von Spieler 7"), [], ["in einem Zitat"]),
    (
        '<blockquote class="quoteBox quoteBoxSimple"><div class="quoteBoxTitle">Zitat</div>'
        "<div><p><strong>!Lynch Anna</strong></p></div></blockquote>",
        [],
        ["in einem Zitat"],
    ),
    ("<p><strong>!Hallo</strong> zusammen</p><p>!!! Wahnsinn</p>", [], []),  # no command
]


@pytest.mark.parametrize(
    ("html", "accepted", "reasons"), CASES, ids=[f"case{i}" for i in range(len(CASES))]
)
def test_post_in_the_thread_on_day_one(html: str, accepted: list[str], reasons: list[str]) -> None:
    game = day_one()
    events = process_post(game, "Spieler 7", "thread", WOLTLAB.read(html))
    got = [e.text.removeprefix("!") for e in events if isinstance(e, ev.CommandAccepted)]
    rejected = [worded(RULES, e.reason) for e in events if isinstance(e, ev.CommandRejected)]
    assert got == accepted
    assert len(rejected) == len(reasons)
    for reason, fragment in zip(rejected, reasons, strict=True):
        assert fragment in reason


def test_post_by_someone_not_in_the_round_is_rejected() -> None:
    game = day_one()
    events = process_post(
        game, "Zaungast", "thread", WOLTLAB.read("<p><strong>!Lynch Anna</strong></p>")
    )
    assert [type(e).__name__ for e in events] == ["CommandRejected"]
    assert "nicht mit" in worded(RULES, events[0].reason)


@pytest.mark.parametrize("lines", [10, 11, 500], ids=["the limit", "one more", "500"])
def test_a_post_counts_with_at_most_ten_commands_and_one_rejection_for_the_rest(
    lines: int,
) -> None:
    game = day_one()
    html = "".join("<p><strong>!Lynch Anna</strong></p>" for _ in range(lines))
    events = process_post(game, "Zoë", "thread", WOLTLAB.read(html))
    verdicts = [e for e in events if isinstance(e, ev.CommandAccepted | ev.CommandRejected)]
    assert len(verdicts) == min(lines, MAX_COMMANDS_PER_POST) + (lines > MAX_COMMANDS_PER_POST)
    if lines > MAX_COMMANDS_PER_POST:
        assert verdicts[-1].reason.key == "refused.too_many_commands"
        assert verdicts[-1].reason.value("more") == lines - MAX_COMMANDS_PER_POST


def test_what_someone_not_in_the_round_writes_about_commands_is_no_command() -> None:
    """A Spielleiter explains the commands in the thread: nothing is rejected or answered."""
    game = day_one()
    html = "<p>Abgestimmt wird mit !Lynch Name, zum Beispiel:</p><p><b>!Lynch Anna</b> – so.</p>"
    events = process_post(game, "Spielleitung", "thread", WOLTLAB.read(html))
    assert not [e for e in events if isinstance(e, ev.CommandRejected)]


@pytest.mark.parametrize("why", ["a text of 11 MB in one piece", "nested too deep, flattened even"])
def test_a_post_that_cannot_be_read_is_answered_and_nothing_in_it_counts(
    why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """libxml2 gives up on it: the author gets the "fehlerhafter Befehl" answer quoting the
    end of his post (the Spielleitung sees it with the others, `wolfbot accept` decides)."""
    if why.startswith("nested"):
        monkeypatch.setattr(message, "flatten_deep", lambda html, depth: html)
        html = "<blockquote>" * 300 + "</blockquote>" * 300
    else:
        html = "<p>" + "x" * 11_000_000 + "</p>"
    game = day_one()
    events = process_post(
        game, "Spieler 7", "thread", WOLTLAB.read(html + "<p><b>!Lynch Anna</b></p>")
    )
    assert [type(e).__name__ for e in events] == ["CommandRejected"]
    assert events[0].text.endswith("!Lynch Anna")
    assert worded(RULES, events[0].reason).startswith("Dein Beitrag ließ sich nicht lesen")
