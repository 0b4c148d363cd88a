"""`wolfbot run` (`wolfbot.bot.live.Live`) on a configuration, against the local forum over
HTTP: the Spielerliste from the config or the sign-up thread, the round started with the
configured roles and context, every deadline planned from `[schedule]` in the forum's time
zone (the round crosses the end of summer time on 25 October 2026), reminders, and a
restart in the middle that neither loses nor doubles a post."""

from __future__ import annotations

import threading
import time
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bs4 import BeautifulSoup
from roundkit import BOT, PASSWORD, PLAYERS, SEED, Site, bold, site
from sqlalchemy import select
from typer.testing import CliRunner

from wolfbot.bot.live import Live
from wolfbot.cli import app
from wolfbot.forum.woltlab.html import mentioned_user_ids
from wolfbot.setup.config import Config, parse_config
from wolfbot.store.models import GameRow, PlayerRow

ENV = {"WOLFBOT_TEST_PASSWORD": PASSWORD}
NAMES = [name for name, _ in PLAYERS]


def config_text(here: Site, *, signup: str | None = None) -> str:
    roles = ", ".join(f'"{role}"' for _, role in PLAYERS)
    players = ", ".join(f'"{name}"' for name in NAMES)
    signup = signup or f"min_players = 5\nplayers = [{players}]"
    return f"""
[game]
title = "Düsterliga Season '26 - Ligarunde 1: Testrunde"
seed = {SEED}
timezone = "Europe/Berlin"

[forum]
base_url = "{here.server.base_url}"
username = "{BOT}"
password_env = "WOLFBOT_TEST_PASSWORD"
thread_id = {here.thread_id}
poll_seconds = 1
request_interval = 0
timeout = 2

[forum.limits]
thread_post_interval = 0
conversation_message_interval = 0
conversations_per_day = 100

[forum.retry]
backoff_seconds = 0
backoff_max_seconds = 0

[schedule]
zwischenstand_hours = 5
vote_reminder_hours = 2
night_reminder_hours = 2

[signup]
{signup}

[roles]
list = [{roles}]

[round]
season = 26
round_number = 1
round_name = "Testrunde"

[store]
path = "{here.db}"
"""


def config_for(here: Site, **kwargs) -> Config:
    text = config_text(here, **kwargs)
    return parse_config(tomllib.loads(text), here.db.parent / "config.toml", env=ENV)


def live(here: Site, config: Config) -> Live:
    return Live(config, forum=here.client(), clock=here.clock)


def titles(here: Site) -> list[str]:
    return [p.subject for p in here.forum.posts(here.thread_id) if p.author == BOT]


def until(here: Site, moment: datetime) -> None:
    here.clock.now = moment


def due(runner: Live, name: str) -> datetime:
    (found,) = [d.at for d, _ in runner.planner().deadlines.entries() if d.name == name]
    return found


def test_run_starts_the_listed_round_and_keeps_its_schedule_across_a_restart(
    tmp_path: Path,
) -> None:
    with site(tmp_path) as here:
        config = config_for(here)
        runner = live(here, config)
        report = runner.step()
        assert report.stage == "running" and "begonnen mit 6 Spielern" in report.detail
        # the drawn role list's estimate, before the Rollenmitteilungen go out
        assert "Schätzung aus 200 simulierten Spielen: " in report.detail
        assert runner.estimate is not None and runner.estimate.rating.players == 6
        assert titles(here) == ["Düsterliga Season '26 - Ligarunde 1: Testrunde"]
        started = runner.started_at()
        # night 1 began at the start (09:00 CEST on Saturday 24 October); day 1 is Sunday
        # 25 October, the day summer time ends: 09:00 CET is 08:00 UTC
        assert due(runner, "day 1") == datetime(2026, 10, 25, 8, 0, tzinfo=UTC)
        assert due(runner, "reminder day 1") == datetime(2026, 10, 25, 6, 0, tzinfo=UTC)
        with runner.sessions() as session:
            game = session.scalars(select(GameRow)).one()
            assert game.context["round_name"] == "Testrunde" and game.context["timetable"]
        roles = {p.role: p.name for p in runner.bot.game.state.players}
        wolf, seer = roles["Werwolf"], roles["Seherin"]
        state = runner.bot.game.state
        victim = next(p.name for p in state.players if p.role == "Bürger")
        den = here.conversation(wolf, "wolves")
        here.forum.add_conversation_message(den, wolf, bold(f"!Alpha {wolf}"))
        here.forum.add_conversation_message(den, wolf, bold(f"!Fressen {victim}"))
        until(here, due(runner, "reminder day 1"))
        runner.step()  # the night's reminder: the Seherin may still see
        private = here.forum.conversation(here.conversation(seer, "private"))
        assert any("Du kannst heute Nacht noch" in m.html for m in private.messages)
        until(here, due(runner, "day 1"))
        runner.step()
        assert titles(here)[-1] == "Morgen des ersten Tages"
        # a restart: a new process with the same configuration and store
        runner.close()
        again = live(here, config)
        assert again.started_at() == started
        here.forum.add_post(here.thread_id, seer, bold(f"!Bürgermeister {seer}"))
        here.forum.add_post(here.thread_id, seer, bold(f"!Lynch {wolf}"))
        until(here, due(again, "zwischenstand 1/1"))
        again.step()
        until(here, due(again, "reminder dusk 1"))
        again.step()
        reminder = here.forum.posts(here.thread_id)[-1]
        ids = again.bot.context.user_ids  # mentions as WoltLab stores them: by user id
        silent = next(n for n in NAMES if n not in (seer, victim))
        assert reminder.subject == "Erinnerung"
        assert ids[silent] in mentioned_user_ids(reminder.html)
        assert ids[seer] not in mentioned_user_ids(reminder.html)  # she has voted
        # the Dämmerung at 19:00 CET = 18:00 UTC, after the change
        assert due(again, "dusk 1") == datetime(2026, 10, 25, 18, 0, tzinfo=UTC)
        until(here, due(again, "dusk 1"))
        again.step()
        assert titles(here) == [
            "Düsterliga Season '26 - Ligarunde 1: Testrunde",
            "Morgen des ersten Tages",
            "Zwischenstand des ersten Tages",
            "Erinnerung",
            "Dämmerung des ersten Tages",
        ]
        again.close()


def test_the_signup_thread_makes_the_spielerliste_when_it_closes(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        signup_thread = here.forum.add_thread("Anmeldung", BOT)
        for name in NAMES:
            here.clock.tick()
            here.forum.add_post(signup_thread, name, bold("!Dabei"))
        here.forum.add_user("Rudi", "pw")
        here.forum.add_user("Bea", "pw")
        here.forum.add_post(signup_thread, "Rudi", bold("!Reserve"))
        here.forum.add_post(signup_thread, "Bea", bold("!Beobachter"))
        closes = here.clock.now + timedelta(hours=2)
        local = closes.astimezone(ZoneInfo("Europe/Berlin"))
        config = config_for(
            here,
            signup=(
                f"thread_id = {signup_thread}\nmin_players = 5\nmax_players = 6\n"
                f'closes = "{local:%Y-%m-%d %H:%M}"'
            ),
        )
        runner = live(here, config)
        report = runner.step()
        assert report.stage == "signup" and "die Anmeldung endet am" in report.detail
        until(here, closes + timedelta(minutes=1))
        report = runner.step()
        assert report.stage == "running"
        with runner.sessions() as session:
            rows = session.scalars(select(PlayerRow).order_by(PlayerRow.id)).all()
        assert [r.name for r in rows if r.kind == "player"] == NAMES
        assert [(r.name, r.kind) for r in rows if r.kind != "player"] == [
            ("Rudi", "reserve"),
            ("Bea", "observer"),
        ]
        runner.close()


def test_too_few_players_at_the_close_wait_and_say_why(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        signup_thread = here.forum.add_thread("Anmeldung", BOT)
        here.forum.add_post(signup_thread, "Anna", bold("!Dabei"))
        config = config_for(
            here,
            signup=f'thread_id = {signup_thread}\nmin_players = 5\ncloses = "2026-10-24 09:30"',
        )
        until(here, datetime(2026, 10, 24, 7, 31, tzinfo=UTC))  # 09:31 in Berlin
        runner = live(here, config)
        report = runner.step()
        assert report.stage == "signup" and "Es fehlen noch 4 Spieler" in report.detail
        assert titles(here) == []
        runner.close()


def test_init_writes_the_example_and_then_makes_the_store(tmp_path: Path) -> None:
    path = tmp_path / "runde" / "config.toml"
    path.parent.mkdir()  # a missing folder is refused (tests/spielleitung/test_words_for_users.py)
    result = CliRunner().invoke(app, ["init", str(path)])
    assert result.exit_code == 0, result.output
    assert path.exists() and "angelegt" in result.output
    result = CliRunner().invoke(app, ["init", str(path)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 0, result.output
    assert (tmp_path / "runde" / "wolfbot.sqlite").exists()
    assert "wolfbot run" in result.output


def test_init_and_run_refuse_an_invalid_configuration(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[game]\ntitle = 'x'\n", encoding="utf-8")
    for command in ("init", "run"):
        result = CliRunner().invoke(app, [command, str(path)])
        assert result.exit_code == 2 and "Fehler" in result.output
        assert "seed" in result.output and "forum" in result.output


def test_run_once_starts_the_round_on_the_forum(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        path = tmp_path / "config.toml"
        path.write_text(config_text(here), encoding="utf-8")
        result = CliRunner().invoke(app, ["run", str(path), "--once"], env=ENV)
        assert result.exit_code == 0, result.output
        assert "Runde läuft: Runde 1 begonnen mit 6 Spielern" in result.output
        assert titles(here)[0].endswith("Testrunde")


def test_run_passes_until_stopped_and_arms_the_alarm_clock(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        runner = Live(config_for(here), forum=here.client())  # the real clock
        stop = threading.Event()
        thread = threading.Thread(target=runner.run, args=(stop,))
        thread.start()
        armed: dict = {}
        for _ in range(200):
            if runner.alarm is not None:
                armed = runner.alarm.jobs()
                if "deadline 1: day 1" in armed:
                    break
            time.sleep(0.05)
        stop.set()
        thread.join(timeout=10)
        assert not thread.is_alive()
        assert titles(here)[0].endswith("Testrunde")
        planned = {d.name: d.at for d in runner.planner().deadlines.pending()}
        assert armed["deadline 1: day 1"] == planned["day 1"]  # the alarm clock is armed
        runner.close()


def test_a_listed_player_the_forum_does_not_know_stops_the_start(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        players = ", ".join(f'"{n}"' for n in [*NAMES[:-1], "Niemand"])
        runner = live(here, config_for(here, signup=f"min_players = 5\nplayers = [{players}]"))
        report = runner.step()
        assert report.stage == "signup" and "Niemand" in report.detail
        assert titles(here) == []
        runner.close()


def test_mentions_carry_the_forum_user_ids(tmp_path: Path) -> None:
    with site(tmp_path) as here:
        runner = live(here, config_for(here))
        runner.step()
        with runner.sessions() as session:
            rows = session.scalars(select(PlayerRow)).all()
        assert all(row.forum_user_id for row in rows)
        assert runner.bot.context.user_ids == {r.name: r.forum_user_id for r in rows}
        runner.close()


def test_the_eroeffnungsbeitrag_states_the_rounds_outing_rules(tmp_path: Path) -> None:
    """ "Wenn die Spielleitung vom absoluten Offenbarungsverbot abweicht, so gibt die
    Spielleitung dies spätestens im Eröffnungsbeitrag bekannt": `[round] outing`."""
    with site(tmp_path) as here:
        text = config_text(here).replace(
            'round_name = "Testrunde"',
            'round_name = "Testrunde"\nouting = ["werwoelfe", "rollen"]\n'
            'outing_roles = ["Seherin", "Hexe"]',
        )
        config = parse_config(tomllib.loads(text), here.db.parent / "config.toml", env=ENV)
        runner = live(here, config)
        runner.step()
        runner.bot.send()
        (opening,) = [p for p in here.forum.posts(here.thread_id) if p.author == BOT][:1]
        body = " ".join(BeautifulSoup(opening.html, "html.parser").get_text(" ").split())
        assert "Outing: Eingeschränktes Offenbarungsverbot für Werwölfe: Die Werwölfe" in body
        assert "für bestimmte Rollen (Seherin und Hexe): Bestimmte Rollen dürfen" in body
        assert "Keine Abweichung" not in body
        runner.close()


def test_a_wolf_village_round_deals_einsteiger_and_ends_its_day_with_the_night(
    tmp_path: Path,
) -> None:
    """`ruleset = "wolfvillage"` without `[roles] list`: the first ready-made setup that fits
    (Einsteiger: "1 Werwolf bei 4 bis 6 Spielern", a Seherin, Dorfbewohner); no Dämmerung –
    the day's vote ends when the night begins ("night 2" at 21:00), and the Abend says so."""
    with site(tmp_path) as here:
        text = config_text(here).replace("seed = ", 'ruleset = "wolfvillage"\nseed = ', 1)
        text = text.replace(text[text.index("[roles]") : text.index("[round]")], "")
        config = parse_config(tomllib.loads(text), here.db.parent / "config.toml", env=ENV)
        runner = live(here, config)
        runner.step()
        state = runner.bot.game.state
        dealt = sorted(p.role for p in state.players)
        assert dealt == ["Dorfbewohner"] * 4 + ["Seherin", "Werwolf"]
        roles = {p.role: p.name for p in state.players}
        wolf = roles["Werwolf"]
        victim = next(p.name for p in state.players if p.role == "Dorfbewohner")
        pack = "Rudel – 1. Ligarunde"  # Wolf Village's conversation of the Werwölfe
        (den,) = [c.id for c in here.forum.conversations(wolf) if c.title == pack]
        here.forum.add_conversation_message(den, wolf, bold(f"!Fressen {victim}"))
        until(here, due(runner, "day 1"))
        runner.step()
        names = {d.name for d, _ in runner.planner().deadlines.entries()}
        assert "night 2" in names and "dusk 1" not in names
        assert due(runner, "night 2") == datetime(2026, 10, 25, 20, 0, tzinfo=UTC)  # 21:00 CET
        here.forum.add_post(here.thread_id, roles["Seherin"], bold(f"!Verbannen {wolf}"))
        for deadline in ("zwischenstand 1/1", "zwischenstand 1/2", "reminder night 2", "night 2"):
            until(here, due(runner, deadline))
            runner.step()
        assert titles(here)[1:] == [
            "Morgen des ersten Tages",
            "Zwischenstand des ersten Tages",
            "Zwischenstand des ersten Tages",
            "Erinnerung",
            "Das Ende der Runde",
        ]
        assert runner.bot.game.state.winners == ("Dorf",)
        runner.close()


def test_a_stichwahl_gets_its_own_deadline_and_ends_the_day(tmp_path: Path) -> None:
    """Wolf Village's `gleichstand = "nochmal"`: the day ends in a tie, a Stichwahl among the
    tied runs for `stichwahl_hours` (its deadline `stichwahl 1`), and its end is the Abend."""
    with site(tmp_path) as here:
        text = config_text(here).replace("seed = ", 'ruleset = "wolfvillage"\nseed = ', 1)
        text = text.replace(text[text.index("[roles]") : text.index("[round]")], "")
        text = text.replace("[forum]", '[game.options]\ngleichstand = "nochmal"\n\n[forum]', 1)
        config = parse_config(tomllib.loads(text), here.db.parent / "config.toml", env=ENV)
        runner = live(here, config)
        runner.step()
        state = runner.bot.game.state
        roles = {p.role: p.name for p in state.players}
        wolf, seer = roles["Werwolf"], roles["Seherin"]
        others = [p.name for p in state.players if p.role == "Dorfbewohner"]
        pack = "Rudel – 1. Ligarunde"
        (den,) = [c.id for c in here.forum.conversations(wolf) if c.title == pack]
        here.forum.add_conversation_message(den, wolf, bold(f"!Fressen {others[0]}"))
        until(here, due(runner, "day 1"))
        runner.step()
        here.forum.add_post(here.thread_id, seer, bold(f"!Verbannen {wolf}"))
        here.forum.add_post(here.thread_id, wolf, bold(f"!Verbannen {seer}"))
        for deadline in ("zwischenstand 1/1", "zwischenstand 1/2", "reminder night 2", "night 2"):
            until(here, due(runner, deadline))
            runner.step()
        assert str(runner.bot.game.state.phase) == "runoff 1"
        assert titles(here)[-1] == "Stichwahl des ersten Tages"
        ends = due(runner, "stichwahl 1")
        assert ends - here.clock.now == timedelta(hours=2)
        here.forum.add_post(here.thread_id, others[1], bold(f"!Verbannen {wolf}"))
        until(here, ends)
        runner.step()
        assert titles(here)[-1] == "Das Ende der Runde"
        assert runner.bot.game.state.winners == ("Dorf",)
        runner.close()


def test_the_deal_keeps_the_roles_the_config_sets_aside_for_the_gaukler(tmp_path: Path) -> None:
    """Der Gaukler: "Vor der Rollenverlosung wählt die Spielleitung drei Rollen, die für das
    Dorf spielen, aus" – the three of `[game.options] gaukler_roles` are his, not three
    chosen with the seed; without them the seed chooses."""
    with site(tmp_path) as here:
        text = config_text(here).replace('"Bürger"', '"Gaukler"', 1)
        chosen = '[game.options]\ngaukler_roles = ["Heiler", "Fuchs", "Priester"]\n\n[forum]'
        config = parse_config(
            tomllib.loads(text.replace("[forum]", chosen, 1)), here.db.parent / "c.toml", env=ENV
        )
        deal = live(here, config).deal(NAMES)
        assert "Gaukler" in deal.roles
        assert deal.options["gaukler_roles"] == ["Heiler", "Fuchs", "Priester"]
        by_seed = live(here, config_for(here)).deal(NAMES)
        assert "gaukler_roles" not in by_seed.options
