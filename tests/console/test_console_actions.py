"""The console's actions call the Spielleitung's decisions (`wolfbot.spielleitung.decisions`),
the very functions of `wolfbot accept`, `reject`, `conduct dismiss`, `warn` and `sanction`:
a click answers with the command line's sentence, and the running bot applies what it
asked for. The round is day 1 of the bot tests' round (`conftest.console`): Clara's
"!Lynch Ana" was rejected, Emil's "!Lynch Anna" counts."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from boards_stores import boards_group
from bs4 import BeautifulSoup
from console_kit import Console, csrf_of

from wolfbot.console import actions
from wolfbot.console.source import RoundSource
from wolfbot.spielleitung import decisions, store_file
from wolfbot.spielleitung.labels import GameInfo


def command_id(client, text: str) -> int:
    shown = BeautifulSoup(client.get("/befehle").text, "html.parser")
    for row in shown.select("table.commands tbody tr"):
        if row.find("code").get_text() == text:
            return int(row["id"].removeprefix("befehl-"))
    raise AssertionError(f"no command {text!r} on /befehle")


def act(client, name: str, back: str = "/", **fields: object) -> tuple[str | None, str | None]:
    """Post the action as its form does; the page's answer: (ok, problem)."""
    token = csrf_of(client.get(back).text)
    data = {"csrf": token, "zurueck": back, **{k: str(v) for k, v in fields.items()}}
    answer = client.post(f"/aktion/{name}", data=data)
    assert answer.status_code == 303, answer.text
    query = parse_qs(urlsplit(answer.headers["location"]).query)
    return (query.get("ok", [None])[0], query.get("fehler", [None])[0])


def tally(client) -> dict[str, str]:
    shown = BeautifulSoup(client.get("/tag").text, "html.parser")
    table = shown.select_one("table.tally.now")
    if table is None:
        return {}
    return {
        row.find("strong").get_text(): row.select_one("td.number").get_text()
        for row in table.select("tbody tr")
    }


def test_a_rejected_vote_accepted_as_corrected_counts_once_the_bot_applies_it(
    console: Console,
) -> None:
    with console.logged_in() as client:
        assert tally(client) == {"Anna": "1"}
        number = command_id(client, "!Lynch Ana")
        ok, problem = act(
            client,
            "accept",
            "/tag",
            command_id=number,
            as_text="!Lynch Anna",
            reason="Tippfehler im Namen",
        )
        assert problem is None
        assert ok.startswith("Eingriff Nr. 1 vorgemerkt: Befehl gilt – Clara: !Lynch Anna.")
        assert console.bot.apply_interventions() == 1
        assert tally(client) == {"Anna": "2"}
        audit = client.get("/befehle?spieler=Clara").text
        assert "Tippfehler im Namen" in audit and "Gerda" in audit


def test_an_accepted_vote_rejected_no_longer_counts(console: Console) -> None:
    with console.logged_in() as client:
        number = command_id(client, "!Lynch Anna")
        ok, problem = act(client, "reject", "/tag", command_id=number, reason="doppelt gepostet")
        assert problem is None and "Befehl gilt nicht – Emil: !Lynch Anna" in ok
        assert console.bot.apply_interventions() == 1
        assert tally(client) == {}


@pytest.mark.parametrize(
    ("name", "fields", "refusal"),
    [
        (
            "accept",
            {"command": "!Lynch Ana", "reason": ""},
            "Ein Eingriff braucht einen Grund",
        ),
        ("accept", {"command": "!Lynch Anna", "reason": "x"}, "gilt bereits"),
        ("reject", {"command": "!Lynch Ana", "reason": "x"}, "gilt ohnehin nicht"),
        (
            "accept",
            {"command": "!Lynch Ana", "reason": "x", "as_text": "Lynch Anna"},
            "Ein Befehl beginnt mit einem Ausrufezeichen",
        ),
        ("accept", {"command_id": "elf", "reason": "x"}, "ist keine Zahl"),
        ("dismiss", {"flag": "99", "reason": "x"}, "Keine Meldung Nr. 99"),
        ("warn", {"player": "Clara", "reason": "Zitat"}, "Es fehlt: die angedrohte Sanktion."),
        ("warn", {"player": "Zoe", "reason": "x", "sanction": "Ausschluss"}, "Zoe"),
        ("sanction", {"player": "Clara", "reason": "x"}, "Clara"),
        ("explode", {}, "Keine Aktion „explode“."),
        ("override", {"kind": "role", "player": "Anna", "reason": "x"}, "die neue Rolle"),
        ("override", {"kind": "kill", "player": "Niemand", "reason": "x"}, "Niemand"),
        ("override", {"kind": "zaubern", "player": "Anna", "reason": "x"}, "Kein Eingriff"),
        ("override", {"kind": "win", "argument": "Die Katzen", "reason": "x"}, "Die Katzen"),
    ],
    ids=[
        "accept-without-reason",
        "accept-an-accepted-one",
        "reject-a-rejected-one",
        "accept-as-no-command",
        "command-number-not-a-number",
        "dismiss-an-unknown-flag",
        "warn-without-sanction",
        "warn-an-unknown-player",
        "sanction-without-ermahnung",
        "unknown-action",
        "override-role-without-role",
        "override-kill-of-nobody",
        "override-unknown-kind",
        "override-win-of-no-faction",
    ],
)
def test_a_refused_action_says_why_and_changes_nothing(console, name, fields, refusal) -> None:
    with console.logged_in() as client:
        fields = dict(fields)
        if "command" in fields:
            fields["command_id"] = command_id(client, fields.pop("command"))
        before = client.get("/befehle").text.count("<tr")
        ok, problem = act(client, name, "/befehle", **fields)
        assert ok is None and problem is not None and refusal in problem
        assert console.bot.apply_interventions() == 0
        assert client.get("/befehle").text.count("<tr") == before


@pytest.mark.parametrize(
    ("fields", "dead"),
    [
        ({"kind": "kill", "player": "Bernd"}, True),
        ({"kind": "exclude", "player": "Bernd"}, False),
    ],
    ids=["kill", "exclude"],
)
def test_an_override_from_the_commands_page_is_applied_by_the_bot(console, fields, dead) -> None:
    with console.logged_in() as client:
        form = BeautifulSoup(client.get("/befehle").text, "html.parser")
        assert form.select_one("form[action='/aktion/override'] option[value=kill]")
        ok, problem = act(client, "override", "/befehle", reason="Spielleitung", **fields)
        assert problem is None and ok.startswith("Eingriff Nr. 1 vorgemerkt") and "Bernd" in ok
        assert console.bot.apply_interventions() == 1
        bernd = console.bot.game.player("Bernd")
        assert (not bernd.alive) is dead and (bernd.excluded or dead)


def test_a_flag_dismissed_with_its_reason_is_closed(console: Console) -> None:
    flag = decisions.record_breach(
        console.here.sessions(), _info(console), "Clara", rule="zitat", what="zitiert", by="Gerda"
    ).flag_id
    with console.logged_in() as client:
        assert f"meldung-{flag}" in client.get("/verhalten").text
        ok, problem = act(client, "dismiss", "/verhalten", flag=flag, reason="eigener Text")
        assert problem is None and ok == f"Meldung Nr. {flag} verworfen: eigener Text"
        assert f"meldung-{flag}" not in client.get("/verhalten").text
        assert "eigener Text" in client.get("/verhalten?alle=1").text


def test_ermahnung_then_the_sanction_it_announced(console: Console) -> None:
    flag = decisions.record_breach(
        console.here.sessions(), _info(console), "Clara", rule="zitat", what="zitiert", by="Gerda"
    ).flag_id
    with console.logged_in() as client:
        ok, problem = act(
            client,
            "warn",
            "/verhalten",
            player="Clara",
            flag=flag,
            sanction="Ausschluss aus der Runde",
            reason="Zitat aus der Rollenmitteilung",
        )
        assert problem is None
        assert "Ermahnung – Clara, angedrohte Sanktion: „Ausschluss aus der Runde“" in ok
        assert f"Meldung Nr. {flag}: ermahnt." in ok
        assert console.bot.apply_interventions() == 1
        ok, problem = act(client, "sanction", "/verhalten", player="Clara", reason="wieder")
        assert problem is None and "Clara" in ok
        assert console.bot.apply_interventions() == 1
        shown = client.get("/befehle").text
        assert "Ermahnung" in shown and "Sanktion" in shown


def _info(console: Console) -> GameInfo:
    connection = store_file.connect(console.here.db)
    try:
        return store_file.pick_game(connection, None, console.here.db)
    finally:
        connection.close()


@boards_group("weerwolven")
@pytest.mark.parametrize(
    ("action", "fields", "ok", "answer"),
    [
        ("approve_all", {}, True, "Geen concepten."),
        ("override", {"kind": "kill", "player": "Bram", "reason": "x"}, False, "afgelopen"),
        ("override", {"kind": "vuur", "reason": "x"}, False, "Geen ingreep „vuur”."),
        ("accept", {"command_id": "12a"}, False, "het nummer van de opdracht is geen getal"),
        ("vliegen", {}, False, "Geen actie „vliegen”."),
    ],
    ids=["a-result", "a-refusal-of-the-round", "an-unknown-kind", "a-field", "an-action"],
)
def test_the_console_of_a_dutch_round_answers_in_dutch(
    finished, action, fields, ok, answer
) -> None:
    source = RoundSource(finished("weerwolven").db)
    try:
        outcome = actions.perform(source, action, fields, "Spelleiding", "nl")
    finally:
        source.close()
    assert outcome.ok is ok and answer in outcome.said, outcome.said
