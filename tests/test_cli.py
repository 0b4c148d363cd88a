"""The command line: scenario runs (exit codes, --json), rules show."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfbot.cli import app

EXAMPLES = Path(__file__).parent / "scenarios" / "examples"
runner = CliRunner()


def test_scenario_run_passes_examples() -> None:
    result = runner.invoke(app, ["scenario", "run", str(EXAMPLES)])
    assert result.exit_code == 0, result.output
    assert "3 passed, 0 failed" in result.output


def test_scenario_run_reports_the_first_mismatch_and_fails(tmp_path: Path) -> None:
    text = (EXAMPLES / "02_hexe.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace("deaths: {Bernd: Hexe}", "deaths: {Bernd: Werwolf}"))
    result = runner.invoke(app, ["scenario", "run", str(broken)])
    assert result.exit_code == 1
    assert "step 8" in result.output and "deaths" in result.output


def test_scenario_run_rejects_an_invalid_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nruleset: duesterliga\nplayers: []\nscript: [{jump: {}}]\n")
    result = runner.invoke(app, ["scenario", "run", str(bad)])
    assert result.exit_code == 1
    assert "INVALID" in result.output


def test_scenario_run_json_prints_the_final_state() -> None:
    result = runner.invoke(app, ["scenario", "run", "--json", str(EXAMPLES / "02_hexe.yaml")])
    assert result.exit_code == 0
    state = json.loads(result.output[result.output.index("{") : result.output.rindex("}") + 1])
    assert state["phase"] == "day 2"
    assert state["mayor"] == "Clara"


def test_rules_show_lists_roles_and_what_is_missing() -> None:
    result = runner.invoke(app, ["rules", "show", "duesterliga"])
    assert result.exit_code == 0
    assert "Seherin" in result.output and "Noch nicht umgesetzt: keine" in result.output
    assert "Spielvariante vampirismus: Vampirismus – Rollen: Ghul, Vampir, Vampirjäger" in (
        " ".join(result.output.split())
    )


def test_demo_command_plays_a_round_to_the_end_and_says_where_to_look(tmp_path: Path) -> None:
    """One round on the 5.x markup (the 12-player demo of tests/demo plays 6.x): every
    phase post, the Abschlussbeitrag, the links and the SQLite files."""
    args = ["demo", "--players", "6", "--seed", "1", "--markup", "5", "--dir", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for phase in ("Morgen", "Dämmerung", "Abend"):
        assert f"{phase} des ersten Tages" in result.output
    assert "Das Ende der Runde" in result.output and "Gewonnen hat" in result.output
    assert "index.php?thread/" in result.output and "v_deaths" in result.output
    assert f"wolfbot forum serve --db {tmp_path / 'forum.sqlite'}" in result.output
    assert (tmp_path / "forum.sqlite").is_file() and (tmp_path / "wolfbot.sqlite").is_file()


def test_forum_parse_prints_one_json_line_per_post() -> None:
    page = Path(__file__).parent / "forum" / "fixtures" / "thread6_page1.html"
    result = runner.invoke(app, ["forum", "parse", str(page)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.output.splitlines()]
    assert records and {"id", "author", "time", "edited", "deleted", "text", "commands"} <= set(
        records[0]
    )
    assert any(r["commands"] for r in records)


def test_forum_parse_refuses_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["forum", "parse", str(tmp_path / "fehlt.html")])
    assert result.exit_code != 0


def test_forum_serve_serves_the_local_forum_until_stopped(tmp_path: Path) -> None:
    """`wolfbot forum serve --demo`: a WoltLab look-alike with the demo's accounts."""
    import subprocess
    import sys

    import httpx

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wolfbot.cli",
            "forum",
            "serve",
            "--port",
            "0",
            "--demo",
            "--db",
            str(tmp_path / "forum.sqlite"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline()
        url = first.split(" auf ", 1)[1].strip()
        page = httpx.get(f"{url}index.php?login/", timeout=5, trust_env=False)
        assert page.status_code == 200 and "login" in page.text.casefold()
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stdout.close()


# -- issue 15, item 15: no traceback, --version, --db, German help, a light start -------------
EXAMPLE_CONFIG = Path(__file__).parents[1] / "config.example.toml"


def test_version_prints_the_installed_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == "wolfbot 0.1.0"


def test_an_unknown_ruleset_is_a_german_message_not_a_traceback() -> None:
    result = runner.invoke(app, ["rules", "show", "duesterlig"])
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert "Kein Regelwerk heißt „duesterlig“. Meintest du „duesterliga“?" in result.output
    assert "Traceback" not in result.output


def test_run_with_the_forum_down_says_so_in_german(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    text = EXAMPLE_CONFIG.read_text(encoding="utf-8")
    config.write_text(text.replace("http://127.0.0.1:8080/", "http://127.0.0.1:9/"), "utf-8")
    result = runner.invoke(app, ["run", str(config), "--once"], env={"WOLFBOT_PASSWORD": "x"})
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Das Forum ist nicht erreichbar" in result.output
    assert "forum.base_url" in result.output and "Traceback" not in result.output


def test_an_unexpected_error_is_short_and_debug_shows_it(monkeypatch) -> None:
    from wolfbot.rulesets import loader

    def broken(name: str):
        raise ValueError("kaputt")

    monkeypatch.setattr(loader, "load", broken)
    monkeypatch.setenv("WOLFBOT_DEBUG", "")  # --debug sets it: restored after the test
    result = runner.invoke(app, ["rules", "show", "duesterliga"])
    assert result.exit_code == 1
    assert "Unerwarteter Fehler (ValueError): kaputt" in result.output
    assert "--debug" in result.output and "WOLFBOT_DEBUG=1" in result.output
    debug = runner.invoke(app, ["--debug", "rules", "show", "duesterliga"])
    assert isinstance(debug.exception, ValueError)


def test_the_store_comes_from_db_then_wolfbot_db_then_the_config(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WOLFBOT_CONFIG", raising=False)
    nothing = runner.invoke(app, ["status"], env={"WOLFBOT_DB": None})
    assert nothing.exit_code == 2
    assert "Welche Datenbank? Gib --db DATEI an" in nothing.output
    (tmp_path / "config.toml").write_text('[store]\npath = "runde.sqlite"\n', "utf-8")
    from_config = runner.invoke(app, ["status"], env={"WOLFBOT_DB": None})
    said = "".join(from_config.output.split())  # rich breaks a long path anywhere
    assert f"Dateinichtgefunden:{tmp_path / 'runde.sqlite'}" in said
    from_env = runner.invoke(app, ["status"], env={"WOLFBOT_DB": "env.sqlite"})
    assert "Datei nicht gefunden: env.sqlite" in from_env.output
    from_option = runner.invoke(
        app, ["audit", "--db", "option.sqlite"], env={"WOLFBOT_DB": "env.sqlite"}
    )
    assert "Datei nicht gefunden: option.sqlite" in from_option.output


def test_the_help_is_german() -> None:
    main = " ".join(runner.invoke(app, ["--help"]).output.split())
    assert "Assistent der Spielleitung" in main
    assert "Wo die Runde steht" in main and "die Version zeigen" in main
    status = " ".join(runner.invoke(app, ["status", "--help"]).output.split())
    assert "die SQLite-Datei der Runde" in status and "WOLFBOT_DB" in status
    for words in (["override", "--help"], ["forum", "--help"], ["rules", "show", "--help"]):
        text = runner.invoke(app, words).output
        assert "the " not in text.replace("Show this message", ""), (words, text)


@pytest.mark.parametrize(
    "words",
    [["--help"], ["setup", "--help"], ["setup", "wolfvillage", "--help"]],
    ids=["help", "setup-help", "setup-wolfvillage-help"],
)
def test_importing_the_command_line_loads_nothing_heavy(words: list[str]) -> None:
    """`wolfbot --help` (and the import behind every command) stays light: the store, the
    engine, the templates and HTTP are imported only by the command that needs them (the
    rulesets and pydantic by `wolfbot setup RULESET`, not by its help)."""
    import subprocess
    import sys

    heavy = (
        "sqlalchemy", "alembic", "jinja2", "httpx", "bs4", "pydantic", "yaml", "apscheduler",
        "wolfbot.engine", "wolfbot.store", "wolfbot.bot.round", "wolfbot.rulesets.loader",
    )  # fmt: skip
    probe = (
        "import sys\n"
        "from wolfbot.cli import app\n"
        f"try:\n    app({words!r})\nexcept SystemExit:\n    pass\n"
        f"print('LOADED:' + ','.join(m for m in {heavy!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "LOADED:", done.stdout[-300:]


def test_status_reads_the_store_without_the_heavy_libraries(tmp_path: Path) -> None:
    """`wolfbot status` reads the store with sqlite3 (`wolfbot.spielleitung.store_file`):
    neither SQLAlchemy nor Alembic, the engine, the templates, HTTP or pydantic (Typer's
    conversion of the options) are imported – checked when the process ends."""
    import subprocess
    import sys

    from wolfbot.store import records
    from wolfbot.store.db import session_factory, upgrade

    db = tmp_path / "runde.sqlite"
    engine = upgrade(db)
    with session_factory(engine)() as session:
        records.create_game(session, title="Probe", ruleset="duesterliga", seed=1)
    engine.dispose()
    heavy = (
        "sqlalchemy", "alembic", "jinja2", "httpx", "bs4", "pydantic", "yaml", "apscheduler",
        "wolfbot.engine", "wolfbot.store.db", "wolfbot.rulesets.loader",
    )  # fmt: skip
    probe = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('LOADED:' + ','.join("
        f"m for m in {heavy!r} if m in sys.modules)))\n"
        "from wolfbot.cli import app\n"
        f"app(['status', '--db', {str(db)!r}])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "WOLFBOT_DB"}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert "Runde 1" in done.stdout and "Probe" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "LOADED:", done.stdout[-300:]


def test_the_help_and_the_usage_errors_are_german() -> None:
    """click's and Typer's own words too (`wolfbot.spielleitung.typer_setup`)."""

    def german(words: list[str]):
        return runner.invoke(app, words, env={"COLUMNS": "200"}, prog_name="wolfbot")

    main = german(["--help"]).output
    assert "Aufruf: wolfbot [OPTIONEN] BEFEHL [ARGUMENTE]..." in main
    assert "─ Optionen ─" in main and "─ Befehle ─" in main
    assert "diese Hilfe zeigen und beenden" in main and "die Version zeigen und beenden" in main
    status = german(["status", "--help"]).output
    assert "[Umgebungsvariable: WOLFBOT_DB]" in status and "[Standard: Europe/Berlin]" in status
    rules = german(["rules", "show", "--help"]).output
    assert "─ Argumente ─" in rules
    errors = {
        ("statsu",): "Es gibt keinen Befehl 'statsu'. Meintest du 'status'?",
        ("scenario", "run"): "Das Argument 'paths' fehlt.",
        ("status", "--game", "x"): "Ungültiger Wert für '--game': 'x' ist keine ganze Zahl.",
        ("status", "--nope"): "Es gibt keine Option --nope",
        ("rules", "show", "a", "b"): "Unerwartete Angaben: b",
    }
    for words, message in errors.items():
        result = german(list(words))
        assert result.exit_code == 2, (words, result.output)
        assert message in result.output, (words, result.output)
        assert "─ Fehler ─" in result.output and "Aufruf: wolfbot" in result.output
        assert "Hilfe: 'wolfbot" in result.output and "--help'" in result.output
    for text in (main, status, rules, *(german(list(w)).output for w in errors)):
        for english in ("Usage:", "Show this message", "Options", "Commands", "Error", "Try '"):
            assert english not in text, (english, text)


# -- issue 16: wolfbot setup RULESET ------------------------------------------------------------
def _setup(*words: str):
    """`wolfbot setup …` on a wide console (no table cell wraps)."""
    return runner.invoke(app, ["setup", *words], env={"COLUMNS": "200"})


def _table_rows(output: str) -> list[list[str]]:
    """The body rows of the rich tables of `output`, cell by cell."""
    return [
        [cell.strip() for cell in line.strip().strip("│").split("│")]
        for line in output.splitlines()
        if line.startswith("│")
    ]


def test_setup_has_a_subcommand_for_every_ruleset_with_setups_or_advice() -> None:
    from wolfbot.rulesets.loader import RULES_DIR

    help_text = _setup("--help").output
    with_setups = [p.name for p in RULES_DIR.iterdir() if (p / "setups.yaml").is_file()]
    assert with_setups == ["wolfvillage"]
    for name in (*with_setups, "duesterliga"):  # the Düsterliga's "Rollenverteilung"
        assert f"│ {name} " in help_text, name
        sub = _setup(name, "--help")
        assert sub.exit_code == 0 and "--players" in sub.output and "--roles" in sub.output
        assert "the " not in sub.output.replace("Show this message", ""), sub.output


SETUP_RUNS = {
    "players-10": (
        ["wolfvillage", "--players", "10"],
        ["Einsteiger – 10 Spieler", "Klassisch – 10 Spieler", "Fuchs – 10 Spieler",
         "Chaos – 10 Spieler", "Bewertung: Ausgeglichen (+4)", "Bewertung: Ausgeglichen (+5)",
         "Nicht für 10 Spieler: Standard 12 braucht genau 12 Spieler.",
         "Empfohlen bei 10 Spielern: 2 Werwölfe (es zählen Werwolf und Günstling)."],
        ["Standard 12 – ", "Warnung"],
    ),
    "one-setup": (
        ["wolfvillage", "--players", "12", "--setup", "standard 12"],
        ["Standard 12 – 12 Spieler", "Bewertung: Ausgeglichen (−2)",
         "Warnung: mehr Werwölfe als empfohlen – 4 statt 3 bei 12 Spielern",
         "Hausregel hauptmann = an: Am ersten Tag wählt das Dorf einen Hauptmann"],
        ["Einsteiger", "Klassisch", "Nicht für"],
    ),
    "fuchs-house-rules": (
        ["wolfvillage", "--players", "9", "--setup", "FUCHS"],
        ["Fuchs – 9 Spieler", "Hausregel heiler_selbst = aus, nicht: Der Heiler darf sich selbst",
         "Hausregel guenstling_kennt_woelfe = aus", "Werwölfe: 2 bei 9 Spielern, wie empfohlen"],
        ["Hausregel hauptmann"],
    ),
    "overview": (
        ["wolfvillage"],
        ["Die fertigen Zusammenstellungen von Wolf Village", "Standard 12", "genau 12",
         "heiler_selbst = aus", "Empfohlen: 1 Werwolf bei 4 bis 6 Spielern, 2 bei 7 bis 10, "
         "3 bei 11 bis 16, 4 bei 17 bis 20"],
        ["Ausgeglichen"],
    ),
    "roles": (
        ["wolfvillage", "--roles", "Werwolf, Werwolf, Seherin, Hexe, Dorfbewohner, "
         "Dorfbewohner, Dorfbewohner, Dorfbewohner"],
        ["Eigene Zusammenstellung – 8 Spieler", "Bewertung: Ausgeglichen (+3)",
         "Werwölfe: 2 bei 8 Spielern, wie empfohlen"],
        ["Hausregel", "Warnung"],
    ),
    "roles-counted": (
        ["wolfvillage", "--roles", "2x Werwolf, seherin, Hexe, Bürger*4", "--players", "8"],
        ["Eigene Zusammenstellung – 8 Spieler", "Bewertung: Ausgeglichen (+3)"],
        ["Warnung"],
    ),
    "roles-hauptmann": (
        ["wolfvillage", "--roles", "2x Werwolf, Seherin, Hexe, 4x Dorfbewohner",
         "--hausregel", "Hauptmann"],
        ["Bewertung: Ausgeglichen (+5)"],
        ["Warnung"],
    ),
    "roles-wolves-heavy": (
        ["wolfvillage", "--roles", "3x Werwolf, Günstling, Freimaurer, 5x Dorfbewohner"],
        ["Bewertung: Vorteil für die Wölfe (−15)",
         "Warnung: mehr Werwölfe als empfohlen – 4 statt 2 bei 10 Spielern",
         "Warnung: Freimaurer kommen zu 2 ins Spiel; die Liste hat 1."],
        [],
    ),
    "duesterliga-advice": (
        ["duesterliga", "--players", "12", "--seed", "3"],
        ["Rollenverteilung – Vorschlag für 12 Spieler (Seed 3)",
         "- 12 Spieler: jeder vierte Spieler ist ein Werwolf → 3 Werwölfe, 9 Bürger.",
         "Endgültig: 6 gewöhnliche Bürger und 2 gewöhnliche Werwölfe"],
        ["Fehler"],
    ),
    "duesterliga-list": (
        ["duesterliga", "--roles", "Werwolf, Seherin, Aura, 2x Bürger"],
        ["Rollenliste – 5 Rollen",
         "Warnung: Seherin und Aura sollten nicht zusammen gespielt werden."],
        ["Fehler"],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("words", "said", "unsaid"), SETUP_RUNS.values(), ids=SETUP_RUNS.keys())
def test_setup_shows_setups_ratings_and_advice(
    words: list[str], said: list[str], unsaid: list[str]
) -> None:
    result = _setup(*words)
    assert result.exit_code == 0, result.output
    for text in said:
        assert text in result.output, (text, result.output)
    for text in unsaid:
        assert text not in result.output, (text, result.output)


@pytest.mark.parametrize(
    ("players", "cells"),
    [
        ("8", ["8", "2", "Seherin, Hexe, Jäger, Amor", "2", "Ausgeglichen (+3)"]),
        ("11", ["11", "3", "Seherin, Hexe, Jäger, Amor, Dorfdepp", "3", "Ausgeglichen (0)"]),
        ("17", ["17", "4", "Seherin, Hexe, Jäger, Amor, Dorfdepp, Heiler", "7",
                "Ausgeglichen (+1)"]),
    ],
    ids=["klassisch-8", "klassisch-11", "klassisch-17"],
)  # fmt: skip
def test_setup_shows_one_setup_at_each_count_like_the_texts_table(
    players: str, cells: list[str]
) -> None:
    result = _setup("wolfvillage", "--setup", "Klassisch")
    assert result.exit_code == 0, result.output
    rows = _table_rows(result.output)
    assert [row[0] for row in rows] == [str(n) for n in range(8, 21)]
    assert cells in rows
    assert "Hausregel hauptmann = an" in result.output


SETUP_ERRORS = {
    "unknown-setup": (
        ["wolfvillage", "--setup", "Klasisch"],
        "Fehler: Keine Zusammenstellung heißt „Klasisch“. Meintest du „Klassisch“? Es gibt: "
        "Einsteiger, Klassisch, Standard 12, Fuchs, Chaos.",
    ),
    "exactly-12": (
        ["wolfvillage", "--setup", "Standard 12", "--players", "10"],
        "Fehler: Standard 12 braucht genau 12 Spieler, nicht 10.",
    ),
    "from-8": (
        ["wolfvillage", "--setup", "klassisch", "--players", "7"],
        "Fehler: Klassisch braucht 8 bis 20 Spieler, nicht 7.",
    ),
    "too-few": (
        ["wolfvillage", "--players", "3"], "Fehler: Wolf Village nimmt 4 bis 20 Spieler, nicht 3."
    ),
    "unknown-role": (
        ["wolfvillage", "--roles", "Werwolf, Sehrin, Dorfbewohner"],
        "Fehler: Keine Rolle heißt „Sehrin“. Meintest du „Seherin“?",
    ),
    "setup-and-roles": (
        ["wolfvillage", "--setup", "Chaos", "--roles", "Werwolf"],
        "Fehler: Entweder --setup oder --roles, nicht beides.",
    ),
    "house-rule-alone": (
        ["wolfvillage", "--players", "10", "--hausregel", "hauptmann"],
        "Fehler: --hausregel gilt nur mit --roles",
    ),
    "house-rule-unknown": (
        ["wolfvillage", "--roles", "Werwolf, 3x Dorfbewohner", "--hausregel", "hauptman"],
        "Fehler: Keine Hausregel „hauptman“, die die Bewertung zählt. Meintest du „hauptmann“?",
    ),
    "list-and-players": (
        ["wolfvillage", "--roles", "Werwolf, 3x Dorfbewohner", "--players", "5"],
        "Fehler: 4 Rollen für 5 Spieler: jeder Spieler bekommt eine Rolle.",
    ),
    "duesterliga-how-many": (["duesterliga"], "Fehler: Für wie viele Spieler? --players N"),
    "duesterliga-unknown-role": (
        ["duesterliga", "--roles", "Werwolf, Sehrin"],
        "Fehler: Keine Rolle heißt „Sehrin“. Meintest du „Seherin“",
    ),
    "duesterliga-list-too-short": (
        ["duesterliga", "--roles", "Werwolf, Seherin", "--players", "3"],
        "Fehler: 2 Rollen für 3 Spieler",
    ),
}  # fmt: skip


@pytest.mark.parametrize(("words", "message"), SETUP_ERRORS.values(), ids=SETUP_ERRORS.keys())
def test_setup_says_a_wrong_input_in_german(words: list[str], message: str) -> None:
    result = _setup(*words)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert message in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("language", "said"),
    [("de", "17 von 17 Rollen"), ("nl", "17 van 17 rollen"), ("en", "17 of 17 roles")],
    ids=["deutsch", "nederlands", "english"],
)
def test_rules_show_speaks_the_language_asked_for(language: str, said: str) -> None:
    result = runner.invoke(app, ["rules", "show", "klassisch", "--lang", language])
    assert result.exit_code == 0, result.output
    assert said in result.output


def test_rules_show_names_the_languages_it_has() -> None:
    result = runner.invoke(app, ["rules", "show", "klassisch", "--lang", "fr"])
    assert result.exit_code == 2
    assert "de, nl, en" in result.output
