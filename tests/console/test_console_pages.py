"""What each page of the console shows of day 1 of the test round (`conftest.console`)."""

from __future__ import annotations

import re

import pytest
from boards_stores import boards_group
from bs4 import BeautifulSoup
from console_kit import PASSWORD, ZONE, Console

from wolfbot.console.app import ConsoleSettings, linked
from wolfbot.console.pages import decidable
from wolfbot.console.security import Credentials, Sessions
from wolfbot.console.server import ConsoleServer
from wolfbot.console.source import RoundSource
from wolfbot.console.words import WORDS
from wolfbot.engine import events as ev
from wolfbot.rulesets import loader


def page(console, path: str) -> BeautifulSoup:
    with console.logged_in() as client:
        answer = client.get(path)
    assert answer.status_code == 200
    return BeautifulSoup(answer.text, "html.parser")


def test_the_overview_lists_every_player_with_role_and_state(console) -> None:
    shown = page(console, "/")
    rows = {
        row.find("strong").get_text(): row.get_text(" ", strip=True)
        for row in shown.select("table.players tbody tr")
    }
    assert set(rows) == {"Anna", "Bernd", "Clara", "Dora", "Emil", "Frau Holle"}
    assert "tot" in rows["Dora"] and "lebt" in rows["Anna"]
    assert shown.select_one("header .phase").get_text() == "Tag 1"


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ("", ["!Lynch Ana", "!Lynch Anna"], []),
        ("?spieler=Clara", ["!Lynch Ana"], ["!Lynch Anna"]),
        ("?urteil=accepted", ["!Lynch Anna"], ["!Lynch Ana<"]),
        ("?urteil=rejected", ["!Lynch Ana"], ["!Lynch Anna"]),
    ],
    ids=["all", "by-player", "accepted", "rejected"],
)
def test_the_commands_page_filters_the_audit(console, query, shown, hidden) -> None:
    html = str(page(console, "/befehle" + query).select_one("table.commands"))
    for text in shown:
        assert text in html
    for text in hidden:
        assert text not in html


def test_a_rejected_command_offers_accept_with_a_correction_an_accepted_one_reject(
    console,
) -> None:
    shown = page(console, "/befehle")
    offered = {}
    for row in shown.select("table.commands tbody tr"):
        form = row.select_one("form.act")
        offered[row.find("code").get_text()] = form["action"] if form else None
        if row.find("code").get_text() == "!Lynch Ana":
            assert row.select_one("input[name=as_text]") is not None
    assert offered["!Lynch Ana"] == "/aktion/accept"
    assert offered["!Lynch Anna"] == "/aktion/reject"
    # night 1 is over: the engine would refuse to change its commands, none is offered
    assert offered["!Sehen Anna"] is None


def test_the_round_page_says_whether_the_replay_is_identical(console) -> None:
    before = page(console, "/runde")
    assert "Jetzt nachrechnen" in before.get_text()
    after = page(console, "/runde?nachrechnen=1")
    assert "identisch" in after.select_one(".replay").get_text()


def test_the_overview_shows_faction_offices_and_what_the_night_did(console) -> None:
    shown = page(console, "/")
    rows = {row.find("strong").get_text(): row for row in shown.select("table.players tbody tr")}
    dora = rows["Dora"].get_text(" ", strip=True)
    assert "tot" in dora and "Nacht 1" in dora
    assert rows["Anna"].select_one("td[data-label=Fraktion]").get_text() == "Das Rudel"


def test_the_night_page_lists_the_night_order_and_its_explanation(console) -> None:
    shown = page(console, "/nacht")
    assert shown.select_one("main h2").get_text(" ", strip=True).startswith("Nacht 1 aufgelöst")
    stages = [th.get_text(" ", strip=True) for th in shown.select("th[scope=rowgroup]")]
    assert any("Seherin" in s for s in stages) and any("Werwölfe" in s for s in stages)
    clara = next(r for r in shown.select("table.night tr") if r.find("strong", string="Clara"))
    assert "!Sehen Anna" in clara.get_text() and "eingegangen" in clara.get_text()
    assert shown.select(".explanation h3"), "the resolved night is explained stage by stage"
    assert "Diese Nacht gab es (noch) nicht." in page(console, "/nacht?nr=5").get_text()


def test_the_day_page_counts_and_marks_the_rejected_vote(console) -> None:
    shown = page(console, "/tag")
    count = {
        r.find("strong").get_text(): r.select_one("td.number").get_text()
        for r in shown.select("table.tally.now tbody tr")
    }
    assert count == {"Anna": "1"}
    votes = {r.find("code").get_text(): r for r in shown.select("table.votes tbody tr")}
    assert "abgelehnt" in votes["!Lynch Ana"].get_text()
    assert votes["!Lynch Ana"].select_one("form.act")["action"] == "/aktion/accept"
    assert votes["!Lynch Anna"].select_one("form.act")["action"] == "/aktion/reject"
    non_voters = shown.find("strong", string="Noch ohne Stimme").parent.get_text()
    assert "Clara" in non_voters and "Emil" not in non_voters


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("Zoë – 1. Ligarunde (an Zoë)", "Zoë – 1. Ligarunde (an Zoë)"),
        (
            "Beitrag von Frau Holle (http://127.0.0.1:1/index.php?conversation/25/&a=1#m50)",
            'Beitrag von Frau Holle – <a href="http://127.0.0.1:1/index.php?conversation/25/'
            '&amp;a=1#m50" rel="noreferrer" target="_blank">öffnen</a>',
        ),
        ("<b>Anna</b> (javascript:alert(1))", "&lt;b&gt;Anna&lt;/b&gt; (javascript:alert(1))"),
    ],
    ids=["no-link", "link", "no-markup-no-script-link"],
)
def test_a_conduct_flags_source_shows_its_link_as_a_link(text, html) -> None:
    assert str(linked(text, "öffnen")) == html


@boards_group("weerwolven")
def test_a_dutch_round_is_shown_in_dutch(finished) -> None:
    """ "What it shows (German, and Dutch for a Dutch round)": the pages' words, the phases,
    the channels and the verdicts of a Weerwolven round are Dutch."""
    played = finished("weerwolven")
    source = RoundSource(played.db)
    logins = Sessions(Credentials(PASSWORD, True))
    try:
        with ConsoleServer(source, logins, ConsoleSettings(ZONE), port=0) as server:
            shown = Console(None, None, server)  # type: ignore[arg-type]
            with shown.logged_in() as client:
                day = BeautifulSoup(client.get("/tag?nr=1").text, "html.parser")
                night = BeautifulSoup(client.get("/nacht?nr=1").text, "html.parser")
                audit = BeautifulSoup(client.get("/befehle").text, "html.parser")
    finally:
        source.close()
    assert day.find("html")["lang"] == "nl"
    assert day.select_one("main h2").get_text(strip=True).startswith("Dag 1")
    assert "Alle stemmen op volgorde" in day.get_text()
    lynched = [p.get_text(" ", strip=True) for p in day.select("p.lynched")]
    assert lynched, "day 1 ends with a lynch"
    assert all(word not in " ".join(lynched) for word in ("Mehrheit", "Bürgermeister", "Los)"))
    assert night.select_one("main h2").get_text(" ", strip=True).startswith("Nacht 1 afgehandeld")
    when = " ".join(td.get_text(" ") for td in audit.select("td[data-label=Wanneer]"))
    assert "Dag 1" in when and "Tag 1" not in when and "day 1" not in when
    assert "rolbericht" in when or "speldraad" in when
    outcomes = " ".join(o.get_text() for o in night.select(".outcome"))
    assert outcomes, "night 1 of the round has resolved commands"
    assert "Angriff" not in outcomes and "gesehen" not in outcomes and "gestorben" not in outcomes
    assert "Weerwolven" in night.select_one("table.night").get_text()


WORD = re.compile(r"[^\W\d_]{3,}")
PAGES = ("/", "/nacht?nr=1", "/nacht?nr=2", "/tag?nr=1", "/tag?nr=2", "/warteschlange")
PAGES += ("/befehle", "/verhalten", "/runde")


def _words(texts) -> set[str]:
    return {word.casefold() for text in texts for word in WORD.findall(text)}


@boards_group("weerwolven")
def test_no_page_of_a_dutch_round_says_a_german_word(finished) -> None:
    """Every page of a finished Weerwolven round: not one word that only the German side
    says – the console's German words and the Düsterliga's catalog, less the Dutch ones
    (a death's day, a cause of death, the night's explanation were German once)."""
    german = _words(WORDS["de"].values()) | _words(loader.load("duesterliga").messages.values())
    german -= _words(WORDS["nl"].values()) | _words(loader.load("weerwolven").messages.values())
    played = finished("weerwolven")
    source = RoundSource(played.db)
    logins = Sessions(Credentials(PASSWORD, True))
    said = {}
    try:
        with ConsoleServer(source, logins, ConsoleSettings(ZONE), port=0) as server:
            shown = Console(None, None, server)  # type: ignore[arg-type]
            with shown.logged_in() as client:
                for path in PAGES:
                    answer = client.get(path)
                    assert answer.status_code == 200, path
                    html = BeautifulSoup(answer.text, "html.parser")
                    for hidden in html(["script", "style"]):
                        hidden.decompose()
                    said[path] = sorted(_words([html.get_text(" ")]) & german)
    finally:
        source.close()
    assert said == dict.fromkeys(PAGES, []), said


@pytest.mark.parametrize(
    ("command_phase", "now", "offered"),
    [
        ("day 2", "day 2", True),
        ("day 2", "dusk 2", True),
        ("dusk 2", "runoff 2", True),
        ("night 2", "night 2", True),
        ("day 2", "night 3", True),  # sent by day for the coming night
        ("night 2", "day 2", False),
        ("day 1", "day 2", False),
        ("night 1", "night 2", False),
        ("day 2", "over", False),
    ],
    ids=[
        "same-day",
        "day-in-its-dusk",
        "dusk-in-its-runoff",
        "same-night",
        "by-day-for-the-coming-night",
        "night-by-the-next-day",
        "an-earlier-day",
        "an-earlier-night",
        "round-over",
    ],
)
def test_accept_and_reject_are_offered_only_while_the_engine_allows_them(
    command_phase, now, offered
) -> None:
    assert decidable(command_phase, now) is offered


@boards_group("klassisch")
def test_a_tie_the_hauptmann_decided_says_so_on_the_tag_page(finished) -> None:
    """Klassisch's office is the Hauptmann: a lynch his vote decided reads "Stimme des
    Hauptmanns" on the Tag page, never "des Bürgermeisters"."""
    played = finished("klassisch")
    days = [
        e.phase.partition(" ")[2]
        for e in played.game.state.log
        if isinstance(e, ev.PhaseBegan) and e.phase.startswith("day ")
    ]
    source = RoundSource(played.db)
    logins = Sessions(Credentials(PASSWORD, True))
    notes = []
    try:
        with ConsoleServer(source, logins, ConsoleSettings(ZONE), port=0) as server:
            shown = Console(None, None, server)  # type: ignore[arg-type]
            with shown.logged_in() as client:
                for number in days:
                    html = BeautifulSoup(client.get(f"/tag?nr={number}").text, "html.parser")
                    notes += [p.get_text(" ", strip=True) for p in html.select("p.lynched")]
    finally:
        source.close()
    assert any("(Stimme des Hauptmanns)" in note for note in notes), notes
    assert not any("Bürgermeister" in note for note in notes), notes
