"""The Spielleitung's interventions in the pure engine (`wolfbot.engine.interventions`:
`kinds`, `rules`): each kind applied and refused, the generic rename of a Reservespieler,
one question's deadline, and the same inputs giving the same events."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import (
    AcceptCommand,
    ChangeRole,
    ExcludePlayer,
    ExpireQuestion,
    Intervention,
    InterventionError,
    KillPlayer,
    RejectCommand,
    ReplacePlayer,
    RevivePlayer,
)
from wolfbot.engine.text import Text
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.commands import parse_command
from wolfbot.intake.process import process_post
from wolfbot.posts.wording import death_phrase, worded
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
ROSTER = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Clara", "Seherin"),
    ("Dora", "Jäger"),
    ("Emil", "Medium"),
    ("Fritz", "Amor"),
    ("Gerd", "Priester"),
    ("Holle", "Bürger"),
]


def new_game() -> Game:
    return Game.new(RULES, ROSTER, seed=1, options={"split_night": True})


def say(game: Game, actor: str, channel: str, line: str) -> list[ev.Event]:
    return process_post(game, actor, channel, WOLTLAB.read(f"<p><strong>{line}</strong></p>"))


def night_one(game: Game) -> Game:
    """Night 1: Amor makes Clara and Holle lovers, Anna is the Alpha and Gerd is eaten."""
    say(game, "Fritz", "private", "!Verlieben Clara Holle")
    say(game, "Anna", "wolves", "!Alpha Anna")
    say(game, "Bernd", "wolves", "!Alpha Anna")
    say(game, "Anna", "wolves", "!Fressen Gerd")
    say(game, "Clara", "private", "!Sehen Anna")
    game.advance()
    assert str(game.state.phase) == "day 1" and not game.player("Gerd").alive
    return game


def until(game: Game, phase: str) -> Game:
    """Advance (deadlines; open questions by lot) until `phase` has begun."""
    for _ in range(12):
        if str(game.state.phase) == phase:
            return game
        game.advance()
    raise AssertionError(f"{phase} not reached: {game.state.phase}")


def day_one() -> Game:
    return night_one(new_game())


def night_two(game: Game | None = None) -> Game:
    """Day 1 as planned: Clara becomes Bürgermeisterin, Fritz (Amor) is lynched."""
    game = game or day_one()
    for voter in ("Anna", "Bernd", "Clara", "Dora", "Emil", "Holle"):
        say(game, voter, "thread", "!Bürgermeister Clara")
        say(game, voter, "thread", "!Lynch Fritz")
    until(game, "night 2")
    assert not game.player("Fritz").alive and game.state.mayor == "Clara"
    return game


def accept(game: Game, actor: str, channel: str, text: str, reason: str = "Tippfehler"):
    return AcceptCommand(actor, channel, text, reason, parse_command(text, actor, channel, game))


def reject(game: Game, actor: str, channel: str, text: str, reason: str = "zu spät"):
    command = parse_command(text, actor, channel, game)
    phase = str(game.state.phase)
    return RejectCommand(
        actor, channel, command.word, command.targets, phase, command.text(), reason
    )


def intervene(game: Game, intervention: Intervention) -> list[ev.Event]:
    events = game.intervene(intervention)
    if not isinstance(intervention, ExpireQuestion):
        assert isinstance(events[0], ev.Intervened) and events[0].kind == intervention.KIND
    return events


def of(events: list[ev.Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


# -- applied ---------------------------------------------------------------------------------------
def kill_lover() -> None:
    game = day_one()
    events = intervene(game, KillPlayer("Clara", "Regelverstoß"))
    died = of(events, ev.PlayerDied)
    assert [(d.player, d.role, d.cause) for d in died] == [
        ("Clara", "Seherin", "Spielleitung"),
        ("Holle", "Bürger", "Liebeskummer"),
    ]
    phrase = death_phrase(RULES, died[0].cause)
    assert phrase == "wurde von der Spielleitung aus der Runde genommen"
    assert died[0].time == "day 1"


def kill_jaeger() -> None:
    game = day_one()
    events = intervene(game, KillPlayer("Dora", "Regelverstoß"))
    assert of(events, ev.QuestionAsked)[0].player == "Dora"
    say(game, "Dora", "private", "!Erschießen Anna")
    assert not game.player("Anna").alive and str(game.state.phase) == "day 1"


def exclude() -> None:
    game = day_one()
    events = intervene(game, ExcludePlayer("Emil", "seit drei Tagen still"))
    assert of(events, ev.PlayerExcluded) == [ev.PlayerExcluded("Emil", "Spielleitung")]
    assert game.player("Emil").alive  # until the following Morgen
    refused = say(game, "Emil", "thread", "!Lynch Anna")
    assert "Inaktivität" in worded(RULES, refused[-1].reason)
    until(game, "day 2")  # the following Morgen
    (death,) = [d for d in of(game.state.log, ev.PlayerDied) if d.player == "Emil"]
    assert (death.role, death.cause, death.time) == (None, "Inaktivität", "day 2")


def revive() -> None:
    game = day_one()
    events = intervene(game, RevivePlayer("Gerd", "versehentlich getötet"))
    assert ev.PlayerRevived("Gerd", "Spielleitung") in events
    assert ev.ParticipantsLeft("dead", ("Gerd",)) in events  # no Geist of the Totenreich
    assert game.player("Gerd").alive and game.player("Gerd").role_revealed_as is None
    assert say(game, "Gerd", "thread", "!Lynch Anna")[-1] == ev.CommandAccepted(
        "Gerd", "thread", "!Lynch Anna"
    )


def change_role() -> None:
    game = day_one()
    events = intervene(game, ChangeRole("Holle", "seherin", "Rollentausch"))
    assert ev.Intervened("role", "Holle", "Seherin", "Rollentausch") in events
    assert ev.RoleChanged("Holle", "Seherin") in events
    until(game, "night 2")
    assert isinstance(say(game, "Holle", "private", "!Sehen Bernd")[-1], ev.CommandAccepted)


def change_role_to_werwolf() -> None:
    game = day_one()
    events = intervene(game, ChangeRole("Emil", "Werwolf", "verflucht"))
    assert ev.ParticipantsAdded("wolves", ("Emil",)) in events
    events = intervene(game, ChangeRole("Bernd", "Bürger", "geheilt"))
    assert ev.ParticipantsLeft("wolves", ("Bernd",)) in events
    assert game.state.conversations["wolves"] == ["Anna", "Emil"]


def replace() -> None:
    game = day_one()
    say(game, "Holle", "thread", "!Lynch Anna")
    say(game, "Anna", "thread", "!Lynch Holle")
    say(game, "Holle", "thread", "!Bürgermeister Holle")
    events = intervene(game, ReplacePlayer("Holle", "Zoë", "inaktiv"))
    assert ev.ParticipantsAdded("lovers", ("Zoë",)) in events
    (announced,) = of(events, ev.Announcement)
    assert worded(RULES, announced.text) == "Zoë ersetzt Holle als Reservespieler."
    assert announced.role == "Spielleitung"
    names = [p.name for p in game.state.players]
    assert names[7] == "Zoë" and "Holle" not in names and game.player("Zoë").role == "Bürger"
    assert game.state.lovers == ("Clara", "Zoë")
    assert game.state.day.lynch_votes == {"Zoë": "Anna", "Anna": "Zoë"}
    assert game.state.day.mayor_votes == {"Zoë": "Zoë"}
    assert isinstance(say(game, "Zoë", "thread", "!Lynch Bernd")[-1], ev.CommandAccepted)
    assert "nicht mit" in worded(RULES, say(game, "Holle", "thread", "!Lynch Bernd")[-1].reason)


def replace_excluded() -> None:
    game = day_one()
    intervene(game, ExcludePlayer("Emil", "inaktiv"))
    intervene(game, ReplacePlayer("Emil", "Zoë", "Reservespieler da"))
    assert game.player("Zoë").active  # the Reservespieler is not excluded


def accept_corrected() -> None:
    game = day_one()
    refused = say(game, "Clara", "thread", "!Lynch Ana")[-1]
    assert isinstance(refused, ev.CommandRejected)
    events = intervene(game, accept(game, "Clara", "thread", "!Lynch Anna"))
    assert events[1:] == [ev.CommandAccepted("Clara", "thread", "!Lynch Anna")]
    assert game.state.day.lynch_votes == {"Clara": "Anna"}


def accept_answer() -> None:
    game = day_one()
    intervene(game, KillPlayer("Dora", "Regelverstoß"))
    say(game, "Dora", "thread", "!Erschießen Anna")  # wrong channel: refused
    assert game.state.questions
    intervene(game, accept(game, "Dora", "private", "!Erschießen Anna"))
    assert not game.player("Anna").alive and not game.state.questions


def reject_vote() -> None:
    game = day_one()
    say(game, "Clara", "thread", "!Lynch Anna")
    events = intervene(game, reject(game, "Clara", "thread", "!Lynch Anna", "nach der Frist"))
    assert game.state.day.lynch_votes == {}
    told = of(events, ev.CommandRejected)[0]
    assert told.actor == "Clara" and "nach der Frist" in worded(RULES, told.reason)


def reject_night_action() -> None:
    game = night_two()
    say(game, "Clara", "private", "!Sehen Bernd")
    say(game, "Bernd", "wolves", "!Fressen Emil")
    intervene(game, reject(game, "Clara", "private", "!Sehen Bernd"))
    intervene(game, reject(game, "Bernd", "wolves", "!Fressen Emil"))
    assert "Clara" not in game.state.night.actions and game.state.night.attack_votes == {}
    assert isinstance(say(game, "Clara", "private", "!Sehen Anna")[-1], ev.CommandAccepted)


def expire_mandatory() -> None:
    game = day_one()
    intervene(game, KillPlayer("Dora", "Regelverstoß"))
    events = intervene(game, ExpireQuestion("Dora", "shot"))
    answered = of(events, ev.QuestionAnswered)[0]
    assert answered.by_lot and answered.answer in {p.name for p in game.state.players}
    assert not game.state.questions


APPLIED: dict[str, Callable[[], None]] = {
    "Die Spielleitung nimmt einen Spieler aus der Runde; der Verliebte folgt ihm": kill_lover,
    "Auch der von der Spielleitung genommene Jäger schießt": kill_jaeger,
    "Ausschluss nach den Regelungen über inaktive Dorfbewohner": exclude,
    "Die Spielleitung holt einen Verstorbenen zurück": revive,
    "Die Spielleitung gibt einem Spieler eine andere Rolle": change_role,
    "Wer Werwolf wird, kommt in die Wolfshöhle; wer es nicht mehr ist, verlässt sie": (
        change_role_to_werwolf
    ),
    "Die Spielleitung ersetzt inaktive Dorfbewohner durch Reservespieler": replace,
    "Der Reservespieler eines Ausgeschlossenen ist nicht ausgeschlossen": replace_excluded,
    "Die Spielleitung lässt einen fehlerhaften Befehl dennoch gelten": accept_corrected,
    "Auch eine fehlerhafte Antwort auf eine Frage kann gelten": accept_answer,
    "Die Spielleitung lässt eine Stimme nicht gelten": reject_vote,
    "Die Spielleitung lässt eine Nachtaktion nicht gelten": reject_night_action,
    "Die Frist einer Pflichtfrage läuft ab: das Los entscheidet": expire_mandatory,
}


@pytest.mark.parametrize("case", list(APPLIED.values()), ids=list(APPLIED))
def test_applied(case: Callable[[], None]) -> None:
    case()


# -- refused ---------------------------------------------------------------------------------------
def _over() -> Game:
    game = day_one()
    for name in ("Anna", "Bernd"):
        game.intervene(KillPlayer(name, "x"))
    until(game, "over")
    assert game.state.phase.kind == "over"
    return game


def _vote_changed() -> tuple[Game, Intervention]:
    game = day_one()
    say(game, "Clara", "thread", "!Lynch Anna")
    first = reject(game, "Clara", "thread", "!Lynch Anna")
    say(game, "Clara", "thread", "!Lynch Bernd")
    return game, first


def _vote_of_yesterday() -> tuple[Game, Intervention]:
    game = day_one()
    say(game, "Clara", "thread", "!Lynch Anna")
    old = reject(game, "Clara", "thread", "!Lynch Anna")
    until(game, "day 2")
    say(game, "Clara", "thread", "!Lynch Anna")
    return game, old


def _beichte() -> tuple[Game, Intervention]:
    game = day_one()
    game.intervene(RevivePlayer("Gerd", "zurück"))
    night_two(game)
    say(game, "Gerd", "private", "!Beichte Clara")
    return game, reject(game, "Gerd", "private", "!Beichte Clara")


def _held() -> tuple[Game, Intervention]:
    game = night_two()
    say(game, "Anna", "wolves", "!Fressen Dora")  # the Jäger dies at night: a question
    game.advance()
    assert game.state.step and game.state.questions
    return game, KillPlayer("Clara", "x")


def _ambiguous_accept() -> tuple[Game, Intervention]:
    game = day_one()
    return game, AcceptCommand("Clara", "thread", "!Lynch Ana", "x", None, Text("parse.no_bang"))


REFUSED: dict[str, tuple[Callable[[], tuple[Game, Intervention]], str]] = {
    "Nach dem Ende der Runde greift die Spielleitung nicht mehr ein": (
        lambda: (_over(), KillPlayer("Clara", "x")),
        "Die Runde ist vorbei.",
    ),
    "Ein Verstorbener kann nicht nochmals sterben": (
        lambda: (day_one(), KillPlayer("Gerd", "x")),
        "Gerd ist bereits verstorben.",
    ),
    "Wer nicht mitspielt, kann nicht ausgeschlossen werden": (
        lambda: (day_one(), ExcludePlayer("Gast", "x")),
        "Gast spielt in dieser Runde nicht mit.",
    ),
    "Ein Lebender kann nicht zurückgeholt werden": (
        lambda: (day_one(), RevivePlayer("Clara", "x")),
        "Clara lebt.",
    ),
    "Eine unbekannte Rolle wird nicht vergeben": (
        lambda: (day_one(), ChangeRole("Clara", "Superheld", "x")),
        "Keine Rolle heißt „Superheld“",
    ),
    "Dieselbe Rolle ist keine neue Rolle": (
        lambda: (day_one(), ChangeRole("Clara", "Seherin", "x")),
        "spielt bereits die Rolle Seherin",
    ),
    "Ein Reservespieler spielt nicht schon mit": (
        lambda: (day_one(), ReplacePlayer("Holle", "clara", "x")),
        "clara spielt bereits in dieser Runde mit.",
    ),
    "Ein Reservespieler heißt nicht wie eine Rolle": (
        lambda: (day_one(), ReplacePlayer("Holle", "Jäger", "x")),
        "heißt wie eine Rolle",
    ),
    "Verstorbene werden nicht ersetzt": (
        lambda: (day_one(), ReplacePlayer("Gerd", "Zoë", "x")),
        "Gerd ist bereits verstorben.",
    ),
    "Ein Befehl, den die Regeln nicht erlauben, gilt auch mit der Spielleitung nicht": (
        lambda: (lambda g: (g, accept(g, "Clara", "thread", "!Lynch Holle")))(day_one()),
        "Die Verliebten dürfen niemals gegeneinander stimmen.",
    ),
    "Ein unlesbarer Befehl gilt nicht": (_ambiguous_accept, "ist nicht lesbar"),
    "Eine geänderte Stimme ist nicht mehr zurückzuweisen": (_vote_changed, "nicht mehr"),
    "Ein Befehl einer vergangenen Phase ist schon ausgewertet": (
        _vote_of_yesterday,
        "anderen Phase",
    ),
    "!Zurücknehmen lässt sich nicht zurückweisen": (
        lambda: (
            lambda g: (
                say(g, "Clara", "thread", "!Lynch Anna"),
                say(g, "Clara", "thread", "!Zurücknehmen"),
                (g, reject(g, "Clara", "thread", "!Zurücknehmen")),
            )[-1]
        )(day_one()),
        "!Zurücknehmen lässt sich nicht zurückweisen",
    ),
    "Was sofort wirkt, lässt sich nicht zurückweisen": (_beichte, "wirkt, sobald"),
    "Ohne offene Frage läuft keine Frist ab": (
        lambda: (day_one(), ExpireQuestion("Dora", "shot")),
        "Dora hat keine offene Frage (shot).",
    ),
    "Während der Auswertung wartet der Eingriff": (_held, "gerade aus und wartet auf Dora"),
}


@pytest.mark.parametrize("setup,reason", list(REFUSED.values()), ids=list(REFUSED))
def test_refused(setup, reason: str) -> None:
    game, intervention = setup()
    before = dataclasses.asdict(game.state)
    with pytest.raises(InterventionError) as refused:
        game.intervene(intervention)
    assert reason in worded(RULES, refused.value.reason)
    assert refused.value.intervention == intervention
    assert dataclasses.asdict(game.state) == before  # nothing changed, not even the log


# -- one question's deadline -------------------------------------------------------------------
def test_an_expired_question_lets_the_game_go_on_only_when_none_is_left() -> None:
    game = night_two()
    say(game, "Anna", "wolves", "!Fressen Dora")
    say(game, "Bernd", "wolves", "!Fressen Dora")
    game.advance()  # Dora dies: the Jäger's question holds the Morgen
    assert game.pending() == ["Dora"] and str(game.state.phase) == "night 2"
    events = game.intervene(ExpireQuestion("Dora", "shot"))
    assert of(events, ev.QuestionAnswered)[0].by_lot
    assert str(game.state.phase) == "day 2"  # no question left: the Morgen


def test_an_optional_question_expires_without_a_choice() -> None:
    roster = [*ROSTER[:-1], ("Holle", "Hexe")]
    game = Game.new(RULES, roster, seed=1, options={"split_night": True})
    say(game, "Anna", "wolves", "!Fressen Gerd")
    game.advance()  # the Hexe learns whom the wolves attacked and may heal him: she is asked
    (question,) = game.state.questions
    assert question.optional and question.player == "Holle"
    events = game.intervene(ExpireQuestion("Holle", question.kind))
    assert events[0] == ev.QuestionAnswered("Holle", question.kind, "", False)
    assert not game.player("Gerd").alive and str(game.state.phase) == "day 1"


def test_the_same_interventions_give_the_same_events() -> None:
    def play() -> list[ev.Event]:
        game = day_one()
        game.intervene(KillPlayer("Dora", "x"))
        game.intervene(ExpireQuestion("Dora", "shot"))
        game.intervene(ReplacePlayer("Emil", "Zoë", "inaktiv"))
        game.intervene(ChangeRole("Zoë", "Werwolf", "x"))
        until(game, "night 2")
        return game.state.log

    assert play() == play()
