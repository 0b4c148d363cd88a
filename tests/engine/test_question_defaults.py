"""Every question the engine asks, with its deadline and its default – one row per kind
(the split night's "choice" once per role that asks it).

A question holds the game until the player asked answers with his command, or its deadline
passes (`Game.advance()`): an optional question then means "no choice" (the empty answer),
a mandatory one is decided by lot – "Der Jäger muss einen anderen Dorfbewohner erschießen!",
"Der Bürgermeister muss bei seinem Tod einen Nachfolger ernennen!", "Der Alpha muss bei
seinem Tod einen Nachfolger ernennen!", "Die Dorfbewohner müssen an jeden Tag einen
Dorfbewohner lynchen!", "Die Werwölfe müssen in jeder Nacht einen Dorfbewohner angreifen!".
The live bot plays with the split night (`split_night`): who is first told and then
chooses ("teilt ... mit ... kann nun") is asked, and the deadline without an answer means
he chose nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import (
    ChangeRole,
    ExpireQuestion,
    InterventionError,
    KillPlayer,
)
from wolfbot.engine.roles.registry import QUESTIONS
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
OPTIONS = {"split_night": True}  # as the live bot plays
SEEDS = range(1, 13)
WOLVES = [("Anna", "Werwolf"), ("Bernd", "Werwolf")]
PACK = [*WOLVES, ("Carl", "Werwolf")]
VILLAGE = [("Dora", "Seherin"), ("Emil", "Bürger"), ("Frieda", "Bürger"), ("Gerd", "Bürger")]


def say(game: Game, author: str, channel: str, command: str) -> None:
    process_post(game, author, channel, WOLTLAB.read(f"<p><strong>{command}</strong></p>"))


def new(players, seed: int) -> Game:
    return Game.new(RULES, players, seed=seed, options=OPTIONS)


def eaten_at_night_one(players, victim: str, seed: int, *before: tuple[str, str, str]) -> Game:
    """Night 1: the pack (Anna its Alpha) eats `victim`; the night's deadline passes."""
    game = new(players, seed)
    for author, channel, command in before:
        say(game, author, channel, command)
    for wolf in (p for p, role in players if role == "Werwolf"):
        say(game, wolf, "wolves", "!Alpha Anna")
    say(game, "Anna", "wolves", f"!Fressen {victim}")
    game.advance()
    return game


def day_one(game: Game, mayor: str, lynch: dict[str, str]) -> Game:
    """Day 1: everyone elects `mayor`; the `lynch` votes; the Dämmerung and the Abend."""
    for player in game.living():
        say(game, player.name, "thread", f"!Bürgermeister {mayor}")
    for voter, target in lynch.items():
        say(game, voter, "thread", f"!Lynch {target}")
    game.advance()
    game.advance()
    return game


# -- what a decision must have done --------------------------------------------------------
def died(game: Game, name: str, cause: str) -> None:
    deaths = [e for e in game.state.log if isinstance(e, ev.PlayerDied) and e.player == name]
    assert [d.cause for d in deaths] == [cause]
    assert not game.player(name).alive


def shot(game: Game, choice: str) -> None:
    died(game, choice, "Jäger")


def avenged(game: Game, choice: str) -> None:
    died(game, choice, "Rächer")


def only_the_dead_one(name: str) -> Callable[[Game], None]:
    def check(game: Game) -> None:
        assert [p.name for p in game.state.players if not p.alive] == [name]

    return check


def struck(game: Game, choice: str) -> None:
    """Only one of the pack that attacked him dies; anyone else lives."""
    if choice in ("Anna", "Bernd"):
        died(game, choice, "Schläger")
    else:
        only_the_dead_one("Sigi")(game)


def mauled(game: Game, choice: str) -> None:
    died(game, choice, "Tollwütiger Wolf")


def rabid_lynched(seed: int) -> Game:
    """Day 1: Dora, Emil and Frieda lynch the Tollwütige Wolf Tom; Anna voted Emil."""
    players = [("Anna", "Werwolf"), ("Tom", "Tollwütiger Wolf"), *VILLAGE, ("Hugo", "Bürger")]
    game = eaten_at_night_one(players, "Gerd", seed)
    return day_one(game, "Dora", {"Dora": "Tom", "Emil": "Tom", "Frieda": "Tom", "Anna": "Emil"})


def chain_begins(game: Game, choice: str) -> None:
    assert str(game.state.phase) == "day 1" and game.state.day.chain == [choice]


def bürgschaft(seed: int) -> Game:
    """A day of the Bürgschaft that began with Dora (as if a Bürge had died and named her);
    by day Dora vouches for Emil; at the Abend Emil is asked for the last step."""
    players = [("Anna", "Werwolf"), ("Bert", "Bürger"), *[(n, "Bürger") for n in BURGHERS]]
    game = eaten_at_night_one(players, "Bert", seed)
    game.state.day.procedure, game.state.day.chain = "buergschaft", ["Dora"]
    say(game, "Dora", "thread", "!Bürgen Emil")
    game.advance()
    game.advance()
    return game


BURGHERS = ("Dora", "Emil", "Frieda")


def last_one_lynched(game: Game, choice: str) -> None:
    (other,) = {"Anna", "Frieda"} - {choice}
    died(game, other, "Lynch")
    assert game.player(choice).alive


def mayor_named(game: Game, choice: str) -> None:
    assert game.state.mayor == choice
    named = [e for e in game.state.log if isinstance(e, ev.SuccessorNamed)]
    assert [(e.office, e.predecessor, e.successor) for e in named] == [
        ("Bürgermeister", "Dora", choice)
    ]


def alpha_named(game: Game, choice: str) -> None:
    assert game.state.alpha == choice
    named = [e for e in game.state.log if isinstance(e, ev.SuccessorNamed)]
    assert [(e.office, e.successor, e.audience) for e in named] == [
        ("Alpha", choice, ("Bernd", "Carl"))
    ]


def lynched(game: Game, choice: str) -> None:
    (decided,) = [e for e in game.state.log if isinstance(e, ev.LynchDecided)]
    (answer,) = [e for e in game.state.log if isinstance(e, ev.QuestionAnswered)]
    assert (decided.player, decided.votes) == (choice, 2)
    assert decided.decided_by == ("Los" if answer.by_lot else "Bürgermeister")
    died(game, choice, "Lynch")


def attacked(game: Game, choice: str) -> None:
    died(game, choice, "Werwolf")
    (other,) = {"Dora", "Emil"} - {choice}
    assert game.player(other).alive


def healed(word: str) -> Callable[[Game, str], None]:
    def check(game: Game, choice: str) -> None:
        assert choice == "Dora" and game.player("Dora").alive
        assert game.player("Xena").uses.get(word) == 1

    return check


def not_healed(word: str) -> Callable[[Game], None]:
    def check(game: Game) -> None:
        died(game, "Dora", "Werwolf")
        assert not game.player("Xena").uses.get(word)  # the ability stays

    return check


def seduced(game: Game, choice: str) -> None:
    assert game.player("Xena").alive
    died(game, choice, "Werwolf")


def revived(game: Game, choice: str) -> None:
    assert choice == "Dora" and game.player("Dora").alive
    assert not any(isinstance(e, ev.PlayerDied) for e in game.state.log)


def took_over(game: Game, choice: str) -> None:
    assert game.player("Xena").role == "Seherin"
    died(game, choice, "Werwolf")


def kept_her_role(game: Game) -> None:
    assert game.player("Xena").role == "Treue Magd"
    died(game, "Dora", "Werwolf")


# -- the table ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    id: str
    kind: str
    rule: str  # the rule's sentence (in the role's text where the row has a role)
    asked: Callable[[int], Game]  # seed → the game the moment the question is asked
    player: str
    options: tuple[str, ...]
    answer: tuple[str, str]  # (channel, command) the player answers with in time
    decided: Callable[[Game, str], None]  # what the choice (answered or drawn) did
    nothing: Callable[[Game], None] | None = None  # optional: what "no choice" means
    role: str | None = None

    @property
    def optional(self) -> bool:
        return self.nothing is not None

    @property
    def chosen(self) -> str:
        return self.answer[1].rsplit(" ", 1)[1]


def split_night(role: str, victim: str = "Dora") -> Callable[[int], Game]:
    """Night 1: the pack eats `victim`; Xena (`role`) is told and asked."""
    players = [*WOLVES, ("Xena", role), *VILLAGE]
    return lambda seed: eaten_at_night_one(players, victim, seed)


def alchemist(seed: int) -> Game:
    """Night 1 he makes a Heiltrank; day 1 (Emil Bürgermeister) Frieda is lynched; night 2
    Dora is eaten."""
    players = [*WOLVES, ("Xena", "Alchemist"), *VILLAGE]
    game = eaten_at_night_one(players, "Gerd", seed, ("Xena", "private", "!Herstellen Heiltrank"))
    day_one(game, "Emil", {n: "Frieda" for n in ("Anna", "Bernd", "Xena", "Dora")})
    say(game, "Anna", "wolves", "!Fressen Dora")
    game.advance()
    return game


def attack_tie(seed: int) -> Game:
    """Night 1: Carl the Alpha; Anna eats Dora, Bernd Emil, Carl does not vote."""
    game = new([*PACK, *VILLAGE], seed)
    for wolf, _ in PACK:
        say(game, wolf, "wolves", "!Alpha Carl")
    say(game, "Anna", "wolves", "!Fressen Dora")
    say(game, "Bernd", "wolves", "!Fressen Emil")
    game.advance()
    return game


def by_day(lynch: dict[str, str]) -> Callable[[int], Game]:
    """Eight players, three wolves (Anna the Alpha); day 1: Dora Bürgermeisterin, `lynch`."""
    return lambda seed: day_one(
        eaten_at_night_one([*PACK, *VILLAGE, ("Hugo", "Bürger")], "Gerd", seed), "Dora", lynch
    )


def sekte(seed: int) -> Game:
    """Night 1: the Sektenführer Xena converts Emil, the pack eats Gerd; day 1 Frieda is
    lynched; night 2 the pack attacks Xena."""
    players = [*WOLVES, ("Xena", "Sektenführer"), *VILLAGE, ("Hugo", "Bürger")]
    game = Game.new(RULES, players, seed=seed, options={**OPTIONS, "variants": ["sekte"]})
    say(game, "Xena", "private", "!Konvertieren Emil")
    for wolf, _ in WOLVES:
        say(game, wolf, "wolves", "!Alpha Anna")
    say(game, "Anna", "wolves", "!Fressen Gerd")
    game.advance()
    day_one(game, "Dora", {n: "Frieda" for n in ("Anna", "Bernd", "Xena", "Dora", "Hugo")})
    say(game, "Anna", "wolves", "!Fressen Xena")
    game.advance()
    return game


def sacrificed(game: Game, choice: str) -> None:
    died(game, choice, "Werwolf")
    assert game.player("Xena").alive


def not_sacrificed(game: Game) -> None:
    died(game, "Xena", "Werwolf")
    died(game, "Emil", "Sektentod")  # "so bringen sich alle konvertierten Dorfbewohner um"


def ghoul_tie(seed: int) -> Game:
    """Night 1: Emil and Frieda are Ghule of the Vampir Xena; Emil eats Dora, Frieda Gerd."""
    players = [("Xena", "Vampir"), *VILLAGE, ("Hugo", "Bürger")]
    game = Game.new(RULES, players, seed=seed, options={"variants": ["vampirismus"]})
    for ghul in ("Emil", "Frieda"):
        game.intervene(ChangeRole(ghul, "Ghul", "Testaufbau"))
    say(game, "Emil", "crypt", "!Fressen Dora")
    say(game, "Frieda", "crypt", "!Fressen Gerd")
    game.advance()
    return game


def eaten_by_ghouls(game: Game, choice: str) -> None:
    died(game, choice, "Ghul")


def accusation_tie(seed: int) -> Game:
    """Night 1: Gerd, Hugo and Frieda die (Gerd first: the König der Toten); Hugo accuses
    Emil, Frieda Dora, Gerd nobody; the pack eats Bernd's neighbour Dora."""
    players = [*WOLVES, *VILLAGE, ("Hugo", "Bürger"), ("Ida", "Bürger")]
    game = Game.new(RULES, players, seed=seed, options={"variants": ["totenreich"]})
    for name in ("Gerd", "Hugo", "Frieda"):
        game.intervene(KillPlayer(name, "Testaufbau"))
    say(game, "Hugo", "spirits", "!Anklagen Emil schweigt verdächtig")
    say(game, "Frieda", "spirits", "!Anklagen Dora lügt")
    for wolf, _ in WOLVES:
        say(game, wolf, "wolves", "!Alpha Anna")
    say(game, "Anna", "wolves", "!Fressen Ida")
    game.advance()
    return game


def accused(game: Game, choice: str) -> None:
    assert str(game.state.phase) == "day 1" and game.state.day.mob == {choice: 1}


EVERYONE_BUT_DORA = ("Anna", "Bernd", "Carl", "Emil", "Frieda", "Hugo")
HEAL = ("Dora",)
ROWS = [
    Row(
        "shot", "shot", "Der Jäger muss einen anderen Dorfbewohner erschießen!",
        lambda seed: eaten_at_night_one([*WOLVES, ("Jana", "Jäger"), *VILLAGE], "Jana", seed),
        "Jana", ("Anna", "Bernd", "Dora", "Emil", "Frieda", "Gerd"),
        ("private", "!Erschießen Anna"), shot, role="Jäger",
    ),
    Row(
        "revenge", "revenge", "Der Rächer muss sich an keinem Dorfbewohner rächen!",
        lambda seed: eaten_at_night_one([*WOLVES, ("Rolf", "Rächer"), *VILLAGE], "Rolf", seed),
        "Rolf", ("Anna", "Bernd", "Dora", "Emil", "Frieda", "Gerd"),
        ("private", "!Rächen Anna"), avenged, only_the_dead_one("Rolf"), role="Rächer",
    ),
    Row(
        "strike", "strike",
        "so bestimmt er gegenüber der Spielleitung einen anderen Dorfbewohner, den er vorher "
        "erschlägt (!Erschlagen [Spielername])",
        lambda seed: eaten_at_night_one([*WOLVES, ("Sigi", "Schläger"), *VILLAGE], "Sigi", seed),
        "Sigi", ("Anna", "Bernd", "Dora", "Emil", "Frieda", "Gerd"),
        ("private", "!Erschlagen Anna"), struck, role="Schläger",
    ),
    Row(
        "maul", "maul",
        "so bestimmt er gegenüber der Spielleitung einen Dorfbewohner, der ihn an diesem Tage "
        "gelyncht hat, den er vor seinem Tod anfällt (!Anfallen [Spielername])",
        rabid_lynched, "Tom", ("Dora", "Emil", "Frieda"), ("private", "!Anfallen Emil"), mauled,
        role="Tollwütiger Wolf",
    ),
    Row(
        "buerge", "buerge",
        "Zunächst bestimmt der Bürge gegenüber der Spielleitung einen Dorfbewohner, für den er "
        "bürgt (!Bürgen [Spielername]).",
        lambda seed: eaten_at_night_one([*WOLVES, ("Bert", "Bürge"), *VILLAGE], "Bert", seed),
        "Bert", ("Anna", "Bernd", "Dora", "Emil", "Frieda", "Gerd"),
        ("private", "!Bürgen Dora"), chain_begins, role="Bürge",
    ),
    Row(
        "vouch", "vouch",
        "bürgt nun jeder Dorfbewohner für einen anderen Dorfbewohner, für den noch kein anderer "
        "Dorfbewohner gebürgt hat, bis nur noch ein Dorfbewohner übrig ist",
        bürgschaft, "Emil", ("Anna", "Frieda"), ("private", "!Bürgen Anna"), last_one_lynched,
        role="Bürge",
    ),
    Row(
        "successor_mayor", "successor_mayor",
        "Der Bürgermeister muss bei seinem Tod einen Nachfolger ernennen!",
        by_day({n: "Dora" for n in ("Anna", "Bernd", "Carl", "Emil")}),
        "Dora", EVERYONE_BUT_DORA, ("private", "!Nachfolger Emil"), mayor_named,
    ),
    Row(
        "successor_alpha", "successor_alpha",
        "Der Alpha muss bei seinem Tod einen Nachfolger ernennen!",
        by_day({n: "Anna" for n in ("Dora", "Emil", "Frieda", "Hugo")}),
        "Anna", ("Bernd", "Carl"), ("wolves", "!Nachfolger Carl"), alpha_named,
    ),
    Row(
        "lynch_tie", "lynch_tie",
        "Hat der Bürgermeister gegen keinen dieser Dorfbewohner gestimmt, so bestimmt der "
        "Bürgermeister gegenüber der Spielleitung einen dieser Dorfbewohner, der gelyncht wird.",
        by_day({"Emil": "Anna", "Frieda": "Anna", "Anna": "Hugo", "Bernd": "Hugo"}),
        "Dora", ("Anna", "Hugo"), ("private", "!Lynch Hugo"), lynched,
    ),
    Row(
        "attack_tie", "attack_tie",
        "Hat der Alpha gegen keinen dieser anderen Dorfbewohner gestimmt, so bestimmt der Alpha "
        "gegenüber der Spielleitung einen dieser anderen Dorfbewohner, der von den Werwölfen "
        "angegriffen wird.",
        attack_tie, "Carl", ("Dora", "Emil"), ("wolves", "!Fressen Emil"), attacked,
    ),
    Row(
        "sacrifice", "sacrifice",
        "Der Sektenführer kann nun gegenüber der Spielleitung einen konvertierten "
        "Dorfbewohner bestimmen, den er opfert (!Opfern [Spielername]).",
        sekte, "Xena", ("Emil",), ("private", "!Opfern Emil"), sacrificed, not_sacrificed,
        role="Sektenführer",
    ),
    Row(
        "ghoul_tie", "ghoul_tie", "Bei Gleichstand entscheidet der Vampir.",
        ghoul_tie, "Xena", ("Dora", "Gerd"), ("crypt", "!Fressen Gerd"), eaten_by_ghouls,
        role="Ghul",
    ),
    Row(
        "accusation_tie", "accusation_tie", "Bei Gleichstand entscheidet der König der Toten.",
        accusation_tie, "Gerd", ("Dora", "Emil"), ("spirits", "!Anklagen Emil"), accused,
    ),
    Row(
        "choice-hexe", "choice",
        "Die Hexe kann nun ihren Heiltrank verbrauchen, um einen dieser Dorfbewohner zu heilen",
        split_night("Hexe"), "Xena", HEAL, ("private", "!Heiltrank Dora"),
        healed("Heiltrank"), not_healed("Heiltrank"), role="Hexe",
    ),
    Row(
        "choice-heiler", "choice",
        "Der Heiler kann nun einmalig gegenüber der Spielleitung bestimmen, einen dieser "
        "Dorfbewohner zu heilen (!Heilen [Spielername]).",
        split_night("Heiler"), "Xena", HEAL, ("private", "!Heilen Dora"),
        healed("Heilen"), not_healed("Heilen"), role="Heiler",
    ),
    Row(
        "choice-alchemist", "choice",
        "Der Alchemist kann nun gegenüber der Spielleitung bestimmen, seinen Heiltrank zu "
        "verbrauchen, um einen dieser Dorfbewohner zu heilen (!Heiltrank [Spielername]).",
        alchemist, "Xena", HEAL, ("private", "!Heiltrank Dora"),
        healed("Heiltrank"), not_healed("Heiltrank"), role="Alchemist",
    ),
    Row(
        "choice-dorfschoenheit", "choice",
        "Der verführte Dorfbewohner wird anstatt der Dorfschönheit angegriffen.",
        split_night("Dorfschönheit", "Xena"), "Xena",
        ("Anna", "Bernd", "Dora", "Emil", "Frieda", "Gerd"), ("private", "!Verführen Emil"),
        seduced, lambda game: died(game, "Xena", "Werwolf"), role="Dorfschönheit",
    ),
    Row(
        "choice-gute_fee", "choice",
        "Die Gute Fee kann nun einmalig gegenüber der Spielleitung bestimmen, einen dieser "
        "Dorfbewohner zu wiederzubeleben (!Wiederbeleben [Spielername]).",
        split_night("Gute Fee"), "Xena", HEAL,
        ("private", "!Wiederbeleben Dora"), revived, not_healed("Wiederbeleben"),
        role="Gute Fee",
    ),
    Row(
        "choice-treue_magd", "choice",
        "Die Treue Magd kann nun gegenüber der Spielleitung bestimmen, die Rolle eines dieser "
        "verstorbenen Spieler zu übernehmen (!Übernehmen [Spielername]).",
        split_night("Treue Magd"), "Xena", HEAL,
        ("private", "!Übernehmen Dora"), took_over, kept_her_role, role="Treue Magd",
    ),
]  # fmt: skip
BY_ID = [pytest.param(row, id=row.id) for row in ROWS]


def asked(row: Row, seed: int = 1) -> Game:
    game = row.asked(seed)
    questions = [e for e in game.state.log if isinstance(e, ev.QuestionAsked)]
    assert [(q.player, q.kind, q.options) for q in questions] == [
        (row.player, row.kind, row.options)
    ], row.id
    assert [(q.player, q.optional) for q in game.state.questions] == [(row.player, row.optional)]
    assert game.pending() == [row.player]
    return game


def answers(game: Game, row: Row, mark: int = 0) -> list[ev.QuestionAnswered]:
    """The answers to the row's question (a shot Alpha's forced successor is another's)."""
    return [
        e
        for e in game.state.log[mark:]
        if isinstance(e, ev.QuestionAnswered) and (e.player, e.kind) == (row.player, row.kind)
    ]


# -- the tests ------------------------------------------------------------------------------
def test_the_table_has_a_row_for_every_question_the_engine_asks() -> None:
    assert {row.kind for row in ROWS} == set(QUESTIONS)
    split = {row.role for row in ROWS if row.kind == "choice"}
    assert split == set(RULES.options["split_night"].roles)  # "teilt ... mit ... kann nun"
    assert len({row.id for row in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", [r for r in BY_ID if r.values[0].role])
def test_the_rule_sentence_is_the_roles_own(row: Row) -> None:
    assert row.role is not None
    text = " ".join(RULES.role(row.role).text.split())
    assert " ".join(row.rule.split()) in text


@pytest.mark.parametrize("row", BY_ID)
def test_without_an_answer_the_deadline_decides(row: Row) -> None:
    """Optional: "no choice" – the empty answer, nothing drawn. Mandatory ("muss"): the lot
    picks one of the options, and the rules' consequence follows."""
    game = asked(row)
    mark = len(game.state.log)
    game.advance()  # the question's deadline
    (answer,) = answers(game, row, mark)
    assert (answer.player, answer.kind) == (row.player, row.kind)
    assert not game.state.questions
    if row.nothing is not None:
        assert (answer.answer, answer.by_lot) == ("", False)
        row.nothing(game)
    else:
        assert answer.by_lot and answer.answer in row.options
        row.decided(game, answer.answer)


@pytest.mark.parametrize("row", BY_ID)
def test_another_seed_may_draw_another_lot_but_always_one_of_the_options(row: Row) -> None:
    drawn = set()
    for seed in SEEDS:
        game = asked(row, seed)
        game.advance()
        (answer,) = answers(game, row)
        drawn.add(answer.answer)
        if row.optional:
            assert (answer.answer, answer.by_lot) == ("", False)  # no lot for "no choice"
        else:
            assert answer.by_lot and answer.answer in row.options
            row.decided(game, answer.answer)
    assert drawn == {""} if row.optional else drawn <= set(row.options)
    if not row.optional and len(row.options) > 1:
        assert len(drawn) > 1, f"{len(SEEDS)} seeds, always {drawn}"


@pytest.mark.parametrize("row", BY_ID)
def test_an_answer_in_time_is_taken_and_the_deadline_then_changes_nothing(row: Row) -> None:
    game = asked(row)
    channel, command = row.answer
    mark = len(game.state.log)
    several = [e for e in game.state.log if isinstance(e, ev.QuestionAsked)][-1].more
    say(game, row.player, channel, command)
    (answer,) = answers(game, row, mark)
    said = command if several else row.chosen  # an answer in several words: its commands
    assert answer == ev.QuestionAnswered(row.player, row.kind, said, False)
    assert not game.state.questions and game.state.step is None  # the game went on
    row.decided(game, row.chosen)
    before = copy.deepcopy(game.state)
    with pytest.raises(InterventionError, match="no_question"):
        game.intervene(ExpireQuestion(row.player, row.kind))  # its deadline, come later
    assert game.state == before


@pytest.mark.parametrize("row", BY_ID)
def test_the_deadline_of_one_question_decides_as_the_phase_deadline(row: Row) -> None:
    """`ExpireQuestion` (the schedule's `question <id>`) and `advance` decide alike."""
    by_advance, by_expiry = asked(row, 7), asked(row, 7)
    mark = len(by_advance.state.log)
    by_advance.advance()
    by_expiry.intervene(ExpireQuestion(row.player, row.kind))
    assert by_expiry.state.log[mark:] == by_advance.state.log[mark:]
    assert by_expiry.state == by_advance.state


@pytest.mark.parametrize("row", BY_ID)
def test_an_answer_not_among_the_options_is_refused_and_the_question_stays(row: Row) -> None:
    """Not himself (the Jäger is dead, the Dorfschönheit is attacked, the Alpha is dead …)."""
    game = asked(row)
    channel, command = row.answer
    mark = len(game.state.log)
    say(game, row.player, channel, f"{command.split()[0]} {row.player}")
    assert not answers(game, row, mark)
    (refused,) = [e for e in game.state.log[mark:] if isinstance(e, ev.CommandRejected)]
    assert refused.actor == row.player
    assert game.pending() == [row.player]


def test_a_night_command_while_the_abend_is_held_is_too_early_not_too_late() -> None:
    """The Bürgermeisterin must break the tie; the Seherin's !Sehen for the coming night is
    refused as early (send it again once the night has begun), a !Lynch as late."""
    lynch_tie = next(row for row in ROWS if row.id == "lynch_tie")
    game = asked(lynch_tie)
    mark = len(game.state.log)
    say(game, "Dora", "private", "!Sehen Anna")
    say(game, "Emil", "thread", "!Lynch Anna")
    refused = [e for e in game.state.log[mark:] if isinstance(e, ev.CommandRejected)]
    assert [(e.actor, e.reason.key) for e in refused] == [
        ("Dora", "refused.night_not_begun"),
        ("Emil", "refused.resolving"),
    ]
