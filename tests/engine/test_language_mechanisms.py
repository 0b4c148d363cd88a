"""The mechanisms a ruleset in another language and the Weerwolven brought (the Weerwolven's
scenarios play them; these pin them down one by one): a ruleset's own command words
(`means`, `Ruleset.shown_word`), the engine's names in its words (`names`), night commands
sent the day before (`CommandUse.ahead`), standing answers (`CommandUse.stands`) and
commands of an office (`CommandUse.office`) – and that the other rulesets are unchanged."""

from __future__ import annotations

import pytest

from wolfbot.engine import events as ev
from wolfbot.engine.changes import change_role
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import UnknownCommand
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import KillPlayer, RejectCommand
from wolfbot.engine.spec import CommandSpec, Ruleset
from wolfbot.intake.commands import parse_command
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.rulesets.loader import canonical_words

NL = loader.load("weerwolven")
PLAYERS = [
    ("Anna", "Weerwolf"),
    ("Bernd", "Weerwolf"),
    ("Jens", "Jager"),
    ("Zora", "Ziener"),
    ("Dirk", "Burger"),
    ("Eva", "Burger"),
    ("Frits", "Burger"),
]


def game(rules: Ruleset = NL) -> Game:
    return Game.new(rules, PLAYERS, seed=1)


def send(g: Game, actor: str, channel: str, line: str) -> list[ev.Event]:
    return g.submit(parse_command(line, actor, channel, g))


def rejected(events: list[ev.Event]) -> list[str]:
    return [worded(NL, e.reason) for e in events if isinstance(e, ev.CommandRejected)]


# -- the ruleset's own words -------------------------------------------------------------------
def test_a_word_that_means_a_canonical_one_loads_as_it() -> None:
    spec = CommandSpec.model_validate({"word": "Elixer", "means": "Heiltrank", "variants": ["E"]})
    assert (spec.word, spec.said, spec.spellings) == ("Heiltrank", "Elixer", ("Elixer", "E"))
    same = CommandSpec.model_validate({"word": "Reserve", "means": "Reserve"})
    assert (same.word, same.said, same.spellings) == ("Reserve", None, ("Reserve",))


@pytest.mark.parametrize("name", ["duesterliga", "klassisch", "wolfvillage"])
def test_the_german_rulesets_show_their_canonical_words(name: str) -> None:
    rules = loader.load(name)
    assert rules.said_words == {} and rules.names == {}
    assert all(rules.shown_word(spec.word) == spec.word for spec in rules.commands)


def test_the_loader_names_the_rulesets_words_by_the_canonical_ones() -> None:
    means = {"Zien": "Sehen", "Stem": "Lynch"}
    data = {
        "commands": [{"word": "Zien", "phase": ["night"]}],
        "params": {"word": "Zien", "plays_for": "Zien"},
        "day": {"procedures": {"p": {"vote": "Stem"}}},
        "text": "!Zien",
    }
    assert canonical_words(data, means) == {
        "commands": [{"word": "Sehen", "phase": ["night"]}],
        "params": {"word": "Sehen", "plays_for": "Zien"},  # only the words of a behaviour
        "day": {"procedures": {"p": {"vote": "Lynch"}}},
        "text": "!Zien",
    }
    assert NL.roles["Ziener"].params["word"] == "Sehen"
    assert NL.day.procedures["stemming"].vote == "Lynch" and NL.day.election is not None
    assert NL.day.election.successor.word == "Nachfolger"


def test_a_line_in_the_rulesets_words_is_the_canonical_command_said_so() -> None:
    g = game()
    command = parse_command("!Zien Anna", "Zora", "private", g)
    assert command.word == "Sehen" and command.said == "Zien"
    assert command.text() == "!Zien Anna" and repr(command) == (
        "Command(word='Sehen', actor='Zora', targets=('Anna',), said='Zien')"
    )
    with pytest.raises(UnknownCommand) as refused:
        parse_command("!Sehen Anna", "Zora", "private", g)
    assert "Geldige opdrachten voor jou zijn nu: !Zien" in worded(NL, refused.value.reason)


def test_a_command_made_in_code_is_said_in_the_rulesets_words() -> None:
    """The simulated players build canonical commands: the game says them as the players'."""
    g = game()
    events = g.submit(Command(word="Sehen", actor="Zora", channel="private", targets=("Anna",)))
    assert [e.text for e in events if isinstance(e, ev.CommandAccepted)] == ["!Zien Anna"]


def test_the_engines_names_in_the_rulesets_words() -> None:
    assert NL.named("Liebeskummer") == "Liefdesverdriet" and NL.named("Werwolf") == "Weerwolf"
    assert NL.named("Lynch") == "Lynch"
    assert NL.causes["Liebeskummer"].startswith("stierf") and "Werwolf" in NL.causes
    assert ("Werwölfe",) in NL.night_order and NL.roles["Weerwolf"].stage == "Werwölfe"


# -- night commands sent the day before ----------------------------------------------------------
def to_day(g: Game) -> Game:
    send(g, "Anna", "wolves", "!Verslinden Frits")
    g.advance()
    assert str(g.state.phase) == "day 1"
    return g


def test_a_night_command_sent_by_day_waits_for_the_night_and_is_checked_again() -> None:
    g = to_day(game())
    events = send(g, "Zora", "private", "!Zien Dirk")
    assert [e.waits for e in events if isinstance(e, ev.CommandAccepted)] == [True]
    assert g.state.ahead == {"Zora": {"Sehen": g.state.ahead["Zora"]["Sehen"]}}
    send(g, "Eva", "private", "!Stem Dirk")
    events = g.advance()  # Dirk is lynched: the command no longer holds in the night
    assert g.state.ahead == {} and "Zora" not in g.state.night.actions
    assert rejected(events) == ["Dirk is al dood."]
    assert any(isinstance(e, ev.CommandOverturned) for e in events)


def test_the_spielleitung_rejects_a_night_command_sent_by_day() -> None:
    g = to_day(game())
    command = parse_command("!Zien Anna", "Zora", "private", g)
    g.submit(command)
    reject = RejectCommand(
        "Zora", "private", command.word, command.targets, "day 1", command.text(), "te vroeg"
    )
    g.intervene(reject)
    assert g.state.ahead == {}
    g.advance()
    assert "Zora" not in g.state.night.actions


def test_the_spielleitung_rejects_it_in_the_night_it_was_sent_for() -> None:
    g = to_day(game())
    command = parse_command("!Zien Anna", "Zora", "private", g)
    g.submit(command)
    send(g, "Eva", "private", "!Stem Dirk")
    g.advance()  # the Abend: Dirk is lynched, the night begins with Zora's command
    assert str(g.state.phase) == "night 2" and "Zora" in g.state.night.actions
    text = command.text()
    reject = RejectCommand("Zora", "private", command.word, command.targets, "day 1", text, "nee")
    g.intervene(reject)
    assert "Zora" not in g.state.night.actions


# -- standing answers and an office's command ------------------------------------------------------
def test_a_standing_answer_answers_the_question_at_once() -> None:
    g = game()
    send(g, "Jens", "private", "!Testament Dirk")
    send(g, "Jens", "private", "!Testament Bernd")  # the last one counts
    assert g.player("Jens").standing == {"Erschießen": "Bernd"}
    send(g, "Anna", "wolves", "!Verslinden Jens")
    events = g.advance()
    assert g.pending() == [] and not g.player("Bernd").alive
    assert not any(isinstance(e, ev.QuestionAsked) for e in events)


def with_testament(stands: str) -> Ruleset:
    """The Weerwolven with the Jager's testament standing as `stands` says."""
    jager = NL.roles["Jager"]
    use = jager.commands[0].model_copy(update={"stands": stands})
    roles = {**NL.roles, "Jager": jager.model_copy(update={"commands": (use,)})}
    return NL.model_copy(update={"roles": roles})


@pytest.mark.parametrize(
    ("stands", "pending", "shot"),
    [("ask", ["Jens"], False), ("lot", [], True), ("nobody", [], False)],
    ids=["asked", "lot", "no shot"],
)
def test_without_a_standing_answer_the_use_says_what_happens(
    stands: str, pending: list[str], shot: bool
) -> None:
    g = game(with_testament(stands))
    send(g, "Anna", "wolves", "!Verslinden Jens")
    g.advance()
    assert g.pending() == pending
    dead = {p.name for p in g.state.players if not p.alive}
    assert "Jens" in dead and (len(dead) == 2) is shot  # Jens, and whom he shot


def test_the_spielleitung_rejects_a_standing_answer() -> None:
    g = game()
    command = parse_command("!Testament Dirk", "Jens", "private", g)
    g.submit(command)
    text, targets = command.text(), command.targets
    g.intervene(RejectCommand("Jens", "private", command.word, targets, "night 1", text, "nee"))
    assert g.player("Jens").standing == {}


def test_a_standing_answer_is_rejected_on_a_later_day_too() -> None:
    g = game()
    command = parse_command("!Testament Dirk", "Jens", "private", g)
    g.submit(command)
    to_day(g)
    text, targets = command.text(), command.targets
    g.intervene(RejectCommand("Jens", "private", command.word, targets, "night 1", text, "nee"))
    assert g.player("Jens").standing == {}


def test_a_role_change_takes_the_roles_standing_answers_but_not_the_offices() -> None:
    g = to_day(game())
    jens = g.player("Jens")
    jens.standing = {"Erschießen": "Dirk", "Nachfolger": "Eva"}
    change_role(g, jens, "Burger")
    assert jens.standing == {"Nachfolger": "Eva"}


def test_an_elixer_on_one_who_died_since_and_may_not_be_revived_is_kept() -> None:
    heks = NL.roles["Heks"]
    params = {**heks.params, "revives": False}
    roles = {**NL.roles, "Heks": heks.model_copy(update={"params": params})}
    rules = NL.model_copy(update={"roles": roles})
    players = [("Anna", "Weerwolf"), ("Hilde", "Heks"), ("Dirk", "Burger"), ("Eva", "Burger")]
    g = Game.new(rules, players, seed=1)
    send(g, "Hilde", "private", "!Elixer Eva")
    g.intervene(KillPlayer("Eva", "weg"))
    send(g, "Anna", "wolves", "!Verslinden Dirk")
    events = g.advance()
    assert not g.player("Eva").alive and g.player("Hilde").uses.get("Heiltrank", 0) == 0
    assert "Eva" not in [e.player for e in events if isinstance(e, ev.PlayerRevived)]


def test_only_the_holder_of_the_office_gives_its_command() -> None:
    g = to_day(game())
    assert rejected(send(g, "Dirk", "private", "!Opvolger Eva")) == [
        "Alleen de burgemeester kan !Opvolger sturen."
    ]
    assert "Nachfolger" not in g.available_words("Dirk")
    g.state.mayor = "Dirk"
    assert rejected(send(g, "Dirk", "private", "!Opvolger Eva")) == []
    assert g.player("Dirk").standing == {"Nachfolger": "Eva"}
