"""Command lines → typed commands, names resolved exactly or rejected with a suggestion.

"Der Befehl ist auszuschreiben. Wenn ein Spieler oder eine Rolle erwähnt werden müssen, so
muss der Befehl den vollständigen Namen mit allen Sonderzeichen enthalten."
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfbot.engine.commands import Command
from wolfbot.engine.errors import AmbiguousName, CommandError, UnknownCommand, UnknownName
from wolfbot.engine.game import Game
from wolfbot.intake.commands import parse_command
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Frau Holle", "Seherin"),
    ("Jürgen_93", "Hexe"),
    ("🐺Wolfi", "Amor"),
    ("Dr. No", "Jäger"),
    ("Spieler 7", "Bürger"),
    ("Frau", "Bürger"),
    ("Holle", "Bürger"),
    ("Holle Anna", "Bürger"),
]


def game_at(phase: str = "night 1") -> Game:
    game = Game.new(RULES, PLAYERS, seed=1)
    while str(game.state.phase) != phase:
        game.advance()
    return game


PARSED = [
    # line, actor, channel, phase, repr
    ("!Lynch Anna", "Bernd", "thread", "day 1", "Lynch(actor='Bernd', target='Anna')"),
    ("!lynch anna", "Bernd", "thread", "day 1", "Lynch(actor='Bernd', target='Anna')"),
    ("!LYNCH FRAU HOLLE", "Anna", "thread", "day 1", "Lynch(actor='Anna', target='Frau Holle')"),
    ("!Lynch Jürgen_93", "Anna", "thread", "day 1", "Lynch(actor='Anna', target='Jürgen_93')"),
    (
        "!Lynch Ju\u0308rgen_93",
        "Anna",
        "thread",
        "day 1",
        "Lynch(actor='Anna', target='Jürgen_93')",
    ),
    ("!Lynch 🐺Wolfi", "Anna", "thread", "day 1", "Lynch(actor='Anna', target='🐺Wolfi')"),
    ("!Lynch Dr. No", "Anna", "thread", "day 1", "Lynch(actor='Anna', target='Dr. No')"),
    ("!Lynch Spieler 7", "Anna", "thread", "day 1", "Lynch(actor='Anna', target='Spieler 7')"),
    (
        "!Lynch\u00a0Frau\u200b Holle",
        "Anna",
        "thread",
        "day 1",
        "Lynch(actor='Anna', target='Frau Holle')",
    ),
    ("!Lynch @Anna", "Bernd", "thread", "day 1", "Lynch(actor='Bernd', target='Anna')"),
    (
        "!Bürgermeister Frau",
        "Anna",
        "thread",
        "day 1",
        "Bürgermeister(actor='Anna', target='Frau')",
    ),
    (
        "!Fressen Frau Holle",
        "Anna",
        "wolves",
        "night 1",
        "Fressen(actor='Anna', target='Frau Holle')",
    ),
    (
        "!Angreifen Frau Holle",
        "Anna",
        "wolves",
        "night 1",
        "Fressen(actor='Anna', target='Frau Holle')",
    ),
    (
        "!Angreifen und fressen Holle",
        "Anna",
        "wolves",
        "night 1",
        "Fressen(actor='Anna', target='Holle')",
    ),
    ("!Alpha Bernd", "Anna", "wolves", "night 1", "Alpha(actor='Anna', target='Bernd')"),
    (
        "!Verlieben Frau Holle Dr. No",
        "🐺Wolfi",
        "private",
        "night 1",
        "Verlieben(actor='🐺Wolfi', targets=('Frau Holle', 'Dr. No'))",
    ),
    (
        "!Verlieben Anna, Bernd",
        "🐺Wolfi",
        "private",
        "night 1",
        "Verlieben(actor='🐺Wolfi', targets=('Anna', 'Bernd'))",
    ),
    (
        "!Verlieben Anna und Spieler 7",
        "🐺Wolfi",
        "private",
        "night 1",
        "Verlieben(actor='🐺Wolfi', targets=('Anna', 'Spieler 7'))",
    ),
    (
        "!Sehen Spieler 7",
        "Frau Holle",
        "private",
        "night 1",
        "Sehen(actor='Frau Holle', target='Spieler 7')",
    ),
    (
        "!Gifttrank Anna",
        "Jürgen_93",
        "private",
        "night 1",
        "Gifttrank(actor='Jürgen_93', target='Anna')",
    ),
    ("!Zurücknehmen", "Anna", "thread", "day 1", "Zurücknehmen(actor='Anna')"),
    ("!Spieler", "Neuling", "thread", "night 1", "Dabei(actor='Neuling')"),
    ("!Dabei", "Neuling", "thread", "night 1", "Dabei(actor='Neuling')"),
    ("!Reservespieler", "Neuling", "thread", "night 1", "Reserve(actor='Neuling')"),
    ("!Beobachter", "Neuling", "thread", "night 1", "Beobachter(actor='Neuling')"),
    # role names resolve with "Andere Namen" and either adjective form
    ("!Stehlen Seher", "Anna", "private", "night 1", "Stehlen(actor='Anna', roles=('Seherin',))"),
    ("!Spielen wolf", "Anna", "private", "night 1", "Spielen(actor='Anna', roles=('Werwolf',))"),
    (
        "!Suchen Hexe Jäger Seher",
        "Anna",
        "private",
        "night 1",
        "Suchen(actor='Anna', roles=('Hexe', 'Jäger', 'Seherin'))",
    ),
    (
        "!Herstellen gifttrank",
        "Anna",
        "private",
        "night 1",
        "Herstellen(actor='Anna', choice='Gifttrank')",
    ),
    (
        "!Opfern Anna Bernd Frau Holle",
        "Anna",
        "private",
        "night 1",
        "Opfern(actor='Anna', targets=('Anna', 'Bernd', 'Frau Holle'))",
    ),
]


@pytest.mark.parametrize(
    ("line", "actor", "channel", "phase", "expected"), PARSED, ids=[p[0] for p in PARSED]
)
def test_command_line_parses_to_typed_command(line, actor, channel, phase, expected) -> None:
    command = parse_command(line, actor, channel, game_at(phase))
    assert short(command) == expected and command.channel == channel


def short(command: Command) -> str:
    """The table's shorthand: `Lynch(actor='Anna', target='Bernd')` (the word, no channel)."""
    shown = repr(command).removeprefix(f"Command(word={command.word!r}, ")
    shown = re.sub(r", channel='\w+'", "", shown)
    if len(command.targets) == 1:
        shown = shown.replace(f"targets={command.targets!r}", f"target={command.target!r}")
    return f"{command.word}({shown}"


REJECTED = [
    # line, actor, channel, phase, error type, fragment of the reason
    ("!Lynch Ana", "Bernd", "thread", "day 1", UnknownName, "Meintest du „Anna“"),
    ("!Lynch Frau Hole", "Anna", "thread", "day 1", UnknownName, "Meintest du „Frau Holle“"),
    ("!Lynch Nobody", "Anna", "thread", "day 1", UnknownName, "Kein Spieler heißt „Nobody“"),
    ("!Lynch", "Anna", "thread", "day 1", UnknownName, "fehlt"),
    ("!Lynchen Anna", "Bernd", "thread", "day 1", None, None),
    ("!Lunch Anna", "Bernd", "thread", "day 1", UnknownCommand, "Gültige Befehle für dich"),
    ("!Lunch Anna", "Bernd", "thread", "day 1", UnknownCommand, "!Lynch"),
    ("!Fliegen", "Frau Holle", "private", "night 1", UnknownCommand, "!Sehen"),
    ("Lynch Anna", "Bernd", "thread", "day 1", UnknownCommand, "Ausrufezeichen"),
    ("!Zurücknehmen Anna", "Anna", "thread", "day 1", CommandError, "keinen Namen"),
    ("!Verlieben Anna", "🐺Wolfi", "private", "night 1", UnknownName, "2 Namen"),
    ("!Verlieben Anna Brend", "🐺Wolfi", "private", "night 1", UnknownName, "„Bernd“"),
    ("!Verlieben Frau Holle Anna", "🐺Wolfi", "private", "night 1", AmbiguousName, "mehrdeutig"),
    ("!Stehlen Sehr", "Anna", "private", "night 1", UnknownName, "Meintest du „Seherin“"),
    ("!Herstellen Zaubertrank", "Anna", "private", "night 1", UnknownName, "Heiltrank, Gifttrank"),
]


@pytest.mark.parametrize(
    ("line", "actor", "channel", "phase", "error", "reason"),
    REJECTED,
    ids=[f"{r[0]}-{i}" for i, r in enumerate(REJECTED)],
)
def test_bad_command_line_is_rejected_with_a_reason(
    line, actor, channel, phase, error, reason
) -> None:
    game = game_at(phase)
    if error is None:  # parses, but the engine refuses it: !Lynchen is the Marionettenspieler's
        command = parse_command(line, actor, channel, game)
        with pytest.raises(CommandError) as refused:
            game.check(command)
        assert "keinen Befehl !Lynchen" in worded(RULES, refused.value.reason)
        return
    with pytest.raises(error) as refused:
        parse_command(line, actor, channel, game)
    assert re.search(reason, worded(RULES, refused.value.reason))


def test_every_command_word_of_the_rulesets_is_a_command_without_code_of_its_own() -> None:
    """A word declared in a ruleset's commands.yaml needs no class: one `Command` for all."""
    for name in loader.available():
        for spec in loader.load(name).commands:
            command = Command(word=spec.word, actor="Anna", targets=("Bernd",))
            assert command.text() == f"!{spec.word} Bernd"


def test_commands_print_as_what_they_are() -> None:
    command = Command(word="Lynch", actor="Anna", channel="thread", targets=("Bernd",))
    assert repr(command) == (
        "Command(word='Lynch', actor='Anna', channel='thread', targets=('Bernd',))"
    )
    assert command.text() == "!Lynch Bernd"


NAMES = st.text(min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    word=st.sampled_from(["Lynch", "Heiltrank", "Verlieben", "Herstellen", "Anklagen"]),
    actor=NAMES,
    channel=st.sampled_from(["thread", "private", "wolves"]),
    targets=st.lists(NAMES, max_size=3).map(tuple),
    roles=st.lists(NAMES, max_size=2).map(tuple),
    choice=st.none() | NAMES,
    note=st.none() | st.text(max_size=20),
    said=st.none() | NAMES,
)
def test_a_command_s_repr_pastes_back(word, actor, channel, targets, roles, choice, note, said):
    command = Command(
        word=word,
        actor=actor,
        channel=channel,
        targets=targets,
        roles=roles,
        choice=choice,
        note=note,
        said=said,
    )
    assert eval(repr(command), {"Command": Command}) == command


@settings(max_examples=300, deadline=None)
@given(line=st.text(max_size=60))
def test_the_parser_never_crashes_and_always_gives_a_reason(line: str) -> None:
    game = game_at("day 1")
    try:
        command = parse_command(line, "Anna", "thread", game)
    except CommandError as error:
        assert worded(RULES, error.reason)
    else:
        assert isinstance(command, Command)


@pytest.mark.parametrize(
    ("line", "targets"),
    [
        ("!Stimmrecht Emil", ("Emil",)),
        ("!Stimmrecht Emil, Fritz und Frau Holle", ("Emil", "Fritz", "Frau Holle")),
        ("!Stimmrecht Frau Holle Fritz", ("Frau Holle", "Fritz")),
    ],
    ids=["one", "a list with separators", "a name of two words"],
)
def test_a_players_argument_takes_one_or_more_names(line: str, targets: tuple[str, ...]) -> None:
    """`players`: Düsterwald's Sündenbock names who may vote the next day."""
    rules = loader.load("klassisch")
    names = [("Anna", "Werwolf"), ("Sören", "Sündenbock"), ("Emil", "Bürger"),
             ("Fritz", "Bürger"), ("Frau Holle", "Bürger")]  # fmt: skip
    game = Game.new(rules, names, seed=1)
    command = parse_command(line, "Sören", "private", game)
    assert command.targets == targets
    with pytest.raises(UnknownName):
        parse_command("!Stimmrecht Niemand", "Sören", "private", game)
