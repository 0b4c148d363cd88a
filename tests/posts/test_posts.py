"""Every post type carries the contents "Hinweise für die Spielleitung" prescribes, as WoltLab
HTML: a scripted round of ten players is played through the intake, the engine and the
publisher (with a `PostContext` whose schedule crosses the end of summer time), and each
post is parsed with BeautifulSoup."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from bs4 import BeautifulSoup, NavigableString, Tag

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.text import say
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.forum.woltlab.html import mention
from wolfbot.intake.process import process_post
from wolfbot.posts import language
from wolfbot.posts.context import PostContext, daily_schedule
from wolfbot.posts.messages import Message
from wolfbot.posts.publisher import Publisher, environment
from wolfbot.posts.summary import phase_summaries
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
ZONE = ZoneInfo("Europe/Berlin")
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Clara", "Seherin"),
    ("Dora", "Bürger"),
    ("Emil", "Bürger"),
    ("Frau Holle", "Hexe"),
    ("Gustav", "Bürger"),
    ("Hanna", "Aura"),  # never votes: excluded, dies without her role being revealed
    ("Ida", "Bürger"),
    ("Rita", "Reine Seele"),
]
NAMES = [name for name, _ in PLAYERS]
GAME_MASTERS = ("Spielleitung", "Zoot")
OBSERVERS = ("Gast",)
USER_IDS = {name: 101 + i for i, name in enumerate(NAMES)} | {
    "Spielleitung": 1,
    "Zoot": 2,
    "Gast": 3,
}
BY_ID = {uid: name for name, uid in USER_IDS.items()}
LINKS = {
    "Morgen des ersten Tages": "https://forum.example/index.php?thread/7/&postID=11#post11",
    "Dämmerung des ersten Tages": "https://forum.example/index.php?thread/7/&postID=19#post19",
}
OUTING = "Die Werwölfe dürfen sich gegenseitig ihre Rollen offenbaren."
# Saturday 24.10.2026 is the Tag der Bürgermeisterwahl; summer time ends on Sunday 25.10.
TIMETABLE = daily_schedule(date(2026, 10, 24), ZONE, days=4)
CONTEXT = PostContext(
    season=2026,
    round_number=1,
    round_name="Das große Schlachten",
    game_masters=GAME_MASTERS,
    observers=OBSERVERS,
    user_ids=USER_IDS,
    timetable=TIMETABLE,
    links=LINKS,
    outing=OUTING,
)
FINAL = "Das Ende der Runde"
ALLOWED = {  # tag → attributes WoltLab's message filter keeps
    "p": set(),
    "strong": set(),
    "s": set(),
    "ul": set(),
    "ol": set(),
    "li": set(),
    "h2": set(),
    "h3": set(),
    "br": set(),
    "a": {"href"},
    "woltlab-spoiler": {"data-label"},
    "woltlab-metacode": {"data-name", "data-attributes"},
}


@dataclass
class Round:
    game: Game
    messages: list[Message]

    def thread(self) -> list[Message]:
        return [m for m in self.messages if m.channel == "thread"]

    def post(self, title: str) -> Message:
        found = [m for m in self.thread() if m.title == title]
        assert len(found) == 1, f"{title}: {[m.title for m in self.thread()]}"
        return found[0]


def play(publisher: Publisher) -> Round:
    """Night 1: Dora eaten, the Seherin sees Anna. Day 1: Emil Bürgermeister, Anna lynched
    (a Zwischenstand before Ida votes). Night 2: Emil eaten, he names Clara. Day 2: Ida
    lynched, Hanna excluded. Night 3: Frau Holle eaten, Hanna dies. Day 3: Bernd lynched, the
    Dorf wins."""
    game = Game.new(RULES, PLAYERS, seed=5)
    messages = publisher.feed(game, game.state.log)

    def post(by: str, channel: str, command: str) -> None:
        html = f"<p>Hm.</p><p><strong>{command}</strong></p>"
        messages.extend(publisher.feed(game, process_post(game, by, channel, WOLTLAB.read(html))))

    def advance(expected: str) -> None:
        messages.extend(publisher.feed(game, game.advance()))
        assert str(game.state.phase) == expected

    for wolf in ("Anna", "Bernd"):
        post(wolf, "wolves", "!Alpha Anna")
        post(wolf, "wolves", "!Fressen Dora")
    post("Clara", "private", "!Sehen Anna")
    advance("day 1")
    for voter in ("Emil", "Clara", "Gustav", "Rita", "Frau Holle"):
        post(voter, "thread", "!Bürgermeister Emil")
        post(voter, "thread", "!Lynch Anna")
    post("Anna", "thread", "!Lynch Clara")
    post("Bernd", "thread", "!Lynch Clara")
    messages.append(publisher.zwischenstand(game))
    post("Ida", "thread", "!Lynch Anna")
    advance("dusk 1")
    advance("night 2")
    post("Bernd", "wolves", "!Fressen Emil")
    advance("night 2")  # the dead Bürgermeister names his Nachfolger first
    post("Emil", "private", "!Nachfolger Clara")
    assert str(game.state.phase) == "day 2"
    for voter in ("Clara", "Frau Holle", "Gustav", "Rita", "Bernd"):
        post(voter, "thread", "!Lynch Ida")
    post("Ida", "thread", "!Lynch Gustav")
    advance("dusk 2")
    advance("night 3")
    post("Bernd", "wolves", "!Fressen Frau Holle")
    advance("day 3")
    for voter in ("Clara", "Gustav", "Rita"):
        post(voter, "thread", "!Lynch Bernd")
    post("Bernd", "thread", "!Lynch Clara")
    advance("dusk 3")
    advance("over")
    return Round(game, messages)


@pytest.fixture(scope="module")
def played() -> Round:
    return play(Publisher(context=CONTEXT))


@pytest.fixture(scope="module")
def bare() -> Round:
    """The same round without a context (the scenario runner, the terminal demo)."""
    return play(Publisher())


def soup(message: Message) -> BeautifulSoup:
    """The message as WoltLab gets it (its dialect renders the neutral markup)."""
    return BeautifulSoup(WOLTLAB.render(message.html), "html.parser")


BLOCKS = {"p", "li", "ul", "ol", "h2", "h3", "br", "woltlab-spoiler"}


def text(node: Tag | BeautifulSoup) -> str:
    """The visible text, blocks apart, inline elements (bold, mentions) in the line."""
    parts = []
    for item in node.descendants:
        if isinstance(item, NavigableString):
            parts.append(str(item))
        elif item.name in BLOCKS:
            parts.append(" ")
    return " ".join("".join(parts).split())


def mentions(node: Tag | BeautifulSoup) -> list[str]:
    """The users a node mentions as WoltLab stores mentions (id → name, checked against the
    element's text)."""
    found = []
    for element in node.find_all("woltlab-metacode", attrs={"data-name": "user"}):
        (uid,) = json.loads(base64.b64decode(element["data-attributes"]))
        assert element.get_text() == BY_ID[uid]
        found.append(BY_ID[uid])
    return found


def paragraph(node: BeautifulSoup, start: str) -> Tag:
    found = [p for p in node.find_all("p") if text(p).startswith(start)]
    assert len(found) == 1, f"no single paragraph starting {start!r} in {node}"
    return found[0]


def spielerliste(message: Message) -> list[Tag]:
    heading = paragraph(soup(message), "Spielerliste:")
    return heading.find_next_sibling("ol").find_all("li", recursive=False)


# -- titles ---------------------------------------------------------------------------------------
THREAD_TITLES = [
    "Morgen des ersten Tages",
    "Zwischenstand des ersten Tages",
    "Dämmerung des ersten Tages",
    "Abend des ersten Tages",
    "Morgen des zweiten Tages",
    "Dämmerung des zweiten Tages",
    "Abend des zweiten Tages",
    "Morgen des dritten Tages",
    "Dämmerung des dritten Tages",
    FINAL,
]


def test_the_thread_gets_every_phase_post_titled_with_german_ordinals(played: Round) -> None:
    assert [m.title for m in played.thread()] == THREAD_TITLES
    for message in played.thread():
        assert text(soup(message)).startswith(message.title)  # the title opens the body too


@pytest.mark.parametrize(
    ("number", "word"), [(1, "ersten"), (2, "zweiten"), (3, "dritten"), (7, "siebten")]
)
def test_ordinals(number: int, word: str) -> None:
    assert worded(RULES, say("language.ordinal", number=number)) == word
    assert language.ordinal_nominative(RULES, number) == word[:-1]


# -- Morgen ----------------------------------------------------------------------------------------
MORNINGS = [
    pytest.param(
        "Morgen des ersten Tages",
        ["Dora (Bürger) wurde von den Werwölfen gefressen."],
        ["Rita ist die Reine Seele.", "Tag der Bürgermeisterwahl"],
        ("Samstag, 24.10.2026, 19:00 Uhr", "Samstag, 24.10.2026, 21:00 Uhr"),
        id="erster",
    ),
    pytest.param(
        "Morgen des zweiten Tages",
        ["Emil (Bürger) wurde von den Werwölfen gefressen."],
        ["Neuer Bürgermeister: Clara (Nachfolger von Emil)."],
        ("Sonntag, 25.10.2026, 19:00 Uhr", "Sonntag, 25.10.2026, 21:00 Uhr"),
        id="zweiter-buergermeister-nachfolger",
    ),
    pytest.param(
        "Morgen des dritten Tages",
        [
            "Frau Holle (Hexe) wurde von den Werwölfen gefressen.",
            "Hanna wurde wegen Inaktivität aus der Runde ausgeschlossen.",
        ],
        [],
        ("Montag, 26.10.2026, 19:00 Uhr", "Montag, 26.10.2026, 21:00 Uhr"),
        id="dritter-inaktivitaet",
    ),
]


@pytest.mark.parametrize(("title", "deaths", "announced", "times"), MORNINGS)
def test_morgen(played: Round, title, deaths, announced, times) -> None:
    page = soup(played.post(title))
    spoilers = page.find_all("woltlab-spoiler")
    assert len(spoilers) == 1 and spoilers[0]["data-label"] == "Die vergangene Nacht"
    assert [text(li) for li in spoilers[0].find_all("li")] == deaths
    spoilers[0].extract()
    outside = text(page)
    for line in announced:  # Nachfolger and role announcements, outside the spoiler
        assert line in outside
    for death in deaths:
        assert death not in outside
    dusk, night = times
    assert f"Die Dämmerung beginnt am {dusk}." in outside
    assert f"Die Nacht beginnt am {night}." in outside


def test_morgen_without_deaths_says_so() -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    publisher = Publisher(context=CONTEXT)
    publisher.feed(game, game.state.log)
    for by, channel, command in [
        ("Anna", "wolves", "!Fressen Dora"),
        ("Frau Holle", "private", "!Heiltrank Dora"),
    ]:
        publisher.feed(game, process_post(game, by, channel, WOLTLAB.read(f"<b>{command}</b>")))
    posts = [m for m in publisher.feed(game, game.advance()) if m.channel == "thread"]
    assert all(p.alive for p in game.state.players)
    page = soup(posts[0])
    assert posts[0].title == "Morgen des ersten Tages"
    assert page.find("woltlab-spoiler") is None
    assert "In der vergangenen Nacht ist niemand verstorben." in text(page)


# -- the Spielerliste (Morgen and Abend) -----------------------------------------------------------
DEATHS = {
    "Dora": ("Bürger", "wurde von den Werwölfen gefressen", "in der ersten Nacht"),
    "Anna": ("Werwolf", "wurde gelyncht", "am ersten Tag"),
    "Emil": ("Bürger", "wurde von den Werwölfen gefressen", "in der zweiten Nacht"),
    "Ida": ("Bürger", "wurde gelyncht", "am zweiten Tag"),
    "Frau Holle": ("Hexe", "wurde von den Werwölfen gefressen", "in der dritten Nacht"),
    "Hanna": (
        "Rolle nicht offenbart",
        "wurde wegen Inaktivität aus der Runde ausgeschlossen",
        "am dritten Tag",
    ),
}
LISTS = [
    ("Morgen des ersten Tages", ["Dora"], None),
    ("Abend des ersten Tages", ["Dora", "Anna"], "Emil"),
    ("Morgen des zweiten Tages", ["Dora", "Anna", "Emil"], "Clara"),
    ("Abend des zweiten Tages", ["Dora", "Anna", "Emil", "Ida"], "Clara"),
    ("Morgen des dritten Tages", ["Dora", "Anna", "Emil", "Ida", "Frau Holle", "Hanna"], "Clara"),
]


@pytest.mark.parametrize(("title", "dead", "mayor"), LISTS, ids=[t for t, _, _ in LISTS])
def test_spielerliste_marks_everybody_with_the_dead_and_the_mayor(
    played: Round, title, dead, mayor
) -> None:
    items = spielerliste(played.post(title))
    assert [mentions(li) for li in items] == [[name] for name in NAMES]  # all marked, in order
    for name, li in zip(NAMES, items, strict=True):
        line = text(li)
        if name in dead:
            role, cause, when = DEATHS[name]
            assert li.find("s") is not None, line
            assert role in line and cause in line and when in line, line
        else:
            assert li.find("s") is None and " – " not in line.replace(" – Bürgermeister", "")
        assert ("Bürgermeister" in line) == (name == mayor), line


# -- Zwischenstand, Dämmerung, Abend: the votes ----------------------------------------------------
DAY1_FINAL = {
    "Anna": (6, ["Emil", "Clara", "Gustav", "Rita", "Frau Holle", "Ida"]),
    "Clara": (2, ["Anna", "Bernd"]),
}
TALLIES = [
    pytest.param(
        "Zwischenstand des ersten Tages",
        "Stand der Abstimmung:",
        {
            "Anna": (5, ["Emil", "Clara", "Gustav", "Rita", "Frau Holle"]),
            "Clara": (2, ["Anna", "Bernd"]),
        },
        "Noch keine Stimme abgegeben",
        ["Hanna", "Ida"],
        [
            "Die Dämmerung beginnt am Samstag, 24.10.2026, 19:00 Uhr.",
            "Die Nacht beginnt am Samstag, 24.10.2026, 21:00 Uhr.",
        ],
        id="zwischenstand",
    ),
    pytest.param(
        "Dämmerung des ersten Tages",
        "Stand der Abstimmung zu Beginn der Dämmerung:",
        DAY1_FINAL,
        "Noch keine Stimme abgegeben und deshalb morgen mit einer Gegenstimme (Wütender Mob)",
        ["Hanna"],
        ["Die Nacht beginnt am Samstag, 24.10.2026, 21:00 Uhr."],
        id="daemmerung-1",
    ),
    pytest.param(
        "Abend des ersten Tages",
        "Ergebnis der Abstimmung:",
        DAY1_FINAL,
        "Bis zur Dämmerung keine Stimme abgegeben und deshalb morgen mit einer Gegenstimme",
        ["Hanna"],
        ["Der nächste Tag beginnt voraussichtlich am Sonntag, 25.10.2026, 09:00 Uhr."],
        id="abend-1",
    ),
    pytest.param(
        "Dämmerung des zweiten Tages",
        "Stand der Abstimmung zu Beginn der Dämmerung:",
        {
            "Ida": (5, ["Clara", "Frau Holle", "Gustav", "Rita", "Bernd"]),
            "Gustav": (1, ["Ida"]),
            "Hanna": (1, ["Wütender Mob"]),
        },
        "Noch keine Stimme abgegeben und deshalb morgen mit einer Gegenstimme (Wütender Mob)",
        ["Hanna"],
        ["Die Nacht beginnt am Sonntag, 25.10.2026, 21:00 Uhr."],
        id="daemmerung-2-wuetender-mob",
    ),
]


@pytest.mark.parametrize(("title", "intro", "rows", "missing", "non_voters", "times"), TALLIES)
def test_votes_per_target_with_the_voters_and_the_non_voters_marked(
    played: Round, title, intro, rows, missing, non_voters, times
) -> None:
    page = soup(played.post(title))
    listed = {}
    for li in paragraph(page, intro).find_next_sibling("ul").find_all("li"):
        target = li.find("strong").get_text()
        count, rest = text(li).split(": ", 1)[1].split(" ", 1)
        assert rest.startswith("Gegenstimme" if count == "1" else "Gegenstimmen")
        listed[target] = (int(count), rest.split("(", 1)[1].rstrip(")").split(", "))
    assert listed == rows
    assert mentions(paragraph(page, missing)) == non_voters
    for line in times:
        assert line in text(page)


ABENDE = [
    ("Abend des ersten Tages", "Anna (Werwolf) wurde gelyncht.", "Anna", "Emil"),
    ("Abend des zweiten Tages", "Ida (Bürger) wurde gelyncht.", "Ida", None),
]


@pytest.mark.parametrize(("title", "death", "lynched", "elected"), ABENDE)
def test_abend_deaths_in_a_spoiler_and_the_mayor_elected_on_day_one(
    played: Round, title, death, lynched, elected
) -> None:
    page = soup(played.post(title))
    (spoiler,) = page.find_all("woltlab-spoiler")
    assert spoiler["data-label"] == "Der vergangene Tag"
    assert [text(li) for li in spoiler.find_all("li")] == [death]
    assert f"Gelyncht wird {lynched}." in text(page)
    if elected:
        assert paragraph(page, "Zum Bürgermeister gewählt:").find("strong").get_text() == elected
    else:
        assert "Zum Bürgermeister gewählt" not in text(page)


def test_abend_names_the_successor_of_a_lynched_mayor() -> None:
    players = [("Wolf", "Werwolf"), ("Bea", "Bürger"), ("Cem", "Bürger"), ("Dan", "Bürger")]
    players += [("Eva", "Bürger")]
    game = Game.new(RULES, players, seed=3)
    publisher = Publisher(context=CONTEXT)
    out = publisher.feed(game, game.state.log)

    def post(by: str, channel: str, command: str) -> None:
        out.extend(
            publisher.feed(game, process_post(game, by, channel, WOLTLAB.read(f"<b>{command}</b>")))
        )

    post("Wolf", "wolves", "!Alpha Wolf")
    post("Wolf", "wolves", "!Fressen Eva")
    out.extend(publisher.feed(game, game.advance()))
    for voter in ("Bea", "Cem", "Dan", "Wolf"):
        post(voter, "thread", "!Bürgermeister Bea")
        post(voter, "thread", "!Lynch Bea")
    out.extend(publisher.feed(game, game.advance()))
    out.extend(publisher.feed(game, game.advance()))
    assert game.pending() == ["Bea"]  # the lynched Bürgermeister names his Nachfolger
    post("Bea", "private", "!Nachfolger Cem")
    (abend,) = [m for m in out if m.title == "Abend des ersten Tages"]
    assert "Neuer Bürgermeister: Cem (Nachfolger von Bea)." in abend.text
    assert "Bea (Bürger) wurde gelyncht." in text(soup(abend).find("woltlab-spoiler"))


# -- Abschlussbeitrag ------------------------------------------------------------------------------
SUMMARY = [
    (
        "Die Nacht vor der Bürgermeisterwahl",
        [
            "Clara (Seherin): !Sehen Anna",
            "Clara (Seherin) sah: Anna ist Werwolf.",
            "Zum Alpha gewählt: Anna.",
            "Dora (Bürger) wurde von den Werwölfen gefressen.",
            "Rita ist die Reine Seele.",
        ],
    ),
    (
        "Der erste Tag (Tag der Bürgermeisterwahl)",
        ["Zum Bürgermeister gewählt: Emil", "Gelyncht: Anna (6 Stimmen).", "Neuer Alpha: Bernd"],
    ),
    (
        "Die zweite Nacht",
        ["Bernd (Werwolf): !Fressen Emil", "Neuer Bürgermeister: Clara (Nachfolger von Emil)."],
    ),
    ("Der zweite Tag", ["Hanna wurde wegen Inaktivität", "Gelyncht: Ida (5 Stimmen)."]),
    ("Die dritte Nacht", ["Hanna (Aura) ist nach dem Ausschluss wegen Inaktivität verstorben."]),
    ("Der dritte Tag", ["Gelyncht: Bernd (3 Stimmen).", "Bernd (Werwolf) wurde gelyncht."]),
]


def test_abschluss_rollenverteilung_and_winners(played: Round) -> None:
    final = played.post(FINAL)
    page = soup(final)
    assert "Gewonnen hat das Dorf" in text(page)
    assert "Das große Schlachten" in text(paragraph(page, FINAL))
    heading = next(h for h in page.find_all("h2") if text(h) == "Die Rollenverteilung")
    items = heading.find_next_sibling("ul").find_all("li")
    assert [mentions(li) for li in items] == [[name] for name in NAMES]
    for (name, role), li in zip(PLAYERS, items, strict=True):
        line = text(li)
        assert f"{name}: {role}" in line and "→" not in line
        assert ("Sieger" in line) == (role not in ("Werwolf",))
        assert ("hat überlebt" in line) == (name in ("Clara", "Gustav", "Rita"))


@pytest.mark.parametrize(("label", "lines"), SUMMARY, ids=[label for label, _ in SUMMARY])
def test_abschluss_summarises_every_night_and_day(played: Round, label, lines) -> None:
    spoilers = soup(played.post(FINAL)).find_all("woltlab-spoiler")
    by_label = {s["data-label"]: text(s) for s in spoilers}
    assert [label for label, _ in SUMMARY] == [
        s["data-label"] for s in spoilers if s["data-label"] != "Die letzten Todesfälle"
    ]
    for line in lines:
        assert line in by_label[label]


def test_the_rueckblick_tells_what_happened_in_the_order_it_happened(played: Round) -> None:
    """A command stands where it was given: the dead Bürgermeister's !Nachfolger after his
    death, not in a block before everything else of the night."""
    spoilers = soup(played.post(FINAL)).find_all("woltlab-spoiler")
    (night,) = [text(s) for s in spoilers if s["data-label"] == "Die zweite Nacht"]
    order = ["Bernd (Werwolf): !Fressen Emil", "Emil (Bürger)", "Emil (Bürger): !Nachfolger Clara"]
    assert [night.index(part) for part in order] == sorted(night.index(part) for part in order)
    assert "Befehle:" not in text(soup(played.post(FINAL)))


def test_the_rueckblick_says_what_the_night_did_not_carry_out() -> None:
    """The Hexe's !Heiltrank on someone nobody attacked was accepted, then refused at its
    turn: the Rückblick does not tell it as if it had happened."""
    game = Game.new(RULES, PLAYERS, seed=5)
    for by, channel, line in [
        ("Anna", "wolves", "!Alpha Anna"),
        ("Bernd", "wolves", "!Alpha Anna"),
        ("Anna", "wolves", "!Fressen Dora"),
        ("Frau Holle", "private", "!Heiltrank Gustav"),
    ]:
        process_post(game, by, channel, WOLTLAB.read(f"<p><strong>{line}</strong></p>"))
    game.advance()
    (night,) = [p for p in phase_summaries(game) if p.kind == "night"]
    (heal,) = [line for line in night.lines if "!Heiltrank Gustav" in line]
    assert "nicht ausgeführt" in heal


def test_abschluss_shows_start_and_final_role() -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    publisher = Publisher()
    publisher.feed(game, game.state.log)
    game.player("Clara").role = "Werwolf"  # as a role change leaves it
    (final,) = publisher.feed(game, [ev.GameOver(("Rudel",), ("Anna", "Bernd", "Clara"))])
    line = next(text(li) for li in soup(final).find_all("li") if text(li).startswith("@Clara"))
    assert "Seherin → Werwolf" in line and "Sieger" in line


# -- nothing unrevealed leaks ----------------------------------------------------------------------
@pytest.mark.parametrize("which", ["played", "bare"])
def test_an_unrevealed_role_never_appears_in_a_public_post(which, request) -> None:
    played = request.getfixturevalue(which)
    hanna = played.game.player("Hanna")
    assert hanna.role == "Aura" and hanna.death_cause == "Inaktivität"
    before_the_end = [m for m in played.thread() if m.title != FINAL]
    assert len(before_the_end) == len(THREAD_TITLES) - 1
    for message in before_the_end:
        assert "Aura" not in message.text, message.title
        assert "Aura" not in message.html, message.title
    final = text(soup(played.post(FINAL)))
    assert "Hanna: Aura" in final  # the Rollenverteilung reveals it at the end


# -- Eröffnungsbeitrag -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def opening() -> Message:
    game = Game.new(RULES, PLAYERS, seed=5)
    return Publisher().opening(game, CONTEXT)


def section(page: BeautifulSoup, heading: str) -> list[Tag]:
    """The elements after an h2 up to the next h2."""
    start = next(h for h in page.find_all("h2") if text(h) == heading)
    out = []
    for sibling in start.find_next_siblings():
        if sibling.name == "h2":
            break
        out.append(sibling)
    return out


def test_opening_title_and_short_header(opening: Message) -> None:
    assert opening.title == "Düsterliga Season '26 - Ligarunde 1: Das große Schlachten"
    assert opening.channel == "thread"
    page = soup(opening)
    assert text(paragraph(page, "Spieltag:")) == "Spieltag: Season 2026, Ligarunde # 1"
    assert mentions(paragraph(page, "Spielleiter:")) == list(GAME_MASTERS)
    assert text(paragraph(page, "Outing:")) == f"Outing: {OUTING}"
    assert "Verlinkung der einzelnen Tage" in text(paragraph(page, "Weitere Angaben"))


def test_opening_links_every_phase_post(opening: Message) -> None:
    links = [(text(a), a["href"]) for el in section(soup(opening), "Verlinkung der einzelnen Tage")
             for a in el.find_all("a")]  # fmt: skip
    assert links == list(LINKS.items())


def test_opening_lists_game_masters_players_and_observers_marked(opening: Message) -> None:
    page = soup(opening)
    assert [n for el in section(page, "Spielleitung") for n in mentions(el)] == list(GAME_MASTERS)
    assert [n for el in section(page, "Spielerliste") for n in mentions(el)] == NAMES
    assert [n for el in section(page, "Beobachter") for n in mentions(el)] == list(OBSERVERS)


def test_opening_schedule_and_start_of_the_mayor_election(opening: Message) -> None:
    body = " ".join(text(el) for el in section(soup(opening), "Zeitplan"))
    assert "Der Tag der Bürgermeisterwahl beginnt am Samstag, 24.10.2026, 09:00 Uhr" in body
    for day in TIMETABLE:
        assert f"{day.number}. Tag" in body
        assert language.when(RULES, day.dusk_begins, ZONE) in body
    assert "Dämmerung ab Sonntag, 25.10.2026, 19:00 Uhr" in body  # after the change of time


def test_opening_spielanleitung_with_the_offenbarungsverbot(opening: Message) -> None:
    body = " ".join(text(el) for el in section(soup(opening), "Spielanleitung"))
    for part in ("!Lynch [Spielername]", "Wütender Mob", "Offenbarungs- und Andeutungsverbot"):
        assert part in body
    assert f"In dieser Runde: {OUTING}" in body


def test_opening_factions_in_play_only(opening: Message) -> None:
    page = soup(opening)
    headings = [text(el) for el in section(page, "Fraktionen") if el.name == "h3"]
    assert headings == ["Das Dorf", "Das Rudel"]
    body = " ".join(text(el) for el in section(page, "Fraktionen"))
    assert RULES.factions["Dorf"].text in body and RULES.factions["Rudel"].text in body


def test_opening_role_descriptions_of_the_roles_in_play(opening: Message) -> None:
    elements = section(soup(opening), "Rollen")
    headings = [text(el) for el in elements if el.name == "h3"]
    in_play = {role for _, role in PLAYERS}
    assert len(headings) == len(in_play)
    body = " ".join(text(el) for el in elements)
    for role in in_play:
        spec = RULES.roles[role]
        assert any(h.startswith(spec.heading) for h in headings)
        for line in spec.text.splitlines():
            assert " ".join(line.split()) in body
    assert "Der Jäger" not in headings
    assert "4 (gewöhnliche) Bürger und 2 (gewöhnliche) Werwölfe" in body


def test_opening_night_order_of_the_roles_in_play(opening: Message) -> None:
    (ol,) = [el for el in section(soup(opening), "Nachtreihenfolge") if el.name == "ol"]
    assert [text(li) for li in ol.find_all("li")] == [
        "Die Seherin, Die Aura",
        "Die Werwölfe",
        "Die Hexe",
    ]


def test_opening_house_rules_that_differ_from_the_defaults() -> None:
    game = Game.new(RULES, PLAYERS, seed=5, options={"inactivity_dusks": 3})
    page = soup(Publisher().opening(game))
    house = " ".join(text(el) for el in section(page, "Spielanleitung"))
    assert "in drei" not in house and "in 3 aufeinanderfolgenden Dämmerungen" in house
    assert "Hausregeln dieser Runde" in house and "in dieser Runde: 3" in house


# -- Rollenmitteilung ------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "role", "faction"), [
    ("Clara", "Seherin", "Dorf"),
    ("Anna", "Werwolf", "Rudel"),
    ("Rita", "Reine Seele", "Dorf"),
])  # fmt: skip
def test_rollenmitteilung_role_and_faction_description(name, role, faction) -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    message = Publisher().role_message(game, name, CONTEXT)
    assert message.title == f"{name} – 1. Ligarunde"
    assert message.channel == "private" and message.recipients == (name,)
    body = text(soup(message))
    assert f"spielst du die Rolle {role}." in body
    for line in RULES.roles[role].text.splitlines():
        assert " ".join(line.split()) in body
    assert RULES.factions[faction].text in body
    others = [f for f in RULES.factions if f != faction]
    assert not any(RULES.factions[f].text in body for f in others)


def test_rollenmitteilungen_for_everybody_without_a_context() -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    messages = Publisher().role_messages(game)
    assert [m.recipients for m in messages] == [(name,) for name in NAMES]
    assert messages[0].title == "Anna – Rollenmitteilung"


@pytest.mark.parametrize(
    ("role", "told", "not_told"),
    [
        ("Verfluchter Dorfbewohner", "spielst du die Rolle Bürger.", "Verfluchte"),
        ("Geheimnisvoller Wolf", "spielst du die Rolle Geheimnisvoller Wolf.", "Bürger ."),
    ],
    ids=["the-verfluchte-is-told-buerger", "the-geheimnisvolle-wolf-his-own-role"],
)
def test_rollenmitteilung_tells_the_role_the_player_is_told(role, told, not_told) -> None:
    """Der Verfluchte Dorfbewohner: "Stattdessen teilt die Spielleitung dem Verfluchten
    Dorfbewohner mit, dass er ein Bürger ist und für das Dorf spielt." """
    players = [(name, role if name == "Clara" else r) for name, r in PLAYERS]
    game = Game.new(RULES, players, seed=5)
    body = text(soup(Publisher().role_message(game, "Clara", CONTEXT)))
    assert told in body and not_told not in body
    if role == "Verfluchter Dorfbewohner":
        assert RULES.factions["Dorf"].text in body


# -- receipts --------------------------------------------------------------------------------------
RECEIPTS = [
    pytest.param("Clara", "private", "!Sehen Anna", "Angenommen: !Sehen Anna", [], id="angenommen"),
    pytest.param(
        "Dora", "private", "!Sehen Anna", "Abgelehnt: !Sehen Anna", ["weil"], id="ohne-faehigkeit"
    ),
    pytest.param(
        "Clara", "private", "!Sehen Zorro", "Abgelehnt: !Sehen Zorro", ["weil"], id="unbekannt"
    ),
    pytest.param(
        "Emil", "thread", "!Lynch Anna", "Abgelehnt: !Lynch Anna", ["weil"], id="nachts-im-thema"
    ),
]


@pytest.mark.parametrize(("actor", "channel", "command", "title", "words"), RECEIPTS)
def test_every_private_command_gets_a_receipt(actor, channel, command, title, words) -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    publisher = Publisher()
    publisher.feed(game, game.state.log)
    out = publisher.feed(
        game, process_post(game, actor, channel, WOLTLAB.read(f"<b>{command}</b>"))
    )
    (receipt,) = [m for m in out if m.title.startswith(("Angenommen", "Abgelehnt"))]
    assert receipt.title == title
    assert receipt.channel == "private" and receipt.recipients == (actor,)
    assert receipt.text.startswith(f"{title} {title}")  # title, then the body
    for word in words:
        assert word in receipt.text


RECEIPT_TIMES = [
    pytest.param("Clara", "!Sehen Anna", True, id="nachtaktion-vorgemerkt"),
    pytest.param("Anna", "!Fressen Dora", True, id="angriff-vorgemerkt"),
    pytest.param("Emil", "!Nachfolger Clara", False, id="nachfolger-sofort"),
    pytest.param("Emil", "!Lynch Anna", False, id="stimme-im-thema"),
    pytest.param("Clara", "!Bürgermeister Emil", False, id="wahl-im-thema"),
]


@pytest.mark.parametrize(("actor", "command", "later"), RECEIPT_TIMES)
def test_a_receipt_says_when_the_command_acts(played: Round, actor, command, later) -> None:
    """ "Jeder Befehl wird in der Konversation mit der Spielleitung quittiert" – thread votes
    too; only what the night resolves is "vorgemerkt", an answer (!Nachfolger) acts at once."""
    mine = [m for m in played.messages if m.channel == "private" and m.recipients == (actor,)]
    found = [m for m in mine if f"Angenommen: {command}" in m.text]
    assert found, f"no receipt of {command} for {actor}"
    assert all(("am Ende der Nacht ausgewertet" in m.text) == later for m in found)


def test_a_receipt_escapes_what_the_player_wrote() -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    reason = say("parse.no_arguments", rest="<b>")
    event = ev.CommandRejected("Anna", "private", "!Sehen <script>x()</script>", reason)
    (receipt,) = Publisher().feed(game, [event])
    assert "<script" not in receipt.html and "&lt;script&gt;" in receipt.html
    assert "<b>" not in receipt.html and "&lt;b&gt;" in receipt.html


# -- WoltLab HTML ----------------------------------------------------------------------------------
def every_message(played: Round) -> list[Message]:
    game = Game.new(RULES, PLAYERS, seed=5)
    publisher = Publisher(context=CONTEXT)
    return [*played.messages, publisher.opening(game), *publisher.role_messages(game)]


def test_html_uses_only_what_woltlab_keeps(played: Round) -> None:
    for message in every_message(played):
        for tag in soup(message).find_all(True):
            assert tag.name in ALLOWED, (message.title, tag.name)
            assert set(tag.attrs) <= ALLOWED[tag.name], (message.title, tag.name, tag.attrs)
            if tag.name == "a":
                assert tag["href"].startswith(("https://", "http://"))
        assert "<script" not in message.html and "style=" not in message.html


def test_mentions_as_woltlab_stores_them() -> None:
    stored = mention("Frau Holle", 7)
    element = BeautifulSoup(str(stored), "html.parser").find("woltlab-metacode")
    assert element["data-name"] == "user" and element.get_text() == "Frau Holle"
    assert json.loads(base64.b64decode(element["data-attributes"])) == [7]
    assert str(mention("Anna")) == "@Anna"  # typed form, linked by WoltLab on saving
    assert str(mention("Frau Holle")) == "@'Frau Holle'"
    typed = BeautifulSoup(str(mention("O'Neil, Jr.")), "html.parser").get_text()
    assert typed == "@'O''Neil, Jr.'"  # quoted as WoltLab's mention pattern wants it
    assert str(mention("<b>")) == "@&lt;b&gt;"


def test_without_a_context_times_and_ids_are_left_out(bare: Round) -> None:
    assert [m.title for m in bare.thread()] == THREAD_TITLES
    for message in bare.thread():
        assert "Uhr" not in message.text and "Hinweis:" not in message.text
        assert soup(message).find("woltlab-metacode") is None
    items = spielerliste(bare.post("Morgen des ersten Tages"))
    assert [text(li).split(" – ")[0] for li in items] == [
        f"@'{n}'" if " " in n else f"@{n}" for n in NAMES
    ]
    game = Game.new(RULES, PLAYERS, seed=5)
    assert Publisher().opening(game).title == "Eröffnungsbeitrag"


# -- time zone -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("zone", "first_day"),
    [("Europe/Berlin", date(2026, 10, 24)), ("America/New_York", date(2026, 10, 31))],
)
def test_the_schedule_keeps_local_time_across_the_end_of_summer_time(zone, first_day) -> None:
    tz = ZoneInfo(zone)
    before, after = daily_schedule(first_day, tz, days=2)
    assert before.dusk_begins.utcoffset() != after.dusk_begins.utcoffset()  # the clocks change
    utc = [d.dusk_begins.astimezone(UTC).hour for d in (before, after)]
    assert utc[0] != utc[1]
    for day in (before, after):
        assert language.when(RULES, day.dusk_begins, tz).endswith(", 19:00 Uhr")
        assert language.when(RULES, day.day_begins, tz).endswith(", 09:00 Uhr")


def test_times_given_in_utc_render_in_the_forums_time_zone() -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    game.advance()
    for dusk, night, date_text in [
        (datetime(2026, 10, 24, 17, 0, tzinfo=UTC), datetime(2026, 10, 24, 19, 0, tzinfo=UTC),
         "Samstag, 24.10.2026"),
        (datetime(2026, 10, 25, 18, 0, tzinfo=UTC), datetime(2026, 10, 25, 20, 0, tzinfo=UTC),
         "Sonntag, 25.10.2026"),
    ]:  # fmt: skip
        context = PostContext(dusk_begins=dusk, night_begins=night)
        body = Publisher().zwischenstand(game, context).text
        assert f"Die Dämmerung beginnt am {date_text}, 19:00 Uhr." in body
        assert f"Die Nacht beginnt am {date_text}, 21:00 Uhr." in body


def test_a_time_without_zone_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        language.when(RULES, datetime(2026, 11, 30, 19, 0), ZONE)
    moment = datetime.combine(date(2026, 11, 30), time(19), ZONE)
    assert language.when(RULES, moment, ZONE) == ("Montag, 30.11.2026, 19:00 Uhr")


def test_zwischenstand_only_by_day() -> None:
    game = Game.new(RULES, PLAYERS, seed=5)
    with pytest.raises(ValueError, match="by day"):
        Publisher().zwischenstand(game)


# -- templates the Spielleitung overrides ----------------------------------------------------------
def test_a_template_in_the_override_folder_replaces_the_built_in_one(tmp_path: Path) -> None:
    (tmp_path / "morgen.html.j2").write_text(
        "<p><strong>{{ title }}</strong></p><p>Guten Morgen, Düsterwald!</p>"
        "{% include 'spielerliste.html.j2' %}",
        encoding="utf-8",
    )
    (tmp_path / "spielerliste.html.j2").write_text(
        "<ul>{% for p in roster %}<li>{{ mention(p.name) }}</li>{% endfor %}</ul>",
        encoding="utf-8",
    )
    played = play(Publisher(env=environment(tmp_path), context=CONTEXT))
    morgen = played.post("Morgen des ersten Tages")
    body = "Morgen des ersten Tages Guten Morgen, Düsterwald! " + " ".join(NAMES)
    assert text(soup(morgen)) == body
    abend = soup(played.post("Abend des ersten Tages"))  # built in, with the overridden list
    assert "Spielerliste:" not in text(abend)
    assert mentions(abend.find_all("ul")[-1]) == NAMES
    assert "Die vergangene Tag" not in text(abend) and abend.find("woltlab-spoiler") is not None


def test_opening_names_the_gauklers_three_roles_with_their_texts() -> None:
    """Der Gaukler: "Diese drei Rollen werden nicht verlost und von der Spielleitung im
    Eröffnungsbeitrag in der Rollenbeschreibung des Gauklers bekanntgegeben. Dabei gibt die
    Spielleitung auch die Rollenbeschreibung dieser drei ausgewählten Rollen wieder.\""""
    players = [("Anna", "Werwolf"), ("Gregor", "Gaukler"), ("Clara", "Bürger"), ("Dora", "Bürger")]
    options = {"gaukler_roles": ["Seherin", "Jäger", "Hexe"]}
    page = soup(Publisher().opening(Game.new(RULES, players, seed=5, options=options), CONTEXT))
    roles = text(BeautifulSoup("".join(map(str, section(page, "Rollen"))), "html.parser"))
    assert "Die Rollen des Gauklers in dieser Runde: Die Seherin, Der Jäger, Die Hexe." in roles
    for role in ("Seherin", "Jäger", "Hexe"):
        assert RULES.roles[role].text.splitlines()[1] in roles
    headings = [text(h) for h in page.find_all("h3")]
    assert "Die Seherin" not in headings  # set aside, not dealt: no role of its own


@pytest.mark.parametrize(
    ("winners", "said"),
    [
        (("Rudel",), "das Rudel"),
        (("Dorf", "Liebespaar"), "das Dorf und das Liebespaar"),
        (("Narr",), "der Narr"),
        (("Untote",), "die Untoten"),
    ],
    ids=["rudel", "two-sides", "lone-winner", "variant-faction"],
)
def test_the_winners_are_said_as_a_sentence_says_them(winners, said) -> None:
    """Not "Gewonnen hat: Rudel"."""
    assert language.winners_said(RULES, winners) == said


@pytest.mark.parametrize(
    ("role", "channel", "limit"),
    [
        ("Werwolf", "wolves", "Diese Konversation darf nur in der Nacht genutzt werden."),
        ("Medium", "dead", None),  # "Hierzu richtet die Spielleitung … ein": no limit
    ],
    ids=["wolfshoehle", "totenreich"],
)
def test_a_conversation_opens_with_the_limit_its_text_sets(role, channel, limit) -> None:
    game = Game.new(RULES, [("Anna", role), ("Bernd", "Werwolf"), ("Clara", "Bürger")], seed=1)
    messages = Publisher().feed(game, game.state.log)
    (opened,) = [m for m in messages if m.channel == channel]
    assert ("nur in der Nacht" in opened.text) == (limit is not None)
    if limit:
        assert limit in opened.text


def test_the_players_read_german_not_developer_words() -> None:
    """The Hausregeln and role texts the Eröffnungsbeitrag shows: no note for developers, no
    straight quotes, and the Medium's "In einer Nacht" (the text's own typo "n einer Nacht"
    mended)."""
    docs = " ".join(spec.doc for spec in RULES.options.values())
    assert "Der Bot" not in docs and "Szenarien" not in docs and '"' not in docs
    lines = [line.strip() for line in RULES.roles["Medium"].text.splitlines()]
    assert any(line.startswith("In einer Nacht kann das Medium") for line in lines)
