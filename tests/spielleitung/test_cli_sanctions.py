"""`wolfbot warn` and `wolfbot sanction` on a real store, the round played by the `RoundBot`
against the local forum (`tests/bot/roundkit.py`), by the Düsterliga's "Verbotenes Verhalten":

- ermahnung: "Bevor die Spielleitung eine Sanktion ausspricht, ist der entsprechende Spieler
  zu ermahnen und auf die ihm drohende Sanktion hinzuweisen. Hier muss die Spielleitung schon
  erklären, welche Gestalt die Sanktion haben wird und darf später davon nicht abweichen, es
  sei denn, der Spieler verhält sich erneut verboten."
- schwerste: "Die schwerste Sanktion … ist der Ausschluss aus der Runde nach den Regelungen
  über inaktive Dorfbewohner" – "Der Dorfbewohner verstirbt am darauffolgenden Morgen. Seine
  Rolle wird nicht offenbart. Wenn möglich ersetzt die Spielleitung inaktive Dorfbewohner
  durch Reservespieler."

The command line writes pending rows, the bot applies them (the Ermahnung and the Sanktion
arrive in the player's conversation), `interventions` shows them, the Abschlussbeitrag lists
them, and a new bot and `wolfbot replay` rebuild the round to the same log."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from roundkit import BOT, CONTEXT, SCRIPT, bold, site  # noqa: E402

from wolfbot.cli import app  # noqa: E402
from wolfbot.conduct.flags import QUOTE, Flag  # noqa: E402
from wolfbot.spielleitung.labels import GameInfo  # noqa: E402
from wolfbot.spielleitung.replay import replay_round  # noqa: E402
from wolfbot.spielleitung.rounds import ControlError  # noqa: E402
from wolfbot.spielleitung.sanctioning import rules_with_conduct  # noqa: E402
from wolfbot.store import conduct, records  # noqa: E402
from wolfbot.store import interventions as store  # noqa: E402

ENV = {"COLUMNS": "250", "NO_COLOR": "1"}
RESERVE = "Zoë"
ERMAHNUNG = "Bevor die Spielleitung eine Sanktion ausspricht, ist der entsprechende Spieler"
SCHWERSTE = "Die schwerste Sanktion, die die Spielleitung aussprechen kann"
EXCLUSION = "Ausschluss aus der Runde"
VOTE = "keine Stimme in der nächsten Dämmerung"


@pytest.fixture
def here(tmp_path):
    with site(tmp_path) as s:
        s.forum.add_user(RESERVE, "pw-zoe")
        yield s


def until(here, bot, step) -> None:
    """The script from where the round is, up to and with the next `step`."""
    end = SCRIPT.index(step, here.done) + 1
    for done in SCRIPT[here.done : end]:
        here.act(done, bot)
    here.done = end


@pytest.fixture
def round_(here):
    """Day 1 of the test round (Dora was eaten) with Zoë as Reservespieler; the bot's clock
    is the forum's, so that a flag can be dated before or after an Ermahnung."""
    bot = here.bot(clock=here.clock)
    game_id = here.start(bot)
    bot.send()
    with bot.sessions() as session:
        records.add_players(session, game_id, [records.NewPlayer(RESERVE, "reserve")])
    here.done = 0
    until(here, bot, ("deadline", "day 1"))
    until(here, bot, ("send",))  # the Morgen of day 1
    return bot


def run(here, *args: str):
    return CliRunner().invoke(app, [*args, "--db", str(here.db)], env=ENV)


def said(result) -> str:
    return " ".join(result.output.split())


def rows(bot) -> list[store.StoredIntervention]:
    with bot.sessions() as session:
        return store.load(session, bot.game_id)


def flag(bot, player: str, at: datetime, evidence: str = "„Anna ist Werwolf“") -> int:
    """A breach of `player` on record at `at` (as the bot or the Spielleitung records one)."""
    breach = Flag(QUOTE, player, "thread:1", "Die Spieler dürfen nicht aus Konversationen "
                  "zitieren.", evidence, f"test:{at.isoformat()}")  # fmt: skip
    with bot.sessions() as session:
        number = conduct.record_breach(
            session, bot.game_id, breach, by="Spielleitung", phase="day 1", now=at
        )
        session.commit()
    return number


def flags(bot) -> dict[int, tuple[str, int | None]]:
    with bot.sessions() as session:
        return {f.id: (f.state, f.intervention_id) for f in conduct.load(session, bot.game_id)}


def private_messages(here, name: str) -> list[str]:
    conversation = here.forum.conversation(here.conversation(name, "private"))
    return [m.html for m in conversation.messages if m.author == BOT]


def warned(here, bot, player: str, sanction: str, *more: str) -> None:
    """`wolfbot warn`, applied by the bot."""
    result = run(here, "warn", player, "--reason", "zitiert", "--sanction", sanction, *more)
    assert result.exit_code == 0, result.output
    assert bot.apply_interventions() == 1


# -- refused: what was wrong and what would be right ---------------------------------------------
@pytest.mark.parametrize(
    "args,message",
    [
        (("warn", "Anna", "--reason", " ", "--sanction", EXCLUSION), "braucht einen Grund"),
        (("warn", "Anna", "--reason", "zitiert", "--sanction", " "), "nennt die Sanktion"),
        (("warn", "Anna", "--reason", "zitiert", "--sanction", " "), ERMAHNUNG),
        (("sanction", "Anna", "--reason", "zitiert"), "Anna wurde in Runde 1 nicht ermahnt"),
        (("sanction", "Anna", "--reason", "zitiert"), ERMAHNUNG),
        (("sanction", "Anna", "--reason", "zitiert"), "wolfbot warn Anna --reason"),
        (("warn", "Klara", "--reason", "x", "--sanction", EXCLUSION), "Klara spielt in Runde 1"),
        (
            ("warn", "Anna", "--reason", "x", "--sanction", EXCLUSION, "--flag", "9"),
            "Keine Meldung",
        ),
        (("warn", "Anna", "--reason", "x", "--sanction", "x" * 201), "höchstens 200"),
    ],
    ids=[
        "ermahnung: a warning without a reason",
        "ermahnung: a warning without the sanction",
        "ermahnung: the clause is quoted",
        "ermahnung: no sanction without a warning",
        "ermahnung: the refusal quotes the clause",
        "ermahnung: the refusal says what to do",
        "not a player",
        "not a flag of the round",
        "a sanction is named, not reasoned",
    ],
)
def test_refused_with_the_clause(here, round_, args, message: str) -> None:
    result = run(here, *args)
    assert result.exit_code == 2, result.output
    assert message in said(result)
    assert rows(round_) == []


def test_a_ruleset_without_the_clause_has_no_warning() -> None:
    """The Dutch rules (seed 002) say nothing of forbidden behaviour: nothing to warn by."""
    game = GameInfo(1, "Test", "weerwolven", 1, "day 1", "running", datetime(2026, 1, 1), 1)
    with pytest.raises(ControlError, match="kennt keine Ermahnung und keine Sanktion"):
        rules_with_conduct(game)
    duesterliga = GameInfo(1, "Test", "duesterliga", 1, "day 1", "running", datetime.now(), 1)
    assert "ermahnung" in rules_with_conduct(duesterliga).conduct.clauses


def test_a_flag_must_be_an_open_one_of_the_player(here, round_) -> None:
    bot = round_
    bernds = flag(bot, "Bernd", here.clock.now)
    other = run(here, "warn", "Anna", "--reason", "x", "--sanction", VOTE, "--flag", str(bernds))
    assert other.exit_code == 2 and "betrifft Bernd, nicht Anna" in said(other)
    with bot.sessions() as session:
        conduct.dismiss(session, bot.game_id, bernds, "kein Zitat", by="SL", now=here.clock.now)
        session.commit()
    dismissed = run(
        here, "warn", "Bernd", "--reason", "x", "--sanction", VOTE, "--flag", str(bernds)
    )
    assert dismissed.exit_code == 2 and "bereits verworfen" in said(dismissed)


# -- the Ermahnung ---------------------------------------------------------------------------------
def test_the_warning_arrives_in_the_player_s_conversation(here, round_) -> None:
    bot = round_
    first = flag(bot, "Anna", here.clock.now)
    result = run(
        here, "warn", "anna", "--reason", "zitiert aus der Wolfshöhle", "--sanction", EXCLUSION,
        "--flag", str(first), "--by", "Mara",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = said(result)
    assert "Eingriff Nr. 1 vorgemerkt: Ermahnung – Anna" in text
    assert f"angedrohte Sanktion: „{EXCLUSION}“" in text and "Meldung Nr. 1: ermahnt" in text
    assert "nach den Regelungen über inaktive Dorfbewohner" in text  # what the bot will do
    assert flags(bot) == {first: ("warned", 1)}
    (row,) = rows(bot)
    assert (row.kind, row.player, row.argument, row.requested_by, row.state) == (
        "warn", "Anna", EXCLUSION, "Mara", "pending",
    )  # fmt: skip
    assert bot.apply_interventions() == 1
    bot.send()
    (message,) = [m for m in private_messages(here, "Anna") if "ermahnt dich" in m]
    assert "zitiert aus der Wolfshöhle" in message
    assert f"<strong>{EXCLUSION}</strong>" in message  # the sanction that threatens him
    assert ERMAHNUNG in message and SCHWERSTE in message  # the clauses, quoted
    assert "deine Rolle würde nicht offenbart" in message
    assert not any("ermahnt dich" in m for m in private_messages(here, "Bernd"))
    assert bot.game.player("Anna").active  # a warning changes nothing in the game
    listed = run(here, "interventions")
    assert "Ermahnung" in listed.output and f"angedrohte Sanktion: {EXCLUSION}" in listed.output


def test_a_refused_warning_leaves_its_flags_open(here, round_) -> None:
    bot = round_
    emil = flag(bot, "Emil", here.clock.now)
    result = run(here, "warn", "Emil", "--reason", "x", "--sanction", VOTE, "--flag", str(emil))
    assert result.exit_code == 0 and flags(bot) == {emil: ("warned", 1)}
    with bot.sessions() as session:
        (row,) = store.pending(session, bot.game_id)
        store.refuse(session, row.id, "Test")
    assert flags(bot) == {emil: ("open", None)}


# -- the Sanktion ----------------------------------------------------------------------------------
def test_the_announced_sanction_is_imposed_and_told(here, round_) -> None:
    bot = round_
    warned(here, bot, "Emil", VOTE)
    here.clock.tick()
    later = flag(bot, "Emil", here.clock.now)  # a breach after the warning
    result = run(here, "sanction", "Emil", "--reason", "erneut zitiert")
    assert result.exit_code == 0, result.output
    text = said(result)
    assert f"Sanktion – Emil: „{VOTE}“" in text and "Meldung Nr. 1: sanktioniert" in text
    assert "Ausführen muss sie die Spielleitung selbst" in text
    assert flags(bot) == {later: ("sanctioned", 2)}
    assert bot.apply_interventions() == 1
    bot.send()
    (message,) = [m for m in private_messages(here, "Emil") if "verhängt gegen dich" in m]
    assert f"<strong>{VOTE}</strong>" in message and "erneut zitiert" in message
    assert bot.game.player("Emil").active  # the Spielleitung carries it out herself
    assert [r.state for r in rows(bot)] == ["applied", "applied"]
    assert "verhängt: " + VOTE in run(here, "interventions").output


def test_a_pending_warning_counts_for_the_sanction_after_it(here, round_) -> None:
    bot = round_
    assert run(here, "warn", "Emil", "--reason", "x", "--sanction", VOTE).exit_code == 0
    assert run(here, "sanction", "Emil", "--reason", "y").exit_code == 0
    assert bot.apply_interventions() == 2  # in order: the warning first


@pytest.mark.parametrize(
    "breach,allowed",
    [(None, False), ("before", False), ("after", True), ("after, dismissed", False)],
    ids=[
        "ermahnung: no other sanction without a new breach",
        "ermahnung: a breach before the warning is no new one",
        "ermahnung: another sanction after a new breach on record",
        "ermahnung: a dismissed flag is no breach",
    ],
)
def test_another_sanction_only_after_a_new_breach(here, round_, breach, allowed: bool) -> None:
    bot = round_
    if breach == "before":
        flag(bot, "Emil", here.clock.now)
        here.clock.tick()
    warned(here, bot, "Emil", VOTE)
    here.clock.tick()
    if breach and breach.startswith("after"):
        later = flag(bot, "Emil", here.clock.now)
        if breach.endswith("dismissed"):
            with bot.sessions() as session:
                conduct.dismiss(
                    session, bot.game_id, later, "kein Zitat", by="SL", now=here.clock.now
                )
                session.commit()
    result = run(here, "sanction", "Emil", "--reason", "erneut", "--sanction", "Ausschluss")
    if allowed:
        assert result.exit_code == 0, result.output
        assert bot.apply_interventions() == 1
        assert bot.game.player("Emil").excluded
    else:
        assert result.exit_code == 2, result.output
        text = said(result)
        assert f"hat Emil „{VOTE}“ angekündigt, nicht „Ausschluss“" in text
        assert ERMAHNUNG in text and 'wolfbot warn Emil --reason … --sanction "Ausschluss"' in text
        assert [r.kind for r in rows(bot)] == ["warn"]


@pytest.mark.parametrize(
    "again,breach,allowed",
    [
        (VOTE, False, True),
        ("Keine Stimme in der nächsten Dämmerung.", False, True),
        (EXCLUSION, False, False),
        (EXCLUSION, True, True),
    ],
    ids=[
        "ermahnung: warned again with the same sanction",
        "ermahnung: the same sanction in another spelling",
        "ermahnung: no other threat without a new breach",
        "ermahnung: another threat after a new breach",
    ],
)
def test_a_new_warning_threatens_another_sanction_only_after_a_new_breach(
    here, round_, again: str, breach: bool, allowed: bool
) -> None:
    bot = round_
    warned(here, bot, "Emil", VOTE)
    here.clock.tick()
    if breach:
        flag(bot, "Emil", here.clock.now)
    result = run(here, "warn", "Emil", "--reason", "wieder", "--sanction", again)
    assert (result.exit_code == 0) is allowed, result.output
    if not allowed:
        text = said(result)
        assert f"hat Emil bereits „{VOTE}“ angedroht" in text and ERMAHNUNG in text
        assert "wolfbot sanction Emil --reason" in text


@pytest.mark.parametrize(
    "spelling",
    [
        "ausschluss",
        "Ausschluß aus der Runde",
        "Ausschluss aus der Runde nach den Regelungen über inaktive Dorfbewohner.",
    ],  # fmt: skip
    ids=["schwerste: Ausschluss", "schwerste: ß", "schwerste: as the clause says it"],
)
def test_the_exclusion_is_the_same_sanction_in_any_spelling(here, round_, spelling: str) -> None:
    bot = round_
    warned(here, bot, "Emil", EXCLUSION)
    result = run(here, "sanction", "Emil", "--reason", "x", "--sanction", spelling)
    assert result.exit_code == 0, result.output
    assert bot.apply_interventions() == 1 and bot.game.player("Emil").excluded


def test_schwerste_the_excluded_player_dies_the_next_morning_without_his_role(here, round_):
    bot = round_
    until(here, bot, ("deadline", "night 2"))
    warned(here, bot, "Frau Holle", EXCLUSION)
    result = run(here, "sanction", "Frau Holle", "--reason", "erneut zitiert")
    assert result.exit_code == 0, result.output
    assert "verstirbt am darauffolgenden Morgen" in said(result)
    assert bot.apply_interventions() == 1
    assert bot.game.player("Frau Holle").excluded and bot.game.player("Frau Holle").alive
    until(here, bot, ("post", "Clara", "private", bold("!Nachfolger Emil")))
    until(here, bot, ("send",))  # the Morgen of day 2
    holle = bot.game.player("Frau Holle")
    assert not holle.alive and holle.death_time == "day 2" and holle.role_revealed_as is None
    posts = {p.subject: p.html for p in here.forum.posts(here.thread_id)}
    morning = posts["Morgen des zweiten Tages"]
    assert "Frau Holle" in morning and "Frau Holle (Bürger)" not in morning
    told = private_messages(here, "Frau Holle")
    assert any("verhängt gegen dich" in m and "deine Rolle wird nicht offenbart" in m for m in told)
    assert run(here, "override", "win", "Dorf", "--reason", "Ende").exit_code == 0
    assert bot.apply_interventions() == 1
    bot.send()
    posts = {p.subject: p.html for p in here.forum.posts(here.thread_id)}
    final = posts["Das Ende der Runde"]  # after the round: who was warned and sanctioned, why
    assert "Ermahnungen und Sanktionen" in final
    assert f"angedrohte Sanktion: <strong>{EXCLUSION}</strong> – Grund: zitiert" in final
    assert "(nach den Regelungen über inaktive Dorfbewohner) – Grund: erneut zitiert" in final

    # a new bot and `wolfbot replay` rebuild exactly this round
    again = here.bot(clock=here.clock)
    assert again.game.state.log == bot.game.state.log
    report = replay_round(bot.sessions, bot.game_id, context=CONTEXT)
    assert report.identical, report.difference
    assert report.compared and report.unpublished == 0


def test_schwerste_with_replace_a_reserve_takes_the_place(here, round_) -> None:
    bot = round_
    warned(here, bot, "Frau Holle", EXCLUSION)
    result = run(here, "sanction", "Frau Holle", "--reason", "erneut", "--replace")
    assert result.exit_code == 0, result.output
    assert f"danach nimmt der Reservespieler {RESERVE} seinen Platz ein" in said(result)
    assert [(r.kind, r.argument) for r in rows(bot)][1:] == [
        ("sanction", EXCLUSION), ("replace", RESERVE),
    ]  # fmt: skip
    assert bot.apply_interventions() == 2
    names = [p.name for p in bot.game.state.players]
    assert RESERVE in names and "Frau Holle" not in names
    assert bot.game.player(RESERVE).active  # plays on: not excluded, not dying
    bot.send()
    told = "".join(private_messages(here, RESERVE))
    assert "ermahnt dich" not in told and "verhängt gegen dich" not in told  # stays Holle's
    report = replay_round(bot.sessions, bot.game_id, context=CONTEXT)
    assert report.identical, report.difference


@pytest.mark.parametrize(
    "args,message",
    [
        (("--replace",), "--replace gilt nur für den Ausschluss"),
        (("--replace", "Gast"), "kein Reservespieler"),
        (("Gast",), "nennt nur --replace"),
    ],
    ids=[
        "schwerste: only the exclusion is replaced",
        "schwerste: a reserve of the round",
        "schwerste: a reserve only with --replace",
    ],
)
def test_replace_is_for_the_exclusion_only(here, round_, args, message: str) -> None:
    bot = round_
    sanction = EXCLUSION if args != ("--replace",) else VOTE
    warned(here, bot, "Emil", sanction)
    result = run(here, "sanction", "Emil", "--reason", "x", *args)
    assert result.exit_code == 2, result.output
    assert message in said(result)
    assert [r.kind for r in rows(bot)] == ["warn"]
