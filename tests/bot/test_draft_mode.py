"""Draft mode end to end on the local forum over HTTP: every thread post waits for
`wolfbot approve` (the Eröffnungsbeitrag, the Morgen, the Eröffnungsbeitrag's edits),
conversations do not; the Spielleitung's commands beside the running bot (CliRunner on the
bot's store file), their exit codes, and a restart that keeps the drafts."""

from __future__ import annotations

import typer
from roundkit import BOT, PLAYERS, SCRIPT, Site, site
from typer.testing import CliRunner

from wolfbot.posts.messages import html_lines
from wolfbot.spielleitung import readonly
from wolfbot.spielleitung.drafts import register

ENV = {"COLUMNS": "250", "NO_COLOR": "1"}
NIGHT_ONE = SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 1]
runner = CliRunner()


def cli(*args: str):
    app = typer.Typer()
    readonly.register(app)
    register(app)
    return runner.invoke(app, list(args), env=ENV)


def thread_titles(here: Site) -> list[str]:
    return [p.subject for p in here.forum.posts(here.thread_id) if p.author == BOT]


def drafts(bot) -> list[str]:
    return [m.key for m in bot.outbox.messages(["draft"])]


def test_draft_mode_holds_thread_posts_until_approved(tmp_path) -> None:
    with site(tmp_path) as here:
        db = str(here.db)
        bot = here.bot()
        bot.start_round(PLAYERS, 1, thread_id=here.thread_id, draft=True)
        bot.send()
        assert thread_titles(here) == []  # the Eröffnungsbeitrag waits …
        titles = [c.title for c in here.forum.conversations(BOT)]
        assert "Anna – 1. Ligarunde" in titles  # … the Rollenmitteilungen do not
        assert drafts(bot) == ["g1/eroeffnung"]
        listed = cli("drafts", "--db", db)
        assert listed.exit_code == 0, listed.output
        assert "g1/eroeffnung" in listed.output and "Spieltag" in listed.output
        status = cli("status", "--db", db)
        assert "Entwürfe: 1 warten auf `wolfbot approve`" in status.output
        assert cli("approve", "--all", "--db", db).exit_code == 0
        bot.send()
        assert thread_titles(here) == ["Düsterliga Season '26 - Ligarunde 1: Testrunde"]

        for step in NIGHT_ONE:
            here.act(step, bot)
        bot.send()
        [morgen] = drafts(bot)
        shown = cli("show", morgen, "--db", db)
        assert shown.exit_code == 0, shown.output
        assert "Morgen des ersten Tages" in shown.output and "draft" in shown.output
        bot = here.bot()  # a restart keeps the draft, and sends nothing of it
        bot.send()
        assert drafts(bot) == [morgen] and len(thread_titles(here)) == 1

        approved = cli("approve", morgen, "--db", db)
        assert approved.exit_code == 0 and f"freigegeben: {morgen}" in approved.output
        bot.send()
        assert thread_titles(here)[-1] == "Morgen des ersten Tages"
        assert drafts(bot) == ["g1/eroeffnung/edit/1"]  # the new link waits too
        opening = here.forum.posts(here.thread_id)[0]
        assert opening.edit_count == 0
        assert cli("approve", "g1/eroeffnung/edit/1", "--db", db).exit_code == 0
        bot.send()
        opening = here.forum.posts(here.thread_id)[0]
        assert opening.edit_count == 1 and "Morgen des ersten Tages</a>" in opening.html

        off = cli("draft", "off", "--db", db)
        assert off.exit_code == 0 and "aus" in off.output
        bot.zwischenstand("zwischenstand 1")
        bot.send()
        assert thread_titles(here)[-1] == "Zwischenstand des ersten Tages" and drafts(bot) == []


def test_the_commands_say_no_clearly(tmp_path) -> None:
    with site(tmp_path) as here:
        db = str(here.db)
        bot = here.bot()
        bot.start_round(PLAYERS, 1, thread_id=here.thread_id)
        bot.send()
        assert cli("drafts", "--db", db).output.strip() == "Keine Entwürfe."
        on = cli("draft", "on", "--db", db, "--game", "1")
        assert on.exit_code == 0 and "Entwurfsmodus für Runde 1: an" in on.output
        for args, message in [
            (("draft", "vielleicht", "--db", db), "on oder off"),
            (("draft", "on", "--db", db, "--game", "7"), "Keine Runde 7"),
            (("approve", "--db", db), "Schlüssel oder --all"),
            (("approve", "g1/eroeffnung", "--all", "--db", db), "nicht beides"),
            (("approve", "g1/eroeffnung", "--db", db), "kein Entwurf (Zustand sent)"),
            (("approve", "g1/nichts", "--db", db), "keine Nachricht"),
            (("discard", "g1/eroeffnung", "--reason", "x", "--db", db), "nicht verwerfen"),
            (("discard", "g1/rolle/Anna", "--db", db), "Grund"),
            (("show", "g1/nichts", "--db", db), "keine Nachricht"),
            (("drafts", "--db", str(tmp_path / "fehlt.sqlite")), "nicht gefunden"),
        ]:
            result = cli(*args)
            assert result.exit_code == 2, (args, result.output)
            assert message in result.output, (args, result.output)
        shown = cli("show", "g1/rolle/Anna", "--db", db)
        assert shown.exit_code == 0 and "Anna" in shown.output and "sent" in shown.output


def test_html_lines() -> None:
    """What `wolfbot show` prints (and `wolfbot drafts` previews) of a message."""
    html = (
        "<p><strong>Morgen des ersten Tages</strong></p><h2>Tote</h2><ul><li>Dora "
        '(<a href="https://f/x">Bürger</a>)</li><li>Emil</li></ul><p>Zeile<br>zwei</p>'
        '<woltlab-spoiler data-label="Rollen"><p>geheim</p></woltlab-spoiler>'
    )
    assert html_lines(html) == [
        "Morgen des ersten Tages",
        "Tote",
        "• Dora (Bürger <https://f/x>)",
        "• Emil",
        "Zeile",
        "zwei",
        "[Spoiler: Rollen]",
        "geheim",
    ]


def test_a_discarded_draft_is_never_sent_and_says_why(tmp_path) -> None:
    with site(tmp_path) as here:
        db = str(here.db)
        bot = here.bot()
        bot.start_round(PLAYERS, 1, thread_id=here.thread_id)
        bot.send()
        for step in NIGHT_ONE:
            here.act(step, bot)
        bot.send()
        assert cli("draft", "on", "--db", db).exit_code == 0
        bot.zwischenstand("zwischenstand 1")
        [key] = drafts(bot)
        result = cli("discard", key, "--reason", "doppelt", "--db", db)
        assert result.exit_code == 0 and f"verworfen: {key}" in result.output
        bot.send()
        here.bot().send()  # a restart does not send it either
        assert "Zwischenstand des ersten Tages" not in thread_titles(here)
        assert drafts(bot) == []
        message = bot.outbox.get(key)
        assert message is not None and message.state != "sent"
        assert "doppelt" in (message.last_error or "")


def test_approving_a_later_draft_warns_of_the_earlier_ones(tmp_path) -> None:
    with site(tmp_path) as here:
        db = str(here.db)
        bot = here.bot()
        bot.start_round(PLAYERS, 1, thread_id=here.thread_id, draft=True)
        bot.send()
        assert cli("approve", "--all", "--db", db).exit_code == 0
        bot.send()
        for step in NIGHT_ONE:
            here.act(step, bot)
        bot.send()
        bot.zwischenstand("zwischenstand 1")
        morgen, stand = drafts(bot)
        result = cli("approve", stand, "--db", db)
        assert result.exit_code == 0 and f"freigegeben: {stand}" in result.output
        assert f"Achtung: der ältere Entwurf {morgen} wartet weiter." in result.output
        assert drafts(bot) == [morgen]
