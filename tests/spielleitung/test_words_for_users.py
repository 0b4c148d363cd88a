"""What the Spielleitung reads has no developer words (issue 34, points 9 and 16): each
house rule with its German label and its value in words; each error one German sentence
that says what to do, a non-zero exit code, no traceback, no English words of the operating
system or of the TOML parser; `init` does not create a missing folder behind her back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfbot.cli import app

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"
ENV = {"WOLFBOT_PASSWORD": "streng-geheim", "COLUMNS": "200"}
runner = CliRunner()
# the English of the operating system, of tomllib and of Python
ENGLISH = re.compile(
    r"No such file|Errno|Traceback|Illegal character|Invalid|Expected|Unterminated|"
    r"Cannot|directory|unknown ruleset|available|INVALID|True|False|\(\)"
)


def flat(output: str) -> str:
    """The output without table borders and line breaks (rich wraps to the terminal)."""
    for border in "│┃┏┓┗┛┡┩└┘━─┳╇┻┴":
        output = output.replace(border, " ")
    return " ".join(output.split())


def german(result) -> str:
    """The whole output of a command that failed as it should: non-zero, no English."""
    text = flat(result.output)
    assert result.exit_code == 2, text
    assert not ENGLISH.search(text), text
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return text


# -- the house rules -----------------------------------------------------------------------------
def test_check_config_names_each_house_rule_with_its_label_and_value_in_words() -> None:
    result = runner.invoke(app, ["check-config", str(EXAMPLE), "--offline"], env=ENV)
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "Verliebte dürfen nicht gegeneinander stimmen: ja (Vorgabe)" in text
    assert "Dämmerungen ohne Stimme bis zum Ausschluss: 2" in text
    assert "Übrige Rollen des Diebs: keine (Vorgabe)" in text
    for word in ("lovers_vote_restriction", "split_night", "dieb_roles", "True", "False"):
        assert word not in text


def test_rules_show_names_each_house_rule_with_its_label_and_value_in_words() -> None:
    result = runner.invoke(app, ["rules", "show", "duesterliga"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "Übrige Rollen des Diebs: keine" in text
    assert "Abgelehnte Heilung verbraucht die Fähigkeit nicht: ja" in text
    for word in ("dieb_roles", "= ()", "True", "False", "refused_heal"):
        assert word not in text


# -- the errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["check-config", "run"])
def test_a_missing_config_file_is_one_german_sentence(tmp_path: Path, command: str) -> None:
    missing = tmp_path / "runde.toml"
    text = german(runner.invoke(app, [command, str(missing)], env=ENV))
    assert f"Die Konfigurationsdatei {missing} gibt es nicht" in text
    assert f"wolfbot init {missing}" in text


def test_a_folder_instead_of_the_config_file_is_named(tmp_path: Path) -> None:
    text = german(runner.invoke(app, ["check-config", str(tmp_path)], env=ENV))
    assert f"{tmp_path} ist ein Ordner, keine Datei" in text


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('title = "Die Runde', "der Text in Anführungszeichen endet nicht in dieser Zeile"),
        ("title = Die Runde", "Text gehört in Anführungszeichen"),
        ("[zeiten", "Abschnittsname ist nicht mit ] geschlossen"),
        ("seed 12", "fehlt das Gleichheitszeichen"),
        ('players = ["Anna" "Bernd"]', "Liste ist nicht geschlossen"),
    ],
    ids=["open-string", "no-quotes", "open-header", "no-equals", "no-comma"],
)
@pytest.mark.parametrize("command", ["check-config", "run"])
def test_a_toml_syntax_error_is_one_german_sentence_with_its_line(
    tmp_path: Path, command: str, line: str, said: str
) -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    lines.insert(11, line)  # line 12
    path = tmp_path / "config.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = german(runner.invoke(app, [command, str(path)], env=ENV))
    assert f"{path}, Zeile 12" in text and said in text


def test_a_twice_given_key_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[game]\nseed = 1\nseed = 2\n", encoding="utf-8")
    text = german(runner.invoke(app, ["check-config", str(path)], env=ENV))
    assert f"{path}, Zeile 3 (seed = 2): dieser Schlüssel steht schon weiter oben" in text


def test_the_store_of_a_config_with_a_syntax_error_is_not_looked_up_in_english(
    tmp_path: Path,
) -> None:
    from wolfbot.spielleitung.errors import ControlError
    from wolfbot.spielleitung.options import store_path

    path = tmp_path / "config.toml"
    path.write_text("[store]\npath = wolfbot.sqlite\n", encoding="utf-8")
    with pytest.raises(ControlError) as error:
        store_path(None, path)
    assert f"{path}, Zeile 2" in str(error.value) and not ENGLISH.search(str(error.value))


def test_a_missing_scenario_file_is_one_german_sentence(tmp_path: Path) -> None:
    missing = tmp_path / "hexe.yaml"
    text = german(runner.invoke(app, ["scenario", "run", str(missing)]))
    assert f"Die Szenariodatei {missing} gibt es nicht" in text


def test_a_missing_ruleset_is_one_german_sentence(tmp_path: Path) -> None:
    from wolfbot.cli import explain_error
    from wolfbot.rulesets import loader

    with pytest.raises(loader.RulesetError) as error:
        loader.load("duesterlig")
    code, said = explain_error(error.value)
    assert code == 2 and not ENGLISH.search(said), said
    assert "Kein Regelwerk heißt „duesterlig“" in said and "Meintest du „duesterliga“?" in said
    scenario = tmp_path / "s.yaml"
    scenario.write_text("title: x\nruleset: duesterlig\nplayers: []\nscript: []\n")
    result = runner.invoke(app, ["scenario", "run", str(scenario)])
    assert result.exit_code == 1 and "Kein Regelwerk heißt „duesterlig“" in flat(result.output)


def test_an_unreadable_file_is_named_in_german() -> None:
    from wolfbot.cli import explain_error

    code, said = explain_error(FileNotFoundError(2, "No such file or directory", "runde.sqlite"))
    assert code == 1 and "runde.sqlite" in said and "gibt es nicht" in said
    assert not ENGLISH.search(said), said


# -- init ----------------------------------------------------------------------------------------
def test_init_does_not_create_a_missing_folder(tmp_path: Path) -> None:
    folder = tmp_path / "Runde 3"
    text = german(runner.invoke(app, ["init", str(folder / "config.toml")]))
    assert f"Den Ordner {folder} gibt es nicht" in text
    assert f"mkdir -p '{folder}'" in text
    assert not folder.exists()
