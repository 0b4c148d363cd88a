"""`wolfbot check-config` refuses a round that cannot start on time (issue 34, point 7): the
start is rehearsed – its conversations and messages – against `[forum.limits]` and the time
until the first deadline, and the setting that holds it is named with the value to ask the
forum's admin for. A login the forum refuses is an error, in German. The estimate of the
roles says what it means (point 8). The example configuration starts a round of 12 and one
of 24 on time against the local forum."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfbot.bot.live import Live
from wolfbot.cli import app
from wolfbot.forum.local import SPIELLEITUNG, LocalForum, LocalForumServer
from wolfbot.outbox.pacing import paced
from wolfbot.outbox.values import FloodLimits
from wolfbot.setup.config import load_config
from wolfbot.spielleitung.start_check import StartCheck, check

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"
ENV = {"WOLFBOT_PASSWORD": "geheim"}
runner = CliRunner()
NOW = datetime(2026, 12, 5, 19, 0, tzinfo=UTC)  # Saturday 20:00 in Berlin; day 1 Sunday 09:00


def flat(output: str) -> str:
    for border in "│┃┏┓┗┛┡┩└┘━─┳╇┻┴":
        output = output.replace(border, " ")
    return " ".join(output.split())


def names(count: int) -> list[str]:
    return [f"Spieler {number}" for number in range(1, count + 1)]


def config_file(tmp_path: Path, players: int, **lines: str) -> Path:
    """The example with `players` listed and its lines replaced ({key: new line})."""
    text = EXAMPLE.read_text(encoding="utf-8").splitlines()
    listed = ", ".join(f'"{name}"' for name in names(players))
    lines = {"players =": f"players = [{listed}]", **lines}
    for key, new in lines.items():
        index = next(i for i, line in enumerate(text) if line.startswith(key))
        text[index] = new
    path = tmp_path / "config.toml"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path


USERS_GROUP = {  # WoltLab's group "Users": the example's limits before issue 34
    "conversation_message_interval": "conversation_message_interval = 60",
    "conversations_per_day": "conversations_per_day = 10",
}


def rehearsed(path: Path) -> StartCheck:
    found = check(load_config(path, env=ENV), NOW)
    assert isinstance(found, StartCheck)
    return found


def test_the_start_is_planned_by_the_forum_s_rules() -> None:
    """Thirteen conversations at 60 s, ten a day: the eleventh waits until the first is a
    day old; with one pass a minute each goes at the next pass."""
    limits = FloodLimits(0, 60, conversations_per_day=10)
    times = paced([True] * 13, limits, NOW, wake=60, cost=2)
    assert [(t - NOW).total_seconds() for t in times[:3]] == [0, 60, 120]
    assert (times[10] - NOW).total_seconds() == 24 * 3600
    free = paced([True] * 13, FloodLimits(0, 0, conversations_per_day=-1), NOW, cost=2)
    assert (free[-1] - NOW).total_seconds() == 24  # one pass, 2 s a message


def test_twelve_players_with_the_users_group_s_limits_cannot_start_on_time(
    tmp_path: Path,
) -> None:
    path = config_file(tmp_path, 12, **USERS_GROUP)
    found = rehearsed(path)
    assert len(found.openings) == 13 and not found.on_time()
    assert [o.name for o in found.late()][-1] == "Wolfshöhle"
    result = runner.invoke(app, ["check-config", "--offline", str(path)], env=ENV)
    assert result.exit_code == 2, result.output
    said = flat(result.output)
    assert "so nicht spielbar" in said and "in Ordnung" not in said
    assert (
        "Fehler: Der Start öffnet 13 Konversationen, forum.limits.conversations_per_day "
        "erlaubt nur 10 in 24 Stunden, sodass 2 Rollenmitteilungen und die Wolfshöhle erst "
        "nach der ersten Frist" in said
    )
    assert "maxStartedConversationsPer24Hours = -1" in said
    assert "conversations_per_day = -1 eintragen" in said
    assert "Start braucht 13 neue Konversationen (12 Rollenmitteilungen und die Wolfshöhle)" in said


def test_a_long_flood_wait_names_the_interval_that_would_do(tmp_path: Path) -> None:
    path = config_file(
        tmp_path,
        12,
        conversation_message_interval="conversation_message_interval = 7200",
        max_participants="max_participants = 2",
    )
    found = rehearsed(path)
    assert not found.on_time()
    problems = " ".join(found.problems)
    assert "bei 7200 s Abstand (forum.limits.conversation_message_interval)" in problems
    assert "floodControlTime = 0" in problems and "conversation_message_interval = 0" in problems
    fits = int(problems.split("höchstens ")[1].split(" s")[0])  # the longest that would do
    assert 0 < fits < 7200
    assert found.on_time(FloodLimits(30, fits, conversations_per_day=-1))
    assert not found.on_time(FloodLimits(30, fits + 1, conversations_per_day=-1))
    # a Wolfshöhle of three cannot be opened by an account allowed two participants
    assert "Die Wolfshöhle hat beim Start 3 Teilnehmer" in problems
    assert "maxParticipants = 3" in problems


@pytest.mark.parametrize("players", [12, 24])
def test_the_example_starts_a_round_on_time_against_the_local_forum(
    tmp_path: Path, players: int
) -> None:
    """The example's limits are what the README asks the admin for; the local forum's bot
    account has them (`wolfbot forum serve --demo`): one pass sends the whole start."""
    forum = LocalForum()
    forum.add_user("Spielleitung", "geheim")
    forum.set_limits("Spielleitung", **SPIELLEITUNG, max_participants=10)
    for name in names(players):
        forum.add_user(name, "pw")
    thread = forum.add_thread("Werwölfe", "Spielleitung")
    with LocalForumServer(forum) as server:
        path = config_file(
            tmp_path,
            players,
            base_url=f'base_url = "{server.base_url}"',
            thread_id=f"thread_id = {thread}",
            request_interval="request_interval = 0",  # loopback: no pacing to wait for
        )
        result = runner.invoke(app, ["check-config", str(path)], env=ENV)
        assert result.exit_code == 0, result.output
        said = flat(result.output)
        assert "in Ordnung" in said and "rechtzeitig vor der ersten Frist" in said
        live = Live(load_config(path, env=ENV))
        try:
            live.step()
            pending = live.bot.outbox.messages(["queued", "sending", "uncertain"])
        finally:
            live.close()
        opened = forum.conversations("Spielleitung")
    forum.store.close()
    assert pending == []
    assert len(opened) == len(rehearsed(path).openings) > players


def test_a_refused_login_is_an_error_in_german(tmp_path: Path) -> None:
    forum = LocalForum()
    forum.add_user("Spielleitung", "richtig")
    with LocalForumServer(forum) as server:
        path = config_file(
            tmp_path,
            8,
            base_url=f'base_url = "{server.base_url}"',
            request_interval="request_interval = 0",
        )
        result = runner.invoke(app, ["check-config", str(path)], env={"WOLFBOT_PASSWORD": "x"})
    forum.store.close()
    assert result.exit_code == 2, result.output
    said = flat(result.output)
    assert "in Ordnung" not in said and "not retried" not in result.output
    assert "Fehler: Das Forum hat die Anmeldung als „Spielleitung“ abgelehnt" in said
    assert "forum.username und das Passwort (Umgebungsvariable WOLFBOT_PASSWORD) prüfen" in said


def test_the_estimate_says_what_it_means(tmp_path: Path) -> None:
    """A listed role list, and the roles the seed draws for the listed players: each side's
    share, and what it means."""
    roles = '["Werwolf", "Werwolf", "Seherin", "Hexe", "Bürger", "Bürger", "Bürger", "Bürger"]'
    listed = config_file(tmp_path, 8, **{"list =": f"list = {roles}"})
    result = runner.invoke(app, ["check-config", "--offline", str(listed)], env=ENV)
    said = flat(result.output)
    assert "Schätzung aus 200 simulierten Spielen: " in said
    assert "Das heißt: Das Modell sieht " in said  # the model's view, with its interval
    assert "Die Liste folgt der Rollenverteilung der Liga" in said
    drawn = config_file(tmp_path, 12)
    result = runner.invoke(app, ["check-config", "--offline", str(drawn)], env=ENV)
    said = flat(result.output)
    assert "gezogen mit Seed 20261130:" in said and "Das heißt:" in said
