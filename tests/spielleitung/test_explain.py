"""`wolfbot explain`: a night and a lynch explained stage by stage in German – the pure
functions on engine games played by `process_post` + `advance()`, and the command on a
stored round (the round of `test_controls`)."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from test_controls import ENV, play
from typer.testing import CliRunner

from wolfbot.engine.game import Game
from wolfbot.engine.text import Text
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.spielleitung.explain.command import register
from wolfbot.spielleitung.explain.common import NotYet
from wolfbot.spielleitung.explain.lynch import explain_lynch
from wolfbot.spielleitung.explain.night import explain_night

RULES = loader.load("duesterliga")


def bold(line: str) -> str:
    return f"<p><strong>{line}</strong></p>"


def game_with(players: list[tuple[str, str]], posts: list[tuple[str, str, str]]) -> Game:
    game = Game.new(RULES, players, seed=3)
    send(game, posts)
    return game


def send(game: Game, posts: list[tuple[str, str, str]]) -> None:
    for author, channel, command in posts:
        process_post(game, author, channel, WOLTLAB.read(bold(command)))


def indented(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines]


# -- the night -------------------------------------------------------------------------------
VILLAGE = [
    ("Wolf", "Werwolf"),
    ("Wulf", "Werwolf"),
    ("Konrad", "Koch"),
    ("Anna", "Seherin"),
    ("Dora", "Bürger"),
    ("Lars", "Leibwächter"),
    ("Bea", "Beschützer"),
    ("Hanna", "Hexe"),
    ("Emil", "Bürger"),
    ("Nina", "Dorfnutte"),
    ("Otto", "Bürger"),
]


def test_a_block_a_redirect_protected_and_a_poison() -> None:
    game = game_with(
        VILLAGE,
        [
            ("Wolf", "wolves", "!Alpha Wolf"),
            ("Wulf", "wolves", "!Alpha Wolf"),
            ("Wolf", "wolves", "!Fressen Dora"),
            ("Wulf", "wolves", "!Fressen Dora"),
            ("Konrad", "private", "!Verkochen Anna"),
            ("Anna", "private", "!Sehen Wolf"),
            ("Lars", "private", "!Bewachen Dora"),
            ("Bea", "private", "!Beschützen Lars"),
            ("Hanna", "private", "!Gifttrank Emil"),
        ],
    )
    game.advance()
    lines = indented(explain_night(game, 1))
    assert "Stufe 12 – Koch:" in lines
    assert "Konrad verkocht Anna (Anna kann in dieser Nacht nichts tun)" in lines
    assert "Anna sieht sich Wolf an – wirkungslos: selbst blockiert" in lines
    assert "Stimmen des Rudels: Wolf → Dora, Wulf → Dora" in lines
    assert "Ziel: Dora (2 Stimmen, Mehrheit)" in lines
    assert (
        "Angriff der Werwölfe auf Dora → umgeleitet auf den Leibwächter Lars → vom Beschützer "
        "Bea geschützt: schlägt fehl"
    ) in lines
    assert "Hanna vergiftet Emil → tödlich (nicht heilbar)" in lines
    assert "Emil stirbt: Hexe (erste Ursache in der Nachtreihenfolge) – Rolle: Bürger" in lines
    assert "Dora überlebt: Angriff umgeleitet auf den Leibwächter Lars" in lines
    assert "Lars überlebt: vom Beschützer Bea geschützt" in lines
    # the stages come in the night order, the result last
    assert lines.index("Stufe 12 – Koch:") < lines.index("Stufe 22 – Werwölfe:")
    assert lines.index("Ergebnis:") > lines.index("Stufe 27 – Hexe:")


def test_a_heal_and_the_dorfnutte_at_her_attacked_freier() -> None:
    game = game_with(
        VILLAGE,
        [
            ("Wolf", "wolves", "!Fressen Emil"),
            ("Wulf", "wolves", "!Fressen Emil"),
            ("Nina", "private", "!Übernachten Emil"),
            ("Hanna", "private", "!Heiltrank Emil"),
        ],
    )
    game.advance()
    lines = indented(explain_night(game, 1))
    assert "Nina übernachtet bei Emil" in lines
    assert "Angriff der Werwölfe auf Emil → geheilt von der Hexe Hanna: schlägt fehl" in lines
    assert "Angriff der Werwölfe auf Nina (bei Emil übernachtet) → trifft" in lines
    assert "Hanna heilt Emil mit dem Heiltrank – wirkt" in lines
    assert (
        "Nina stirbt: Werwolf (erste Ursache in der Nachtreihenfolge) – Rolle: Dorfnutte" in lines
    )
    assert "Emil überlebt: geheilt von der Hexe Hanna" in lines


def test_the_dorfnutte_attacked_herself_and_an_alpha_tie_break() -> None:
    game = game_with(
        VILLAGE,
        [
            ("Wolf", "wolves", "!Alpha Wulf"),
            ("Wulf", "wolves", "!Alpha Wulf"),
            ("Wolf", "wolves", "!Fressen Otto"),
            ("Wulf", "wolves", "!Fressen Nina"),
            ("Nina", "private", "!Übernachten Otto"),
            ("Hanna", "private", "!Heiltrank Otto"),  # Otto is not attacked: refused
        ],
    )
    game.advance()
    lines = indented(explain_night(game, 1))
    assert "Alpha gewählt: Wulf" in lines
    assert (
        "Gleichstand zwischen Otto und Nina mit je 1 Stimme: die Stimme des Alphas Wulf "
        "entscheidet – Ziel: Nina"
    ) in lines
    assert (
        "Angriff der Werwölfe auf Nina → die Dorfnutte ist gegen Angriffe der Werwölfe gefeit: "
        "schlägt fehl"
    ) in lines
    assert any(
        line.startswith("Hanna heilt Otto mit dem Heiltrank – abgelehnt: Otto wurde")
        for line in lines
    )
    assert "Nina überlebt: die Dorfnutte ist gegen Angriffe der Werwölfe gefeit" in lines
    assert "Niemand stirbt in dieser Nacht." in lines


def test_the_dorfnutte_at_a_werwolf_is_eaten() -> None:
    game = game_with(
        VILLAGE,
        [("Wolf", "wolves", "!Fressen Otto"), ("Nina", "private", "!Übernachten Wulf")],
    )
    game.advance()
    lines = indented(explain_night(game, 1))
    assert "Angriff der Werwölfe auf Nina (bei Wulf übernachtet) → trifft" in lines
    assert "Angriff der Werwölfe auf Otto → trifft" in lines
    assert "Otto stirbt: Werwolf (erste Ursache in der Nachtreihenfolge) – Rolle: Bürger" in lines
    assert (
        "Nina stirbt: Werwolf (erste Ursache in der Nachtreihenfolge) – Rolle: Dorfnutte" in lines
    )


def test_a_night_not_resolved_or_not_begun_is_refused() -> None:
    game = game_with(VILLAGE, [("Wolf", "wolves", "!Fressen Otto")])
    with pytest.raises(NotYet, match="noch nicht aufgelöst"):
        explain_night(game, 1)
    with pytest.raises(NotYet, match="Nacht 2 hat noch nicht begonnen"):
        explain_night(game, 2)
    with pytest.raises(NotYet, match="^Tag 1 hat noch nicht begonnen.$"):
        explain_lynch(game, 1)
    game.advance()
    with pytest.raises(NotYet, match="^Die Dämmerung von Tag 1 hat noch nicht begonnen.$"):
        explain_lynch(game, 1)


# -- the lynch -------------------------------------------------------------------------------
LYNCH = [
    ("Wolf", "Werwolf"),
    ("Wulf", "Werwolf"),
    ("Jörg", "Jäger"),
    ("Dora", "Bürger"),
    ("Emil", "Bürger"),
    ("Otto", "Bürger"),
    ("Paul", "Bürger"),
]


def test_a_lynch_decided_by_the_buergermeister_and_the_jaegers_shot() -> None:
    game = game_with(LYNCH, [("Wolf", "wolves", "!Fressen Paul")])
    game.advance()  # night 1: Paul dies
    send(
        game,
        [
            ("Otto", "thread", "!Bürgermeister Otto"),
            ("Emil", "thread", "!Bürgermeister Otto"),
            ("Otto", "thread", "!Lynch Jörg"),
            ("Emil", "thread", "!Lynch Jörg"),
            ("Wolf", "thread", "!Lynch Dora"),
            ("Wulf", "thread", "!Lynch Dora"),
        ],
    )
    game.advance()  # the Dämmerung
    with pytest.raises(NotYet, match="noch nicht aufgelöst"):
        explain_lynch(game, 1)
    game.advance()  # the evening: a tie, the Bürgermeister voted Jörg; the Jäger is asked
    send(game, [("Jörg", "private", "!Erschießen Wolf")])
    lines = explain_lynch(game, 1)
    assert lines[0] == "Tag 1 – Abend: Lynchabstimmung"
    assert "Bürgermeisterwahl: Otto (2 Stimmen)" in lines
    assert "  Jörg: 2 (Otto, Emil)" in lines
    assert "  Dora: 2 (Wolf, Wulf)" in lines
    assert "Nicht abgestimmt: Jörg, Dora" in lines
    assert (
        "Gleichstand zwischen Jörg und Dora mit je 2 Stimmen: die Stimme des Bürgermeisters "
        "Otto entscheidet – gelyncht wird Jörg."
    ) in lines
    assert "Jörg stirbt: gelyncht – Rolle: Jäger" in lines
    assert any(line.startswith("Jörg wird gefragt, wen er erschießt") for line in lines)
    assert "Jörg erschießt Wolf" in lines
    assert "Wolf stirbt: Jäger (wurde vom Jäger erschossen) – Rolle: Werwolf" in lines
    # the shot's answer began night 2: night 1's record is gone from this game
    with pytest.raises(NotYet, match="schon in einer späteren Nacht"):
        explain_night(game, 1)


DAY_ROLES = [
    ("Wolf", "Werwolf"),
    ("Rita", "Stotternder Richter"),
    ("Sam", "Sündenbock"),
    ("Dieter", "Dorfdepp"),
    ("Otto", "Bürger"),
    ("Emil", "Bürger"),
    ("Dora", "Bürger"),
]


@pytest.mark.parametrize(
    ("zeichen", "votes", "expected"),
    [
        (
            True,
            [("Otto", "Wolf"), ("Emil", "Wolf"), ("Rita", "Emil"), ("Wolf", "Otto")],
            [
                "Verfahren: Die beiden Dorfbewohner mit den meisten Gegenstimmen werden "
                "gelyncht (Zeichen des Stotternden Richters).",
                "Gelyncht wird Wolf mit 2 Stimmen (Mehrheit).",
                "Gleichstand: gelyncht wird der Sündenbock Sam anstatt eines der Gleichauf-"
                "Liegenden, ungeachtet des Bürgermeisters.",
            ],
        ),
        (
            False,
            [("Otto", "Dieter"), ("Emil", "Dieter"), ("Wolf", "Otto")],
            [
                "Verfahren: einfache Mehrheit",
                "Kein Lynch: In letzter Sekunde erkennen die Dorfbewohner, dass sie den "
                "Dorfdeppen lynchen wollen: Dieter ist der Dorfdepp. An diesem Tag wird kein "
                "Dorfbewohner gelyncht. Der Dorfdepp kann fortan keinen Dorfbewohner mehr lynchen.",
            ],
        ),
    ],
    ids=["two-lynches-and-the-suendenbock", "the-dorfdepp-spared"],
)
def test_how_a_day_was_decided_with_its_procedure(zeichen, votes, expected) -> None:
    posts = [("Wolf", "wolves", "!Fressen Dora")]
    posts += [("Rita", "private", "!Zeichen")] if zeichen else []
    game = game_with(DAY_ROLES, posts)
    game.advance()
    send(game, [("Otto", "thread", "!Bürgermeister Otto")])
    send(game, [(voter, "thread", f"!Lynch {target}") for voter, target in votes])
    game.advance()
    game.advance()
    lines = explain_lynch(game, 1)
    for line in expected:
        assert line in lines, lines
    dead = [line for line in lines if " stirbt: gelyncht" in line]
    assert len(dead) == (2 if zeichen else 0)


def test_a_majority_lynch_with_the_wuetender_mob() -> None:
    game = game_with(LYNCH, [("Wolf", "wolves", "!Fressen Paul")])
    game.advance()
    game.state.day.mob = {"Dora": 2}  # the Dämmerung before left Dora two Mob votes
    send(game, [("Otto", "thread", "!Lynch Dora"), ("Emil", "thread", "!Lynch Wolf")])
    game.advance()
    game.advance()
    lines = explain_lynch(game, 1)
    assert "  Dora: 3 (Otto; Wütender Mob +2)" in lines
    assert "Gelyncht wird Dora mit 3 Stimmen (Mehrheit)." in lines
    assert "Dora stirbt: gelyncht – Rolle: Bürger" in lines


# -- the command -----------------------------------------------------------------------------
runner = CliRunner()


def cli(*args: str):
    app = typer.Typer()
    register(app)
    app.command("noop")(lambda: None)  # two commands: `explain` stays a subcommand
    return runner.invoke(app, ["explain", *args], env=ENV)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The round of `test_controls` held by a question in night 2."""
    db = tmp_path_factory.mktemp("explain") / "round.sqlite"
    play(db, "question")
    return db


def test_the_command_explains_a_stored_night_and_lynch(store: Path) -> None:
    night = cli("--db", str(store), "--night", "1")
    assert night.exit_code == 0, night.output
    assert "Stimmen des Rudels: Anna → Dora, Bernd → Dora" in night.output
    assert "Dora stirbt: Werwolf (erste Ursache in der Nachtreihenfolge)" in night.output
    second = cli("--db", str(store), "--night", "2")
    assert second.exit_code == 0, second.output
    assert "Clara stirbt: Werwolf" in second.output
    lynch = cli("--db", str(store), "--lynch", "1")
    assert lynch.exit_code == 0, lynch.output
    assert "Tag 1 – Abend: Lynchabstimmung" in lynch.output
    assert "Gelyncht wird Anna mit 3 Stimmen (Mehrheit)." in lynch.output


def test_the_command_refuses_a_phase_that_did_not_happen(store: Path, tmp_path: Path) -> None:
    later = cli("--db", str(store), "--night", "3")
    assert later.exit_code == 2
    assert "Nacht 3 hat noch nicht begonnen" in later.output
    lynch = cli("--db", str(store), "--lynch", "2")
    assert lynch.exit_code == 2
    assert "Tag 2 hat noch nicht begonnen" in lynch.output
    both = cli("--db", str(store))
    assert both.exit_code == 2
    assert "--night N oder --day N" in both.output
    missing = cli("--db", str(tmp_path / "none.sqlite"), "--night", "1")
    assert missing.exit_code == 2
    assert "Datei nicht gefunden" in missing.output


def test_a_wolf_hidden_a_meal_devoured_and_a_further_victim() -> None:
    game = game_with(
        [
            ("Wolf", "Werwolf"),
            ("Hugo", "Hungriger Wolf"),
            ("Finn", "Finsterer Wolf"),
            ("Blut", "Blutrünstiger Wolf"),
            ("Bea", "Beschützer"),
            ("Sina", "Seherin"),
            ("Dora", "Bürger"),
            ("Otto", "Bürger"),
            ("Emil", "Bürger"),
        ],
        [
            ("Wolf", "wolves", "!Fressen Dora"),
            ("Hugo", "private", "!Auffressen"),
            ("Bea", "private", "!Beschützen Dora"),
            ("Finn", "private", "!Verbergen Wolf"),
            ("Blut", "private", "!Fressen Otto"),
        ],
    )
    game.advance()
    lines = indented(explain_night(game, 1))
    assert "Finn verbirgt Wolf" in lines
    assert (
        "Angriff der Werwölfe auf Dora → sofort vollständig aufgefressen (Hungriger Wolf): "
        "stirbt sofort"
    ) in lines
    assert "Angriff (Blutrünstiger Wolf) auf Otto → trifft" in lines
    assert "Wolf erscheint Seherin, Aura, Bäcker, Ermittler, Kleines Mädchen als Bürger" in lines
    assert lines.index("Wie Spieler erscheinen:") < lines.index("Ergebnis:")


def test_the_procedure_is_the_rulesets_own_for_every_day_a_role_changes() -> None:
    """The day after the Aussätzige's lynch ("so wird am darauffolgenden Tag kein
    Dorfbewohner gelyncht") is told by its procedure's `doc`, as any other procedure."""
    game = game_with([("Wolf", "Werwolf"), ("Ava", "Aussätzige"), *DAY_ROLES[2:]], [])
    send(game, [("Wolf", "wolves", "!Fressen Dora")])
    game.advance()
    send(game, [("Otto", "thread", "!Bürgermeister Otto")])
    send(game, [(v, "thread", "!Lynch Ava") for v in ("Otto", "Emil", "Wolf")])
    game.advance()
    game.advance()
    send(game, [("Wolf", "wolves", "!Fressen Emil")])
    game.advance()
    send(game, [(v, "thread", "!Lynch Wolf") for v in ("Otto", "Sam", "Wolf")])
    game.advance()
    game.advance()
    doc = game.rules.day.procedures["ohne_lynch"].doc
    assert f"Verfahren: {doc}" in explain_lynch(game, 2)
    assert game.player("Wolf").alive


# -- a Dutch round: the same explanation in the Weerwolven's words (messages/explain.yaml) -----
WEERWOLVEN = loader.load("weerwolven")
DORP = [
    ("Wim", "Weerwolf"),
    ("Wout", "Weerwolf"),
    ("Gert", "Genezer"),
    ("Zoe", "Ziener"),
    ("Hanna", "Heks"),
    ("Bram", "Burger"),
    ("Dirk", "Burger"),
    ("Eva", "Burger"),
]


def dutch_game(posts: list[tuple[str, str, str]]) -> Game:
    game = Game.new(WEERWOLVEN, DORP, seed=3)
    send(game, posts)
    return game


@pytest.mark.parametrize(
    ("posts", "expected"),
    [
        (
            [
                ("Wim", "wolves", "!Verslinden Bram"),
                ("Wout", "wolves", "!Verslinden Dirk"),
                ("Gert", "private", "!Beschermen Bram"),
                ("Zoe", "private", "!Zien Wim"),
                ("Hanna", "private", "!Vergif Eva"),
            ],
            [
                "Nacht 1 – afgehandeld in de nachtvolgorde",
                "Stap 3 – Genezer:",
                "Gert beschermt Bram",
                "Stap 4 – Ziener:",
                "Zoe bekijkt Wim",
                "Stap 5 – Weerwolven:",
                "Stemmen van de weerwolven: Wim → Bram, Wout → Dirk",
                "Gelijke stand tussen Bram en Dirk met elk 1 stem: door loting – doelwit: Dirk",
                "Aanval van de weerwolven op Dirk → raak",
                "Stap 6 – Heks:",
                "Hanna vergiftigt Eva → dodelijk (niet te genezen)",
                "Uitkomst:",
                "Dirk sterft: Weerwolf (eerste oorzaak in de nachtvolgorde) – rol: Burger",
                "Eva sterft: Heks (eerste oorzaak in de nachtvolgorde) – rol: Burger",
            ],
        ),
        (
            [
                ("Wim", "wolves", "!Verslinden Bram"),
                ("Wout", "wolves", "!Verslinden Bram"),
                ("Gert", "private", "!Beschermen Bram"),
            ],
            [
                "Nacht 1 – afgehandeld in de nachtvolgorde",
                "Stap 3 – Genezer:",
                "Gert beschermt Bram",
                "Stap 5 – Weerwolven:",
                "Stemmen van de weerwolven: Wim → Bram, Wout → Bram",
                "Doelwit: Bram (2 stemmen, meerderheid)",
                "Aanval van de weerwolven op Bram → beschermd door Gert (Genezer): mislukt",
                "Uitkomst:",
                "Bram overleeft: beschermd door Gert (Genezer)",
                "Niemand sterft deze nacht.",
            ],
        ),
    ],
    ids=["a-tie-and-the-heks-poison", "the-genezer-protects"],
)
def test_a_dutch_night_is_explained_in_dutch(posts, expected) -> None:
    game = dutch_game(posts)
    game.advance()
    assert indented(explain_night(game, 1)) == expected


def test_a_dutch_evening_without_a_schemering_is_explained_in_dutch() -> None:
    """The Weerwolven's day has no Dämmerung: the evening follows the day itself."""
    game = dutch_game([(w, "wolves", "!Verslinden Bram") for w in ("Wim", "Wout")])
    with pytest.raises(NotYet, match="^Dag 1 is nog niet begonnen.$"):
        explain_lynch(game, 1)
    game.advance()
    send(game, [(p, "private", "!Burgemeester Dirk") for p in ("Dirk", "Eva", "Zoe")])
    send(game, [("Dirk", "private", "!Stem Wim"), ("Eva", "private", "!Stem Wim")])
    send(game, [("Wim", "private", "!Stem Dirk"), ("Wout", "private", "!Stem Dirk")])
    with pytest.raises(NotYet, match="^De avond van dag 1 is nog niet afgehandeld.$"):
        explain_lynch(game, 1)
    game.advance()
    assert explain_lynch(game, 1) == [
        "Dag 1 – avond: de stemming",
        "Procedure: gewone meerderheid",
        "Verkiezing van de burgemeester: Dirk (3 stemmen)",
        "Stemmen op de avond:",
        "  Wim: 2 (Dirk, Eva)",
        "  Dirk: 2 (Wim, Wout)",
        "Niet gestemd: Gert, Zoe, Hanna",
        "Gelijke stand tussen Wim en Dirk met elk 2 stemmen: de stem van de burgemeester Dirk "
        "beslist – gelyncht wordt Wim.",
        "Wim sterft: gelyncht – rol: Weerwolf",
    ]
    with pytest.raises(NotYet, match="^Nacht 2 is nog niet afgehandeld.$"):
        explain_night(game, 2)


def klassisch_tie(hauptmann: str) -> Game:
    """A Klassisch day 1 (Fritz eaten in the night, `hauptmann` elected) whose Abend ties
    Wolf and Dirk with two votes each: Anna and Cora for Wolf, Bert and Wolf for Dirk."""
    players = [("Wolf", "Werwolf")]
    players += [(name, "Dorfbewohner") for name in ("Anna", "Bert", "Cora", "Dirk", "Emil")]
    game = Game.new(loader.load("klassisch"), [*players, ("Fritz", "Dorfbewohner")], seed=3)
    send(game, [("Wolf", "wolves", "!Fressen Fritz")])
    game.advance()
    send(game, [(voter, "thread", f"!Hauptmann {hauptmann}") for voter in ("Anna", "Bert", "Cora")])
    votes = [("Anna", "Wolf"), ("Bert", "Dirk"), ("Wolf", "Dirk"), ("Cora", "Wolf")]
    send(game, [(voter, "thread", f"!Lynch {target}") for voter, target in votes])
    game.advance()
    return game


def test_the_office_is_the_rulesets_own_the_hauptmann_of_klassisch() -> None:
    """Klassisch elects a Hauptmann ("bei erneutem Patt entscheidet ein zu Spielbeginn
    gewählter Hauptmann"): the evening names him so, not as a Bürgermeister."""
    game = klassisch_tie(hauptmann="Anna")
    lines = explain_lynch(game, 1)
    assert "Hauptmannswahl: Anna (3 Stimmen)" in lines
    assert (
        "Gleichstand zwischen Wolf und Dirk mit je 2 Stimmen: die Stimme des Hauptmanns Anna "
        "entscheidet – gelyncht wird Wolf."
    ) in lines
    assert not any("Bürgermeister" in line for line in lines)


@pytest.mark.parametrize(
    ("ruleset", "names", "said"),
    [
        ("duesterliga", ("Anna",), "Anna"),
        ("duesterliga", ("Anna", "Bert"), "Anna und Bert"),
        ("duesterliga", ("Anna", "Bert", "Cora"), "Anna, Bert und Cora"),
        ("weerwolven", ("Anna", "Bert", "Cora"), "Anna, Bert en Cora"),
    ],
    ids=["one", "two", "three", "three-in-dutch"],
)
def test_the_tied_are_listed_as_the_language_lists(ruleset, names, said) -> None:
    assert worded(loader.load(ruleset), Text("explain.names", (("names", names),))) == said


def test_a_stichwahl_shows_the_tied_count_and_then_its_own() -> None:
    """Klassisch: a tie the Hauptmann's vote does not break goes to a Stichwahl ("sonst gibt
    es eine Stichwahl, und bei erneutem Patt entscheidet der Hauptmann"): both counts are
    told; while the Hauptmann is asked, the evening is not resolved yet."""
    game = klassisch_tie(hauptmann="Emil")  # who does not vote: his vote breaks no tie
    assert str(game.state.phase) == "runoff 1"
    send(game, [("Anna", "thread", "!Lynch Wolf"), ("Bert", "thread", "!Lynch Dirk")])
    game.advance()  # a tie again: the Hauptmann is asked
    with pytest.raises(NotYet, match="^Der Abend von Tag 1 ist noch nicht aufgelöst.$"):
        explain_lynch(game, 1)
    game.advance()  # no answer in time: the lot
    lines = explain_lynch(game, 1)
    first, runoff = lines.index("Stimmen am Abend:"), lines.index("Stimmen der Stichwahl:")
    assert lines[first + 1 : first + 3] == ["  Wolf: 2 (Anna, Cora)", "  Dirk: 2 (Bert, Wolf)"]
    assert lines[runoff + 1 : runoff + 3] == ["  Wolf: 1 (Anna)", "  Dirk: 1 (Bert)"]
    assert runoff > first
    assert any(
        line.startswith("Gleichstand zwischen Wolf und Dirk mit je 1 Stimme: der ")
        for line in lines
    )


def test_a_jager_without_a_testament_shoots_nobody() -> None:
    """The Weerwolven's Jager shoots whom his testament names ("Hierin staat wie hij wil
    neerschieten"); without one, nobody – said so, not "schiet  neer"."""
    players = [("Wim", "Weerwolf"), ("Wout", "Weerwolf"), ("Jan", "Jager"), ("Zoe", "Ziener")]
    players += [("Bram", "Burger"), ("Dirk", "Burger"), ("Eva", "Burger")]
    game = Game.new(WEERWOLVEN, players, seed=3)
    send(game, [(wolf, "wolves", "!Verslinden Bram") for wolf in ("Wim", "Wout")])
    game.advance()
    send(game, [(voter, "private", "!Stem Jan") for voter in ("Dirk", "Eva", "Zoe", "Wim")])
    game.advance()
    lines = explain_lynch(game, 1)
    assert lines[-2:] == [
        "Jan sterft: gelyncht – rol: Jager",
        "Jan schiet niemand neer (geen geldig testament)",
    ]
    assert "Gelyncht wordt Jan met 4 stemmen (meerderheid)." in lines


def test_one_vote_is_one_stimme() -> None:
    game = game_with(LYNCH, [("Wolf", "wolves", "!Fressen Paul")])
    game.advance()
    send(game, [("Otto", "thread", "!Bürgermeister Otto"), ("Otto", "thread", "!Lynch Wolf")])
    game.advance()
    game.advance()
    lines = explain_lynch(game, 1)
    assert "Bürgermeisterwahl: Otto (1 Stimme)" in lines
    assert "Gelyncht wird Wolf mit 1 Stimme (Mehrheit)." in lines


@pytest.mark.parametrize(
    ("rules", "players", "posts", "line"),
    [
        (
            RULES,
            [("Wolf", "Werwolf"), ("Alf", "Dorfältester"), ("Dora", "Bürger"), ("Emil", "Bürger")],
            [("Wolf", "wolves", "!Fressen Alf")],
            "Angriff der Werwölfe auf Alf → der erste Angriff der Werwölfe auf den Dorfältesten "
            "schlägt fehl",
        ),
        (
            WEERWOLVEN,
            [("Wim", "Weerwolf"), ("Olaf", "Dorpsoudste"), ("Bram", "Burger"), ("Eva", "Burger")],
            [("Wim", "wolves", "!Verslinden Olaf")],
            "Aanval van de weerwolven op Olaf → de eerste aanval van de weerwolven op de "
            "dorpsoudste mislukt",
        ),
    ],
    ids=["dorfaeltester", "dorpsoudste"],
)
def test_a_reason_that_says_it_fails_is_not_followed_by_it_again(
    rules, players, posts, line
) -> None:
    game = Game.new(rules, players, seed=3)
    send(game, posts)
    game.advance()
    assert line in indented(explain_night(game, 1))
