"""`wolfbot check-config`: a valid file is explained, a wrong key is named, the password never
shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfbot.cli import app

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"
runner = CliRunner()
ENV = {"WOLFBOT_PASSWORD": "streng-geheim"}


def flat(output: str) -> str:
    """The table's text without borders and line breaks (rich wraps to the terminal)."""
    for border in "│┃┏┓┗┛┡┩└┘━─┳╇┻┴":
        output = output.replace(border, " ")
    return " ".join(output.split())


def test_the_example_config_is_explained_without_the_password(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["check-config", str(EXAMPLE)], env={"WOLFBOT_PASSWORD": "streng-geheim"}
    )
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "in Ordnung" in text
    assert "Umgebungsvariable WOLFBOT_PASSWORD" in text
    assert "Dämmerungen ohne Stimme bis zum Ausschluss: 2" in text and "(Vorgabe)" in text
    assert "streng-geheim" not in result.output
    # the players are listed: the roles the seed draws for them, and their estimate
    assert "gezogen mit Seed 20261130" in text and "Das heißt:" in text


def test_a_listed_role_list_is_estimated(tmp_path: Path) -> None:
    """The sides' win rates of `[roles] list` from simulated games (`wolfbot setup rate`)."""
    path = tmp_path / "config.toml"
    roles = '["Werwolf", "Werwolf", "Seherin", "Hexe", "Bürger", "Bürger", "Bürger", "Bürger"]'
    text = EXAMPLE.read_text(encoding="utf-8").replace("list = []", f"list = {roles}", 1)
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check-config", str(path), "--offline"], env=ENV)
    assert result.exit_code == 0, result.output
    said = flat(result.output)
    assert "Schätzung aus 200 simulierten Spielen: " in said and "Rudel" in said


def test_a_missing_password_variable_is_named(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check-config", str(EXAMPLE)], env={"WOLFBOT_PASSWORD": ""})
    assert result.exit_code == 2
    assert "password_env" in flat(result.output)


def test_a_wrong_option_is_named(tmp_path: Path) -> None:
    broken = tmp_path / "config.toml"
    broken.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("mob_votes = 1", "mob_votez = 1"),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check-config", str(broken)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 2
    assert "mob_votez" in flat(result.output)


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check-config", str(tmp_path / "fehlt.toml")])
    assert result.exit_code == 2


def _with_variants(tmp_path: Path, line: str) -> Path:
    config = tmp_path / "config.toml"
    text = EXAMPLE.read_text(encoding="utf-8")
    config.write_text(text.replace('# variants = ["totenreich"]', line), encoding="utf-8")
    return config


def test_the_variants_are_a_list_of_the_ruleset_s_variants(tmp_path: Path) -> None:
    good = _with_variants(tmp_path, 'variants = ["totenreich", "sekte"]')
    result = runner.invoke(app, ["check-config", str(good)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 0, result.output
    assert "Spielvarianten: Das Totenreich, Die Sekte" in flat(result.output)
    bad = _with_variants(tmp_path, 'variants = ["zombies"]')
    result = runner.invoke(app, ["check-config", str(bad)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 2
    assert "variants: erwartet eine Liste aus totenreich oder sekte" in flat(result.output)


def test_a_wolf_village_config_is_explained_in_its_own_terms(tmp_path: Path) -> None:
    """No Dämmerung in the Zeitplan or the reminders; without a role list the first
    ready-made setup that fits; the Düsterliga's house rules are refused with the known."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('ruleset = "duesterliga"', 'ruleset = "wolfvillage"')
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    refused = runner.invoke(app, ["check-config", str(config)], env={"WOLFBOT_PASSWORD": "x"})
    assert refused.exit_code == 2
    assert "„inactivity_dusks“ ist keine Hausregel des Regelwerks wolfvillage" in flat(
        refused.output
    )
    text = text.replace("inactivity_dusks = 2\nmob_votes = 1", "hauptmann = true")
    config.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check-config", str(config)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 0, result.output
    said = flat(result.output)
    assert "Tag ab 09:00, Nacht ab 21:00 Uhr" in said and "Dämmerung" not in said
    assert "Erinnerung an die Stimme 2 h vor der Nacht" in said
    assert "die erste passende fertige Zusammenstellung (Einsteiger)" in said
    assert "Hauptmannwahl am ersten Tag: ja" in said


# -- issue 15, item 14: a round that cannot be played is not "in Ordnung" ----------------------
def _round(tmp_path: Path, **changes: str) -> Path:
    """The example with its lines replaced: {key: new line} (the line starting with key)."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    for key, new in changes.items():
        index = next(i for i, line in enumerate(lines) if line.startswith(key))
        lines[index] = new
    path = tmp_path / "config.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


EIGHT = 'players = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Frau Holle", "Gustav", "Hanna"]'


def test_check_config_and_init_refuse_an_unplayable_round(tmp_path: Path) -> None:
    broken = _round(
        tmp_path,
        players='players = ["Anna", "Bernd", "Clara"]',
        list='list = ["Sehr", "Werwolf", "Bürger"]',
        dusk_begins='dusk_begins = "08:00"',
    )
    env = {"WOLFBOT_PASSWORD": "x"}
    result = runner.invoke(app, ["check-config", "--offline", str(broken)], env=env)
    assert result.exit_code == 2, result.output
    text = flat(result.output)
    assert "so nicht spielbar" in text and "in Ordnung" not in text
    assert "Keine Rolle heißt „Sehr“. Meintest du „Seherin“" in text
    assert "signup.players nennt 3 Spieler, signup.min_players verlangt mindestens 8" in text
    assert "schedule.dusk_begins = 08:00: die Dämmerung beginnt nicht nach dem Tag" in text
    made = runner.invoke(app, ["init", str(broken)], env=env)
    assert made.exit_code == 2 and not (tmp_path / "wolfbot.sqlite").exists(), made.output
    ran = runner.invoke(app, ["run", str(broken), "--once"], env=env)
    assert ran.exit_code == 2 and "Traceback" not in ran.output, ran.output


def test_three_roles_for_eight_players_and_a_night_before_the_dusk(tmp_path: Path) -> None:
    broken = _round(
        tmp_path,
        players=EIGHT,
        list='list = ["Seherin", "Werwolf", "Bürger"]',
        night_begins='night_begins = "18:00"',
    )
    result = runner.invoke(
        app, ["check-config", "--offline", str(broken)], env={"WOLFBOT_PASSWORD": "x"}
    )
    assert result.exit_code == 2
    text = flat(result.output)
    assert "3 Rollen für 8 Spieler; es braucht genau 8 Rollen" in text
    assert "schedule.night_begins = 18:00: die Nacht beginnt nicht nach der Dämmerung" in text


def test_every_listed_player_is_looked_up_on_the_forum(tmp_path: Path) -> None:
    from wolfbot.forum.local.forum import LocalForum
    from wolfbot.forum.local.server import LocalForumServer

    forum = LocalForum()
    forum.add_user("Spielleitung", "pw")
    for name in ("Anna", "Bernd", "Clara", "Dora", "Emil", "Frau Holle", "Gustav"):
        forum.add_user(name, "pw")  # no "Hanna"
    with LocalForumServer(forum) as server:
        config = _round(
            tmp_path,
            players=EIGHT,
            base_url=f'base_url = "{server.base_url}"',
            request_interval="request_interval = 0",  # loopback: no pacing to wait for
        )
        result = runner.invoke(app, ["check-config", str(config)], env={"WOLFBOT_PASSWORD": "pw"})
    forum.store.close()
    assert result.exit_code == 2, result.output
    text = flat(result.output)
    assert "signup.players: Kein Mitglied des Forums heißt „Hanna“" in text
    assert "„Anna“" not in text


def test_a_forum_that_cannot_be_reached_is_a_warning(tmp_path: Path) -> None:
    config = _round(tmp_path, base_url='base_url = "http://127.0.0.1:9/"')
    result = runner.invoke(app, ["check-config", str(config)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "in Ordnung" in text
    assert "Warnung: Das Forum http://127.0.0.1:9/ war nicht erreichbar" in text
    assert "ist nicht geprüft" in text


OUTINGS = [
    ('outing = ["werwoelfe", "daemmerung"]', 0, ["in Ordnung"]),
    ('outing = ["werwölfe"]', 2, ["Offenbarungsregelung heißt „werwölfe“", "Meintest du"]),
    ('outing = ["rollen"]', 2, ["round.outing_roles nennt keine Rolle"]),
]


@pytest.mark.parametrize(("line", "code", "said"), OUTINGS, ids=["two", "unknown", "no-roles"])
def test_the_outing_rules_are_a_round_option(tmp_path: Path, line: str, code: int, said) -> None:
    """ "Die Spielleitung kann von diesem absoluten Offenbarungs- und Andeutungsverbot
    abweichen": `[round] outing` names the "Andere Offenbarungsregelungen"."""
    config = _round(tmp_path, **{"outing ": line})
    result = runner.invoke(
        app, ["check-config", "--offline", str(config)], env={"WOLFBOT_PASSWORD": "x"}
    )
    assert result.exit_code == code, result.output
    for part in said:
        assert part in flat(result.output)


def test_a_ruleset_without_setups_or_advice_needs_a_role_list(tmp_path: Path) -> None:
    """The Düsterwald's text gives no setups and no Rollenverteilung: an empty roles.list is
    refused with what to do, a listed one is checked."""
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        'ruleset = "duesterliga"', 'ruleset = "klassisch"'
    )
    text = text.replace("inactivity_dusks = 2\nmob_votes = 1", "")
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    refused = runner.invoke(app, ["check-config", str(config)], env={"WOLFBOT_PASSWORD": "x"})
    assert refused.exit_code == 2, refused.output
    assert "roles.list ist leer, aber das Regelwerk Die Werwölfe von Düsterwald" in flat(
        refused.output
    )
