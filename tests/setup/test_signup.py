"""Sign-up: the sign-up thread and the conversations with the Spielleitung (real WoltLab
message HTML) → Spielerliste in order of sign-up, reserves, observers, withdrawals."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.rulesets import loader
from wolfbot.setup.signup import Signup, command_word, read_signups

RULES = loader.load("duesterliga")
T0 = datetime(2024, 3, 1, 18, 0, tzinfo=ZoneInfo("Europe/Berlin"))
THREAD = ChannelRef("thread", 100)
GM = {"Spielleitung"}


def bold(*lines: str, text: str = "Ich freue mich auf die Runde!") -> str:
    """A post as WoltLab renders it: some text, then the bold command lines at the end."""
    return f"<p>{text}</p>" + "".join(f"<p><strong>{line}</strong></p>" for line in lines)


def quoted(author: str, line: str) -> str:
    return (
        '<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode">'
        '<div class="quoteBoxIcon"></div><div class="quoteBoxTitle">'
        f'<a href="https://forum.example/thread/100/?postID=1#post1">Zitat von {author}</a>'
        f'</div><div class="quoteBoxContent"><p><strong>{line}</strong></p></div></blockquote>'
    )


@dataclass
class P:
    """A post for a case: author, minute after T0, HTML, where."""

    author: str
    minute: int
    html: str
    conversation: int | None = None
    disabled: bool = False
    deleted: bool = False


def thread(author: str, minute: int, *lines: str) -> P:
    return P(author, minute, bold(*lines))


def message(author: str, minute: int, html: str, conversation: int = 7) -> P:
    return P(author, minute, html, conversation)


def to_posts(items: list[P]) -> list[ForumPost]:
    posts = []
    for number, item in enumerate(items, start=1):
        channel = (
            THREAD if item.conversation is None else ChannelRef("conversation", item.conversation)
        )
        posts.append(
            ForumPost(
                post_id=number,
                channel=channel,
                author=item.author,
                author_id=None,
                time=T0 + timedelta(minutes=item.minute),
                html=item.html,
                deleted=item.deleted,
                disabled=item.disabled,
                parsed=WOLTLAB.read(item.html),
            )
        )
    return posts


def read(
    items: list[P],
    *,
    min_players: int = 2,
    max_players: int = 12,
    closes: int | None = None,
    rules=RULES,
):
    closes_at = None if closes is None else T0 + timedelta(minutes=closes)
    return read_signups(
        to_posts(items),
        game_master=GM,
        closes_at=closes_at,
        min_players=min_players,
        max_players=max_players,
        ruleset=rules,
    )


@dataclass
class Case:
    posts: list[P]
    players: list[str]
    reserves: list[str] = field(default_factory=list)
    observers: list[str] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)  # a piece of each rejection's reason
    min_players: int = 2
    max_players: int = 12
    closes: int | None = None


CASES = [
    pytest.param(
        Case(
            [
                thread("Bernd", 5, "!Dabei"),
                thread("Anna", 1, "!Dabei"),
                thread("Carla", 3, "!Dabei"),
            ],
            ["Anna", "Carla", "Bernd"],
        ),
        id="order-by-time-of-sign-up",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Spieler"),
                thread("Bernd", 2, "!Reservespieler"),
                thread("Carla", 3, "!dabei"),
                thread("Dora", 4, "!RESERVE"),
            ],
            ["Anna", "Carla"],
            reserves=["Bernd", "Dora"],
        ),
        id="variants-spieler-reservespieler-any-case",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 2, "!Dabei"),
                thread("anna", 3, "!Dabei"),
            ],
            ["Anna", "Bernd"],
            rejected=["bereits als Spieler angemeldet (Platz 1)"],
        ),
        id="duplicate-rejected-keeps-first-place",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Xaver", 2, "!Reserve"),
                thread("Bernd", 3, "!Dabei"),
                thread("Carla", 4, "!Dabei"),
                thread("Dora", 5, "!Dabei"),
                thread("Emil", 6, "!Dabei"),
            ],
            ["Anna", "Bernd", "Carla"],
            reserves=["Xaver", "Dora", "Emil"],
            max_players=3,
        ),
        id="more-than-max-become-reserves-in-order",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Olga", 2, "!Beobachter"),
                thread("Bernd", 3, "!Dabei"),
            ],
            ["Anna", "Bernd"],
            observers=["Olga"],
        ),
        id="observers",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 2, "!Dabei"),
                thread("Anna", 3, "!Reserve"),
                thread("Carla", 4, "!Beobachter"),
                thread("Carla", 5, "!Dabei"),
                thread("Anna", 6, "!Dabei"),
                thread("Bernd", 7, "!Beobachter"),
            ],
            ["Carla", "Anna"],
            observers=["Bernd"],
        ),
        id="switching-later-post-wins-with-its-time",
    ),
    pytest.param(
        Case(
            [thread("Anna", 1, "!Dabei", "!Beobachter")],
            [],
            observers=["Anna"],
            min_players=1,
        ),
        id="two-lines-in-one-post-the-last-wins",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 2, "!Dabei"),
                thread("Carla", 3, "!Dabei"),
                thread("Dora", 4, "!Reserve"),
                message("Anna", 10, "<p>Hallo, ich möchte mich leider abmelden. Sorry!</p>"),
            ],
            ["Bernd", "Carla"],
            reserves=["Dora"],
            withdrawn=["Anna"],
            max_players=2,
        ),
        id="withdrawal-by-conversation-moves-first-reserve-up",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 2, "!Dabei"),
                thread("Carla", 3, "!Dabei"),
                thread("Bernd", 4, "!Reserve"),
            ],
            ["Anna", "Carla"],
            reserves=["Bernd"],
            max_players=2,
        ),
        id="player-to-reserve-lets-first-reserve-move-up",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 2, "!Dabei"),
                thread("Carla", 3, "!Reserve"),
                thread("Carla", 4, "!Dabei"),
                thread("Olga", 5, "!Beobachter"),
                thread("Olga", 6, "!Dabei"),
            ],
            ["Anna", "Bernd"],
            reserves=["Carla", "Olga"],
            rejected=["Die Spielerliste ist voll (2 Spieler); Carla bleibt Reservespieler"],
            max_players=2,
        ),
        id="full-reserve-keeps-place-observer-becomes-reserve",
    ),
    pytest.param(
        Case(
            [thread("Anna", 1, "!Dabei"), thread("spielleitung", 2, "!Dabei")],
            ["Anna"],
            rejected=["Die Spielleitung kann nicht mitspielen."],
            min_players=1,
        ),
        id="game-master-cannot-sign-up",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 9, "!Dabei"),
                thread("Carla", 30, "!Reserve"),
                thread("Dora", 10, "!Beobachter"),
            ],
            ["Anna", "Bernd"],
            rejected=["seit 01.03.2024 18:10 Uhr geschlossen"] * 2,
            min_players=1,
            closes=10,
        ),
        id="sign-up-at-or-after-closing-rejected",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                P("Bernd", 2, quoted("Anna", "!Dabei") + "<p>Viel Glück euch!</p>"),
                P("Carla", 3, quoted("Anna", "!Dabei") + bold("!Reserve", text="Ich auch.")),
            ],
            ["Anna"],
            reserves=["Carla"],
            min_players=1,
        ),
        id="quoted-commands-do-not-count",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Lynch Bernd"),
                thread("Bernd", 2, "!Dabei bin ich"),
                thread("Carla", 3, "!Abmelden"),
                thread("Dora", 4, "!Dabai"),
            ],
            [],
            rejected=[
                "!Lynch ist kein Befehl der Anmeldung",
                "Hinter !Dabei darf nichts stehen („bin ich“)",
                "durch Mitteilung an die Spielleitung",
                "!Dabai ist kein Befehl der Anmeldung",
            ],
        ),
        id="not-sign-up-commands-rejected",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                message("Bernd", 2, "<p>Ich will zurücktreten.</p>"),
                message("Anna", 3, bold("!Dabei", text="Hier nochmal:")),
                message("Spielleitung", 4, "<p>Du kannst dich jederzeit abmelden.</p>"),
                message("Anna", 5, "<p>Danke für die Rolle!</p>"),
            ],
            ["Anna"],
            rejected=["Bernd ist nicht zur Runde angemeldet.", "im Anmeldethema"],
            min_players=1,
        ),
        id="conversations-only-withdraw",
    ),
    pytest.param(
        Case(
            [
                thread("Anna", 1, "!Dabei"),
                thread("Bernd", 2, "!Dabei"),
                message("Bernd", 50, "<p>Rücktritt, sorry</p>"),
            ],
            ["Anna"],
            withdrawn=["Bernd"],
            min_players=1,
            closes=10,
        ),
        id="withdrawal-at-any-time",
    ),
    pytest.param(
        Case(
            [
                P("Anna", 1, bold("!Dabei"), deleted=True),
                P("Bernd", 2, bold("!Dabei"), disabled=True),
            ],
            ["Anna"],
            min_players=1,
        ),
        id="deleted-post-counts-moderated-does-not",
    ),
]


@pytest.mark.parametrize("case", CASES)
def test_sign_up(case: Case) -> None:
    signup = read(
        case.posts,
        min_players=case.min_players,
        max_players=case.max_players,
        closes=case.closes,
    )
    assert signup.player_names == case.players
    assert signup.reserve_names == case.reserves
    assert signup.observer_names == case.observers
    assert [e.name for e in signup.withdrawals] == case.withdrawn
    reasons = [v.reason for v in signup.verdicts if not v.accepted]
    assert len(reasons) == len(case.rejected), reasons
    for reason, expected in zip(reasons, case.rejected, strict=True):
        assert expected in reason


@pytest.mark.parametrize(
    "html",
    [
        bold("!Abmelden", text="Hallo Spielleitung,"),
        "<p>Ich möchte von der Teilnahme zurücktreten.</p>",
        "<p>Ich bitte darum, zurückzutreten.</p>",
        "<p>Hiermit mein RÜCKTRITT.</p>",
        "<p>Bitte um Abmeldung.</p>",
    ],
    ids=["bold-command", "zuruecktreten", "zurueckzutreten", "ruecktritt", "abmeldung"],
)
def test_withdrawal_words(html: str) -> None:
    signup = read([thread("Anna", 1, "!Dabei"), message("Anna", 2, html)], min_players=1)
    assert signup.player_names == []
    assert [e.name for e in signup.withdrawals] == ["Anna"]
    (seen,) = signup.for_game_master
    assert seen.accepted and seen.action == "withdrawal" and seen.channel == "conversation:7"


WEERWOLVEN = loader.load("weerwolven")


@pytest.mark.parametrize(
    ("html", "withdraws"),
    [
        ("<p>Sorry, ik meld me af.</p>", True),
        ("<p>Ik wil me graag afmelden.</p>", True),
        ("<p>Hierbij mijn AFMELDING.</p>", True),
        ("<p>Ik trek me terug uit het spel.</p>", True),
        ("<p>Ik moet me helaas terugtrekken.</p>", True),
        ("<p>Ich muss mich abmelden.</p>", False),  # the Weerwolven read Dutch
    ],
    ids=["meld-me-af", "afmelden", "afmelding", "trek-me-terug", "terugtrekken", "deutsch"],
)
def test_the_weerwolven_withdraw_in_dutch(html: str, withdraws: bool) -> None:
    """`withdrawal_words` of rules/weerwolven/ruleset.yaml; the answer in Dutch."""
    posts = [thread("Anna", 1, "!Meedoen"), message("Anna", 2, html)]
    signup = read(posts, min_players=1, rules=WEERWOLVEN)
    assert [e.name for e in signup.withdrawals] == (["Anna"] if withdraws else [])
    if withdraws:
        (seen,) = signup.for_game_master
        assert seen.reason == "Anna meldt zich af; was speler (plaats 1)."


def test_quoted_withdrawal_does_not_count() -> None:
    html = quoted("Spielleitung", "!Abmelden") + "<p>Nein, ich bleibe!</p>"
    signup = read([thread("Anna", 1, "!Dabei"), message("Anna", 2, html)], min_players=1)
    assert signup.player_names == ["Anna"] and signup.for_game_master == []


def test_withdrawal_verdict_names_who_moves_up() -> None:
    signup = read(
        [
            thread("Anna", 1, "!Dabei"),
            thread("Bernd", 2, "!Dabei"),
            thread("Carla", 3, "!Dabei"),
            message("Anna", 4, "<p>Ich muss mich abmelden.</p>"),
        ],
        max_players=2,
    )
    (move,) = signup.moved_up
    assert (move.name, move.replaces) == ("Carla", "Anna")
    assert signup.players[-1].placement == "moved_up"
    (seen,) = signup.for_game_master
    assert seen.reason == (
        "Anna tritt von der Teilnahme zurück; war Spieler (Platz 1). "
        "Carla rückt aus der Reserve in die Spielerliste nach."
    )
    assert seen.line == "Ich muss mich abmelden."


def test_receipts_and_places() -> None:
    signup = read(
        [thread("Anna", 1, "!Dabei"), thread("Bernd", 2, "!Spieler"), thread("Anna", 3, "!Dabei")],
        max_players=12,
    )
    assert [v.receipt for v in signup.verdicts] == [
        "Angenommen: !Dabei – Anna ist als Spieler angemeldet (Platz 1).",
        "Angenommen: !Spieler – Bernd ist als Spieler angemeldet (Platz 2).",
        "Abgelehnt: !Dabei – Anna ist bereits als Spieler angemeldet (Platz 1).",
    ]
    assert [v.action for v in signup.verdicts] == ["player", "player", "none"]
    assert signup.players[0].time == T0 + timedelta(minutes=1)


def test_overflow_receipt() -> None:
    signup = read([thread(n, i, "!Dabei") for i, n in enumerate(["A", "B", "C"])], max_players=2)
    assert signup.verdicts[-1].reason == (
        "Die Spielerliste ist voll (2 Spieler): C ist als Reservespieler angemeldet "
        "(Reserve Platz 1)."
    )
    assert signup.reserves[0].placement == "overflow"
    assert signup.full and signup.ready


@pytest.mark.parametrize(
    ("signed_up", "reserves", "ready", "problems"),
    [
        (4, 0, False, ["Es fehlen noch 2 Spieler: 4 von mindestens 6 angemeldet."]),
        (
            5,
            1,
            False,
            [
                "Es fehlen noch 1 Spieler: 5 von mindestens 6 angemeldet. "
                "(1 Reservespieler könnten nachrücken.)"
            ],
        ),
        (6, 0, True, []),
        (8, 0, True, []),
    ],
    ids=["missing-two", "missing-one-with-reserve", "exactly-min", "above-min"],
)
def test_min_players_and_problems(
    signed_up: int, reserves: int, ready: bool, problems: list[str]
) -> None:
    posts = [thread(f"Spieler {i}", i, "!Dabei") for i in range(signed_up)]
    posts += [thread(f"Reserve {i}", 50 + i, "!Reserve") for i in range(reserves)]
    signup = read(posts, min_players=6, max_players=12)
    assert signup.ready is ready
    assert signup.problems == problems


def test_empty_thread() -> None:
    signup = read([], min_players=4, max_players=12)
    assert isinstance(signup, Signup)
    assert not signup.ready and signup.verdicts == ()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"min_players": 0, "max_players": 4}, "min_players"),
        ({"min_players": 5, "max_players": 4}, "max_players"),
        ({"closes_at": datetime(2024, 3, 1, 18, 0)}, "timezone-aware"),
    ],
    ids=["min-zero", "min-above-max", "naive-closing-time"],
)
def test_invalid_arguments(kwargs: dict, message: str) -> None:
    arguments = {"game_master": GM, "closes_at": None, "min_players": 2, "max_players": 4}
    with pytest.raises(ValueError, match=message):
        read_signups([], **(arguments | kwargs))


@pytest.mark.parametrize(
    ("line", "word", "rest"),
    [
        ("!Dabei", "Dabei", ""),
        ("!spieler", "Dabei", ""),
        ("!Reservespieler", "Reserve", ""),
        ("!Reserve", "Reserve", ""),
        ("!Beobachter", "Beobachter", ""),
        ("!Lynch Frau Holle", "Lynch", "Frau Holle"),
        ("!Angreifen und fressen Anna", "Fressen", "Anna"),
        ("!Zahnfee", None, "Zahnfee"),
        ("Dabei", None, "Dabei"),
    ],
)
def test_command_word_uses_the_catalog(line: str, word: str | None, rest: str) -> None:
    assert command_word(line, RULES) == (word, rest)


def test_default_ruleset_and_unsorted_input_are_fine() -> None:
    posts = to_posts([thread("Bernd", 2, "!Dabei"), thread("Anna", 1, "!Dabei")])
    signup = read_signups(
        reversed(posts), game_master=set(), closes_at=None, min_players=2, max_players=2
    )
    assert signup.player_names == ["Anna", "Bernd"]
