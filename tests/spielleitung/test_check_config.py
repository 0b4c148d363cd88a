"""`wolfbot check-config`: a valid file is explained, a wrong key is named, the password never
shows."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from wolfbot.cli import app

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"
runner = CliRunner()


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
    assert "inactivity_dusks = 2" in text and "(Vorgabe)" in text
    assert "streng-geheim" not in result.output


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
    assert "totenreich, sekte" in flat(result.output)
    bad = _with_variants(tmp_path, 'variants = ["zombies"]')
    result = runner.invoke(app, ["check-config", str(bad)], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 2
    assert "variants: expected a list of totenreich or sekte" in flat(result.output)
