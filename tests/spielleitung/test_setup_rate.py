"""`wolfbot setup rate` (issue 18): each side's win rate of a role list from simulated games,
with its interval and the rule of thumb beside it – for a 12-player Düsterliga list and for
every Wolf Village setup; `--json` for scripts; `--plot` a family's win rates as a PNG;
wrong input a German message and exit code 2. Issue 38: on every core (`--jobs`), the same
numbers as on one, and how long it took."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from wolfbot.balance.cores import Cores, available_cores, processes_for
from wolfbot.balance.games import play
from wolfbot.cli import app
from wolfbot.demo.simulate import TWELVE
from wolfbot.rulesets import loader
from wolfbot.setup.setups import load_setups
from wolfbot.spielleitung import rate_view

RUNNER = CliRunner()
GAMES = "12"  # enough for the table, quick for the suite


def rate(*args: str):
    return RUNNER.invoke(app, ["setup", "rate", "--games", GAMES, *args])


def test_a_twelve_player_duesterliga_list_is_rated() -> None:
    result = rate("--players", "12")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Düsterliga, 12 Spieler – Vorschlag der Rollenverteilung (Seed 1)" in out
    assert "12 simulierte Spiele (Seed 1 und folgende)" in out
    assert "95-%-Intervall" in out and "Rudel" in out
    assert "Länge eines Spiels: im Median" in out
    assert "Keine Einwände nach der Rollenverteilung." in out
    # the model's view beside the league's advice (issue 38)
    assert "Das heißt: Das Modell sieht " in out
    assert "Die Liste folgt der Rollenverteilung der Liga" in out
    assert "Gespielt in " in out and " s auf " in out


# enough games that two processes pay even where new ones start by fork server (as under
# pytest-xdist, whose threads rule out fork): `processes_for` plays them on two cores
@pytest.mark.parametrize(
    ("args", "players", "games"),
    [
        (("--roles", "3x Werwolf, Seherin, Hexe, Amor, Jäger, 5x Bürger"), 12, 600),
        (("--ruleset", "wolfvillage", "--setup", "Chaos", "--players", "10"), 10, 870),
    ],
    ids=["duesterliga-12", "wolfvillage-chaos-10"],
)
def test_every_core_gives_the_numbers_of_one(
    args: tuple[str, ...], players: int, games: int
) -> None:
    if available_cores() < 2:
        pytest.skip("one core here: there is no second process to compare with")
    assert processes_for(games, players, available_cores()) > 1  # the pool really plays
    args = (*args, "--games", str(games))

    def rated(jobs: int) -> dict:
        result = RUNNER.invoke(app, ["setup", "rate", "--json", "--jobs", str(jobs), *args])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    assert rated(available_cores()) == rated(1)


@pytest.mark.parametrize("setup", [s.name for s in load_setups("wolfvillage").setups])
def test_every_wolf_village_setup_is_rated(setup: str) -> None:
    players = str(max(load_setups("wolfvillage").setup(setup).players.min, 8))
    result = rate("--ruleset", "wolfvillage", "--setup", setup, "--players", players)
    assert result.exit_code == 0, result.output
    assert f"Zusammenstellung {setup}" in result.output
    assert "Bewertung der Lobby:" in result.output and "Werwölfe" in result.output
    assert "Die Lobby von Wolf Village bewertet die Karten mit „Ausgeglichen“" in result.output


def test_the_json_is_the_same_for_the_same_seed() -> None:
    args = ("--roles", "3x Werwolf, Seherin, Hexe, Amor, Jäger, 5x Bürger", "--json")
    first = json.loads(rate(*args).output)
    assert json.loads(rate(*args).output) == first
    assert first["players"] == 12 and first["games"] == 12 and first["seed"] == 1
    assert first["meaning"].startswith("Das heißt: Das Modell sieht ")
    assert sum(s["wins"] for s in first["sides"]) + first["no_winner"] >= 12
    for side in first["sides"]:
        assert 0 <= side["low"] <= side["rate"] <= side["high"] <= 1


def test_a_family_is_plotted(tmp_path) -> None:
    path = tmp_path / "standard.png"
    args = ("--ruleset", "wolfvillage", "--setup", "Standard 12", "--plot", str(path))
    result = RUNNER.invoke(app, ["setup", "rate", "--games", "4", *args])
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Grafik:" in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--ruleset", "nirgendwo", "--players", "8"), "Kein Regelwerk „nirgendwo“"),
        ((), "Für wie viele Spieler?"),
        (("--roles", "2x Werwolf, Seherin", "--players", "8"), "3 Rollen für 8 Spieler"),
        (("--ruleset", "wolfvillage", "--players", "8"), "--setup NAME"),
        (("--ruleset", "wolfvillage", "--setup", "Gibtsnicht", "--players", "8"), "Es gibt:"),
        (("--ruleset", "wolfvillage", "--setup", "Standard 12", "--players", "8"), "braucht 12"),
        (("--players", "8", "--jobs", "0"), "--jobs braucht mindestens 1 (einen Kern)"),
        (("--players", "8", "--jobs", "4096"), "mehr geht nicht schneller"),
    ],
    ids=[
        "ruleset",
        "no players",
        "count",
        "no setup",
        "unknown setup",
        "wrong count",
        "no core",
        "more than the cores",
    ],
)
def test_a_wrong_input_is_answered_in_german(args: tuple[str, ...], said: str) -> None:
    result = rate(*args)
    assert result.exit_code == 2
    assert said in result.output


@pytest.mark.parametrize("jobs", [1, 2], ids=["one-core", "two-cores"])
def test_the_default_count_is_measured_on_games_that_count(jobs: int) -> None:
    """Without --games: about 25 s of games on the cores, in hundreds, measured on the first
    20 games of each process – which are the first games of the rating."""
    rules = loader.load("duesterliga")
    chosen = rate_view.RoleList(list(TWELVE))
    with Cores(rules, jobs) as cores:
        count, first = rate_view.default_games(cores, chosen, 5)
    assert count % 100 == 0 and rate_view.MIN_GAMES <= count <= rate_view.MAX_GAMES * jobs
    assert first == [play(rules, TWELVE, seed) for seed in range(5, 5 + 20 * jobs)]
